import { randomUUID } from 'node:crypto';
import { and, desc, eq, getTableColumns, ilike, inArray, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { LIST_EXPORT_MAX_ROWS, type SortOrder } from '../../../shared/list-view.js';
import { DEFAULT_STAFFING_NORM, isTrainWork, requiredStaff } from '../../../shared/duties.js';
import { UUID } from '../../../shared/input-checks.js';
import { decodeDutyCursor } from '../../../shared/schemas/input-rules.js';
import { dutyEditRefusal, reopenRefusal } from '../../../shared/permissions.js';
import { MSG } from '../../../shared/messages.js';
import { ROLE } from '../../../shared/roles.js';
import {
  isFullEdit,
  missingForDutyEdit,
  missingForNewDuty,
  newDutyOf,
  type CreateDutyRequest,
  type Duty,
  readOffsetCursor,
  writeOffsetCursor,
  type DutyListQuery,
  type DutySortKey,
  type DutyTotals,
  type DutyViewQuery,
  type UpdateDutyRequest,
} from '../../../shared/schemas/duties.js';
import { dayInZone, isDay } from '../../../shared/time.js';
import { toWorkType, type WorkType } from '../../../shared/work-types.js';
import { rowsOf, type Database } from '../../db/connect.js';
import { isoInstant, jsonList, type JsonText } from '../../json-text.js';
import { duties, dutyWorkers, staff, staffingNorms, users } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { HttpError } from '../../http-error.js';
import { dutyChange, type DutyChange as KeptAnswersChange } from '../../data-change.js';
import type { AccountRow } from '../auth/accounts.service.js';
import { listStaffingNorms } from '../admin/admin.service.js';
import { auditInsert, recordAudit } from '../audit/audit.service.js';
import { refuseFinalMonths } from '../payroll/payroll.service.js';

type DutyRow = typeof duties.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Rule failures carry SPEC's {success: false, message} besides {msg}. */
export function refuse(status: number, message: string): HttpError {
  return new HttpError(status, message, { success: false, message });
}

/**
 * The work types a viewer may see: all for managers and admins, their own for a
 * supervisor (refused when they have none).
 */
function ownWork(viewer: AccountRow): WorkType | null {
  if (viewer.role !== ROLE.supervisor) return null;
  const work = toWorkType(viewer.work);
  if (!work) throw refuse(403, MSG.noWorkType);
  return work;
}

/**
 * Refuses a duty of this work type to a viewer who may not see it, as reading it would:
 * 404 for a supervisor's other work type (403 when they have none). Also asked when a
 * keyed write is replayed, of the duty its stored answer names (decision 0017).
 */
export function refuseUnseenDuty(viewer: AccountRow, work: string): void {
  const own = ownWork(viewer);
  if (own && work !== own) throw refuse(404, MSG.dutyNotFound);
}

/** The staffing norm of a work type (required staff per coach), as GET /staffing-norms answers it. */
async function staffingNorm(db: Database, work: string): Promise<number> {
  return (await listStaffingNorms(db)).find((norm) => norm.work === work)?.perCoach ?? DEFAULT_STAFFING_NORM;
}

/**
 * Turns duty rows into API answers, with crews and supervisor names in two queries. Writes
 * pass their transaction: the answer is read before the commit, so a connection lost
 * after it cannot turn a saved change into a 500 that the client would retry.
 */
async function presentDuties(db: Database | Tx, rows: DutyRow[]): Promise<Duty[]> {
  if (rows.length === 0) return [];
  const dutyIds = rows.map((row) => row.id);
  const supervisorIds = [...new Set(rows.flatMap((row) => (row.supervisorId ? [row.supervisorId] : [])))];
  const [crew, supervisors] = await Promise.all([
    db
      .select({ dutyId: dutyWorkers.dutyId, id: staff.id, name: staff.name, empid: staff.empId })
      .from(dutyWorkers)
      .innerJoin(staff, eq(staff.id, dutyWorkers.staffId))
      .where(inArray(dutyWorkers.dutyId, dutyIds))
      .orderBy(CREW_ORDER),
    supervisorIds.length
      ? db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, supervisorIds))
      : Promise.resolve([]),
  ]);
  const crewOf = new Map<string, CrewMember[]>();
  for (const member of crew) {
    const list = crewOf.get(member.dutyId) ?? [];
    list.push({ _id: member.id, name: member.name, empid: member.empid });
    crewOf.set(member.dutyId, list);
  }
  const nameOf = new Map(supervisors.map((row) => [row.id, row.name]));
  return rows.map((row) => presentDuty(row, crewOf.get(row.id) ?? [], row.supervisorId ? (nameOf.get(row.supervisorId) ?? null) : null));
}

