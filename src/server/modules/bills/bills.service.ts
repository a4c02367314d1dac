import { desc, eq, sql } from 'drizzle-orm';
import { moneyPaise } from '../../../shared/money.js';
import { monthLabel } from '../../../shared/months.js';
import type { BillStatus } from '../../../shared/bills.js';
import { MSG } from '../../../shared/messages.js';
import type { Bill, BillValues, NewBill } from '../../../shared/schemas/bills.js';
import type { WorkType } from '../../../shared/work-types.js';
import type { Database } from '../../db/connect.js';
import { bills, contractPeriods } from '../../db/schema.js';
import { HttpError, isUniqueViolation } from '../../http-error.js';
import { recordAudit, type Actor } from '../audit/audit.service.js';

export type BillRow = typeof bills.$inferSelect;

/** The lock of one work type's bills (see lockBillsOf). */
const BILLS_LOCK = 4242027;

/**
 * Serialises the writes of one work type's bills and of what they are made from (issue 27):
 * adding or changing a bill, making it from the duties, adding or removing a hand-added
 * penalty, saving contract terms. Each checks a bill's status (Bill Passed refuses the
 * others) or the month's bill before it writes, so two at once cannot both pass on stale
 * reads: two "Create bill from duties" of a month would otherwise both insert (one then
 * failing on bills_work_month_key), and a penalty could slip into a month just passed.
 * Transaction-scoped; taken before any row lock of a bill, always in that order.
 */
export async function lockBillsOf(tx: Pick<Database, 'execute'>, work: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${BILLS_LOCK}, hashtext(${work}))`);
}

/**
 * Whole paise of a numeric(…, 2) column as PostgreSQL writes it ('125000.50', '-3.00'), by
 * integer arithmetic: never through a float.
 */
export function numericPaise(value: string): number {
  const negative = value.startsWith('-');
  const paise = moneyPaise(negative ? value.slice(1) : value);
  if (paise === null) throw new Error(`numericPaise: ${JSON.stringify(value)} is not an amount of money`);
  return negative ? -paise : paise;
}

/** Paise as the exact text of a numeric(…, 2) value ('12345.06'), by integer arithmetic. */
export function paiseNumeric(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new Error(`paiseNumeric: ${paise} is not a whole number of paise`);
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function presentBill(row: BillRow): Bill {
  return {
    _id: row.id,
    month: row.month,
    work: row.work,
    // bills_status_check keeps the column to BILL_STATUSES
    status: row.status as BillStatus,
    billvalue: numericPaise(row.billValue) / 100,
    penalty: numericPaise(row.penalty) / 100,
    netamount: numericPaise(row.netAmount) / 100,
    consumedcoach: row.consumedCoach,
    contractperiod: row.contractPeriod,
    fromDuties: row.computed != null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function auditCopy(row: BillRow): Record<string, unknown> {
  const { createdAt: _c, updatedAt: _u, ...rest } = presentBill(row);
  return rest;
}

/** The bill columns of a checked request (the schemas of src/shared/schemas/bills.ts). */
function columns(values: Omit<BillValues, 'reason'>) {
  return {
    status: values.status,
    billValue: values.billvalue,
    penalty: values.penalty,
    netAmount: values.netamount,
    consumedCoach: values.consumedcoach,
    contractPeriod: values.contractperiod,
  };
}

/**
 * GET /mcctrain/getbills: newest month first, optionally of one work type. A bill without
 * its own contract period shows the one of the contract terms in force for its month
 * (issue 27), else its work type's legacy contract period.
 */
export async function listBills(db: Database, work: WorkType | undefined): Promise<Bill[]> {
  const rows = await db
    .select({
      bill: bills,
      period: contractPeriods.period,
      termsPeriod: sql<string | null>`(
        select t.contract_period from contract_terms t
        where t.work = ${bills.work} and t.effective_from <= ${bills.month}
        order by t.effective_from desc limit 1)`,
    })
    .from(bills)
    .leftJoin(contractPeriods, eq(contractPeriods.work, bills.work))
    .where(work ? eq(bills.work, work) : undefined)
    .orderBy(desc(bills.month), bills.work);
  return rows.map((row) => presentBill({ ...row.bill, contractPeriod: row.bill.contractPeriod ?? row.termsPeriod ?? row.period }));
}

export type CreateBillResult = { created: true; bill: Bill } | { created: false; msg: string };

/** POST /mcctrain/createbill: one bill per work type and month. */
export async function createBill(db: Database, actor: Actor, request: NewBill): Promise<CreateBillResult> {
  const value = { ...columns(request), work: request.work, month: request.month };
  await lockBillsOf(db, value.work);
  try {
    // a savepoint inside the request's transaction: a taken month is answered, not a fault
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx.insert(bills).values(value).returning();
      await recordAudit(tx, actor, [{ action: 'bill.create', entity: 'bill', entityId: inserted!.id, after: auditCopy(inserted!) }]);
      return inserted!;
    });
    return { created: true, bill: presentBill(row) };
  } catch (error) {
    if (isUniqueViolation(error)) return { created: false, msg: MSG.billExists(monthLabel(value.month), value.work.toUpperCase()) };
    throw error;
  }
}

/** Whether a change sets another bill value, penalty, net amount or coach count than the bill has. */
function figuresChange(before: BillRow, change: ReturnType<typeof columns>): boolean {
  return (
    moneyPaise(change.billValue) !== numericPaise(before.billValue) ||
    moneyPaise(change.penalty) !== numericPaise(before.penalty) ||
    moneyPaise(change.netAmount) !== numericPaise(before.netAmount) ||
    change.consumedCoach !== before.consumedCoach
  );
}

/**
 * PUT /mcctrain/update-bill/{id}: amounts, coaches and status; any status change is allowed.
 * A bill made from the duties (issue 27) changes a figure only with a reason (422 without);
 * the same figures (a status change) need none. The reason, when given, is in the audit entry.
 */
export async function updateBill(db: Database, actor: Actor, id: string, request: BillValues): Promise<Bill> {
  const { reason, ...values } = request;
  const change = columns(values);
  const [found] = await db.select({ work: bills.work }).from(bills).where(eq(bills.id, id));
  if (!found) throw new HttpError(404, MSG.billNotFound);
  // the work type's lock before the row's, as every bill write takes them (a bill's work type never changes)
  await lockBillsOf(db, found.work);
  const [before] = await db.select().from(bills).where(eq(bills.id, id)).for('update');
  if (!before) throw new HttpError(404, MSG.billNotFound);
  if (before.computed != null && !reason && figuresChange(before, change)) throw new HttpError(422, MSG.billDraft.reasonRequired);
  const [after] = await db
    .update(bills)
    .set({ ...change, contractPeriod: change.contractPeriod ?? before.contractPeriod, updatedAt: new Date() })
    .where(eq(bills.id, id))
    .returning();
  await recordAudit(db, actor, [
    { action: 'bill.update', entity: 'bill', entityId: id, before: auditCopy(before), after: reason ? { ...auditCopy(after!), reason } : auditCopy(after!) },
  ]);
  return presentBill(after!);
}

/** DELETE /mcctrain/delete-bill/{id}. */
export async function deleteBill(db: Database, actor: Actor, id: string): Promise<void> {
  const [removed] = await db.delete(bills).where(eq(bills.id, id)).returning();
  if (!removed) throw new HttpError(404, MSG.billNotFound);
  await recordAudit(db, actor, [{ action: 'bill.delete', entity: 'bill', entityId: id, before: auditCopy(removed) }]);
}
