import { and, desc, eq, sql } from 'drizzle-orm';
import { billFigures, defaultBillUnit, type BillTermsPaise, type BillUnit } from '../../../shared/bill-draft.js';
import { MSG } from '../../../shared/messages.js';
import { monthLabel, shiftMonth } from '../../../shared/months.js';
import type { BillDraft, BillPenalty, Compliance } from '../../../shared/schemas/bill-draft.js';
import type { Bill } from '../../../shared/schemas/bills.js';
import type { Payroll } from '../../../shared/schemas/payroll.js';
import { toPaise } from '../../../shared/payroll.js';
import type { WorkType } from '../../../shared/work-types.js';
import { rowsOf, type Database } from '../../db/connect.js';
import { billPenalties, bills, contractPeriods, payrolls, users } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { recordAudit, type Actor } from '../audit/audit.service.js';
import { auditCopy, lockBillsOf, numericPaise, paiseNumeric, presentBill, type BillRow } from './bills.service.js';
import { termsFor } from './contract-terms.service.js';

/**
 * The monthly bill computed from the month's completed duties (issue 27): the draft, the bill
 * it makes, the penalties added by hand and the wage compliance statement. Every figure is
 * whole paise through src/shared/bill-draft.ts; rupees appear only in the answers.
 */

/** A refusal with the error body the bill contracts declare. */
function refuse(status: number, message: string): HttpError {
  return new HttpError(status, message, { success: false, message });
}

/** The bill's figures in paise (money) and units, as `bills.computed` keeps them. */
interface BillFiguresPaise {
  billvalue: number;
  penalty: number;
  netamount: number;
  consumedcoach: number | null;
}

/** One completed duty of the month as the query reads it. */
interface DutyRow {
  id: string;
  train_no: string | null;
  completed_day: string;
  type: string | null;
  total_coach: number | null;
  reqq: number;
  assigned: number;
}

/**
 * The completed duties of a work type whose completed day (APP_TZ) is in `month`, each with
 * its crew count, ordered by day and train number: one query, reading duties_completed_idx
 * (work, completed_day, completed_at where completed) and each duty's crew rows by the
 * primary key of duty_workers.
 */
async function monthDuties(db: Database, work: WorkType, month: string): Promise<DutyRow[]> {
  const result = await db.execute(sql`
    select d.id, d.train_no, d.completed_day::text as completed_day, d.type, d.total_coach, d.reqq, crew.assigned
    from duties d
    cross join lateral (select count(*)::int as assigned from duty_workers w where w.duty_id = d.id) crew
    where d.status = 'completed' and d.work = ${work}
      and d.completed_day >= ${`${month}-01`}::date and d.completed_day < ${`${shiftMonth(month, 1)}-01`}::date
    order by d.completed_day, d.train_no, d.completed_at, d.id`);
  return rowsOf<DutyRow>(result).map((row) => ({ ...row, total_coach: row.total_coach === null ? null : Number(row.total_coach), reqq: Number(row.reqq), assigned: Number(row.assigned) }));
}

type PenaltyRow = typeof billPenalties.$inferSelect;

