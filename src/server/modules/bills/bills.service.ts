import { and, desc, eq } from 'drizzle-orm';
import { MONTH_NAMES } from '../../../shared/attendance.js';
import { MSG } from '../../../shared/messages.js';
import { checkBillEdit, checkNewBill, type Bill, type CreateBillRequest, type UpdateBillRequest } from '../../../shared/schemas/bills.js';
import type { WorkType } from '../../../shared/work-types.js';
import type { Database } from '../../db/connect.js';
import { bills, contractPeriods } from '../../db/schema.js';
import { HttpError, isUniqueViolation } from '../../http-error.js';
import { recordAudit, type Actor } from '../audit/audit.service.js';
import { UUID } from '../../../shared/schemas/input-rules.js';

type BillRow = typeof bills.$inferSelect;

export function presentBill(row: BillRow): Bill {
  return {
    _id: row.id,
    month: row.month,
    work: row.work,
    status: row.status,
    billvalue: Number(row.billValue),
    penalty: Number(row.penalty),
    netamount: Number(row.netAmount),
    consumedcoach: row.consumedCoach,
    contractperiod: row.contractPeriod,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function auditCopy(row: BillRow): Record<string, unknown> {
  const { createdAt: _c, updatedAt: _u, ...rest } = presentBill(row);
  return rest;
}

function monthLabel(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return `${MONTH_NAMES[number - 1]} ${year}`;
}

/** GET /mcctrain/getbills: newest month first, optionally of one work type. */
export async function listBills(db: Database, work?: WorkType): Promise<Bill[]> {
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
export async function createBill(db: Database, actor: Actor, request: CreateBillRequest): Promise<CreateBillResult> {
  const checked = checkNewBill(request);
  if (!checked.ok) throw new HttpError(400, checked.message);
  const value = checked.value;
  try {
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
export async function updateBill(db: Database, actor: Actor, id: string, request: UpdateBillRequest): Promise<Bill> {
  const checked = checkBillEdit(request);
  if (!checked.ok) throw new HttpError(400, checked.message);
  if (!UUID.test(id)) throw new HttpError(404, MSG.billNotFound);
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(bills).where(eq(bills.id, id)).for('update');
    if (!before) throw new HttpError(404, MSG.billNotFound);
    const [after] = await tx
      .update(bills)
      .set({ ...checked.value, contractPeriod: checked.value.contractPeriod ?? before.contractPeriod, updatedAt: new Date() })
      .where(and(eq(bills.id, id)))
      .returning();
    await recordAudit(tx, actor, [{ action: 'bill.update', entity: 'bill', entityId: id, before: auditCopy(before), after: auditCopy(after!) }]);
    return after!;
  });
  return presentBill(row);
}

/** DELETE /mcctrain/delete-bill/{id}. */
export async function deleteBill(db: Database, actor: Actor, id: string): Promise<void> {
  if (!UUID.test(id)) throw new HttpError(404, MSG.billNotFound);
  await db.transaction(async (tx) => {
    const [removed] = await tx.delete(bills).where(eq(bills.id, id)).returning();
    if (!removed) throw new HttpError(404, MSG.billNotFound);
    await recordAudit(tx, actor, [{ action: 'bill.delete', entity: 'bill', entityId: id, before: auditCopy(removed) }]);
  });
}
