import { MSG } from './messages.js';
import { ROLE, type Role } from './roles.js';
import { STAFF_STATUS } from './staff.js';

/**
 * Who may do what to a duty and to a staff record (decision 0015): the one place both
 * sides read. The server's route guards and services enforce it; the web's screens use it
 * to offer only what would work. A rule written here is written nowhere else.
 */

// ---- duties ----

/** The roles that may delete a duty (DELETE /mcctrain/deletework/{id}): managers and admins. */
export const DUTY_DELETERS: readonly Role[] = [ROLE.manager, ROLE.admin];

/** Whether an account of this role may delete a duty. */
export function mayDeleteDuty(role: unknown): boolean {
  return (DUTY_DELETERS as readonly unknown[]).includes(role);
}

/**
 * Why an editor may not change a duty — complete it, edit it, set it back — by its MSG
 * code, or null when they may: a supervisor only the duties they supervise, and a
 * completed one only on its completed day in APP_TZ, so past attendance and wages stay as
 * they were paid. Managers and admins may change any duty. (The web shows it by this code.)
 */
export function dutyEditRefusalCode(
  editor: { id: string; role: unknown },
  duty: { supervisor: string | null; status: string; completedDay: string | null },
  today: string,
): 'ownDutiesOnly' | 'completedDayOver' | null {
  if (editor.role !== ROLE.supervisor) return null;
  if (duty.supervisor?.toLowerCase() !== editor.id.toLowerCase()) return 'ownDutiesOnly';
  if (duty.status === 'completed' && duty.completedDay !== today) return 'completedDayOver';
  return null;
}

/** The same in MSG's words, as the server answers it. */
export function dutyEditRefusal(editor: { id: string; role: unknown }, duty: { supervisor: string | null; status: string; completedDay: string | null }, today: string): string | null {
  const code = dutyEditRefusalCode(editor, duty, today);
  return code && MSG[code];
}

/** Why this editor may not set a completed duty back to processing, or null: only managers and admins may. */
export function reopenRefusal(editor: { role: unknown }, duty: { status: string }): string | null {
  return editor.role === ROLE.supervisor && duty.status === 'completed' ? MSG.onlyManagerReopens : null;
}

// ---- staff records ----

/**
 * The roles that may add, read in full and change staff records (the /worker writes and
 * GET /worker/getoneworker): managers and admins, within mayChangeStaffOf.
 */
export const STAFF_EDITORS: readonly Role[] = [ROLE.manager, ROLE.admin];

/**
 * Who may change a staff record linked to a sign-in account. Changing the record changes
 * the account (its name, phone and work type follow the register; Resigned ends its
 * sessions and its sign-in), so:
 *
 * - an admin changes any record;
 * - a manager changes the records of supervisors and of no account, not those of another
 *   manager or an admin (a peer could otherwise rename or lock out a colleague);
 * - everyone changes their own record (their phone, bank details…), but not their own
 *   designation nor their own status to Resigned (ownRecordRefusal).
 */
export interface StaffEditor {
  id: string;
  role: number;
}

/** The account linked to a record, if any. */
export interface LinkedAccount {
  id: string;
  role: number;
}

function sameId(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** Whether the record is the editor's own (linked to their account). */
export function isOwnRecord(editor: StaffEditor, linked: LinkedAccount | null | undefined): boolean {
  return !!linked && sameId(linked.id, editor.id);
}

/** Whether the editor may change the record at all (their own within ownRecordRefusal). */
export function mayChangeStaffOf(editor: StaffEditor, linked: LinkedAccount | null | undefined): boolean {
  if (!linked || editor.role === ROLE.admin || isOwnRecord(editor, linked)) return true;
  return linked.role < editor.role;
}

/**
 * Why a reader's list shows a record's account number masked: a manager reading a
 * manager's or an admin's record (their own included, so that every manager reads the
 * same list; the edit form shows their own in full). Depends on the reader's role only.
 */
export function listMasksAccountOf(readerRole: number, linkedRole: number | null | undefined): boolean {
  return readerRole !== ROLE.admin && linkedRole !== null && linkedRole !== undefined && linkedRole >= readerRole;
}

/**
 * Whether a person may set their own record to this status: not to Resigned (it would
 * lock them out at once) unless it already is. Their designation is not theirs to change
 * at all (what their role was given for).
 */
export function ownRecordMaySetStatus(before: { status: string }, status: string): boolean {
  return status !== STAFF_STATUS.resigned || before.status === STAFF_STATUS.resigned;
}

/** Why a person may not make this change to their own record, or null (see ownRecordMaySetStatus). */
export function ownRecordRefusal(before: { designation: string; status: string }, after: { designation: string; status: string }): string | null {
  if (after.designation !== before.designation) return MSG.ownStaffRecord;
  if (!ownRecordMaySetStatus(before, after.status)) return MSG.ownStaffRecord;
  return null;
}

// ---- payroll settings and holidays (issue 26) ----

/** Who reads the payroll settings and the holidays: managers and admins (the payroll uses them). */
export const PAYROLL_SETTINGS_READERS: readonly Role[] = [ROLE.manager, ROLE.admin];
/** Who changes them: admins only. */
export const PAYROLL_SETTINGS_EDITORS: readonly Role[] = [ROLE.admin];
