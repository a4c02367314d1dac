import { z } from 'zod';
import { BILL_STATUSES } from '../bills.js';
import { billChangeReason } from './bill-draft.js';
import { CONSUMED_COACH_MAX, CONTRACT_PERIOD_MAX } from '../limits.js';
import { MSG } from '../messages.js';
import { MONEY_MAX, MONEY_PATTERN, moneyText } from '../money.js';
import { WORK_TYPES } from '../work-types.js';
import { choiceOf, isBlank, monthField, text } from './input-rules.js';
import { optionalWorkParam } from './work-param.js';
import { sortParam } from '../list-view.js';

/**
 * Bill schemas (SPEC §3 Bill, §5 Add bill). Each field states its real rule for the API
 * document; SPEC's first message comes first: a missing required field is "Please fill all
 * required fields" before any other problem (first-message.ts), then the fields in the
 * order below (status, amounts, coaches, contract period, work, month).
 */

const required = MSG.fillAllRequired;

/**
 * A rupee amount, as text (exact: '125000.50') or as a number (125000.5), at most two
 * decimals and what numeric(14, 2) holds; answered as exact text with two decimals.
 */
const amount = z
  .union(
    [
      z.string().trim().min(1, required).regex(MONEY_PATTERN, MSG.amountInvalid),
      z.number().min(0, MSG.amountInvalid).max(MONEY_MAX, MSG.amountInvalid).multipleOf(0.01, MSG.amountInvalid),
    ],
    { error: (issue) => (isBlank(issue.input) ? required : MSG.amountInvalid) },
  )
  .transform((value, ctx) => {
    const exact = moneyText(value);
    if (exact === null) ctx.addIssue({ code: 'custom', message: MSG.amountInvalid });
    return exact ?? z.NEVER;
  });

const COACH_DIGITS = String(CONSUMED_COACH_MAX).length;

/** Optional: blank, null or missing is "not given" (null). */
const consumedCoach = z
  .union(
    [
      z.null(),
      z.literal(''),
      z.string().trim().regex(new RegExp(`^\\d{1,${COACH_DIGITS}}$`), MSG.consumedCoachInvalid),
      z.int().min(0, MSG.consumedCoachInvalid).max(CONSUMED_COACH_MAX, MSG.consumedCoachInvalid),
    ],
    { error: MSG.consumedCoachInvalid },
  )
  .optional()
  .transform((value) => (value === undefined || value === null || value === '' ? null : Number(value)));

/** Optional; refused, not cut, when too long: a cut period would be stored as if typed so. */
const contractPeriod = z
  .union([z.null(), text('Contract Period', { max: CONTRACT_PERIOD_MAX })])
  .optional()
  .transform((value) => value || null);

const valueFields = {
  status: choiceOf(BILL_STATUSES, { required, invalid: MSG.billStatusInvalid }),
  billvalue: amount,
  penalty: amount,
  netamount: amount,
  consumedcoach: consumedCoach,
  contractperiod: contractPeriod,
};

/**
 * PUT /mcctrain/update-bill/{id}: the inline edit of the Bill Details table. A bill made from
 * the duties (issue 27) needs a reason when one of its figures changes.
 */
export const updateBillBody = z.object({ ...valueFields, reason: billChangeReason });
export type BillValues = z.output<typeof updateBillBody>;

/** POST /mcctrain/createbill: work, month, status, bill value, penalty and net amount are required (SPEC §5). */
export const createBillBody = z.object({
  ...valueFields,
  work: choiceOf(WORK_TYPES, { required, invalid: MSG.workInvalid }),
  month: monthField(required),
});
export type NewBill = z.output<typeof createBillBody>;

/** GET /mcctrain/getbills: every bill, or those of one work type. */
/** The bill list's sortable columns (issue 28). */
export const BILL_SORT_KEYS = ['month', 'billvalue', 'penalty', 'netamount', 'status'] as const;

/**
 * GET /mcctrain/getbills: SPEC's `work`, and (issue 28, all optional) a bill status, a month
 * range (from, to: 'YYYY-MM', both ends included) and a sort; without them, today's answer.
 */
export const billListQuery = z.object({
  work: optionalWorkParam,
  status: choiceOf(BILL_STATUSES, { invalid: MSG.billStatusInvalid }).optional(),
  from: monthField().optional(),
  to: monthField().optional(),
  sort: sortParam(BILL_SORT_KEYS),
});

export const billResponse = z.object({
  _id: z.string(),
  month: z.string().describe('YYYY-MM'),
  work: z.string(),
  status: z.enum(BILL_STATUSES),
  billvalue: z.number(),
  penalty: z.number(),
  netamount: z.number(),
  consumedcoach: z.number().nullable(),
  contractperiod: z.string().nullable(),
  /** ours (issue 27): made by Create bill from duties, whose figures change by hand only with a reason */
  fromDuties: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Bill = z.infer<typeof billResponse>;
