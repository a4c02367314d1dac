import { describe, expect, it } from 'vitest';
import { DEFAULT_STAFFING_NORM, requiredStaff } from '../../../shared/duties.js';
import { MSG } from '../../../shared/messages.js';
import { createDutyBody, dutyEditSchema } from '../../../shared/schemas/duties.js';
import { normFor, readDutyForm, requiredStaffShown, thisMonthRange } from './duty-form.js';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('Add Work Details counters', () => {
  // as GET /staffing-norms answers them after an admin changed mcc and bio
  const norms = [
    { work: 'mcc', perCoach: 1.25 },
    { work: 'acca', perCoach: 0.6 },
    { work: 'bio', perCoach: 0.5 },
    { work: 'laundry', perCoach: 0.6 },
  ];

  it("shows coaches × the server's norm of the chosen work type, not the default", () => {
    expect(requiredStaffShown('mcc', '7', norms)).toBe(9); // 8.75 → 9
    expect(requiredStaffShown('mcc', 7, norms)).toBe(9);
    expect(requiredStaffShown('acca', '7', norms)).toBe(4); // 4.2 → 4
  });

  it('rounds halves up, as the server does (one shared function)', () => {
    expect(requiredStaffShown('bio', '9', norms)).toBe(5); // 4.5 → 5
    expect(requiredStaffShown('bio', '9', norms)).toBe(requiredStaff(9, 0.5));
    // three-decimal norms are exact: 1.15 × 10 is 11.5, not 11.4999…
    expect(requiredStaff(10, 1.15)).toBe(12);
    expect(requiredStaff(3, 0.005)).toBe(0); // 0.015
    expect(requiredStaff(100, 0.005)).toBe(1); // 0.5
  });

  it('uses the default until the norms arrive, and for a type the answer does not list', () => {
    expect(normFor(undefined, 'mcc')).toBe(DEFAULT_STAFFING_NORM);
    expect(requiredStaffShown('mcc', '5', undefined)).toBe(3);
    expect(requiredStaffShown('pftr', '5', norms)).toBe(0); // no coaches for pftr
    expect(normFor(norms, 'pit & yard')).toBe(DEFAULT_STAFFING_NORM);
  });

  it('is 0 without a work type, without coaches, or while the coaches are not a whole number', () => {
    expect(requiredStaffShown(null, '5', norms)).toBe(0);
    expect(requiredStaffShown('mcc', '', norms)).toBe(0);
    expect(requiredStaffShown('mcc', '2.5', norms)).toBe(0);
    expect(requiredStaffShown('mcc', 2.5, norms)).toBe(0);
    expect(requiredStaffShown('laundry', '5', norms)).toBe(0);
  });
});

describe('duty forms read through the server schema', () => {
  const form = { work: 'mcc', trainno: '12625', totalcoach: '18', type: 'Primary', supervisor: uuid(1), workers: [uuid(2)], suppliedBedsheet: '' };

  it('gives the required message before any other, in SPEC §5 order', () => {
    expect(readDutyForm(createDutyBody, { ...form, workers: [], totalcoach: '0' })).toEqual({ ok: false, message: MSG.fillAllRequired });
    expect(readDutyForm(createDutyBody, { ...form, work: 'acca' })).toEqual({ ok: false, message: MSG.enterSuppliedBedsheet });
    expect(readDutyForm(createDutyBody, { work: 'laundry', workers: [] })).toEqual({ ok: false, message: MSG.selectAtLeastOneWorker });
    expect(readDutyForm(createDutyBody, { ...form, totalcoach: '501' })).toEqual({ ok: false, message: MSG.coachesInvalid });
    expect(readDutyForm(createDutyBody, { ...form, workers: ['x'] })).toEqual({ ok: false, message: MSG.workerNotEligible('MCC') });
    expect(readDutyForm(createDutyBody, form).ok).toBe(true);
  });

  it("checks the train page's edit with the rules of the duty's work type", () => {
    const edit = { trainno: '', status: 'completed', totalcoach: '18', workers: [uuid(2)], version: 3 };
    expect(readDutyForm(dutyEditSchema('mcc'), edit)).toEqual({ ok: false, message: MSG.fillAllRequired });
    expect(readDutyForm(dutyEditSchema('laundry'), { ...edit, totalcoach: '' }).ok).toBe(true);
    expect(readDutyForm(dutyEditSchema('laundry'), { ...edit, workers: [] })).toEqual({ ok: false, message: MSG.selectAtLeastOneWorker });
  });
});

describe('the Completed board', () => {
  it("asks for this month in the company's time zone", () => {
    const newYear = new Date('2026-12-31T19:00:00Z'); // 00:30 on 1 January 2027 in Kolkata
    expect(thisMonthRange(newYear, 'Asia/Kolkata')).toEqual({ from: '2027-01-01', to: '2027-01-31' });
    expect(thisMonthRange(newYear, 'Europe/London')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(thisMonthRange(new Date('2028-02-10T00:00:00Z'), 'Asia/Kolkata')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });
});

describe('duty schemas given no object', () => {
  // their cross-field rules run even when the fields failed (issue 24 point 8: a null body was a 500)
  it('refuse null, a list and a text with an issue instead of throwing', () => {
    for (const schema of [createDutyBody, dutyEditSchema('mcc'), dutyEditSchema()]) {
      for (const input of [null, undefined, [], 'x', 7]) {
        expect(() => schema.safeParse(input)).not.toThrow();
        expect(schema.safeParse(input).success).toBe(false);
      }
    }
  });
});
