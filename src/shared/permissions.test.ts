import { describe, expect, it } from 'vitest';
import { dutyEditRefusal, dutyEditRefusalCode, mayChangeStaffOf, mayDeleteDuty, ownRecordMaySetStatus, ownRecordRefusal } from './permissions.js';
import { STAFF_STATUS } from './staff.js';
import { MSG } from './messages.js';
import { ROLE } from './roles.js';

const me = 'a2c4e6f8-0000-4000-8000-000000000001';
const live = { supervisor: me, status: 'processing', completedDay: null };
const doneOn = (day: string) => ({ supervisor: me, status: 'completed', completedDay: day });

describe('dutyEditRefusal (the train page offers Edit only when the server allows it)', () => {
  it('lets a supervisor change their own live duty, and their completed one on its day only', () => {
    expect(dutyEditRefusal({ id: me, role: ROLE.supervisor }, live, '2026-11-12')).toBeNull();
    expect(dutyEditRefusal({ id: me.toUpperCase(), role: ROLE.supervisor }, doneOn('2026-11-12'), '2026-11-12')).toBeNull();
    expect(dutyEditRefusal({ id: me, role: ROLE.supervisor }, doneOn('2026-11-11'), '2026-11-12')).toBe(MSG.completedDayOver);
    // the web shows it by its code
    expect(dutyEditRefusalCode({ id: me, role: ROLE.supervisor }, doneOn('2026-11-11'), '2026-11-12')).toBe('completedDayOver');
  });

  it("refuses a supervisor another supervisor's duty or one without a supervisor", () => {
    const other = { id: 'a2c4e6f8-0000-4000-8000-000000000002', role: ROLE.supervisor };
    expect(dutyEditRefusal(other, live, '2026-11-12')).toBe(MSG.ownDutiesOnly);
    expect(dutyEditRefusal(other, { ...live, supervisor: null }, '2026-11-12')).toBe(MSG.ownDutiesOnly);
    expect(dutyEditRefusalCode(other, live, '2026-11-12')).toBe('ownDutiesOnly');
  });

  it('leaves managers and admins unrestricted', () => {
    for (const role of [ROLE.manager, ROLE.admin]) expect(dutyEditRefusal({ id: 'x', role }, doneOn('2020-01-01'), '2026-11-12')).toBeNull();
  });
});

describe('mayDeleteDuty (the boards offer Delete to the roles the route lets through)', () => {
  it('lets managers and admins delete, not supervisors or a value that is no role', () => {
    expect(mayDeleteDuty(ROLE.manager)).toBe(true);
    expect(mayDeleteDuty(ROLE.admin)).toBe(true);
    expect(mayDeleteDuty(ROLE.supervisor)).toBe(false);
    expect(mayDeleteDuty(undefined)).toBe(false);
    expect(mayDeleteDuty('1')).toBe(false);
  });
});

describe('own staff record (the edit form offers what the server lets a person set)', () => {
  const record = { designation: 'Supervisor', status: STAFF_STATUS.active };
  it('refuses one’s own designation and Resigned, and leaves Resigned to one who already is', () => {
    expect(ownRecordMaySetStatus(record, STAFF_STATUS.active)).toBe(true);
    expect(ownRecordMaySetStatus(record, STAFF_STATUS.resigned)).toBe(false);
    expect(ownRecordRefusal(record, { ...record, status: STAFF_STATUS.resigned })).toBe(MSG.ownStaffRecord);
    expect(ownRecordRefusal(record, { ...record, designation: 'Manager' })).toBe(MSG.ownStaffRecord);
    const resigned = { ...record, status: STAFF_STATUS.resigned };
    expect(ownRecordMaySetStatus(resigned, STAFF_STATUS.resigned)).toBe(true);
    expect(ownRecordRefusal(resigned, resigned)).toBeNull();
  });

  it('lets a manager change supervisors’ records and unlinked ones, not a peer’s or an admin’s; an admin any', () => {
    const manager = { id: 'm', role: ROLE.manager };
    expect(mayChangeStaffOf(manager, null)).toBe(true);
    expect(mayChangeStaffOf(manager, { id: 's', role: ROLE.supervisor })).toBe(true);
    expect(mayChangeStaffOf(manager, { id: 'M', role: ROLE.manager })).toBe(true);
    expect(mayChangeStaffOf(manager, { id: 'm2', role: ROLE.manager })).toBe(false);
    expect(mayChangeStaffOf(manager, { id: 'a', role: ROLE.admin })).toBe(false);
    expect(mayChangeStaffOf({ id: 'a', role: ROLE.admin }, { id: 'a2', role: ROLE.admin })).toBe(true);
  });
});
