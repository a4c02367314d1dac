import { MSG } from './messages.js';
import { ROLE } from './roles.js';
import { STAFF_STATUS } from './staff.js';

/**
 * Who may change a staff record linked to a sign-in account (decision 0015). Changing the
 * record changes the account (its name, phone and work type follow the register; Resigned
 * ends its sessions and its sign-in), so:
 *
 * - an admin changes any record;
 * - a manager changes the records of supervisors and of no account, not those of another
 *   manager or an admin (a peer could otherwise rename or lock out a colleague);
 * - everyone changes their own record (their phone, bank details…), but not their own
 *   designation nor their own status to Resigned (ownRecordRefusal).
 *
 * The server enforces it; the Edit Staff page uses it to offer only what would work.
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
 * Why a person may not make this change to their own record, or null: their designation
 * and Resigned are for an admin to set (Resigned would lock them out at once; the
 * designation is what their role was given for).
 */
export function ownRecordRefusal(before: { designation: string; status: string }, after: { designation: string; status: string }): string | null {
  if (after.designation !== before.designation) return MSG.ownStaffRecord;
  if (after.status === STAFF_STATUS.resigned && before.status !== STAFF_STATUS.resigned) return MSG.ownStaffRecord;
  return null;
}
