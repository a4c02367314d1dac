import { z } from 'zod';
import { BILL_STATUSES } from '../bills.js';
import { BILL_UNITS } from '../bill-draft.js';
import { CONTRACT_PERIOD_MAX, DEDUCTION_MAX_PAISE, PAYROLL_REASON_MAX, PAYROLL_SETTING_MONEY_MAX } from '../limits.js';
import { MSG } from '../messages.js';
import { MONEY_PATTERN, moneyPaise } from '../money.js';
import { WORK_TYPES } from '../work-types.js';
import { choiceOf, monthField, text } from './input-rules.js';

/**
 * The monthly bill computed from the duties (issue 27): the contract terms, the draft, the
 * hand-added penalties and the wage compliance statement, shared by the contracts
 * (src/shared/api/bill-draft.ts), the server and the web. Money is rupees as JSON numbers
 * with at most two decimals; the server computes in paise (src/shared/bill-draft.ts).
 */

const rupees = z.number().describe('rupees, at most two decimals');
const work = choiceOf(WORK_TYPES, { invalid: MSG.workInvalid, required: MSG.workInvalid });

/** GET /bills/draft, /bills/annexure, /bills/compliance, /bills/penalties; POST /bills/from-duties: a work type and a month. */
export const billMonthQuery = z.object({ work, month: monthField(MSG.monthInvalid) });
export type BillMonth = z.output<typeof billMonthQuery>;

