import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { BULK_CHANGE_MAX_ROWS } from '../../../shared/limits.js';
import { describeMessage } from '../../../shared/message-template.js';
import { MSG } from '../../../shared/messages.js';
import { isOwnRecord, mayChangeStaffOf, ownRecordMaySetStatus } from '../../../shared/permissions.js';
import { ROLE } from '../../../shared/roles.js';
import type { BulkChange, BulkChangeBody, BulkFilter, BulkPreview } from '../../../shared/schemas/staff-bulk.js';
import { STAFF_STATUS } from '../../../shared/staff.js';
import type { Database } from '../../db/connect.js';
import { sessions, staff, users, wageRevisions } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { lockAdminChanges } from '../auth/accounts.service.js';
import { recordAudit, type Actor, type AuditEntry } from '../audit/audit.service.js';
import { auditCopy, filterConditions, statusDays, type StaffRow } from './staff.service.js';
import { wageFromProblem } from './wage-revisions.js';

/**
 * Bulk changes to staff (issue 28): one change (status, work type, designation, skill
 * category, or daily wage from a day) to many records. The preview judges every selected
 * record by the single edit's rules (updateWorker in staff.service.ts) and changes nothing;
 * the update judges them again under row locks and changes all of them in the request's one
 * transaction, or — when any would be refused — none.
 */

type Editor = { id: string; name: string; role: number };
type Account = { id: string; role: number; disabled: boolean };
interface Selected {
  row: StaffRow;
  account: Account | null;
}
type RefusedRow = BulkPreview['refused'][number];
type ChangeRow = BulkPreview['changes'][number];

const because = (reason: string) => ({ reason, ...describeMessage(reason) });