/** A crew member as a duty's answer shows them. */
interface CrewMember {
  _id: string;
  name: string;
  empid: string;
}

/** A duty's answer (SPEC §3 names) from its row, its crew in name order and its supervisor's name. */
function presentDuty(row: DutyRow, workers: CrewMember[], supervisorName: string | null): Duty {
  return {
    _id: row.id,
    trainno: row.trainNo,
    status: row.status as Duty['status'],
    work: row.work,
    workers: workers.map((worker) => worker._id),
    workerDetails: workers,
    workerCount: workers.length,
    supervisor: row.supervisorId,
    supervisorName,
    totalcoach: row.totalCoach,
    type: row.type,
    reqq: row.reqq,
    used: row.used,
    suppliedBedsheet: row.suppliedBedsheet,
    returned: row.returned,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
    completedDay: row.completedDay,
    version: row.version,
  };
}

/** The audit trail's copy of a deleted duty: everything it held, so it could be typed in again. */
function deletedDutyAudit(row: DutyRow, workerIds: string[]): Record<string, unknown> {
  return {
    ...dutyAudit(row, workerIds),
    used: row.used,
    completedDay: row.completedDay,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The audit trail's copy of a duty. */
function dutyAudit(row: DutyRow, workerIds: string[]): Record<string, unknown> {
  return {
    trainno: row.trainNo,
    status: row.status,
    work: row.work,
    supervisor: row.supervisorId,
    totalcoach: row.totalCoach,
    type: row.type,
    reqq: row.reqq,
    suppliedBedsheet: row.suppliedBedsheet,
    returned: row.returned,
    completedAt: row.completedAt?.toISOString() ?? null,
    workers: [...workerIds].sort(),
    version: row.version,
  };
}

/** Staff who may join a duty of this work type: active members of it, among these ids. */
function eligibleStaff(work: string, ids: string[]): SQL {
  return and(inArray(staff.id, ids), sql`lower(${staff.work}) = ${work}`, eq(staff.status, 'Active'))!;
}

/** The order of a duty's crew in every answer: by name, then id. */
const CREW_ORDER = sql`${staff.name}, ${staff.id}`;

/** A crew member as a duty's answer shows them (CrewMember), as SQL JSON. */
const crewMemberJson = sql`json_build_object('_id', ${staff.id}, 'name', ${staff.name}, 'empid', ${staff.empId})`;

/** The refusal of a crew with someone who is not eligibleStaff. */
function refuseIneligible(work: string): HttpError {
  return refuse(400, MSG.workerNotEligible(work.toUpperCase()));
}

/** Checks that every id is an active staff member of the work type (a duty's existing crew may stay). */
async function checkCrew(db: Database, work: string, workerIds: string[], alreadyOnDuty: string[] = []): Promise<void> {
  const fresh = workerIds.filter((id) => !alreadyOnDuty.includes(id));
  if (fresh.length === 0) return;
  if (!fresh.every((id) => UUID.test(id))) throw refuseIneligible(work);
  const eligible = await db.select({ id: staff.id }).from(staff).where(eligibleStaff(work, fresh));
  if (eligible.length !== fresh.length) throw refuseIneligible(work);
}

/**
 * A duty's supervisor is an active supervisor (role 0), or the caller themself: a manager
 * or admin adding work may name their own id (SPEC §3: "supervisor (user id, or empty)").
 */
async function checkSupervisor(db: Database, actor: AccountRow, supervisorId: string): Promise<string> {
  if (!UUID.test(supervisorId)) throw refuse(400, MSG.supervisorInvalid);
  if (supervisorId === actor.id.toLowerCase()) return actor.name;
  const [row] = await db
    .select({ name: users.name, role: users.role, disabled: users.disabled, status: staff.status })
    .from(users)
    .leftJoin(staff, eq(staff.id, users.staffId))
    .where(eq(users.id, supervisorId));
  if (!row || row.role !== ROLE.supervisor || row.disabled || row.status === 'Resigned') throw refuse(400, MSG.supervisorInvalid);
  return row.name;
}

/**
 * A new duty's crew and its work type's staffing norm, in one query: every id must be an
 * active staff member of the work type (as checkCrew), answered as the duty shows them, in
 * name order (then id, as the lists' SQL orders them).
 */
async function crewAndNorm(db: Database, work: string, workerIds: string[]): Promise<{ crew: CrewMember[]; perCoach: number }> {
  if (!workerIds.every((id) => UUID.test(id))) throw refuseIneligible(work);
  const result = await db.execute(sql`
    select (select ${staffingNorms.perCoach}::text from ${staffingNorms} where ${staffingNorms.work} = ${work}) as per_coach,
      (select coalesce(json_agg(${crewMemberJson} order by ${CREW_ORDER}), '[]')::text from ${staff} where ${eligibleStaff(work, workerIds)}) as crew`);
  const [row] = rowsOf<{ per_coach: string | null; crew: string }>(result);
  const crew = JSON.parse(row!.crew) as CrewMember[];
  if (crew.length !== workerIds.length) throw refuseIneligible(work);
  return { crew, perCoach: row!.per_coach === null ? DEFAULT_STAFFING_NORM : Number(row!.per_coach) };
}

/**
 * POST /mcctrain/create-mcctrain. A supervisor's duty is of their own work type and
 * records them as its supervisor; a manager names the supervisor. Required staff is
 * computed from the work type's staffing norm. The answer is read inside the transaction.
 */
export async function createDuty(deps: AppDeps, actor: AccountRow, request: CreateDutyRequest): Promise<{ duty: Duty; dataChange: KeptAnswersChange }> {
  const own = ownWork(actor);
  if (own && request.work && request.work !== own) throw refuse(403, MSG.ownWorkOnly);
  const work = own ?? request.work;
  // the work type is a required field of the form (an unknown one the schema refused)
  if (!work) throw refuse(400, MSG.fillAllRequired);
  // a supervisor's request is read with their work type and themself as supervisor: the
  // schema could not apply the rules of a work type that was not sent
  const filled = { ...request, work, ...(own ? { supervisor: actor.id.toLowerCase() } : {}) };
  const now = deps.now();
  const missing = missingForNewDuty(filled);
  if (missing) throw refuse(400, missing);
  const duty = newDutyOf(filled);
  const supervisorName = duty.supervisorId ? await checkSupervisor(deps.db, actor, duty.supervisorId) : null;
  const { crew, perCoach } = await crewAndNorm(deps.db, duty.work, duty.workerIds);
  const row: DutyRow = {
    id: randomUUID(),
    trainNo: duty.trainNo,
    status: 'processing',
    work: duty.work,
    supervisorId: duty.supervisorId,
    totalCoach: duty.totalCoach,
    type: duty.type,
    reqq: requiredStaff(duty.totalCoach, perCoach),
    used: duty.workerIds.length,
    suppliedBedsheet: duty.suppliedBedsheet,
    returned: null,
    createdBy: actor.id,
    createdAt: now,
    updatedAt: now,
    completedAt: null,
    completedDay: null,
    version: 1,
  };
  // on the request's transaction (serve(), decision 0031): the duty, its crew and the audit
  // row in one statement, and the answer from what was written (issue 29: each round trip
  // to the database costs the server more than the statement's work)
  const tx = deps.db;
  const written = await tx.execute(sql`
    with duty as (${tx.insert(duties).values(row).getSQL()}),
      crew as (${tx.insert(dutyWorkers).values(duty.workerIds.map((staffId) => ({ dutyId: row.id, staffId, completedDay: null }))).getSQL()}),
      audit as (${auditInsert(tx, actor, [{ action: 'duty.create', entity: 'duty', entityId: row.id, after: dutyAudit(row, duty.workerIds) }]).getSQL()})
    select ${lockedWorksOf(duty.workerIds)} as works`);
  return { duty: presentDuty(row, crew, supervisorName), dataChange: dutyChange([row.work, ...worksIn(written)], true, []) };
}

interface Cursor {
  at: string;
  id: string;
}

function readCursor(value: string | undefined): Cursor | null {
  if (!value) return null;
  const cursor = decodeDutyCursor(value);
  if (!cursor) throw refuse(400, MSG.cursorInvalid);
  return cursor;
}

function writeCursor(at: Date, id: string): string {
  return Buffer.from(JSON.stringify([at.toISOString(), id])).toString('base64url');
}

export interface DutyPage {
  duties: JsonText<Duty[]>;
  nextCursor: string | null;
  from?: string;
  to?: string;
}

/** A duty's crew count, computed (the crew rows are the truth). */
const crewCount = sql<number>`(select count(*)::int from ${dutyWorkers} where ${dutyWorkers.dutyId} = ${duties.id})`;
/** The crew a duty is short of its required crew, at least 0. */
const shortfallOf = sql<number>`greatest(${duties.reqq} - ${crewCount}, 0)`;

/** What each sort key orders by (issue 28); ties fall back to the list's own order. */
const SORT_COLUMN: Record<DutySortKey, SQL | AnyColumn> = {
  trainno: duties.trainNo,
  completedDay: duties.completedAt,
  createdAt: duties.createdAt,
  coaches: duties.totalCoach,
  crew: crewCount,
  shortfall: shortfallOf,
  supervisor: sql`lower(${users.name})`,
};

/** A list's view in SQL: its conditions, the completed days it covers (when asked), or nothing to show. */
interface DutyView {
  conditions: SQL[];
  range?: { from: string; to: string };
  empty: boolean;
}

/**
 * The filters of a duty list (work, supervisor, completed days, search) as SQL conditions
 * on duties joined to their supervisor's account (users). A supervisor sees their own work type.
 */
function dutyView(viewer: AccountRow, state: 'processing' | 'completed', query: DutyViewQuery): DutyView {
  const own = ownWork(viewer);
  const conditions: SQL[] = [eq(duties.status, state)];
  const work = own ?? query.work;
  if (own && query.work && query.work !== own) return { conditions, empty: true };
  if (work) conditions.push(eq(duties.work, work));
  if (query.supervisor) conditions.push(eq(duties.supervisorId, query.supervisor));

  let range: { from: string; to: string } | undefined;
  if (state === 'completed' && (query.from || query.to)) {
    range = { from: query.from ?? '0001-01-01', to: query.to ?? '9999-12-31' };
    if (!isDay(range.from) || !isDay(range.to) || range.from > range.to) throw refuse(400, MSG.dateRangeInvalid);
    conditions.push(sql`${duties.completedDay} between ${range.from} and ${range.to}`);
  }
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(duties.trainNo, pattern), ilike(users.name, pattern))!);
  }
  return { conditions, ...(range ? { range } : {}), empty: false };
}

