import { z } from 'zod';

/** The answers of the report endpoints, shared by the server's OpenAPI schemas and the web client. */

/** GET /attendance: SPEC §4's day codes per worker, the per-day counts and the grand total. */
export const attendanceResponse = z.object({
  work: z.string(),
  month: z.string(),
  days: z.number(),
  today: z.string(),
  workers: z.array(
    z.object({ _id: z.string(), name: z.string(), empid: z.string(), codes: z.array(z.string()), total: z.number() }),
  ),
  dayTotals: z.array(z.number()),
  grandTotal: z.number(),
});

/** GET /wages: the wage register (beyond SPEC): days from the attendance total, wage per day, amount. */
export const wagesResponse = z.object({
  work: z.string(),
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
  billsByStatus: z.array(z.object({ status: z.string(), count: z.number(), amount: z.number() })),
});
export type AttendanceGrid = z.infer<typeof attendanceResponse>;
export type WageRegister = z.infer<typeof wagesResponse>;
export type DashboardSummary = z.infer<typeof summaryResponse>;
