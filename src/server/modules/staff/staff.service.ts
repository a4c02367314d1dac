import { and, asc, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { LIST_EXPORT_MAX_ROWS, type ListCell, type ListColumn, type ListSheet, type SortOrder } from '../../../shared/list-view.js';
import { MSG } from '../../../shared/messages.js';
import { moneyPaise } from '../../../shared/money.js';
import { ROLE } from '../../../shared/roles.js';
import type { StaffInput, SupervisorListItem, Worker, WorkerCounts, WorkerSortKey } from '../../../shared/schemas/staff.js';
import { maskAadhar, maskAccountNumber, STAFF_STATUS, STAFF_STATUSES, type StaffStatus } from '../../../shared/staff.js';
import { isOwnRecord, listMasksAccountOf, mayChangeStaffOf, ownRecordRefusal, type StaffEditor } from '../../../shared/permissions.js';
import { toWorkType, WORK_TYPE_SELECT_LABELS, type WorkType } from '../../../shared/work-types.js';
import type { Database } from '../../db/connect.js';
import { duties, dutyWorkers, sessions, staff, users } from '../../db/schema.js';
import { HttpError, violatedConstraint } from '../../http-error.js';
import { lockAdminChanges, otherAdminsWhoCanSignIn, type AccountRow } from '../auth/accounts.service.js';
import { recordAudit, type Actor } from '../audit/audit.service.js';
import { claimEmpIds } from './emp-ids.js';

export type StaffRow = typeof staff.$inferSelect;

/** How much of a record a reader sees. */
export type StaffView = 'full' | 'list' | 'crew';

/**
 * Presents a staff record (SPEC §3 field names). 'full' is the edit form's view; 'list'
 * masks the Aadhaar; 'crew' (supervisors choosing a crew) leaves out Aadhaar, bank, UAN,
 * ESI and wage. `maskAccount` masks the bank account number too (a record the reader may
 * not change, decision 0015).
 */
export function presentWorker(row: StaffRow & { userId?: string | null; liveDuty?: string | null }, view: StaffView, maskAccount = false): Worker {
  const createdAt = row.createdAt.toISOString();
  const updatedAt = row.updatedAt.toISOString();
  if (view === 'crew') {
    return {
      _id: row.id,
      name: row.name,
      phone: row.phone,
      empid: row.empId,
      designation: row.designation,
      work: row.work,
      status: row.status,
      liveDuty: row.liveDuty ?? null,
      // whose account this record is: Add Duty leaves the duty's supervisor out of their own crew (issue 28)
      userId: row.userId ?? null,
      createdAt,
      updatedAt,
    };
  }
  // One literal, not a spread of the crew view: V8 builds spread-then-extended objects
  // on a slow path, which cost 15 µs a row on long lists (measured with npm run bench).
  return {
    _id: row.id,
    name: row.name,
    phone: row.phone,
    aadhar: view === 'full' ? row.aadhar : maskAadhar(row.aadhar),
    empid: row.empId,
    designation: row.designation,
    category: row.category,
    work: row.work,
    wage: row.wage === null ? null : Number(row.wage),
    bank: row.bank,
    branch: row.branch,
    ifsccode: row.ifscCode,
    acnumber: maskAccount ? maskAccountNumber(row.acNumber) : row.acNumber,
    uanno: row.uanNo,
    esino: row.esiNo,
    status: row.status,
    dob: row.dob,
    gender: row.gender as Worker['gender'],
    guardianName: row.guardianName,
    joined: row.joined,
    skill: row.skill as Worker['skill'],
    language: row.language as Worker['language'],
    pfMember: row.pfMember,
    esiMember: row.esiMember,
    onLeaveFrom: row.onLeaveFrom,
    leftOn: row.leftOn,
    userId: row.userId ?? null,
    liveDuty: row.liveDuty ?? null,
    createdAt,
    updatedAt,
  };
}

/** The audit trail's copy of a record: everything but the Aadhaar in full. */
export function auditCopy(row: StaffRow): Record<string, unknown> {
  return { ...presentWorker(row, 'full'), aadhar: maskAadhar(row.aadhar) };
}

/**
 * The staff table's columns of a validated form or import row, Emp ID aside. A payroll
 * field left out is undefined, which Drizzle leaves out of the statement: the column's
 * default on an insert, the stored value on an update.
 */
function columnsOf(input: StaffInput) {
  return {
    name: input.name,
    phone: input.phone,
    aadhar: input.aadhar,
    designation: input.designation,
    category: input.category,
    work: input.work,
    wage: input.wage,
    bank: input.bank,
    branch: input.branch,
    ifscCode: input.ifsccode,
    acNumber: input.acnumber,
    uanNo: input.uanno,
    esiNo: input.esino,
    status: input.status,
    dob: input.dob,
    gender: input.gender,
    guardianName: input.guardianName,
    joined: input.joined,
    skill: input.skill,
    language: input.language,
    pfMember: input.pfMember,
    esiMember: input.esiMember,
  };
}

/**
 * The two days the status keeps (not writable by a client): `onLeaveFrom` is set to today
 * when the record becomes On Leave and cleared when it stops being On Leave; `leftOn` is set
 * to today when it becomes Resigned and cleared when it is reactivated. A record that stays
 * in its status keeps its day. `today` is the APP_TZ day.
 */
export function statusDays(status: string, before: Pick<StaffRow, 'status' | 'onLeaveFrom' | 'leftOn'> | null, today: string) {
  const onLeave = status === STAFF_STATUS.onLeave;
  const resigned = status === STAFF_STATUS.resigned;
  return {
    onLeaveFrom: onLeave ? (before?.status === STAFF_STATUS.onLeave && before.onLeaveFrom ? before.onLeaveFrom : today) : null,
    leftOn: resigned ? (before?.status === STAFF_STATUS.resigned && before.leftOn ? before.leftOn : today) : null,
  };
}

export type CreateWorkerResult = { created: true; worker: StaffRow } | { created: false; reason: 'aadhar-taken' };

/** The values of a new staff row with its Emp ID (typed, or generated by claimEmpIds); `today` is the APP_TZ day. */
export function newStaffValues(input: StaffInput, empId: string, today: string) {
  return { ...columnsOf(input), ...statusDays(input.status, null, today), empId: input.empid || empId };
}

/**
 * Inserts a staff record inside the caller's transaction and audits it; a typed Emp ID
 * the register holds in any case is refused (409). `today` (APP_TZ) starts an On Leave or
 * Resigned record's day.
 */
export async function insertWorker(tx: Database, actor: Actor | null, input: StaffInput, today: string): Promise<StaffRow> {
  const [generated] = await claimEmpIds(tx, input.empid ? [input.empid] : [], input.empid ? 0 : 1);
  const [row] = await tx
    .insert(staff)
    .values(newStaffValues(input, generated ?? '', today))
    .returning();
  await recordAudit(tx, actor, [{ action: 'staff.create', entity: 'staff', entityId: row!.id, after: auditCopy(row!) }]);
  return row!;
}

/** Maps the unique violations of staff to what the caller should hear. */
export function staffConflict(error: unknown): 'aadhar' | 'empid' | null {
  const constraint = violatedConstraint(error);
  if (constraint === 'staff_aadhar_key') return 'aadhar';
  if (constraint === 'staff_emp_id_key') return 'empid';
  return null;
}

/**
 * POST /worker/create-worker: adds a staff record. A taken Aadhaar answers
 * {created: false} (also when two requests race); a taken Emp ID is a 409.
 */
export async function createWorker(db: Database, actor: Actor | null, input: StaffInput, today: string): Promise<CreateWorkerResult> {
  try {
    // a savepoint inside the request's transaction: a taken Aadhaar is answered, not a fault
    const worker = await db.transaction((tx) => insertWorker(tx, actor, input, today));
    return { created: true, worker };
  } catch (error) {
    const conflict = staffConflict(error);
    if (conflict === 'aadhar') return { created: false, reason: 'aadhar-taken' };
    // generated IDs cannot meet a taken one (claimEmpIds); only a row written past the
    // lock could, and the person then hears the Emp ID is taken rather than a fault
    if (conflict === 'empid') throw new HttpError(409, MSG.empIdTaken);
    throw error;
  }
}

/** The staff list's view (issue 28): every filter of GET /worker/get-workers but paging. */
export interface WorkerView {
  work?: string | undefined;
  status?: string | undefined;
  designation?: string | undefined;
  skill?: string | undefined;
  q?: string | undefined;
  sort?: SortOrder<WorkerSortKey> | undefined;
}

export interface WorkerFilters extends WorkerView {
  limit: number;
  offset: number;
}

/**
 * The SQL conditions of a list view as `viewer` may read it: a supervisor reads only their own
 * work type (null: a supervisor without one reads nothing). The search matches a part of the
 * name, Emp ID or phone, in any letter case.
 */
function viewConditions(viewer: Pick<AccountRow, 'role' | 'work'>, view: WorkerView): SQL[] | null {
  let work = view.work;
  if (viewer.role === ROLE.supervisor) {
    const own = toWorkType(viewer.work);
    if (!own) return null;
    work = own;
  }
  return filterConditions({ ...view, work });
}

/**
 * The conditions of the list's filters (work type, status, designation, skill, search), as the
 * staff list and a bulk change's "all that match" read them. The search matches a part of
 * the name, Emp ID or phone, in any letter case.
 */
export function filterConditions(view: Pick<WorkerView, 'status' | 'designation' | 'skill' | 'q'> & { work?: string | undefined }): SQL[] {
  const conditions: SQL[] = [];
  if (view.work) conditions.push(eq(staff.work, view.work));
  if (view.status) conditions.push(eq(staff.status, view.status));
  if (view.designation) conditions.push(eq(staff.designation, view.designation));
  if (view.skill) conditions.push(eq(staff.skill, view.skill));
  if (view.q) {
    const pattern = `%${view.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // the name, phone and Emp ID in lower case, kept in one column (schema: searchText)
    conditions.push(sql`${staff.searchText} like lower(${pattern})`);
  }
  return conditions;
}

/** The column each sort key sorts by: names in any letter case, the rest as stored. */
const SORT_COLUMNS: Record<WorkerSortKey, SQL | AnyColumn> = {
  name: sql`lower(${staff.name})`,
  empid: staff.empId,
  phone: staff.phone,
  status: staff.status,
  designation: staff.designation,
  work: staff.work,
  wage: staff.wage,
  joined: staff.joined,
};

/**
 * The list's order: SPEC's newest first, or the chosen column either way with empty values
 * (no wage, no date of joining) last, then the id, so equal values keep one order from page to page.
 */
function viewOrder(sort: SortOrder<WorkerSortKey> | undefined): SQL[] {
  if (!sort) return [desc(staff.createdAt), desc(staff.id)];
  const column = SORT_COLUMNS[sort.key];
  return [sort.desc ? sql`${column} desc nulls last` : sql`${column} asc nulls last`, asc(staff.id)];
}

/**
 * GET /worker/get-workers: newest first (or by the chosen column), filtered and paged in SQL.
 * A supervisor sees only the staff of their own work type, without the private fields.
 */
export async function listWorkers(db: Database, viewer: AccountRow, filters: WorkerFilters): Promise<{ workers: Worker[]; total: number }> {
  const isCrewView = viewer.role === ROLE.supervisor;
  const conditions = viewConditions(viewer, filters);
  if (!conditions) return { workers: [], total: 0 };
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await db
    .select({
      staff,
      userId: users.id,
      userRole: users.role,
      total: sql<number>`count(*) over ()`.mapWith(Number),
      liveDuty: liveDutyOf(staff.id),
    })
    .from(staff)
    .leftJoin(users, eq(users.staffId, staff.id))
    .where(where)
    .orderBy(...viewOrder(filters.sort))
    .limit(filters.limit)
    .offset(filters.offset);
  const view: StaffView = isCrewView ? 'crew' : 'list';
  return {
    // the reader's role alone decides the masks, so every manager reads the same (kept) list
    workers: rows.map((row) =>
      presentWorker({ ...row.staff, userId: row.userId, liveDuty: row.liveDuty }, view, listMasksAccountOf(viewer.role, row.userRole)),
    ),
    total: rows[0]?.total ?? 0,
  };
}

/**
 * The live duty a worker is on, the newest if several (the crew list flags them; not
 * forbidden), or null: a probe of the worker's live rows (duty_workers_live_idx) in the
 * list's own query, made for the rows the page returns, not the crews of every live duty
 * nor years of assignments. One query per list: each round trip to the database costs the
 * server more than this probe.
 */
function liveDutyOf(staffId: AnyColumn): SQL<string | null> {
  return sql<string | null>`(
    select coalesce(${duties.trainNo}, upper(${duties.work})) from ${dutyWorkers}
    inner join ${duties} on ${duties.id} = ${dutyWorkers.dutyId}
    where ${dutyWorkers.staffId} = ${staffId} and ${dutyWorkers.completedDay} is null and ${duties.status} = 'processing'
    order by ${duties.createdAt} desc limit 1
  )`;
}

/**
 * GET /worker/status-counts: how many of the list view (its status left out) are Active,
 * On Leave and Resigned, counted in SQL.
 */
export async function workerStatusCounts(db: Database, viewer: Pick<AccountRow, 'role' | 'work'>, view: Omit<WorkerView, 'status' | 'sort'>): Promise<WorkerCounts> {
  const counts: WorkerCounts = { counts: { [STAFF_STATUS.active]: 0, [STAFF_STATUS.onLeave]: 0, [STAFF_STATUS.resigned]: 0 }, total: 0 };
  const conditions = viewConditions(viewer, view);
  if (!conditions) return counts;
  const rows = await db
    .select({ status: staff.status, count: sql<number>`count(*)`.mapWith(Number) })
    .from(staff)
    .where(conditions.length ? and(...conditions) : undefined)
    .groupBy(staff.status);
  for (const row of rows) {
    if (row.status in counts.counts) counts.counts[row.status as StaffStatus] = row.count;
    counts.total += row.count;
  }
  return counts;
}

/** The filters of a view as the export's title row names them: 'Work type: MCC', 'Search: kav'. */
function viewFilterNames(view: WorkerView): string[] {
  const names: string[] = [];
  if (view.work) names.push(`${MSG.fields.workType}: ${WORK_TYPE_SELECT_LABELS[view.work as WorkType] ?? view.work}`);
  if (view.status) names.push(`${MSG.columnStatus}: ${view.status}`);
  if (view.designation) names.push(`${MSG.fields.designation}: ${view.designation}`);
  if (view.skill) names.push(`${MSG.payrollFields.skill}: ${view.skill}`);
  if (view.q) names.push(`${MSG.fields.search}: ${view.q}`);
  if (view.sort) names.push(`${MSG.staffList.sortedBy}: ${sortColumnName(view.sort.key)}${view.sort.desc ? ` (${MSG.staffList.descending})` : ''}`);
  return names;
}

function sortColumnName(key: WorkerSortKey): string {
  const names: Record<WorkerSortKey, string> = {
    name: MSG.columnName,
    empid: MSG.columnEmpId,
    phone: MSG.fields.phone,
    status: MSG.columnStatus,
    designation: MSG.fields.designation,
    work: MSG.fields.workType,
    wage: MSG.staffList.dailyWage,
    joined: MSG.payrollFields.joined,
  };
  return names[key];
}

/**
 * GET /worker/export: the list view, every page, in the list's order, as a ListSheet. The
 * Aadhaar is masked as the list shows it; a supervisor's sheet has the columns of their list
 * only (no Aadhaar, skill, wage or date of joining). The rows are counted first, so a view
 * above LIST_EXPORT_MAX_ROWS is refused before it is read.
 */
export async function workersSheet(db: Database, viewer: Pick<AccountRow, 'role' | 'work'>, view: WorkerView): Promise<ListSheet> {
  const full = viewer.role !== ROLE.supervisor;
  const columns: ListColumn[] = [
    { header: MSG.columnName, kind: 'text', width: 28 },
    { header: MSG.columnEmpId, kind: 'text', width: 12 },
    { header: MSG.fields.workType, kind: 'text', width: 12 },
    { header: MSG.fields.designation, kind: 'text', width: 16 },
    { header: MSG.columnStatus, kind: 'text', width: 10 },
    { header: MSG.fields.phone, kind: 'text', width: 13 },
  ];
  if (full) {
    columns.push(
      { header: MSG.fields.aadhar, kind: 'text', width: 16 },
      { header: MSG.payrollFields.skill, kind: 'text', width: 15 },
      { header: MSG.staffList.dailyWage, kind: 'money' },
      { header: MSG.payrollFields.joined, kind: 'date', width: 15 },
    );
  }
  const sheet: ListSheet = { sheetName: MSG.staffList.sheetTitle, title: MSG.staffList.sheetTitle, filters: viewFilterNames(view), columns, rows: [] };
  const conditions = viewConditions(viewer, view);
  if (!conditions) return { ...sheet, totals: totalsOf(columns, []) };
  const where = conditions.length ? and(...conditions) : undefined;
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(staff).where(where);
  if (count > LIST_EXPORT_MAX_ROWS) throw new HttpError(413, MSG.lists.exportTooLarge);
  const rows = await db
    .select({
      name: staff.name,
      empId: staff.empId,
      work: staff.work,
      designation: staff.designation,
      status: staff.status,
      phone: staff.phone,
      aadhar: staff.aadhar,
      skill: staff.skill,
      wage: staff.wage,
      joined: staff.joined,
    })
    .from(staff)
    .where(where)
    .orderBy(...viewOrder(view.sort));
  sheet.rows = rows.map((row) => {
    const cells: ListCell[] = [row.name, row.empId, row.work ? (WORK_TYPE_SELECT_LABELS[row.work as WorkType] ?? row.work) : null, row.designation, row.status, row.phone];
    // the wage, numeric(12, 2), as integer paise exactly: '650.50' is 65050
    if (full) cells.push(maskAadhar(row.aadhar), row.skill, moneyPaise(row.wage), row.joined);
    return cells;
  });
  return { ...sheet, totals: totalsOf(columns, rows) };
}

/** The Total row: how many people (under the Emp ID) and how many of each status (under the status). */
function totalsOf(columns: ListColumn[], rows: ReadonlyArray<{ status: string }>): ListCell[] {
  const byStatus = STAFF_STATUSES.map((status) => `${status} ${rows.filter((row) => row.status === status).length}`).join(' · ');
  return columns.map((_, index) => (index === 1 ? rows.length : index === 4 ? byStatus : null));
}

/** The account linked to a staff record, if any: its role decides who may change the record. */
async function linkedAccount(db: Database, staffId: string): Promise<{ id: string; role: number; disabled: boolean } | undefined> {
  const [row] = await db.select({ id: users.id, role: users.role, disabled: users.disabled }).from(users).where(eq(users.staffId, staffId));
  return row;
}

/**
 * GET /worker/getoneworker/{id}: the record with the account linked to it. The full
 * Aadhaar and account number only go to editors who may change the record (decision
 * 0015, src/shared/permissions.ts); others read them masked. `ownRecord` tells the
 * edit form it is the reader's own (their designation and Resigned are an admin's).
 */
export async function getWorker(db: Database, viewer: StaffEditor, id: string): Promise<Worker | undefined> {
  const [row] = await db
    .select({ staff, userId: users.id, userRole: users.role })
    .from(staff)
    .leftJoin(users, eq(users.staffId, staff.id))
    .where(eq(staff.id, id))
    .limit(1);
  if (!row) return undefined;
  const linked = row.userId !== null && row.userRole !== null ? { id: row.userId, role: row.userRole } : null;
  const ownRecord = isOwnRecord(viewer, linked);
  if (!mayChangeStaffOf(viewer, linked)) {
    return { ...presentWorker({ ...row.staff, userId: row.userId }, 'full', true), aadhar: maskAadhar(row.staff.aadhar), editable: false, ownRecord };
  }
  return { ...presentWorker({ ...row.staff, userId: row.userId }, 'full'), editable: true, ownRecord };
}

/** Refuses to leave no admin who can sign in (the rule admin.service applies to accounts). */
async function keepOneAdmin(tx: Database, resigningUserId: string): Promise<void> {
  await lockAdminChanges(tx);
  if ((await otherAdminsWhoCanSignIn(tx, resigningUserId)) === 0) throw new HttpError(409, MSG.lastAdminResigned);
}

/**
 * PUT /worker/update-worker/{id}: changes every field of the form in one transaction with
 * its audit entry. Setting Resigned ends the sessions of the person's account. A manager
 * changing the record of another manager or of an admin is refused (403), as is anyone
 * changing their own designation or setting themself Resigned (403); the last admin who
 * can sign in cannot be set to Resigned (409). The payroll fields an older client leaves
 * out stay as they are; the status's days follow the status (statusDays, `today` in APP_TZ).
 */
export async function updateWorker(db: Database, editor: Pick<AccountRow, 'id' | 'name' | 'role'>, id: string, input: StaffInput, today: string): Promise<StaffRow> {
  const actor: Actor = { id: editor.id, name: editor.name };
  try {
    const [before] = await db.select().from(staff).where(eq(staff.id, id)).for('update');
    if (!before) throw new HttpError(404, MSG.workerNotFound);
    const account = await linkedAccount(db, id);
    if (!mayChangeStaffOf(editor, account)) throw new HttpError(403, MSG.staffOfHigherRole);
    if (isOwnRecord(editor, account)) {
      const refusal = ownRecordRefusal(before, input);
      if (refusal) throw new HttpError(403, refusal);
    }
    const empId = input.empid ?? before.empId;
    if (empId !== before.empId) await claimEmpIds(db, [empId], 0, id);
    const resigning = input.status === STAFF_STATUS.resigned && before.status !== STAFF_STATUS.resigned;
    if (resigning && account && account.role === ROLE.admin && !account.disabled) await keepOneAdmin(db, account.id);
    const [after] = await db
      .update(staff)
      .set({ ...columnsOf(input), ...statusDays(input.status, before, today), empId, updatedAt: new Date() })
      .where(eq(staff.id, id))
      .returning();
    await recordAudit(db, actor, [
      { action: 'staff.update', entity: 'staff', entityId: id, before: auditCopy(before), after: auditCopy(after!) },
    ]);
    if (resigning && account) {
      await db.delete(sessions).where(eq(sessions.userId, account.id));
    }
    // keep the account's name, phone and work type in step with the register
    if (account) {
      await db
        .update(users)
        .set({ name: after!.name, phone: after!.phone, work: after!.work, updatedAt: new Date() })
        .where(eq(users.id, account.id));
    }
    return after!;
  } catch (error) {
    const conflict = staffConflict(error);
    if (conflict === 'aadhar') throw new HttpError(409, MSG.aadharTaken);
    if (conflict === 'empid') throw new HttpError(409, MSG.empIdTaken);
    throw error;
  }
}

/**
 * GET /auth/getsupervisor: supervisors who can sign in, by name, as a colleague may see
 * them (id, name, work type). Managers and admins read all of them; a supervisor reads
 * those of their own work type, themself included (issue 13: a SPEC §7 client decides
 * from this list whose name a duty shows and who may complete it).
 */
export async function listSupervisors(db: Database, viewer: Pick<AccountRow, 'id' | 'role' | 'work'>): Promise<SupervisorListItem[]> {
  const conditions: SQL[] = [eq(users.role, ROLE.supervisor), eq(users.disabled, false), sql`coalesce(${staff.status}, ${STAFF_STATUS.active}) <> ${STAFF_STATUS.resigned}`];
  if (viewer.role === ROLE.supervisor) {
    const own = toWorkType(viewer.work);
    // without a work type a supervisor has no colleagues by type: only themself
    conditions.push(own ? sql`lower(trim(${users.work})) = ${own}` : eq(users.id, viewer.id));
  }
  const rows = await db
    .select({ id: users.id, name: users.name, work: users.work })
    .from(users)
    .leftJoin(staff, eq(staff.id, users.staffId))
    .where(and(...conditions))
    .orderBy(users.name, users.id);
  return rows.map((row) => ({ _id: row.id, name: row.name, work: toWorkType(row.work) }));
}