/** The ORDER BY of a sorted view: the column (nulls last either way), then the list's own order. */
function sortedOrder(state: 'processing' | 'completed', order: SortOrder<DutySortKey>): SQL[] {
  const column = SORT_COLUMN[order.key];
  const own = state === 'completed' ? duties.completedAt : duties.createdAt;
  return [order.desc ? sql`${column} desc nulls last` : sql`${column} asc nulls last`, desc(own), desc(duties.id)];
}

/** A duty's crew as its answer shows them (CrewMember[] as JSON text), in name order, then id. */
const crewJson = sql<string>`(select coalesce(json_agg(${crewMemberJson} order by ${CREW_ORDER}), '[]')::text
  from ${dutyWorkers} join ${staff} on ${staff.id} = ${dutyWorkers.staffId} where ${dutyWorkers.dutyId} = ${duties.id})`;

/**
 * A duty as the lists answer it (presentDuties' shape, SPEC §3 names), built by the database
 * in one correlated subquery per duty: its crew by name (ids, names and employee ids), the
 * supervisor's name from the joined account, instants as toISOString writes them.
 */
const dutyJson = sql`(select json_build_object('_id', ${duties.id}, 'trainno', ${duties.trainNo}, 'status', ${duties.status}, 'work', ${duties.work},
    'workers', coalesce(json_agg(${staff.id} order by ${CREW_ORDER}), '[]'),
    'workerDetails', coalesce(json_agg(${crewMemberJson} order by ${CREW_ORDER}), '[]'),
    'workerCount', count(${staff.id}), 'supervisor', ${duties.supervisorId}, 'supervisorName', case when ${duties.supervisorId} is null then null else ${users.name} end,
    'totalcoach', ${duties.totalCoach}, 'type', ${duties.type}, 'reqq', ${duties.reqq}, 'used', ${duties.used},
    'suppliedBedsheet', ${duties.suppliedBedsheet}, 'returned', ${duties.returned},
    'createdAt', ${isoInstant(duties.createdAt)}, 'updatedAt', ${isoInstant(duties.updatedAt)},
    'completedAt', ${isoInstant(duties.completedAt)}, 'completedDay', ${duties.completedDay}, 'version', ${duties.version})
  from ${dutyWorkers} join ${staff} on ${staff.id} = ${dutyWorkers.staffId} where ${dutyWorkers.dutyId} = ${duties.id})`;

