import { describe, expect, it } from 'vitest';
import type { Duty } from '../../shared/schemas/duties.js';
import type { Worker } from '../../shared/schemas/staff.js';
import { crewListMemberOf, savedDutyOf } from './list-cache.js';
import type { OutboxEntry } from './outbox-types.js';
import { liveBoardWithQueued, withQueuedChanges } from './queued-duties.js';
import { savedAgeKey } from './saved-age.js';

const serverDuty: Duty = {
  _id: '2f1e4a9c-0000-4000-8000-000000000001',
  trainno: '12625',
  status: 'processing',
  work: 'acca',
  workers: ['w1'],
  workerDetails: [{ _id: 'w1', name: 'Anil Kumar', empid: 'E1' }],
  workerCount: 1,
  supervisor: 's1',
  supervisorName: 'Ravi',
  totalcoach: 12,
  type: 'Primary',
  reqq: 4,
  used: 1,
  suppliedBedsheet: 40,
  returned: null,
  createdAt: '2026-11-23T08:00:00.000Z',
  updatedAt: '2026-11-23T08:00:00.000Z',
  completedAt: null,
  completedDay: null,
  version: 3,
};

let seq = 0;
function entry(partial: Partial<OutboxEntry> & Pick<OutboxEntry, 'kind' | 'dutyRef'>): OutboxEntry {
  seq += 1;
  return {
    id: `e${seq}`,
    userId: 'u1',
    seq,
    idempotencyKey: `k${seq}`,
    body: {},
    entered: { work: 'acca' },
    createdAt: `2026-11-23T09:0${seq}:00.000Z`,
    state: 'waiting',
    attempts: 0,
    ...partial,
  };
}

describe('the boards with the outbox applied', () => {
  it('shows duties added offline first, newest first, marked as waiting, with the crew that was chosen', () => {
    const first = entry({ kind: 'create', dutyRef: 'local-a', entered: { work: 'acca', trainno: '16302', totalcoach: '10', crew: [{ _id: 'w2', name: 'Kavya' }] } });
    const second = entry({ kind: 'create', dutyRef: 'local-b', entered: { work: 'acca', trainno: '16303', totalcoach: 8, crew: [] } });
    const otherWork = entry({ kind: 'create', dutyRef: 'local-c', entered: { work: 'mcc', trainno: '1' } });
    const shown = liveBoardWithQueued([serverDuty], [first, second, otherWork], 'acca');
    expect(shown.map((duty) => [duty.trainno, duty.pending ?? null, duty.workerCount])).toEqual([
      ['16303', 'added', 0],
      ['16302', 'added', 1],
      ['12625', null, 1],
    ]);
    expect(shown[1]).toMatchObject({ _id: 'local-a', totalcoach: 10, status: 'processing', workerDetails: [{ name: 'Kavya' }] });
  });

  it('marks a duty whose completion waits, with the returned count entered, and leaves refused changes out', () => {
    const completion = entry({ kind: 'complete', dutyRef: serverDuty._id, entered: { work: 'acca', returned: 38 } });
    expect(liveBoardWithQueued([serverDuty], [completion], 'acca')[0]).toMatchObject({ status: 'completed', returned: 38, pending: 'completed' });
    const refused = { ...completion, state: 'refused' as const };
    expect(liveBoardWithQueued([serverDuty], [refused], 'acca')[0]).toEqual(serverDuty);
  });

  it('applies a queued crew edit, and keeps a duty added offline marked as added after its completion is queued', () => {
    const edit = entry({ kind: 'editCrew', dutyRef: serverDuty._id, entered: { work: 'acca', trainno: '12626', crew: [{ _id: 'w1', name: 'Anil Kumar' }, { _id: 'w3', name: 'Devi' }] } });
    expect(withQueuedChanges(serverDuty, serverDuty._id, [edit])).toMatchObject({ trainno: '12626', workerCount: 2, pending: 'edited' });

    const added = entry({ kind: 'create', dutyRef: 'local-z', entered: { work: 'acca', trainno: '1' } });
    const done = entry({ kind: 'complete', dutyRef: 'local-z', entered: { work: 'acca', returned: 2 } });
    expect(withQueuedChanges(null, 'local-z', [added, done])).toMatchObject({ status: 'completed', returned: 2, pending: 'added' });
  });
});

describe('what the phone keeps of the lists', () => {
  it('keeps a crew candidate\'s name, Emp ID, type, live duty and account (to leave a supervisor out of their own crew), never Aadhaar, bank or phone numbers', () => {
    const worker: Worker = {
      _id: 'w1',
      name: 'Anil Kumar',
      phone: '9847000001',
      aadhar: '400000000001',
      empid: 'E1',
      designation: 'Cleaning Staff',
      work: 'mcc',
      bank: 'SBI',
      ifsccode: 'SBIN0000001',
      acnumber: '12345678901',
      status: 'active',
      liveDuty: '12625',
      userId: 'u1',
      createdAt: '2026-11-01T00:00:00.000Z',
    };
    const kept = crewListMemberOf(worker);
    expect(kept).toEqual({ _id: 'w1', name: 'Anil Kumar', empid: 'E1', work: 'mcc', liveDuty: '12625', status: 'active', userId: 'u1' });
    expect(JSON.stringify(kept)).not.toMatch(/9847000001|400000000001|12345678901|SBIN/);
  });

  it('keeps a duty\'s own fields only, even when the server sends more', () => {
    const withExtra = { ...serverDuty, workerDetails: [{ _id: 'w1', name: 'Anil Kumar', empid: 'E1', aadhar: '400000000001' }], phone: '9847000001' } as unknown as Duty;
    expect(savedDutyOf(withExtra)).toEqual(serverDuty);
  });

  it('words the age of a saved list in minutes, hours and days', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    expect(savedAgeKey(now - 20_000, now)).toEqual({ key: 'savedJustNow', count: 0 });
    expect(savedAgeKey(now - 12 * 60_000, now)).toEqual({ key: 'savedMinutesAgo', count: 12 });
    expect(savedAgeKey(now - 3 * 3_600_000, now)).toEqual({ key: 'savedHoursAgo', count: 3 });
    expect(savedAgeKey(now - 50 * 3_600_000, now)).toEqual({ key: 'savedDaysAgo', count: 2 });
  });
});
