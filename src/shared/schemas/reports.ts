import { z } from 'zod';
import { BILL_STATUSES } from '../bills.js';
import { DAY_CODES } from '../attendance.js';
import { MSG } from '../messages.js';
import { DAY_MARK_KINDS } from '../payroll.js';
import { WORK_TYPES } from '../work-types.js';
import { choiceOf, monthField } from './input-rules.js';

/** The report endpoints' query and answers, shared by the contracts, the server and the web. */

/**
 * GET /attendance, /wages and their exports: a work type (required) and a month; a blank
 * or missing month is the current one in APP_TZ.
 */
export const reportQuery = z.object({
  work: choiceOf(WORK_TYPES, { invalid: MSG.workInvalid }),
  month: z
    .union([z.literal(''), monthField()])
    .optional()
    .transform((month) => month || undefined)
    .describe('YYYY-MM; the current month (APP_TZ) when blank or missing'),
});

/** GET /attendance: SPEC §4's day codes per worker, the per-day counts and the grand total. */
export const attendanceResponse = z.object({
  work: z.enum(WORK_TYPES),
  month: z.string(),
  days: z.number(),
  today: z.string(),
  workers: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      empid: z.string(),
      codes: z.array(z.enum(DAY_CODES)),
      /** SPEC's total: the duty count (P 1, P2 2, P3 3) */
      total: z.number(),
      /** paid leave and holidays on days without a duty (they add to the payroll's paid days) */
      paidLeave: z.number(),
      /** the manager's marks of the month (day of month and kind); holidays of the list are in `holidays` */
      marks: z.array(z.object({ day: z.number(), kind: z.enum(DAY_MARK_KINDS) })),
    }),
  ),
  /** the admin's holidays in the month (day of month and name): H for every worker without a duty or mark that day */
  holidays: z.array(z.object({ day: z.number(), name: z.string() })),
  /** whether the month's payroll of this work type is final (marks refused) */
  final: z.boolean(),
  /** workers present (P, P2 or P3) on each day */
  dayTotals: z.array(z.number()),
  /** the footer row's own total: the sum of the per-day counts */
  grandTotal: z.number(),
});

/** GET /wages: the wage register (beyond SPEC): days from the attendance total, wage per day, amount. */
export const wagesResponse = z.object({
  work: z.enum(WORK_TYPES),
  month: z.string(),
  rows: z.array(z.object({ _id: z.string(), name: z.string(), empid: z.string(), days: z.number(), wage: z.number().nullable(), amount: z.number() })),
  totalDays: z.number(),
  totalAmount: z.number(),
});

/** GET /dashboard/summary: the manager dashboard's cards and charts. */
export const summaryResponse = z.object({
  passedBills: z.number(),
  pendingBills: z.number(),
  netAmount: z.number(),
  totalBillAmount: z.number(),
  totalPenalties: z.number(),
  totalLiveWork: z.number(),
  totalCompletedWork: z.number(),
  todayLiveWork: z.number(),
  todayCompletedWork: z.number(),
  today: z.string(),
  completedPerDay: z.array(z.object({ day: z.string(), work: z.string(), count: z.number() })),
  billsByStatus: z.array(z.object({ status: z.enum(BILL_STATUSES), count: z.number(), amount: z.number() })),
});
export type AttendanceGrid = z.infer<typeof attendanceResponse>;
export type WageRegister = z.infer<typeof wagesResponse>;
export type DashboardSummary = z.infer<typeof summaryResponse>;