/**
 * GET /mcctrain/get-livemcctrain and get-completedmcctrain: filtered and paged in SQL,
 * newest first (live by creation, completed by the moment of completion). Completed duties
 * are filtered by completed day only when from or to is given (issue 13: a SPEC §7 client
 * asks without them and filters the list itself, so it must get every month, page by page).
 * With `sort` (issue 28) the list is ordered by that column and paged by position (an
 * offset cursor); without it, the order and cursor are the ones SPEC clients know. The
 * page is JSON the database writes (dutyJson), with what the next cursor needs, in one
 * query (decision 0040): reading the rows and crews into objects and serializing them again
 * cost the server more than the query (issue 29).
 */
export async function listDuties(deps: AppDeps, viewer: AccountRow, state: 'processing' | 'completed', query: DutyListQuery): Promise<DutyPage> {
  const view = dutyView(viewer, state, query);
  if (view.empty) return { duties: jsonList<Duty>('[]'), nextCursor: null };
  const { conditions, range } = view;
  const orderColumn = state === 'completed' ? duties.completedAt : duties.createdAt;
  let offset = 0;
  let order: SQL[];
  if (query.sort) {
    const from = query.cursor ? readOffsetCursor(query.cursor) : 0;
    if (from === null) throw refuse(400, MSG.cursorInvalid);
    offset = from;
    order = sortedOrder(state, query.sort);
  } else {
    const cursor = readCursor(query.cursor);
    if (cursor) {
      const at = new Date(cursor.at);
      conditions.push(or(lt(orderColumn, at), and(eq(orderColumn, at), lt(duties.id, cursor.id)))!);
    }
    order = [desc(orderColumn), desc(duties.id)];
  }
  const orderBy = sql.join(order, sql`, `);
  // row numbers count from the first row of the view, before the offset
  const last = offset + query.limit;
  const result = await deps.db.execute(sql`
    select coalesce(json_agg(page.duty order by page.n) filter (where page.n <= ${last}), '[]')::text as duties,
      count(*)::int as rows, max(page.at) filter (where page.n = ${last}) as last_at, max(page.id) filter (where page.n = ${last}) as last_id
    from (
      select ${dutyJson} as duty, ${orderColumn}::text as at, ${duties.id}::text as id, row_number() over (order by ${orderBy}) as n
      from ${duties} left join ${users} on ${users.id} = ${duties.supervisorId}
      where ${and(...conditions)}
      order by ${orderBy}
      limit ${query.limit + 1} offset ${offset}
    ) page`);
  const [row] = rowsOf<{ duties: string; rows: number; last_at: string | null; last_id: string | null }>(result);
  const more = Number(row?.rows ?? 0) > query.limit;
  let nextCursor: string | null = null;
  if (more && query.sort) nextCursor = writeOffsetCursor(last);
  else if (more && row?.last_at && row.last_id) nextCursor = writeCursor(new Date(row.last_at), row.last_id);
  return { duties: jsonList<Duty>(row?.duties), nextCursor, ...(range ?? {}) };
}