function presentPenalty(row: PenaltyRow, createdBy: string | null): BillPenalty {
  return {
    _id: row.id,
    month: row.month,
    work: row.work as WorkType,
    amount: numericPaise(row.amount) / 100,
    reason: row.reason,
    createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The month's penalties added by hand, newest first, with who added them, and each one's amount in paise (from its numeric column). */
async function monthPenalties(db: Database, work: WorkType, month: string): Promise<Array<{ paise: number; penalty: BillPenalty }>> {
  const rows = await db
    .select({ penalty: billPenalties, by: users.name })
    .from(billPenalties)
    .leftJoin(users, eq(users.id, billPenalties.createdBy))
    .where(and(eq(billPenalties.work, work), eq(billPenalties.month, month)))
    .orderBy(desc(billPenalties.createdAt), desc(billPenalties.id));
  return rows.map((row) => ({ paise: numericPaise(row.penalty.amount), penalty: presentPenalty(row.penalty, row.by) }));
}

/** GET /bills/penalties. */
export async function listBillPenalties(db: Database, work: WorkType, month: string): Promise<BillPenalty[]> {
  return (await monthPenalties(db, work, month)).map((entry) => entry.penalty);
}

async function billOf(db: Database, work: string, month: string, forUpdate = false): Promise<BillRow | null> {
  const query = db
    .select()
    .from(bills)
    .where(and(eq(bills.work, work), eq(bills.month, month)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

const sameFigures = (a: BillFiguresPaise, b: BillFiguresPaise) =>
  a.billvalue === b.billvalue && a.penalty === b.penalty && a.netamount === b.netamount && a.consumedcoach === b.consumedcoach;

/** The figures a bill holds, in paise and units. */
function storedFigures(row: BillRow): BillFiguresPaise {
  return { billvalue: numericPaise(row.billValue), penalty: numericPaise(row.penalty), netamount: numericPaise(row.netAmount), consumedcoach: row.consumedCoach };
}

/** The draft and what the bill made of it would hold. */
export interface ComputedDraft {
  draft: BillDraft;
  figures: BillFiguresPaise;
  /** the contract period of the terms in force, else the work type's legacy one (null: none) */
  contractPeriod: string | null;
}

/**
 * The draft of a work type's month from its completed duties, the terms in force and the
 * penalties added by hand, with the problems that keep a bill from being made of it, and
 * (given the month's bill) how it differs from that bill. A month without terms is counted
 * at no rate (its unit the work type's usual one, bill value and duty penalties 0); a duty
 * without coaches or tanks counts none. Both are named in the problems.
 */
export async function computeDraft(db: Database, work: WorkType, month: string, bill: BillRow | null): Promise<ComputedDraft> {
  // one after another: inside from-duties' transaction they share its one connection
  const terms = await termsFor(db, work, month);
  const duties = await monthDuties(db, work, month);
  const penalties = await monthPenalties(db, work, month);
  const [legacy] = await db.select({ period: contractPeriods.period }).from(contractPeriods).where(eq(contractPeriods.work, work));
  const unit: BillUnit = terms ? (terms.unit as BillUnit) : defaultBillUnit(work);
  const termsPaise: BillTermsPaise = terms
    ? { unit, ratePaise: numericPaise(terms.rate), penaltyPerMissingWorkerPaise: numericPaise(terms.penaltyPerMissingWorker) }
    : { unit, ratePaise: 0, penaltyPerMissingWorkerPaise: 0 };
  const inputs = duties.map((duty) => ({ totalCoach: duty.total_coach, required: duty.reqq, assigned: duty.assigned }));
  const result = billFigures(
    termsPaise,
    inputs,
    penalties.map((entry) => entry.paise),
  );

  const problems: string[] = [];
  if (!terms) problems.push(MSG.billDraft.noTerms(work.toUpperCase(), monthLabel(month)));
  if (unit !== 'month') {
    if (duties.length === 0) problems.push(MSG.billDraft.noDuties(work.toUpperCase(), monthLabel(month)));
    const without = [...new Set(duties.filter((duty) => !duty.total_coach).map((duty) => duty.train_no?.trim() || duty.completed_day))];
    if (without.length > 0) problems.push(MSG.billDraft.noUnits(without.join(', ')));
  }
  // without terms the value is unknown, not exceeded: the missing terms are the problem
  if (terms && result.netPaise < 0) problems.push(MSG.billDraft.negativeNet);

  const figures: BillFiguresPaise = {
    billvalue: result.billValuePaise,
    penalty: result.penaltyPaise,
    netamount: result.netPaise,
    consumedcoach: unit === 'month' ? null : result.units,
  };
  const contractPeriod = terms?.contractPeriod ?? legacy?.period ?? null;

  let billPart: BillDraft['bill'] = null;
  if (bill) {
    const computed = bill.computed as BillFiguresPaise | null;
    const base = computed ?? storedFigures(bill);
    billPart = {
      _id: bill.id,
      status: presentBill(bill).status,
      fromDuties: computed != null,
      outOfDate: computed != null && !sameFigures(figures, computed),
      difference: {
        billvalue: (figures.billvalue - base.billvalue) / 100,
        penalty: (figures.penalty - base.penalty) / 100,
        netamount: (figures.netamount - base.netamount) / 100,
        consumedcoach: (figures.consumedcoach ?? 0) - (base.consumedcoach ?? 0),
      },
    };
  }

  const draft: BillDraft = {
    month,
    work,
    unit: terms ? unit : null,
    rate: terms ? termsPaise.ratePaise / 100 : null,
    penaltyPerMissingWorker: terms ? termsPaise.penaltyPerMissingWorkerPaise / 100 : null,
    termsFrom: terms?.effectiveFrom ?? null,
    units: result.units,
    billvalue: result.billValuePaise / 100,
    dutyPenalty: result.dutyPenaltyPaise / 100,
    manualPenalty: result.manualPenaltyPaise / 100,
    penalty: result.penaltyPaise / 100,
    netamount: result.netPaise / 100,
    consumedcoach: figures.consumedcoach,
    contractperiod: contractPeriod ?? bill?.contractPeriod ?? null,
    duties: duties.map((duty, index) => {
      const share = result.duties[index]!;
      return {
        _id: duty.id,
        trainno: duty.train_no,
        completedDay: duty.completed_day,
        type: duty.type,
        totalcoach: duty.total_coach,
        required: duty.reqq,
        assigned: duty.assigned,
        shortfall: share.shortfall,
        penalty: share.penaltyPaise / 100,
      };
    }),
    manualPenalties: penalties.map((entry) => entry.penalty),
    problems,
    bill: billPart,
  };
  return { draft, figures, contractPeriod };
}

/** GET /bills/draft. */
export async function getBillDraft(db: Database, work: WorkType, month: string): Promise<BillDraft> {
  return (await computeDraft(db, work, month, await billOf(db, work, month))).draft;
}

const billPassed = (work: string, month: string) => refuse(409, MSG.billDraft.billPassed(monthLabel(month), work.toUpperCase()));

/**
 * POST /bills/from-duties: makes the month's bill from its draft (status Processing, created
 * true) or sets the figures of the bill it has, keeping its status (created false). Refused
 * while the draft names a problem (422, nothing written) and when the bill is Bill Passed
 * (409). The work type's bills are locked first, so two at once make one bill.
 */
export async function billFromDuties(tx: Database, actor: Actor, work: WorkType, month: string): Promise<{ created: boolean; bill: Bill }> {
  await lockBillsOf(tx, work);
  const existing = await billOf(tx, work, month, true);
  if (existing?.status === 'Bill Passed') throw billPassed(work, month);
  const { draft, figures, contractPeriod } = await computeDraft(tx, work, month, existing);
  if (draft.problems.length > 0) throw refuse(422, MSG.billDraft.refused(draft.problems.join('; ')));

  const values = {
    billValue: paiseNumeric(figures.billvalue),
    penalty: paiseNumeric(figures.penalty),
    netAmount: paiseNumeric(figures.netamount),
    consumedCoach: figures.consumedcoach,
    contractPeriod: contractPeriod ?? existing?.contractPeriod ?? null,
    computed: figures,
  };
  let row: BillRow;
  if (existing) {
    const [updated] = await tx
      .update(bills)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(bills.id, existing.id))
      .returning();
    row = updated!;
  } else {
    const [inserted] = await tx.insert(bills).values({ work, month, status: 'Processing', ...values }).onConflictDoNothing().returning();
    // every bill write takes the work type's lock first: only a writer that skipped it could get here
    if (!inserted) throw refuse(409, MSG.billExists(monthLabel(month), work.toUpperCase()));
    row = inserted;
  }
  await recordAudit(tx, actor, [
    { action: 'bill.from-duties', entity: 'bill', entityId: row.id, ...(existing ? { before: auditCopy(existing) } : {}), after: auditCopy(row) },
  ]);
  return { created: !existing, bill: presentBill(row) };
}

/** Refuses (409) a change to the penalties of a month whose bill is Bill Passed; call it with the work type's lock held. */
async function refusePassedMonth(tx: Database, work: string, month: string): Promise<void> {
  const bill = await billOf(tx, work, month);
  if (bill?.status === 'Bill Passed') throw billPassed(work, month);
}

function penaltyAudit(penalty: BillPenalty): Record<string, unknown> {
  const { createdAt: _createdAt, createdBy: _createdBy, _id: _penaltyId, ...rest } = penalty;
  return rest;
}

/** POST /bills/penalties: a penalty the railway deducted, with its reason; refused (409) once the month's bill is Bill Passed. */
export async function addBillPenalty(
  tx: Database,
  actor: Actor,
  /** the parsed body: `amount` in paise */
  request: { work: WorkType; month: string; amount: number; reason: string },
): Promise<BillPenalty> {
  await lockBillsOf(tx, request.work);
  await refusePassedMonth(tx, request.work, request.month);
  const [inserted] = await tx
    .insert(billPenalties)
    .values({ work: request.work, month: request.month, amount: paiseNumeric(request.amount), reason: request.reason, createdBy: actor.id })
    .returning();
  const penalty = presentPenalty(inserted!, actor.name);
  await recordAudit(tx, actor, [{ action: 'bill-penalty.add', entity: 'bill-penalty', entityId: penalty._id, after: penaltyAudit(penalty) }]);
  return penalty;
}

/** DELETE /bills/penalties/{id}: 404 when there is none, 409 once the month's bill is Bill Passed. */
export async function removeBillPenalty(tx: Database, actor: Actor, id: string): Promise<void> {
  const [found] = await tx.select({ work: billPenalties.work }).from(billPenalties).where(eq(billPenalties.id, id));
  if (!found) throw refuse(404, MSG.billDraft.penaltyNotFound);
  await lockBillsOf(tx, found.work);
  const [row] = await tx
    .select({ penalty: billPenalties, by: users.name })
    .from(billPenalties)
    .leftJoin(users, eq(users.id, billPenalties.createdBy))
    .where(eq(billPenalties.id, id))
    .for('update', { of: billPenalties });
  if (!row) throw refuse(404, MSG.billDraft.penaltyNotFound);
  await refusePassedMonth(tx, row.penalty.work, row.penalty.month);
  await tx.delete(billPenalties).where(eq(billPenalties.id, id));
  await recordAudit(tx, actor, [{ action: 'bill-penalty.remove', entity: 'bill-penalty', entityId: id, before: penaltyAudit(presentPenalty(row.penalty, row.by)) }]);
}

/**
 * GET /bills/compliance: the wage compliance statement of a work type's month from its final
 * payroll (409 while it is a draft): workers paid, total wages, EPF (the employer's share is
 * EPS + the employer's EPF difference) and ESI, and the day the wages fall due.
 */
export async function complianceOf(db: Database, work: WorkType, month: string): Promise<Compliance> {
  const [row] = await db.select().from(payrolls).where(and(eq(payrolls.work, work), eq(payrolls.month, month)));
  if (!row) throw refuse(409, MSG.billDraft.payrollNotFinal(monthLabel(month), work.toUpperCase()));
  const payroll = row.payroll as Payroll;
  const { totals } = payroll;
  return {
    month,
    work,
    status: 'final',
    workers: payroll.rows.length,
    gross: toPaise(totals.gross) / 100,
    pfEmployee: toPaise(totals.pfEmployee) / 100,
    pfEmployer: (toPaise(totals.eps) + toPaise(totals.pfEmployerDiff)) / 100,
    esiEmployee: toPaise(totals.esiEmployee) / 100,
    esiEmployer: toPaise(totals.esiEmployer) / 100,
    paymentDate: payroll.dueDate,
    finalisedAt: payroll.finalisedAt ?? row.finalisedAt.toISOString(),
  };
}
