import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { MSG } from '../../../shared/messages.js';
import { ROLE } from '../../../shared/roles.js';
import type { StaffInput, Worker } from '../../../shared/schemas/staff.js';
import { maskAadhar } from '../../../shared/staff.js';
import { toWorkType } from '../../../shared/work-types.js';
import type { Database } from '../../db/connect.js';
import { duties, dutyWorkers, sessions, staff, users } from '../../db/schema.js';
import { HttpError, violatedConstraint } from '../../http-error.js';
import type { AccountRow } from '../auth/accounts.service.js';
import { recordAudit, type Actor } from '../audit/audit.service.js';

export type StaffRow = typeof staff.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** How much of a record a reader sees. */
export type StaffView = 'full' | 'list' | 'crew';

/**
 * Presents a staff record (SPEC §3 field names). 'full' is the edit form's view; 'list'
 * masks the Aadhaar; 'crew' (supervisors choosing a crew) leaves out Aadhaar, bank, UAN,
 * ESI and wage.
 */
export function presentWorker(row: StaffRow & { userId?: string | null; liveDuty?: string | null }, view: StaffView): Worker {
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
    acnumber: row.acNumber,
    uanno: row.uanNo,
    esino: row.esiNo,
    status: row.status,
    userId: row.userId ?? null,
    liveDuty: row.liveDuty ?? null,
    createdAt,
    updatedAt,
  };
}

/** The audit trail's copy of a record: everything but the Aadhaar in full. */
function auditCopy(row: StaffRow): Record<string, unknown> {
  return { ...presentWorker(row, 'full'), aadhar: maskAadhar(row.aadhar) };
}

/** The staff table's columns of a validated form or import row, Emp ID aside. */
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
  };
}

export type CreateWorkerResult = { created: true; worker: StaffRow } | { created: false; reason: 'aadhar-taken' };

/** Inserts a staff record inside the caller's transaction and audits it. */
/** The values of a new staff row; without an Emp ID the database generates one. */
export function newStaffValues(input: StaffInput) {
  return { ...columnsOf(input), ...(input.empid ? { empId: input.empid } : {}) };
}