/**
 * GET /mcctrain/completed-totals and live-totals: duties, coaches, crew required, crew
 * assigned and shortfall over the whole view (every page), added up in SQL.
 */
export async function dutyTotals(deps: AppDeps, viewer: AccountRow, state: 'processing' | 'completed', query: DutyViewQuery): Promise<DutyTotals> {
  const view = dutyView(viewer, state, query);
  if (view.empty) return { duties: 0, coaches: 0, crewRequired: 0, crewAssigned: 0, shortfall: 0 };
  const crew = deps.db
    .select({ dutyId: dutyWorkers.dutyId, crew: sql<number>`count(*)::int`.as('crew') })
    .from(dutyWorkers)
    .groupBy(dutyWorkers.dutyId)
    .as('crew');
  const [row] = await deps.db
    .select({
      duties: sql<number>`count(*)::int`,
      coaches: sql<number>`coalesce(sum(${duties.totalCoach}), 0)::int`,
      crewRequired: sql<number>`coalesce(sum(${duties.reqq}), 0)::int`,
      crewAssigned: sql<number>`coalesce(sum(coalesce(${crew.crew}, 0)), 0)::int`,
      shortfall: sql<number>`coalesce(sum(greatest(${duties.reqq} - coalesce(${crew.crew}, 0), 0)), 0)::int`,
    })
    .from(duties)
    .leftJoin(users, eq(users.id, duties.supervisorId))
    .leftJoin(crew, eq(crew.dutyId, duties.id))
    .where(and(...view.conditions));
  return row!;
}

