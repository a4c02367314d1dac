import { z } from 'zod';
import { WORK_TYPES } from '../work-types.js';
import { DOC_LANGUAGES, SKILLS } from '../payroll.js';

/**
 * The payroll's answers (issue 26), shared by the contracts, the server, the files and the
 * web. Money is rupees as JSON numbers with at most two decimals; the server computes in
 * paise (src/shared/payroll.ts) and divides by 100 only here, at the edge.
 */

const rupees = z.number().describe('rupees, at most two decimals');

export const payrollRow = z.object({
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

export const payrollTotals = z.object({
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
