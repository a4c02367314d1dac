import { z } from 'zod';
import { DAY_MARK_RANGE_MAX, DEDUCTION_MAX_PAISE, PAYROLL_REASON_MAX } from '../limits.js';
import { MSG } from '../messages.js';
import { MONEY_PATTERN, moneyPaise } from '../money.js';
import { DAY_MARK_KINDS, DEDUCTION_KINDS, DOC_LANGUAGES, SKILLS } from '../payroll.js';
import { daysBetween, isDay } from '../time.js';
import { WORK_TYPES } from '../work-types.js';
import { idSchema } from '../api/envelopes.js';
import { choiceOf, monthField, text, uuidParam } from './input-rules.js';

/**
 * The payroll's answers (issue 26), shared by the contracts, the server, the files and the
 * web. Money is rupees as JSON numbers with at most two decimals; the server computes in
 * paise (src/shared/payroll.ts) and divides by 100 only here, at the edge.
 */

const rupees = z.number().describe('rupees, at most two decimals');

const payrollRow = z.object({
  staffId: z.string(),
  name: z.string(),
  empid: z.string(),
  uan: z.string().nullable(),
  esino: z.string().nullable(),
  skill: z.enum(SKILLS).nullable(),
  /** the language of the worker's wage slip */
  language: z.enum(DOC_LANGUAGES),
  /** paid days: the grid's duty total + paid leave and holidays */
  days: z.number().describe('paid days: the attendance total (P2 counts 2) + paid leave and holidays'),
  daysPresent: z.number().describe('distinct days with a P, P2 or P3'),
  paidLeaveDays: z.number().describe('paid leave and holidays on days without a duty'),
  /** the grid's code of each day (A, P, P2, P3, L, W, H, -) */
  codes: z.array(z.string()),
  rate: rupees.describe('daily wage in rupees (as finalised, on a final payroll)'),
  gross: rupees,
  epfWages: rupees,
  epsWages: rupees,
  edliWages: rupees,
  pfEmployee: rupees,
  eps: rupees,
  pfEmployerDiff: rupees,
  esiEmployee: rupees,
  esiEmployer: rupees,
  otherDeductions: rupees,
  net: rupees,
  employerCost: rupees,
  flags: z.array(z.string()),
});
export type PayrollRow = z.infer<typeof payrollRow>;

const payrollTotals = z.object({
  days: z.number(),
  gross: rupees,
  epfWages: rupees,
  epsWages: rupees,
  edliWages: rupees,
  pfEmployee: rupees,
  eps: rupees,
  pfEmployerDiff: rupees,
  esiEmployee: rupees,
  esiEmployer: rupees,
  otherDeductions: rupees,
  net: rupees,
  employerCost: rupees,
});
export type PayrollTotals = z.infer<typeof payrollTotals>;

export const payrollResponse = z.object({
  month: z.string(),
  work: z.enum(WORK_TYPES),
  status: z.enum(['draft', 'final']),
  /** the day wages fall due: the 7th of the next month */
  dueDate: z.string(),
  /** the settings month (effectiveFrom) the figures were computed with */
  settingsFrom: z.string(),
  finalisedAt: z.string().nullable(),
  finalisedBy: z.string().nullable(),
  rows: z.array(payrollRow),
  totals: payrollTotals,
});
export type Payroll = z.infer<typeof payrollResponse>;

// ---- requests ----

/** GET /payroll and its files: a work type and a month (both required). */
export const payrollQuery = z.object({
  work: choiceOf(WORK_TYPES, { invalid: MSG.workInvalid, required: MSG.workInvalid }),
  month: monthField(MSG.monthInvalid),
});

/** GET /payroll/slips: the month's slips, or one worker's with staffId. */
export const slipsQuery = payrollQuery.extend({ staffId: uuidParam(MSG.payroll.worker) });

/** POST /payroll/reopen (admin): the reason goes into the audit trail. */
export const reopenBody = payrollQuery.extend({
  /** required: a missing or blank reason answers 422 (the request is well-formed, the reopening is refused) */
  reason: text(MSG.payroll.reason, { max: PAYROLL_REASON_MAX, typeMessage: MSG.payroll.reasonRequired }).optional().describe('why the month is reopened; required (422 without)'),
});

/** An amount of rupees > 0 with at most two decimals, as a JSON number or text. */
const amountField = z
  .union(
    [
      z.string().trim().max(16, MSG.payroll.amountInvalid).regex(MONEY_PATTERN, MSG.payroll.amountInvalid),
      z.number().min(0.01, MSG.payroll.amountInvalid).max(DEDUCTION_MAX_PAISE / 100, MSG.payroll.amountInvalid).multipleOf(0.01, MSG.payroll.amountInvalid),
    ],
    { error: MSG.payroll.amountInvalid },
  )
  .transform((value, ctx) => {
    const paise = moneyPaise(value);
    if (paise === null || paise <= 0 || paise > DEDUCTION_MAX_PAISE) {
      ctx.addIssue({ code: 'custom', message: MSG.payroll.amountInvalid });
      return z.NEVER;
    }
    return paise;
  })
  .describe('rupees, more than 0, at most two decimals');

/** POST /payroll/deductions: an advance, fine, damage or other deduction of a worker's month. */
export const deductionBody = z.object({
  staffId: idSchema(MSG.workerNotFound),
  month: monthField(MSG.monthInvalid),
  kind: choiceOf(DEDUCTION_KINDS, { invalid: MSG.payroll.kindInvalid, required: MSG.payroll.kindInvalid }),
  amount: amountField,
  reason: text(MSG.payroll.reason, { max: PAYROLL_REASON_MAX, typeMessage: MSG.payroll.reasonRequired }).pipe(z.string().min(1, MSG.payroll.reasonRequired)),
});

/** GET /payroll/deductions: a month's deductions of a work type's workers, or of one worker. */
export const deductionsQuery = payrollQuery.extend({ staffId: uuidParam(MSG.payroll.worker) });

export const deductionResponse = z.object({
  _id: z.string(),
  staffId: z.string(),
  name: z.string(),
  empid: z.string(),
  month: z.string(),
  kind: z.enum(DEDUCTION_KINDS),
  amount: rupees,
  reason: z.string(),
  createdAt: z.string(),
});
export type Deduction = z.infer<typeof deductionResponse>;

/** POST /attendance/marks: a worker's days from..to as leave, weekly off or holiday, or cleared. */
export const dayMarksBody = z
  .object({
    staffId: idSchema(MSG.workerNotFound),
    from: z.string().refine(isDay, MSG.dayInvalid(MSG.fields.from)).meta({ format: 'date' }),
    to: z.string().refine(isDay, MSG.dayInvalid(MSG.fields.to)).meta({ format: 'date' }),
    kind: choiceOf([...DAY_MARK_KINDS, 'clear'], { invalid: MSG.payroll.markInvalid, required: MSG.payroll.markInvalid }).describe(
      'leave-paid, leave-unpaid, weekly-off, holiday, or clear to remove the marks',
    ),
  })
  .refine((body) => body.from <= body.to, { message: MSG.payroll.rangeInvalid, path: ['to'] })
  .refine((body) => daysBetween(body.from, body.to) < DAY_MARK_RANGE_MAX, { message: MSG.payroll.rangeTooLong(DAY_MARK_RANGE_MAX), path: ['to'] });

export const dayMarksResponse = z.object({
  success: z.literal(true),
  msg: z.string(),
  /** days whose mark was set or cleared */
  days: z.number(),
});