/** Rupees from 0 (or more than 0) with at most two decimals, as a JSON number or text; whole paise after parsing. */
function paiseField(message: string, options: { min: number; max: number }) {
  return z
    .union(
      [
        z.string().trim().max(16, message).regex(MONEY_PATTERN, message),
        z.number().min(options.min / 100, message).max(options.max / 100, message).multipleOf(0.01, message),
      ],
      { error: message },
    )
    .transform((value, ctx) => {
      const paise = moneyPaise(value);
      if (paise === null || paise < options.min || paise > options.max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return paise;
    });
}

const reason = text(MSG.payroll.reason, { max: PAYROLL_REASON_MAX, typeMessage: MSG.payroll.reasonRequired }).pipe(z.string().min(1, MSG.payroll.reasonRequired));

// ---- contract terms (admin) ----

const TERMS_MONEY_MAX_PAISE = PAYROLL_SETTING_MONEY_MAX * 100;

/** PUT /admin/contract-terms: one version of a work type's terms, effective from a month (replaces that month's version). */
export const contractTermsBody = z.object({
  work,
  effectiveFrom: monthField(MSG.monthInvalid),
  unit: choiceOf(BILL_UNITS, { invalid: MSG.billDraft.unitInvalid, required: MSG.billDraft.unitInvalid }),
  rate: paiseField(MSG.settingMoneyInvalid(MSG.billFields.rate, PAYROLL_SETTING_MONEY_MAX), { min: 0, max: TERMS_MONEY_MAX_PAISE }).describe(
    'rupees per coach or tank; for unit month, the fixed monthly value',
  ),
  penaltyPerMissingWorker: paiseField(MSG.settingMoneyInvalid(MSG.billFields.penaltyPerMissingWorker, PAYROLL_SETTING_MONEY_MAX), {
    min: 0,
    max: TERMS_MONEY_MAX_PAISE,
  }).describe('rupees per worker short of the required crew, per duty'),
  contractPeriod: z
    .union([z.null(), text(MSG.fields.contractPeriod, { max: CONTRACT_PERIOD_MAX })])
    .optional()
    .transform((value) => value || null),
});
export type ContractTermsInput = z.output<typeof contractTermsBody>;

/** GET /admin/contract-terms: every version, or those of one work type. */
export const contractTermsQuery = z.object({ work: work.optional() });

export const contractTermsResponse = z.object({
  work: z.enum(WORK_TYPES),
  effectiveFrom: z.string().describe('YYYY-MM'),
  unit: z.enum(BILL_UNITS),
  rate: rupees,
  penaltyPerMissingWorker: rupees,
  contractPeriod: z.string().nullable(),
  updatedAt: z.string(),
});
export type ContractTerms = z.infer<typeof contractTermsResponse>;

// ---- hand-added penalties ----

/** POST /bills/penalties: a penalty the railway deducted (an inspection's), with a reason. */
export const billPenaltyBody = billMonthQuery.extend({
  amount: paiseField(MSG.payroll.amountInvalid, { min: 1, max: DEDUCTION_MAX_PAISE }).describe('rupees, more than 0, at most two decimals'),
  reason,
});

export const billPenaltyResponse = z.object({
  _id: z.string(),
  month: z.string(),
  work: z.enum(WORK_TYPES),
  amount: rupees,
  reason: z.string(),
  createdBy: z.string().nullable().describe('the name of who added it'),
  createdAt: z.string(),
});
export type BillPenalty = z.infer<typeof billPenaltyResponse>;

// ---- the draft ----

export const billDraftDuty = z.object({
  _id: z.string(),
  trainno: z.string().nullable(),
  completedDay: z.string().describe('YYYY-MM-DD in the company\'s time zone'),
  type: z.string().nullable(),
  totalcoach: z.number().nullable().describe('coaches, or tanks for bio'),
  required: z.number().describe('the staffing norm\'s required crew (reqq)'),
  assigned: z.number().describe('the crew assigned'),
  shortfall: z.number().describe('max(0, required − assigned)'),
  penalty: rupees,
});
export type BillDraftDuty = z.infer<typeof billDraftDuty>;

const figures = z.object({ billvalue: rupees, penalty: rupees, netamount: rupees, consumedcoach: z.number().nullable() });

export const billDraftResponse = z.object({
  month: z.string(),
  work: z.enum(WORK_TYPES),
  /** null when no terms apply to the month (named in problems) */
  unit: z.enum(BILL_UNITS).nullable(),
  rate: rupees.nullable(),
  penaltyPerMissingWorker: rupees.nullable(),
  termsFrom: z.string().nullable().describe('the effectiveFrom of the terms applied'),
  units: z.number().describe('coaches or tanks; 1 for unit month'),
  billvalue: rupees,
  dutyPenalty: rupees,
  manualPenalty: rupees,
  penalty: rupees,
  netamount: rupees,
  consumedcoach: z.number().nullable().describe('what the bill records: the units, or null for unit month'),
  contractperiod: z.string().nullable(),
  duties: z.array(billDraftDuty),
  manualPenalties: z.array(billPenaltyResponse),
  problems: z.array(z.string()).describe('what keeps the bill from being made: missing terms, duties without coaches or tanks, penalties above the value'),
  bill: z
    .object({
      _id: z.string(),
      status: z.enum(BILL_STATUSES),
      fromDuties: z.boolean().describe('made by Create bill from duties (false: typed by hand)'),
      outOfDate: z.boolean().describe('the draft now differs from what the bill was made from'),
      /** the draft minus the bill's figures (zero when equal) */
      difference: figures.extend({ consumedcoach: z.number() }),
    })
    .nullable(),
});
export type BillDraft = z.infer<typeof billDraftResponse>;

// ---- the wage compliance statement ----

export const complianceResponse = z.object({
  month: z.string(),
  work: z.enum(WORK_TYPES),
  status: z.literal('final'),
  workers: z.number(),
  gross: rupees,
  pfEmployee: rupees,
  pfEmployer: rupees.describe('EPS + the employer\'s EPF difference'),
  esiEmployee: rupees,
  esiEmployer: rupees,
  paymentDate: z.string().describe('YYYY-MM-DD: the day the month\'s wages fall due (the 7th of the next month)'),
  finalisedAt: z.string(),
});
export type Compliance = z.infer<typeof complianceResponse>;

/** PUT /mcctrain/update-bill/{id} may carry this: why a figure computed from the duties is changed by hand. */
export const billChangeReason = text(MSG.payroll.reason, { max: PAYROLL_REASON_MAX, typeMessage: MSG.billDraft.reasonRequired })
  .optional()
  .describe('required (422 without) when a figure of a bill made from the duties changes');