export async function insertWorker(tx: Tx, actor: Actor | null, input: StaffInput): Promise<StaffRow> {
  const [row] = await tx
    .insert(staff)
    .values(newStaffValues(input))
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
export async function createWorker(db: Database, actor: Actor | null, input: StaffInput): Promise<CreateWorkerResult> {
  // A generated Emp ID can meet one typed in earlier by hand; the sequence moves on, so retry.
  for (let attempt = 0; ; attempt += 1) {
    try {
      const worker = await db.transaction((tx) => insertWorker(tx, actor, input));
      return { created: true, worker };
    } catch (error) {
      const conflict = staffConflict(error);
      if (conflict === 'aadhar') return { created: false, reason: 'aadhar-taken' };
      if (conflict === 'empid' && input.empid) throw new HttpError(409, MSG.empIdTaken);
      if (conflict === 'empid' && attempt < 5) continue;
      throw error;
    }
  }
}

export interface WorkerFilters {
  work?: string | undefined;
  status?: string | undefined;
  q?: string | undefined;
  limit: number;
  offset: number;
}

/**
 * GET /worker/get-workers: newest first, filtered and paged in SQL. A supervisor sees only
 * the staff of their own work type, without the private fields.
 */
export async function listWorkers(db: Database, viewer: AccountRow, filters: WorkerFilters): Promise<{ workers: Worker[]; total: number }> {
  const isCrewView = viewer.role === ROLE.supervisor;
  let work = filters.work;
  if (isCrewView) {
    const own = toWorkType(viewer.work);
    if (!own) return { workers: [], total: 0 };
    work = own;
  }
  const conditions: SQL[] = [];
  if (work) conditions.push(eq(staff.work, work));
  if (filters.status) conditions.push(eq(staff.status, filters.status));
  if (filters.q) {
    const pattern = `%${filters.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(staff.name, pattern), ilike(staff.phone, pattern), ilike(staff.empId, pattern))!);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  // Flags a worker already on a live duty in the crew suggestions (not forbidden). The few
  // hundred live duties' crews are gathered once (partial index on live duties, then the
  // crew by duty), not looked up per worker through years of assignments.
  const liveCrew = db.$with('live_crew').as(
    db
      .selectDistinctOn([dutyWorkers.staffId], {
        staffId: dutyWorkers.staffId,
        liveDuty: sql<string>`coalesce(${duties.trainNo}, upper(${duties.work}))`.as('live_duty'),
      })
      .from(duties)
      .innerJoin(dutyWorkers, eq(dutyWorkers.dutyId, duties.id))
      .where(eq(duties.status, 'processing'))
      .orderBy(dutyWorkers.staffId, desc(duties.createdAt)),
  );
  const rows = await db
    .with(liveCrew)
    .select({
      staff,
      userId: users.id,
      total: sql<number>`count(*) over ()`.mapWith(Number),
      liveDuty: liveCrew.liveDuty,
    })
    .from(staff)
    .leftJoin(users, eq(users.staffId, staff.id))
    .leftJoin(liveCrew, eq(liveCrew.staffId, staff.id))
    .where(where)
    .orderBy(desc(staff.createdAt), desc(staff.id))
    .limit(filters.limit)
    .offset(filters.offset);
  const view: StaffView = isCrewView ? 'crew' : 'list';
  return {
    workers: rows.map((row) => presentWorker({ ...row.staff, userId: row.userId, liveDuty: row.liveDuty }, view)),
    total: rows[0]?.total ?? 0,
  };
}

export async function getWorker(db: Database, id: string): Promise<(StaffRow & { userId: string | null }) | undefined> {
  const [row] = await db
    .select({ staff, userId: users.id })
    .from(staff)
    .leftJoin(users, eq(users.staffId, staff.id))
    .where(eq(staff.id, id))
    .limit(1);
  return row ? { ...row.staff, userId: row.userId } : undefined;
}

/**
 * PUT /worker/update-worker/{id}: changes every field of the form in one transaction with
 * its audit entry. Setting Resigned ends the sessions of the person's account.
 */
export async function updateWorker(db: Database, actor: Actor, id: string, input: StaffInput): Promise<StaffRow> {
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx.select().from(staff).where(eq(staff.id, id)).for('update');
      if (!before) throw new HttpError(404, MSG.workerNotFound);
      const [after] = await tx
        .update(staff)
        .set({ ...columnsOf(input), empId: input.empid ?? before.empId, updatedAt: new Date() })
        .where(eq(staff.id, id))
        .returning();
      await recordAudit(tx, actor, [
        { action: 'staff.update', entity: 'staff', entityId: id, before: auditCopy(before), after: auditCopy(after!) },
      ]);
      if (after!.status === 'Resigned' && before.status !== 'Resigned') {
        await tx.execute(sql`delete from ${sessions} where user_id in (select id from ${users} where staff_id = ${id})`);
      }
      // keep the account's name, phone and work type in step with the register
      await tx
        .update(users)
        .set({ name: after!.name, phone: after!.phone, work: after!.work, updatedAt: new Date() })
        .where(eq(users.staffId, id));
      return after!;
    });
  } catch (error) {
    const conflict = staffConflict(error);
    if (conflict === 'aadhar') throw new HttpError(409, MSG.aadharTaken);
    if (conflict === 'empid') throw new HttpError(409, MSG.empIdTaken);
    throw error;
  }
}

/** GET /auth/getsupervisor: supervisors who can sign in, by name. */
export async function listSupervisors(db: Database): Promise<{ _id: string; name: string; work: string | null }[]> {
  const rows = await db
    .select({ id: users.id, name: users.name, work: users.work })
    .from(users)
    .leftJoin(staff, eq(staff.id, users.staffId))
    .where(
      and(
        eq(users.role, ROLE.supervisor),
        eq(users.disabled, false),
        sql`coalesce(${staff.status}, 'Active') <> 'Resigned'`,
      ),
    )
    .orderBy(users.name);
  return rows.map((row) => ({ _id: row.id, name: row.name, work: row.work }));
}