/** Every duty of a view, in its order (the export), at most LIST_EXPORT_MAX_ROWS + 1. */
export async function dutiesInView(deps: AppDeps, viewer: AccountRow, state: 'processing' | 'completed', query: DutyViewQuery): Promise<{ duties: Duty[]; range?: { from: string; to: string } }> {
  const view = dutyView(viewer, state, query);
  if (view.empty) return { duties: [] };
  const orderColumn = state === 'completed' ? duties.completedAt : duties.createdAt;
  const rows = await deps.db
    .select(getTableColumns(duties))
    .from(duties)
    .leftJoin(users, eq(users.id, duties.supervisorId))
    .where(and(...view.conditions))
    .orderBy(...(query.sort ? sortedOrder(state, query.sort) : [desc(orderColumn), desc(duties.id)]))
    .limit(LIST_EXPORT_MAX_ROWS + 1);
  if (rows.length > LIST_EXPORT_MAX_ROWS) throw new HttpError(413, MSG.lists.exportTooLarge);
  return { duties: await presentDuties(deps.db, rows), ...(view.range ? { range: view.range } : {}) };
}

/** GET /mcctrain/getone-mcctrain/{id}; a supervisor sees only their own work type. */
export async function getDuty(deps: AppDeps, viewer: AccountRow, id: string): Promise<Duty> {
  ownWork(viewer);
  const [row] = UUID.test(id) ? await deps.db.select().from(duties).where(eq(duties.id, id)) : [];
  if (!row) throw refuse(404, MSG.dutyNotFound);
  refuseUnseenDuty(viewer, row.work);
  return (await presentDuties(deps.db, [row]))[0]!;
}

/** The updated duty, whether anything changed, and what did, for the kept answers (data-change.ts). */
export type UpdateOutcome = { duty: Duty; changed: boolean; dataChange: KeptAnswersChange };

/**
 * The work types (lower case) of these staff records, as a JSON text, each row locked until
 * the transaction ends (decision 0044): a worker moved to another work type shows the duty on
 * that work type's staff list and attendance, so the change a duty write names must hold the
 * work types the crew has when it commits. A move made before is read here; one made after
 * waits for the commit (and drops everything when it commits).
 */
function lockedWorksOf(staffIds: string[]): SQL<string> {
  return sql<string>`(select coalesce(array_to_json(array(select lower(${staff.work}) from ${staff} where ${inArray(staff.id, staffIds)} for share)), '[]')::text)`;
}

/** The work types a statement answered as `works` (lockedWorksOf). */
function worksIn(result: unknown): string[] {
  return JSON.parse(rowsOf<{ works: string }>(result)[0]!.works) as string[];
}

interface DutyChange {
  status: 'processing' | 'completed';
  /** undefined: not given (kept as it is) */
  returned?: number;
  /** present for the full edit only */
  edit?: { trainNo: string | null; totalCoach: number | null; workerIds: string[] };
  version?: number;
}

/** What a valid update request changes on a duty of this work type. */
function changeOf(request: UpdateDutyRequest, work: string): DutyChange {
  const returned = request.returned ?? undefined;
  if (!isFullEdit(request)) return { status: request.status, returned, version: request.version };
  return {
    status: request.status,
    returned,
    edit: { trainNo: request.trainno ?? null, totalCoach: isTrainWork(work) ? (request.totalcoach ?? null) : null, workerIds: request.workers ?? [] },
    version: request.version,
  };
}


