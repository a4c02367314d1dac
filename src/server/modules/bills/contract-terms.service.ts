import { and, asc, desc, eq, gt, gte, lt, lte, sql } from 'drizzle-orm';
import type { BillUnit } from '../../../shared/bill-draft.js';
import { MSG } from '../../../shared/messages.js';
import { monthLabel } from '../../../shared/months.js';
import type { ContractTerms, ContractTermsInput } from '../../../shared/schemas/bill-draft.js';
import { WORK_TYPES, type WorkType } from '../../../shared/work-types.js';
import { rowsOf, type Database } from '../../db/connect.js';
import { bills, contractPeriods, contractTerms } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { recordAudit, type Actor } from '../audit/audit.service.js';
import { lockBillsOf, numericPaise, paiseNumeric } from './bills.service.js';

/**
 * The contract terms a work type is billed on (issue 27): versions effective from a month,
 * the latest at or before a month applying to it. Admins save them; managers and admins
 * read them. They also give the contract period the bills show (the legacy per-work-type
 * contract periods remain the fallback).
 */

export type TermsRow = typeof contractTerms.$inferSelect;

/** The terms in force in `month`: the latest version effective at or before it, or null. */
export async function termsFor(db: Database, work: string, month: string): Promise<TermsRow | null> {
  const [row] = await db
    .select()
    .from(contractTerms)
    .where(and(eq(contractTerms.work, work), lte(contractTerms.effectiveFrom, month)))
    .orderBy(desc(contractTerms.effectiveFrom))
    .limit(1);
  return row ?? null;
}

function presentTerms(row: TermsRow): ContractTerms {
  return {
    work: row.work as WorkType,
    effectiveFrom: row.effectiveFrom,
    // contract_terms_unit_check keeps the column to BILL_UNITS
    unit: row.unit as BillUnit,
    rate: numericPaise(row.rate) / 100,
    penaltyPerMissingWorker: numericPaise(row.penaltyPerMissingWorker) / 100,
    contractPeriod: row.contractPeriod,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function auditCopy(row: TermsRow | null): Record<string, unknown> | null {
  if (!row) return null;
  const { updatedAt: _updatedAt, ...rest } = presentTerms(row);
  return rest;
}

/** GET /admin/contract-terms: every version, newest first (of one work type when asked). */
export async function listContractTerms(db: Database, work: WorkType | undefined): Promise<ContractTerms[]> {
  const rows = await db
    .select()
    .from(contractTerms)
    .where(work ? eq(contractTerms.work, work) : undefined)
    .orderBy(desc(contractTerms.effectiveFrom), asc(contractTerms.work));
  return rows.map(presentTerms);
}

/**
 * PUT /admin/contract-terms (admins): saves the version of a work type effective from a
 * month, replacing that month's version. Refused (409) when a bill of that work type is
 * Bill Passed for a month the version governs: from its month up to the next later
 * version's. Audited with what governed its month until now (the replaced version, or the
 * one before it).
 */
export async function saveContractTerms(tx: Database, actor: Actor, input: ContractTermsInput): Promise<ContractTerms> {
  const { work, effectiveFrom } = input;
  await lockBillsOf(tx, work);
  const [next] = await tx
    .select({ effectiveFrom: contractTerms.effectiveFrom })
    .from(contractTerms)
    .where(and(eq(contractTerms.work, work), gt(contractTerms.effectiveFrom, effectiveFrom)))
    .orderBy(asc(contractTerms.effectiveFrom))
    .limit(1);
  const [passed] = await tx
    .select({ month: bills.month })
    .from(bills)
    .where(
      and(
        eq(bills.work, work),
        eq(bills.status, 'Bill Passed'),
        gte(bills.month, effectiveFrom),
        next ? lt(bills.month, next.effectiveFrom) : undefined,
      ),
    )
    .orderBy(asc(bills.month))
    .limit(1);
  if (passed) {
    const message = MSG.billDraft.termsPassed(monthLabel(passed.month), work.toUpperCase());
    throw new HttpError(409, message, { success: false, message });
  }

  const before = await termsFor(tx, work, effectiveFrom);
  const values = {
    unit: input.unit,
    rate: paiseNumeric(input.rate),
    penaltyPerMissingWorker: paiseNumeric(input.penaltyPerMissingWorker),
    contractPeriod: input.contractPeriod,
    updatedBy: actor.id,
    updatedAt: new Date(),
  };
  const [saved] = await tx
    .insert(contractTerms)
    .values({ work, effectiveFrom, ...values })
    .onConflictDoUpdate({ target: [contractTerms.work, contractTerms.effectiveFrom], set: values })
    .returning();
  await recordAudit(tx, actor, [
    { action: 'contract-terms.update', entity: 'contract-terms', entityId: `${work} ${effectiveFrom}`, before: auditCopy(before), after: auditCopy(saved!) },
  ]);
  return presentTerms(saved!);
}

/**
 * GET /contract-periods: each work type's contract period in `month` (this month): the one
 * of the terms in force, else the legacy contract period the admin set for the work type.
 */
export async function contractPeriodsIn(db: Database, month: string): Promise<{ work: WorkType; period: string | null }[]> {
  const [inForce, legacy] = await Promise.all([
    db.execute(sql`
      select distinct on (work) work, contract_period from contract_terms
      where effective_from <= ${month}
      order by work, effective_from desc`),
    db.select().from(contractPeriods),
  ]);
  const fromTerms = new Map(rowsOf<{ work: string; contract_period: string | null }>(inForce).map((row) => [row.work, row.contract_period]));
  const fromLegacy = new Map(legacy.map((row) => [row.work, row.period]));
  return WORK_TYPES.map((work) => ({ work, period: fromTerms.get(work) ?? fromLegacy.get(work) ?? null }));
}
