import { describe, expect, it } from 'vitest';
import { dutyEditRefusal } from './duty-permissions.js';
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
  });

  it("refuses a supervisor another supervisor's duty or one without a supervisor", () => {
    const other = { id: 'a2c4e6f8-0000-4000-8000-000000000002', role: ROLE.supervisor };
    expect(dutyEditRefusal(other, live, '2026-11-12')).toBe(MSG.ownDutiesOnly);
    expect(dutyEditRefusal(other, { ...live, supervisor: null }, '2026-11-12')).toBe(MSG.ownDutiesOnly);
  });

  it('leaves managers and admins unrestricted', () => {
    for (const role of [ROLE.manager, ROLE.admin]) expect(dutyEditRefusal({ id: 'x', role }, doneOn('2020-01-01'), '2026-11-12')).toBeNull();
  });
});