/** The filter's conditions, as the staff list filters (work type, status, search by name, phone or Emp ID, designation, skill). */
/** The records "all that match" selects: the staff list's own filter conditions. */
function matching(filter: Partial<BulkFilter>): SQL | undefined {
  const conditions = filterConditions(filter);
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * The selected records with their linked accounts, in id order (the order rows are locked
 * in, so two bulk changes never wait on each other crosswise). Ids not on the register are
 * answered as refused rows. More than BULK_CHANGE_MAX_ROWS matching a filter is a 400.
 */
async function selectRecords(db: Database, body: BulkChangeBody, lock: boolean): Promise<{ selected: Selected[]; missing: RefusedRow[] }> {
  const ids = body.ids ? [...new Set(body.ids)] : null;
  const where = ids ? inArray(staff.id, ids) : matching(body.filter ?? {});
  const query = db
    .select({ staff, accountId: users.id, accountRole: users.role, accountDisabled: users.disabled })
    .from(staff)
    .leftJoin(users, eq(users.staffId, staff.id))
    .where(where)
    .orderBy(asc(staff.id))
    .limit(BULK_CHANGE_MAX_ROWS + 1);
  const rows = lock ? await query.for('update', { of: staff }) : await query;
  if (rows.length > BULK_CHANGE_MAX_ROWS) throw new HttpError(400, MSG.staffBulk.tooMany(BULK_CHANGE_MAX_ROWS));
  const selected = rows.map((row) => ({
    row: row.staff,
    account: row.accountId !== null && row.accountRole !== null ? { id: row.accountId, role: row.accountRole, disabled: row.accountDisabled ?? false } : null,
  }));
  const found = new Set(selected.map((item) => item.row.id));
  const missing = (ids ?? []).filter((id) => !found.has(id)).map((id) => ({ _id: id, name: '', empid: '', ...because(MSG.staffBulk.notOnRegister) }));
  return { selected, missing };
}

/** The record's value of the changed field, as the preview shows it. */
function valueOf(row: StaffRow, change: BulkChange): string | null {
  switch (change.field) {
    case 'status':
      return row.status;
    case 'work':
      return row.work;
    case 'designation':
      return row.designation;
    case 'skill':
      return row.skill;
    case 'wage':
      return row.wage === null ? null : Number(row.wage).toFixed(2);
  }
}

/** Why this editor may not make the change to this record (the single edit's rules), or null. */
function refusalOf(editor: Editor, item: Selected, change: BulkChange): string | null {
  if (!mayChangeStaffOf(editor, item.account)) return MSG.staffOfHigherRole;
  if (isOwnRecord(editor, item.account)) {
    if (change.field === 'designation' && change.value !== item.row.designation) return MSG.ownStaffRecord;
    if (change.field === 'status' && !ownRecordMaySetStatus(item.row, change.value)) return MSG.ownStaffRecord;
  }
  return null;
}

interface Judged {
  /** the records found on the register */
  found: number;
  changes: Array<ChangeRow & { item: Selected }>;
  unchanged: number;
  refused: RefusedRow[];
  pending: boolean;
}

/** Pending revisions (not yet applied) of these records from this day, by record. */
async function pendingOn(db: Database, staffIds: string[], from: string): Promise<Map<string, string>> {
  if (staffIds.length === 0) return new Map();
  const rows = await db
    .select({ staffId: wageRevisions.staffId, wage: wageRevisions.wage })
    .from(wageRevisions)
    .where(and(inArray(wageRevisions.staffId, staffIds), eq(wageRevisions.effectiveFrom, from), isNull(wageRevisions.appliedAt)))
    .orderBy(asc(wageRevisions.createdAt));
  return new Map(rows.map((row) => [row.staffId, row.wage]));
}

/** How many admins can sign in who are not among `resigning` (account ids). */
async function adminsLeft(db: Database, resigning: string[]): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)`.mapWith(Number) })
    .from(users)
    .leftJoin(staff, eq(staff.id, users.staffId))
    .where(
      and(
        eq(users.role, ROLE.admin),
        eq(users.disabled, false),
        sql`coalesce(${staff.status}, ${STAFF_STATUS.active}) <> ${STAFF_STATUS.resigned}`,
        resigning.length ? sql`${users.id} not in (${sql.join(resigning.map((id) => sql`${id}::uuid`), sql`, `)})` : undefined,
      ),
    );
  return row?.value ?? 0;
}

/** Judges every selected record: what it would become, or why it may not. `today` is the company's day. */
async function judge(db: Database, editor: Editor, body: BulkChangeBody, today: string, lock: boolean): Promise<Judged> {
  const change = body.change;
  if (change.field === 'wage') {
    const problem = wageFromProblem(change.from, today);
    if (problem) throw new HttpError(400, problem);
  }
  const { selected, missing } = await selectRecords(db, body, lock);
  const pending = change.field === 'wage' && change.from > today;
  const waiting = pending ? await pendingOn(db, selected.map((item) => item.row.id), change.from) : new Map<string, string>();
  const judged: Judged = { found: selected.length, changes: [], unchanged: 0, refused: [...missing], pending };
  for (const item of selected) {
    const who = { _id: item.row.id, name: item.row.name, empid: item.row.empId };
    const refusal = refusalOf(editor, item, change);
    if (refusal) {
      judged.refused.push({ ...who, ...because(refusal) });
      continue;
    }
    const before = valueOf(item.row, change);
    const after = change.value;
    const same = pending ? waiting.has(item.row.id) && Number(waiting.get(item.row.id)) === Number(after) : before !== null && (change.field === 'wage' ? Number(before) === Number(after) : before === after);
    if (same) judged.unchanged += 1;
    else judged.changes.push({ ...who, before, after, item });
  }
  // the last admin who can sign in stays (as a single edit's keepOneAdmin)
  if (change.field === 'status' && change.value === STAFF_STATUS.resigned) {
    const resigning = judged.changes.filter((row) => row.item.account?.role === ROLE.admin && !row.item.account.disabled);
    if (resigning.length > 0) {
      if (lock) await lockAdminChanges(db);
      if ((await adminsLeft(db, resigning.map((row) => row.item.account!.id))) === 0) {
        const ids = new Set(resigning.map((row) => row._id));
        judged.changes = judged.changes.filter((row) => !ids.has(row._id));
        judged.refused.push(...resigning.map((row) => ({ _id: row._id, name: row.name, empid: row.empid, ...because(MSG.lastAdminResigned) })));
      }
    }
  }
  return judged;
}

/** POST /worker/bulk-preview: who the change would change, who already has the value, who is refused and why. Changes nothing. */
export async function previewBulkChange(db: Database, editor: Editor, body: BulkChangeBody, today: string): Promise<BulkPreview> {
  const judged = await judge(db, editor, body, today, false);
  return {
    selected: judged.found,
    changes: judged.changes.map(({ item: _item, ...row }) => row),
    unchanged: judged.unchanged,
    refused: judged.refused,
    pending: judged.pending,
  };
}

interface BulkChangeResult {
  changed: number;
  unchanged: number;
  pending: boolean;
}

/**
 * POST /worker/bulk-update, inside the request's transaction `db`: judges the selection
 * again with the records locked; any refused record refuses the whole change (409 listing
 * them) before anything is written. Otherwise changes every record that needs it with one
 * audit entry each. `now` stamps the records and the wage revisions.
 */
export async function applyBulkChange(db: Database, editor: Editor, body: BulkChangeBody, today: string, now: Date): Promise<BulkChangeResult> {
  const judged = await judge(db, editor, body, today, true);
  if (judged.refused.length > 0) throw new HttpError(409, MSG.staffBulk.refusedNow, { refused: judged.refused });
  const change = body.change;
  const rows = judged.changes.map((row) => row.item);
  const ids = rows.map((item) => item.row.id);
  const result = { changed: ids.length, unchanged: judged.unchanged, pending: judged.pending };
  if (ids.length === 0) return result;
  const actor: Actor = { id: editor.id, name: editor.name };

  if (change.field === 'wage') {
    if (judged.pending) {
      // a new revision from the same day replaces the one waiting
      await db
        .delete(wageRevisions)
        .where(and(inArray(wageRevisions.staffId, ids), eq(wageRevisions.effectiveFrom, change.from), isNull(wageRevisions.appliedAt)));
    }
    await db.insert(wageRevisions).values(
      ids.map((staffId) => ({ staffId, effectiveFrom: change.from, wage: change.value, createdBy: editor.id, createdByName: editor.name, createdAt: now, appliedAt: judged.pending ? null : now })),
    );
    if (judged.pending) {
      await recordAudit(
        db,
        actor,
        rows.map((item) => ({
          action: 'staff.wage-revision',
          entity: 'staff',
          entityId: item.row.id,
          before: { name: item.row.name, wage: item.row.wage === null ? null : Number(item.row.wage) },
          after: { name: item.row.name, wage: Number(change.value), wageFrom: change.from },
        })),
      );
      return result;
    }
  }

  const set = (() => {
    switch (change.field) {
      case 'status':
        return { status: change.value, ...statusDays(change.value, null, today) };
      case 'work':
        return { work: change.value };
      case 'designation':
        return { designation: change.value };
      case 'skill':
        return { skill: change.value };
      case 'wage':
        return { wage: change.value };
    }
  })();
  const afters = await db
    .update(staff)
    .set({ ...set, updatedAt: now })
    .where(inArray(staff.id, ids))
    .returning();
  const afterById = new Map(afters.map((row) => [row.id, row]));
  const entries: AuditEntry[] = rows.map((item) => ({
    action: 'staff.update',
    entity: 'staff',
    entityId: item.row.id,
    before: auditCopy(item.row),
    after: auditCopy(afterById.get(item.row.id)!),
  }));
  await recordAudit(db, actor, entries);

  const accounts = rows.flatMap((item) => (item.account ? [item.account.id] : []));
  if (accounts.length > 0) {
    // Resigned ends the person's sessions; the account's work type follows the register (as a single edit)
    if (change.field === 'status' && change.value === STAFF_STATUS.resigned) await db.delete(sessions).where(inArray(sessions.userId, accounts));
    if (change.field === 'work') await db.update(users).set({ work: change.value, updatedAt: now }).where(inArray(users.id, accounts));
  }
  return result;
}