/**
 * PUT /mcctrain/update-mcctrain/{id}: marks completed (with the returned bedsheets for
 * acca), or the full edit of train number, coaches, crew and status. Completing records
 * the moment and its APP_TZ day; completing a completed duty changes nothing; setting a
 * duty back to processing (managers only) clears them. An edit carrying an old version
 * is refused with 409 and overwrites nothing.
 */
export async function updateDuty(deps: AppDeps, actor: AccountRow, id: string, request: UpdateDutyRequest): Promise<UpdateOutcome> {
  ownWork(actor);
  if (!UUID.test(id)) throw refuse(404, MSG.dutyNotFound);
  // the duty with its crew and supervisor's name, as its answer shows them, in one query
  const [found] = await deps.db
    .select({ duty: getTableColumns(duties), crew: crewJson, supervisorName: users.name })
    .from(duties)
    .leftJoin(users, eq(users.id, duties.supervisorId))
    .where(eq(duties.id, id));
  if (!found) throw refuse(404, MSG.dutyNotFound);
  const current = found.duty;
  const currentDetails = JSON.parse(found.crew) as CrewMember[];
  const supervisorName = current.supervisorId ? found.supervisorName : null;
  refuseUnseenDuty(actor, current.work);

  const missing = missingForDutyEdit(request, current.work);
  if (missing) throw refuse(400, missing);
  const change = changeOf(request, current.work);
  if (change.version !== undefined && change.version !== current.version) throw refuse(409, MSG.dutyStale);

  // completing a completed duty changes nothing; it names the duty all the same, so that this
  // instance's lists agree with the answer even before another instance's announcement of
  // the completion arrives (decision 0044)
  const asItIs = (duty: DutyRow) => dutyChange([duty.work], true, [duty.completedDay]);
  // completing an acca duty without `returned` (SPEC §7: "status, optionally returned")
  // leaves it empty; our own screens always send it
  if (!change.edit && change.status === 'completed' && current.status === 'completed') {
    return { duty: presentDuty(current, currentDetails, supervisorName), changed: false, dataChange: asItIs(current) };
  }
  const reopenRefused = change.status === 'processing' ? reopenRefusal(actor, current) : null;
  if (reopenRefused) throw refuse(403, reopenRefused);
  const refusal = dutyEditRefusal(actor, { supervisor: current.supervisorId, status: current.status, completedDay: current.completedDay }, dayInZone(deps.now(), deps.config.appTz));
  if (refusal) throw refuse(403, refusal);
  const currentCrew = currentDetails.map((member) => member._id);
  if (change.edit) await checkCrew(deps.db, current.work, change.edit.workerIds, currentCrew);
  // a completed duty of a month whose payroll is final, or one completed today into such a month, stays as it is
  const today = dayInZone(deps.now(), deps.config.appTz);
  const touchedMonths = [current.completedDay, change.status === 'completed' && current.status !== 'completed' ? today : null].filter((day) => day !== null);
  await refuseFinalMonths(deps.db, touchedMonths.map((day) => day.slice(0, 7)), [current.work], [...currentCrew, ...(change.edit?.workerIds ?? [])]);

  let reqq = current.reqq;
  if (change.edit && change.edit.totalCoach !== current.totalCoach) {
    reqq = requiredStaff(change.edit.totalCoach, await staffingNorm(deps.db, current.work));
  }
  const now = deps.now();
  const completing = change.status === 'completed' && current.status !== 'completed';
  const reopening = change.status === 'processing' && current.status === 'completed';

  const tx = deps.db;
  const [row] = await tx
    .update(duties)
    .set({
      status: change.status,
      updatedAt: now,
      version: sql`${duties.version} + 1`,
      ...(completing ? { completedAt: now, completedDay: dayInZone(now, deps.config.appTz) } : {}),
      ...(reopening ? { completedAt: null, completedDay: null } : {}),
      ...(change.returned !== undefined ? { returned: change.returned } : {}),
      ...(change.edit
        ? { trainNo: change.edit.trainNo, totalCoach: change.edit.totalCoach, reqq, used: change.edit.workerIds.length }
        : {}),
    })
    // the version read above must still be the one in the database: otherwise someone
    // changed the duty in between, and this change must not overwrite theirs
    .where(and(eq(duties.id, id), eq(duties.version, current.version)))
    .returning();
  if (!row) {
    // lost a race with another save; a plain completion that lost to another completion is no change
    const [latest] = await deps.db.select().from(duties).where(eq(duties.id, id));
    // deleted meanwhile (DELETE /mcctrain/deletework/{id})
    if (!latest) throw refuse(404, MSG.dutyNotFound);
    if (!change.edit && change.version === undefined && latest.status === change.status) {
      return { duty: (await presentDuties(deps.db, [latest]))[0]!, changed: false, dataChange: asItIs(latest) };
    }
    throw refuse(409, MSG.dutyStale);
  }
  // the duty's lists, and the lists of the work types its crew, old and new, has at the commit
  const changeWith = (crewWorks: string[]) =>
    dutyChange([current.work, ...crewWorks], current.status === 'processing' || row.status === 'processing', [current.completedDay, row.completedDay]);
  const audit = (crew: string[]) =>
    auditInsert(tx, actor, [
      {
        action: change.edit ? 'duty.update' : completing ? 'duty.complete' : 'duty.status',
        entity: 'duty',
        entityId: id,
        before: dutyAudit(current, currentCrew),
        after: dutyAudit(row, crew),
      },
    ]);
  if (change.edit) {
    const crew = change.edit.workerIds;
    await tx.delete(dutyWorkers).where(eq(dutyWorkers.dutyId, id));
    await tx.insert(dutyWorkers).values(crew.map((staffId) => ({ dutyId: id, staffId, completedDay: row.completedDay })));
    await audit(crew);
    const locked = await tx.execute(sql`select ${lockedWorksOf([...currentCrew, ...crew])} as works`);
    // a new crew is read back in the lists' order
    return { duty: (await presentDuties(tx, [row]))[0]!, changed: true, dataChange: changeWith(worksIn(locked)) };
  }
  if (completing || reopening) {
    // the crew rows carry the duty's completed day, for attendance by worker and day; with
    // the audit row and the crew's work types in one statement (one round trip)
    const written = await tx.execute(sql`
      with crew as (${tx.update(dutyWorkers).set({ completedDay: row.completedDay }).where(eq(dutyWorkers.dutyId, id)).getSQL()}),
        audit as (${audit(currentCrew).getSQL()})
      select ${lockedWorksOf(currentCrew)} as works`);
    return { duty: presentDuty(row, currentDetails, supervisorName), changed: true, dataChange: changeWith(worksIn(written)) };
  }
  // the returned bedsheets: the duty's own fields, its crew unchanged
  await audit(currentCrew);
  return { duty: presentDuty(row, currentDetails, supervisorName), changed: true, dataChange: changeWith([]) };
}

