import { desc, eq } from 'drizzle-orm';
import { monthLabel } from '../../../shared/months.js';
import type { BillStatus } from '../../../shared/bills.js';
import { MSG } from '../../../shared/messages.js';
import type { Bill, BillValues, NewBill } from '../../../shared/schemas/bills.js';
import type { WorkType } from '../../../shared/work-types.js';
import type { Database } from '../../db/connect.js';
import { bills, contractPeriods } from '../../db/schema.js';
import { HttpError, isUniqueViolation } from '../../http-error.js';
import { recordAudit, type Actor } from '../audit/audit.service.js';

type BillRow = typeof bills.$inferSelect;

function presentBill(row: BillRow): Bill {
  return {
    _id: row.id,
    month: row.month,
    work: row.work,
    // bills_status_check keeps the column to BILL_STATUSES
    status: row.status as BillStatus,
    billvalue: Number(row.billValue),
    penalty: Number(row.penalty),
    netamount: Number(row.netAmount),
    consumedcoach: row.consumedCoach,
    contractperiod: row.contractPeriod,
    fromDuties: row.computed != null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function auditCopy(row: BillRow): Record<string, unknown> {
  const { createdAt: _c, updatedAt: _u, ...rest } = presentBill(row);
  return rest;
}

/** The bill columns of a checked request (the schemas of src/shared/schemas/bills.ts). */
function columns(values: BillValues) {
  return {
    status: values.status,
    billValue: values.billvalue,
    penalty: values.penalty,
    netAmount: values.netamount,
    consumedCoach: values.consumedcoach,
    contractPeriod: values.contractperiod,
  };
}

/** GET /mcctrain/getbills: newest month first, optionally of one work type. */
export async function listBills(db: Database, work: WorkType | undefined): Promise<Bill[]> {
  const rows = await db
    .select({ bill: bills, period: contractPeriods.period })
    .from(bills)
    .leftJoin(contractPeriods, eq(contractPeriods.work, bills.work))
    .where(work ? eq(bills.work, work) : undefined)
    .orderBy(desc(bills.month), bills.work);
  // a bill without its own contract period shows its work type's (set by the admin)
  return rows.map((row) => presentBill({ ...row.bill, contractPeriod: row.bill.contractPeriod ?? row.period }));
}

export type CreateBillResult = { created: true; bill: Bill } | { created: false; msg: string };

/** POST /mcctrain/createbill: one bill per work type and month. */
export async function createBill(db: Database, actor: Actor, request: NewBill): Promise<CreateBillResult> {
  const value = { ...columns(request), work: request.work, month: request.month };
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

/** PUT /mcctrain/update-bill/{id}: amounts, coaches and status; any status change is allowed. */
export async function updateBill(db: Database, actor: Actor, id: string, request: BillValues): Promise<Bill> {
  const change = columns(request);
  const [before] = await db.select().from(bills).where(eq(bills.id, id)).for('update');
  if (!before) throw new HttpError(404, MSG.billNotFound);
  const [after] = await db
    .update(bills)
    .set({ ...change, contractPeriod: change.contractPeriod ?? before.contractPeriod, updatedAt: new Date() })
    .where(eq(bills.id, id))
    .returning();
  await recordAudit(db, actor, [{ action: 'bill.update', entity: 'bill', entityId: id, before: auditCopy(before), after: auditCopy(after!) }]);
  return presentBill(after!);
}

/** DELETE /mcctrain/delete-bill/{id}. */
export async function deleteBill(db: Database, actor: Actor, id: string): Promise<void> {
  const [removed] = await db.delete(bills).where(eq(bills.id, id)).returning();
  if (!removed) throw new HttpError(404, MSG.billNotFound);
  await recordAudit(db, actor, [{ action: 'bill.delete', entity: 'bill', entityId: id, before: auditCopy(removed) }]);
}
