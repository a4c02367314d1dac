import { describe, expect, it } from 'vitest';
import { crewChecklist, crewOfDuty, freeThenBusy, knownDuties, lastDutyOf, liveDutyByWorker, recentTrainNumbers, withoutSupervisor, type KnownDuty } from './crew-shortcuts.js';

const ravi = 'aaaaaaaa-0000-4000-8000-000000000001';
const joseph = 'aaaaaaaa-0000-4000-8000-000000000002';
const anil = { _id: 'w1', name: 'Anil Kumar', empid: 'E1' };
const sunil = { _id: 'w2', name: 'Sunil Kumar', empid: 'E2' };
const kavya = { _id: 'w3', name: 'Kavya Menon', empid: 'E3' };
const leela = { _id: 'w4', name: 'Leela Das', empid: 'E4' };

let serial = 0;
function duty(fields: Partial<KnownDuty> & { createdAt: string }): KnownDuty {
  serial += 1;
  return { _id: `d${serial}`, work: 'mcc', status: 'processing', trainno: null, supervisor: ravi, workerDetails: [], ...fields };
}

describe('who is on a live duty', () => {
  it('names the train of each live duty, or its work type in capitals', () => {
    const onDuty = liveDutyByWorker([
      duty({ trainno: '12625', workerDetails: [anil, sunil], createdAt: '2026-05-02T06:00:00Z' }),
      duty({ work: 'laundry', workerDetails: [kavya], createdAt: '2026-05-02T05:00:00Z' }),
    ]);
    expect(Object.fromEntries(onDuty)).toEqual({ w1: '12625', w2: '12625', w3: 'LAUNDRY' });
  });

  it('a completed duty, or one whose completion waits on the phone, frees its crew', () => {
    const onDuty = liveDutyByWorker([duty({ trainno: '12625', status: 'completed', workerDetails: [anil], createdAt: '2026-05-02T06:00:00Z' })]);
    expect(onDuty.size).toBe(0);
  });
});

describe('same crew as last duty', () => {
  it("takes the supervisor's newest duty of the work type, live or completed", () => {
    const older = duty({ trainno: '11111', status: 'completed', workerDetails: [leela], createdAt: '2026-05-01T06:00:00Z' });
    const newest = duty({ trainno: '12625', status: 'completed', workerDetails: [anil, sunil, kavya], createdAt: '2026-05-03T06:00:00Z' });
    const live = duty({ trainno: '12626', workerDetails: [kavya], createdAt: '2026-05-02T06:00:00Z' });
    const someoneElses = duty({ supervisor: joseph, workerDetails: [leela], createdAt: '2026-05-04T06:00:00Z' });
    const otherWork = duty({ work: 'acca', workerDetails: [leela], createdAt: '2026-05-05T06:00:00Z' });
    const all = knownDuties([live, someoneElses, otherWork], [older, newest]);
    expect(lastDutyOf(all, { work: 'mcc', supervisor: ravi })).toBe(newest);
    // ids compare without regard to case, as the server's do
    expect(lastDutyOf(all, { work: 'mcc', supervisor: ravi.toUpperCase() })).toBe(newest);
    expect(lastDutyOf(all, { work: 'bio', supervisor: ravi })).toBeNull();
  });

  it('a duty added offline and still waiting counts as the newest', () => {
    const sent = duty({ workerDetails: [leela], createdAt: '2026-05-03T06:00:00Z' });
    const queued = duty({ _id: 'local-1', workerDetails: [anil], createdAt: '2026-05-03T07:00:00Z' });
    expect(lastDutyOf([queued, sent], { work: 'mcc', supervisor: ravi })?._id).toBe('local-1');
  });

  it('keeps the crew in its order, only those still active in the work type', () => {
    const last = duty({ workerDetails: [kavya, anil, sunil], createdAt: '2026-05-03T06:00:00Z' });
    // Sunil resigned since: he is no longer in the active crew list
    expect(crewOfDuty(last, [anil, kavya, leela])).toEqual([kavya, anil]);
  });

  it('a duty listed live and completed counts once', () => {
    const live = duty({ workerDetails: [anil], createdAt: '2026-05-03T06:00:00Z' });
    expect(knownDuties([live], [{ ...live, status: 'completed' }])).toEqual([live]);
  });
});

describe('recent train numbers', () => {
  const duties = [
    duty({ trainno: '12625', createdAt: '2026-05-01T06:00:00Z' }),
    duty({ trainno: '16301', createdAt: '2026-05-04T06:00:00Z' }),
    duty({ trainno: ' 12625 ', createdAt: '2026-05-05T06:00:00Z' }),
    duty({ trainno: '22222', supervisor: joseph, createdAt: '2026-05-06T06:00:00Z' }),
    duty({ trainno: '33333', work: 'acca', createdAt: '2026-05-06T06:00:00Z' }),
    duty({ trainno: null, createdAt: '2026-05-07T06:00:00Z' }),
    duty({ trainno: '16302', createdAt: '2026-05-03T06:00:00Z' }),
  ];

  it("are the supervisor's distinct train numbers of the work type, newest first", () => {
    expect(recentTrainNumbers(duties, { work: 'mcc', supervisor: ravi })).toEqual(['12625', '16301', '16302']);
  });

  it('are at most a few', () => {
    expect(recentTrainNumbers(duties, { work: 'mcc', supervisor: ravi, limit: 2 })).toEqual(['12625', '16301']);
  });

  it("without a supervisor (a manager who has not chosen one), are the work type's", () => {
    expect(recentTrainNumbers(duties, { work: 'mcc' })).toEqual(['22222', '12625', '16301', '16302']);
  });
});

describe('the crew checklist', () => {
  it('lists the work type\'s crew by name, whatever the case', () => {
    const crew = [
      { ...sunil, work: 'mcc' },
      { ...anil, work: 'MCC' },
      { ...leela, work: 'acca' },
      { ...kavya, name: 'kavya Menon', work: 'mcc' },
    ];
    expect(crewChecklist(crew, 'mcc').map((worker) => worker.name)).toEqual(['Anil Kumar', 'kavya Menon', 'Sunil Kumar']);
  });
});

describe('the crew checklist in groups (issue 28)', () => {
  const onDuty = new Map([[sunil._id, '12625']]);
  const liveDutyOf = (worker: { _id: string }) => onDuty.get(worker._id) ?? null;

  it('lists who is free first and who is on a live duty after them, each in the given order', () => {
    const groups = freeThenBusy([anil, sunil, kavya, leela], liveDutyOf);
    expect(groups.free.map((worker) => worker.name)).toEqual(['Anil Kumar', 'Kavya Menon', 'Leela Das']);
    expect(groups.busy.map((worker) => worker.name)).toEqual(['Sunil Kumar']);
  });

  it("leaves the duty's own supervisor out of their crew", () => {
    const crew = [anil, sunil, { ...kavya, userId: ravi }, { ...leela, userId: null }];
    expect(withoutSupervisor(crew, ravi).map((worker) => worker.name)).toEqual(['Anil Kumar', 'Sunil Kumar', 'Leela Das']);
    // another supervisor's duty keeps Kavya; no supervisor chosen yet leaves the crew as it is
    expect(withoutSupervisor(crew, joseph)).toEqual(crew);
    expect(withoutSupervisor(crew, null)).toEqual(crew);
  });
});