/**
 * DELETE /mcctrain/deletework/{id} (managers and admins): removes a mistaken duty and its
 * crew in one transaction, and keeps the whole duty, crew ids included, in the audit
 * trail. Attendance and the dashboard read the duty and crew rows, so they stop counting
 * it at once. A duty already gone (a retried delete) is not found.
 */
export async function deleteDuty(deps: AppDeps, actor: AccountRow, id: string): Promise<void> {
  const tx = deps.db;
  // locked, so a parallel edit or completion waits and then finds the duty gone
  const [row] = await tx.select().from(duties).where(eq(duties.id, id)).for('update');
  if (!row) throw refuse(404, MSG.dutyNotFound);
  if (row.completedDay) {
    const members = await tx.select({ id: dutyWorkers.staffId }).from(dutyWorkers).where(eq(dutyWorkers.dutyId, id));
    await refuseFinalMonths(tx, [row.completedDay.slice(0, 7)], [row.work], members.map((member) => member.id));
  }
  const crew = await tx.delete(dutyWorkers).where(eq(dutyWorkers.dutyId, id)).returning({ id: dutyWorkers.staffId });
  await tx.delete(duties).where(eq(duties.id, id));
  await recordAudit(tx, actor, [{ action: 'duty.delete', entity: 'duty', entityId: id, before: deletedDutyAudit(row, crew.map((member) => member.id)) }]);
}
