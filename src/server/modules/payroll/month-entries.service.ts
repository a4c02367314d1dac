import { and, eq, sql } from 'drizzle-orm';
import { formatRupees } from '../../../shared/money.js';
import { MSG } from '../../../shared/messages.js';
import { shiftMonth } from '../../../shared/months.js';
import { toRupees, withinDeductionLimit, type DeductionKind, type DayMarkKind } from '../../../shared/payroll.js';
import type { Deduction } from '../../../shared/schemas/payroll.js';
import { daysBetween } from '../../../shared/time.js';
import { toWorkType, type WorkType } from '../../../shared/work-types.js';
import { rowsOf, type Database } from '../../db/connect.js';
import { deductions, staff } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { recordAudit, type Actor } from '../audit/audit.service.js';
import { draftPayroll, refuseFinalMonths, type PayrollClock } from './payroll.service.js';

/**
 * What the manager records beside the duties for a worker's month (issue 26): deductions
 * (advances, fines, damages, other) and days that are not duties (leave, weekly off,
 * holiday). Both refuse a month whose payroll is final (409).
 */

function refuse(status: number, message: string): HttpError {
  return new HttpError(status, message, { success: false, message });
}

/** The staff record a mark or deduction is for (404 when there is none). */
async function workerOf(db: Database, staffId: string): Promise<{ id: string; name: string; empId: string; work: string | null }> {
  const [row] = await db.select({ id: staff.id, name: staff.name, empId: staff.empId, work: staff.work }).from(staff).where(eq(staff.id, staffId));
  if (!row) throw refuse(404, MSG.workerNotFound);
  return row;
}

const worksOf = (work: string | null) => (work ? [work.toLowerCase()] : []);

type DeductionRow = typeof deductions.$inferSelect;

function presentDeduction(row: DeductionRow, worker: { name: string; empId: string }): Deduction {
  return {
    _id: row.id,
    staffId: row.staffId,
    name: worker.name,
    empid: worker.empId,
    month: row.month,
    kind: row.kind as DeductionKind,
    amount: Number(row.amount),
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * POST /payroll/deductions. The worker's total deductions — EPF and ESI of the current
 * draft, the month's other deductions and this one — may not exceed 50 % of the month's
 * wages (422 naming the limit).
 */
export async function addDeduction(
  db: Database,
  clock: PayrollClock,
  actor: Actor,
  /** the parsed body: `amount` in paise */
  request: { staffId: string; month: string; kind: DeductionKind; amount: number; reason: string },
): Promise<Deduction> {
  const worker = await workerOf(db, request.staffId);
  await refuseFinalMonths(db, [request.month], worksOf(worker.work), [worker.id]);
  const work = toWorkType(worker.work);
  // serialises deductions of one worker: two at once cannot both pass the limit
  await db.execute(sql`select id from staff where id = ${worker.id} for update`);
  const row = work ? (await draftPayroll(db, clock, work, request.month)).rows.find((r) => r.staffId === worker.id) : undefined;
  if (!row || row.gross <= 0) throw refuse(422, MSG.payroll.noWagesForDeduction);
  const grossPaise = Math.round(row.gross * 100);
  const totalPaise = Math.round((row.pfEmployee + row.esiEmployee + row.otherDeductions) * 100) + request.amount;
  if (!withinDeductionLimit(grossPaise, totalPaise)) {
    throw refuse(422, MSG.payroll.overDeductionLimit(formatRupees(toRupees(Math.floor(grossPaise / 2))), formatRupees(toRupees(totalPaise))));
  }
  const [inserted] = await db
    .insert(deductions)
    .values({ staffId: worker.id, month: request.month, kind: request.kind, amount: (request.amount / 100).toFixed(2), reason: request.reason, createdBy: actor.id })
    .returning();
  const deduction = presentDeduction(inserted!, worker);
  await recordAudit(db, actor, [{ action: 'deduction.create', entity: 'deduction', entityId: deduction._id, after: deductionAudit(deduction) }]);
  return deduction;
}

function deductionAudit(deduction: Deduction): Record<string, unknown> {
  const { createdAt: _createdAt, name: _name, empid: _empid, ...rest } = deduction;
  return rest;
}

/** GET /payroll/deductions: the month's deductions of a work type's workers (or one worker), oldest first. */
export async function listDeductions(db: Database, work: WorkType, month: string, staffId: string | undefined): Promise<Deduction[]> {
  const rows = await db
    .select({ deduction: deductions, name: staff.name, empId: staff.empId })
    .from(deductions)
    .innerJoin(staff, eq(staff.id, deductions.staffId))
    .where(and(eq(deductions.month, month), staffId ? eq(deductions.staffId, staffId) : sql`lower(${staff.work}) = ${work}`))
    .orderBy(deductions.createdAt, deductions.id);
  return rows.map((row) => presentDeduction(row.deduction, row));
}

/** DELETE /payroll/deductions/{id}: not in a final month. */
export async function removeDeduction(db: Database, actor: Actor, id: string): Promise<void> {
  const [row] = await db
    .select({ deduction: deductions, name: staff.name, empId: staff.empId, work: staff.work })
    .from(deductions)
    .innerJoin(staff, eq(staff.id, deductions.staffId))
    .where(eq(deductions.id, id))
    .for('update', { of: deductions });
  if (!row) throw refuse(404, MSG.payroll.deductionNotFound);
  await refuseFinalMonths(db, [row.deduction.month], worksOf(row.work), [row.deduction.staffId]);
  await db.delete(deductions).where(eq(deductions.id, id));
  await recordAudit(db, actor, [{ action: 'deduction.delete', entity: 'deduction', entityId: id, before: deductionAudit(presentDeduction(row.deduction, row)) }]);
}

/** The months 'YYYY-MM' a range of days touches. */
function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  for (let month = from.slice(0, 7); month <= to.slice(0, 7); month = shiftMonth(month, 1)) months.push(month);
  return months;
}

/**
 * POST /attendance/marks: sets the worker's days from..to to one kind (replacing earlier
 * marks of those days), or clears them. Answers how many days changed. One audit row.
 */
export async function markDays(
  db: Database,
  actor: Actor,
  request: { staffId: string; from: string; to: string; kind: DayMarkKind | 'clear' },
): Promise<number> {
  const worker = await workerOf(db, request.staffId);
  await refuseFinalMonths(db, monthsOf(request.from, request.to), worksOf(worker.work), [worker.id]);
  let changed: number;
  if (request.kind === 'clear') {
    const result = await db.execute(sql`
      delete from day_marks where staff_id = ${worker.id} and day between ${request.from}::date and ${request.to}::date returning day`);
    changed = rowsOf(result).length;
  } else {
    const result = await db.execute(sql`
      insert into day_marks (staff_id, day, kind, created_by)
      select ${worker.id}, d::date, ${request.kind}, ${actor.id}
      from generate_series(${request.from}::date, ${request.to}::date, interval '1 day') as d
      on conflict (staff_id, day) do update set kind = excluded.kind, created_by = excluded.created_by, created_at = now()
      where day_marks.kind is distinct from excluded.kind
      returning day`);
    changed = rowsOf(result).length;
  }
  if (changed > 0) {
    await recordAudit(db, actor, [
      {
        action: 'attendance.mark',
        entity: 'staff',
        entityId: worker.id,
        after: { from: request.from, to: request.to, kind: request.kind, days: changed, span: daysBetween(request.from, request.to) + 1 },
      },
    ]);
  }
  return changed;
}
