import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { moneyPaise } from '../../../shared/money.js';
import { monthLabel } from '../../../shared/months.js';
import { BILL_STATUSES, type BillStatus } from '../../../shared/bills.js';
import { LIST_EXPORT_MAX_ROWS, type ListSheet, type SortOrder } from '../../../shared/list-view.js';
import type { BILL_SORT_KEYS } from '../../../shared/schemas/bills.js';
import { MSG } from '../../../shared/messages.js';
import type { Bill, BillValues, NewBill } from '../../../shared/schemas/bills.js';
import { toWorkType, WORK_TYPE_SELECT_LABELS, type WorkType } from '../../../shared/work-types.js';
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

/** The bill list's filters (issue 28; SPEC's is `work` alone). */
export interface BillFilters {
  work?: WorkType | undefined;
  status?: BillStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
  sort?: SortOrder<(typeof BILL_SORT_KEYS)[number]> | undefined;
}

/** The order of a sort: by the column, then newest month and work type; SPEC's newest month first without one. */
function billOrder(sort: BillFilters['sort']): SQL[] {
  const fallback = [desc(bills.month), asc(bills.work)];
  if (!sort) return fallback;
  // statuses in their own order (Processing … Bill Passed), not alphabetically
  const column = {
    month: sql`${bills.month}`,
    billvalue: sql`${bills.billValue}`,
    penalty: sql`${bills.penalty}`,
    netamount: sql`${bills.netAmount}`,
    status: sql`array_position(array[${sql.join(BILL_STATUSES.map((status) => sql`${status}`), sql`, `)}]::text[], ${bills.status})`,
  }[sort.key];
  return [sort.desc ? sql`${column} desc` : sql`${column} asc`, ...fallback];
}

/**
 * GET /mcctrain/getbills: newest month first, optionally of one work type; and (issue 28)
 * of one status, within a month range, sorted by a column. A bill without its own contract
 * period shows the one of the contract terms in force for its month (issue 27), else its
 * work type's legacy contract period.
 */
export async function listBills(db: Database, filters: BillFilters): Promise<Bill[]> {
  const conditions: SQL[] = [];
  if (filters.work) conditions.push(eq(bills.work, filters.work));
  if (filters.status) conditions.push(eq(bills.status, filters.status));
  if (filters.from) conditions.push(gte(bills.month, filters.from));
  if (filters.to) conditions.push(lte(bills.month, filters.to));
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
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(...billOrder(filters.sort));
  return rows.map((row) => presentBill({ ...row.bill, contractPeriod: row.bill.contractPeriod ?? row.termsPeriod ?? row.period }));
}

/**
 * The bill list's view as a spreadsheet (issue 28): month, work type, status and the three
 * amounts (₹, two decimals), and a Total row added up in integer paise.
 */
export async function billsSheet(db: Database, filters: BillFilters): Promise<ListSheet> {
  const rows = await db
    .select()
    .from(bills)
    .where(
      and(
        filters.work ? eq(bills.work, filters.work) : undefined,
        filters.status ? eq(bills.status, filters.status) : undefined,
        filters.from ? gte(bills.month, filters.from) : undefined,
        filters.to ? lte(bills.month, filters.to) : undefined,
      ),
    )
    .orderBy(...billOrder(filters.sort))
    .limit(LIST_EXPORT_MAX_ROWS + 1);
  const L = MSG.officeLists;
  const names: string[] = [];
  names.push(`${MSG.fields.workType}: ${filters.work ? WORK_TYPE_SELECT_LABELS[filters.work] : MSG.lists.allWorkTypes}`);
  if (filters.status) names.push(`${MSG.columnStatus}: ${filters.status}`);
  if (filters.from || filters.to) names.push(`${MSG.columnMonth}: ${filters.from ? monthLabel(filters.from) : '…'} – ${filters.to ? monthLabel(filters.to) : '…'}`);
  const total = { billValue: 0, penalty: 0, netAmount: 0 };
  const lines = rows.map((row) => {
    const figures = { billValue: numericPaise(row.billValue), penalty: numericPaise(row.penalty), netAmount: numericPaise(row.netAmount) };
    total.billValue += figures.billValue;
    total.penalty += figures.penalty;
    total.netAmount += figures.netAmount;
    return [monthLabel(row.month), WORK_TYPE_SELECT_LABELS[toWorkType(row.work) ?? 'mcc'] ?? row.work, row.status, figures.billValue, figures.penalty, figures.netAmount];
  });
  return {
    sheetName: L.billsTitle,
    title: L.billsTitle,
    filters: names,
    columns: [
      { header: MSG.columnMonth, kind: 'text', width: 16 },
      { header: MSG.fields.workType, kind: 'text', width: 14 },
      { header: MSG.columnStatus, kind: 'text', width: 18 },
      { header: MSG.billValue, kind: 'money' },
      { header: MSG.penalty, kind: 'money' },
      { header: MSG.netAmount, kind: 'money' },
    ],
    rows: lines,
    totals: [null, null, null, total.billValue, total.penalty, total.netAmount],
  };
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
