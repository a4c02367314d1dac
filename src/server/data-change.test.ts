import { describe, expect, it } from 'vitest';
import { affects, ALL_DAYS, decodeChange, dutyChange, encodeChange, EVERYTHING, mergeChanges, NO_DUTIES, type DataChange, type DutyReads } from './data-change.js';

/**
 * The rule a second time, written as a person states it: an answer must be computed again when
 * the change could touch a duty it reads — one of its work type (any, if it reads every work
 * type) that is live, when it reads live duties, or completed on a day it reads.
 */
function mustRecompute(change: DataChange, reads: DutyReads | undefined): boolean {
  if (change === 'everything' || reads === undefined) return true;
  const sameWork = reads.work === null || change.works.some((work) => work === reads.work!.toLowerCase());
  if (!sameWork) return false;
  const liveTouched = reads.live && change.live;
  let dayTouched = false;
  for (const day of change.days) {
    if (reads.completed && reads.completed.from <= day && day <= reads.completed.to) dayTouched = true;
  }
  return liveTouched || dayTouched;
}

const NOTHING = dutyChange([], false, []);
const addMcc = dutyChange(['MCC'], true, []);
const completeMccToday = dutyChange(['mcc', 'mcc'], true, ['2026-11-28']);
const editBioCompleted = dutyChange(['bio'], false, ['2026-10-31', null]);
const movedCrew = dutyChange(['mcc', 'laundry'], true, ['2026-11-28']);
const pitAndYard = dutyChange(['Pit & Yard'], true, []);

const liveMcc: DutyReads = { work: 'mcc', live: true, completed: null };
const liveAll: DutyReads = { work: null, live: true, completed: null };
const completedMccOctober: DutyReads = { work: 'mcc', live: false, completed: { from: '2026-10-01', to: '2026-10-31' } };
const completedMccEver: DutyReads = { work: 'mcc', live: false, completed: ALL_DAYS };
const attendanceBioOctober: DutyReads = { work: 'bio', live: false, completed: { from: '2026-10-01', to: '2026-10-31' } };
const staffLaundry: DutyReads = { work: 'laundry', live: true, completed: null };
const completedNovember: DutyReads = { work: null, live: false, completed: { from: '2026-11-01', to: '2026-11-30' } };
const livePitAndYard: DutyReads = { work: 'pit & yard', live: true, completed: null };

describe('what a change drops from the kept answers (decision 0044)', () => {
  const changes: DataChange[] = [EVERYTHING, NOTHING, addMcc, completeMccToday, editBioCompleted, movedCrew, pitAndYard];
  const reads: Array<DutyReads | undefined> = [undefined, NO_DUTIES, liveMcc, liveAll, completedMccOctober, completedMccEver, attendanceBioOctober, staffLaundry, completedNovember, livePitAndYard];

  it('agrees with the rule as a person states it, for every change and every answer', () => {
    for (const change of changes) {
      for (const read of reads) {
        expect(affects(change, read), `${JSON.stringify(change)} on ${JSON.stringify(read)}`).toBe(mustRecompute(change, read));
      }
    }
  });

  it('keeps last month and the other work types through a phone’s new duty and its completion today', () => {
    expect(affects(addMcc, liveMcc)).toBe(true);
    expect(affects(addMcc, completedMccEver)).toBe(false);
    expect(affects(addMcc, completedMccOctober)).toBe(false);
    expect(affects(completeMccToday, completedMccEver)).toBe(true);
    expect(affects(completeMccToday, completedMccOctober)).toBe(false);
    expect(affects(completeMccToday, attendanceBioOctober)).toBe(false);
    expect(affects(completeMccToday, completedNovember)).toBe(true);
    // a worker of the crew now of laundry: the laundry staff list shows their live duty
    expect(affects(movedCrew, staffLaundry)).toBe(true);
    expect(affects(completeMccToday, staffLaundry)).toBe(false);
  });

  it('drops everything on an unnamed change, and drops an answer that names nothing it reads on any change', () => {
    for (const read of reads) expect(affects(EVERYTHING, read)).toBe(true);
    for (const change of changes) expect(affects(change, undefined)).toBe(true);
    for (const change of changes.filter((change) => change !== EVERYTHING)) expect(affects(change, NO_DUTIES)).toBe(false);
  });

  it('merges changes into one that drops at least what either drops, and keeps what neither touches', () => {
    const pairs: Array<[DataChange, DataChange]> = [
      [addMcc, editBioCompleted],
      [completeMccToday, movedCrew],
      [NOTHING, addMcc],
      [addMcc, EVERYTHING],
    ];
    for (const [a, b] of pairs) {
      const merged = mergeChanges(a, b);
      for (const read of reads) {
        if (affects(a, read) || affects(b, read)) expect(affects(merged, read), `${JSON.stringify(merged)} on ${JSON.stringify(read)}`).toBe(true);
      }
    }
    // the phones of two work types adding duties: every completed list and attendance stays
    const adds = mergeChanges(addMcc, dutyChange(['bio'], true, []));
    for (const read of [completedMccOctober, completedMccEver, attendanceBioOctober, completedNovember, NO_DUTIES]) expect(affects(adds, read)).toBe(false);
    expect(affects(adds, staffLaundry)).toBe(false);
    expect(affects(adds, liveAll)).toBe(true);
  });

  it('crosses to the other instances as a NOTIFY payload: the same change, and anything unreadable is everything', () => {
    for (const change of changes) {
      expect(decodeChange(encodeChange(change))).toEqual({ change, from: undefined });
      // with its sender, which ignores its own
      expect(decodeChange(encodeChange(change, 'instance 1'))).toEqual({ change, from: 'instance 1' });
    }
    expect(encodeChange(EVERYTHING)).toBe('');
    // what earlier versions send, and what a stranger or a broken sender might
    for (const payload of ['', 'x', 'null', '{}', '{"d":{"works":"mcc","live":true,"days":[]}}', '{"d":{"works":["mcc"],"live":1,"days":[]}}', '{"d":{"works":["mcc"],"live":true,"days":["28-11-2026"]}}', '{"d":{"works":["mcc\\u0000"],"live":true,"days":[]}}', '{"d":{"works":[""],"live":true,"days":[]}}']) {
      expect(decodeChange(payload), payload).toEqual({ change: EVERYTHING, from: undefined });
    }
    // a change too long for PostgreSQL's payload limit (8,000 bytes) goes as everything
    const days = Array.from({ length: 400 }, (_, n) => new Date(Date.UTC(2020, 0, 1 + n)).toISOString().slice(0, 10));
    expect(encodeChange(dutyChange(['mcc'], true, days))).toBe('');
    expect(decodeChange(encodeChange(dutyChange(['mcc'], true, days), 'instance 1'))).toEqual({ change: EVERYTHING, from: 'instance 1' });
    expect(decodeChange(encodeChange(dutyChange(['mcc'], true, days.slice(0, 100)))).change).toEqual(dutyChange(['mcc'], true, days.slice(0, 100)));
  });
});
