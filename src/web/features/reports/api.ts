import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { attendanceFileName } from '../../../shared/attendance.js';
import type { WorkType } from '../../../shared/work-types.js';
import { api } from '../../api/client.js';
import { useAuth } from '../../auth/auth-context.js';
import { downloadExport } from './download-file.js';

/** Reports of the manager area: attendance, wage register, dashboard summary (server-computed). */

const attendanceGrid = z.object({
  work: z.string(),
  month: z.string(),
  days: z.number(),
  today: z.string(),
  workers: z.array(z.object({ _id: z.string(), name: z.string(), empid: z.string(), codes: z.array(z.string()), total: z.number() })),
  dayTotals: z.array(z.number()),
  grandTotal: z.number(),
});
export type AttendanceGrid = z.infer<typeof attendanceGrid>;

const wageRegister = z.object({
  work: z.string(),
  month: z.string(),
  rows: z.array(z.object({ _id: z.string(), name: z.string(), empid: z.string(), days: z.number(), wage: z.number().nullable(), amount: z.number() })),
  totalDays: z.number(),
  totalAmount: z.number(),
});
export type WageRegister = z.infer<typeof wageRegister>;

const dashboardSummary = z.object({
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
export type DashboardSummary = z.infer<typeof dashboardSummary>;

/** `month` null asks for the current month, which the server decides in APP_TZ. */
function monthQuery(work: WorkType, month: string | null): string {
  const params = new URLSearchParams({ work });
  if (month) params.set('month', month);
  return params.toString();
}

export const reportKeys = {
  attendance: (work: WorkType, month: string | null) => ['attendance', work, month ?? 'current'] as const,
  wages: (work: WorkType, month: string | null) => ['wages', work, month ?? 'current'] as const,
  dashboard: ['dashboard-summary'] as const,
};

export function attendanceQuery(token: string | null, work: WorkType, month: string | null) {
  return queryOptions({
    queryKey: reportKeys.attendance(work, month),
    queryFn: ({ signal }) => api.get(`/attendance?${monthQuery(work, month)}`, { token, schema: attendanceGrid, signal }),
    enabled: Boolean(token),
  });
}

export function useAttendance(work: WorkType, month: string | null) {
  const { token } = useAuth();
  return useQuery(attendanceQuery(token, work, month));
}

export function useWageRegister(work: WorkType, month: string | null) {
  const { token } = useAuth();
  return useQuery({
    queryKey: reportKeys.wages(work, month),
    queryFn: ({ signal }) => api.get(`/wages?${monthQuery(work, month)}`, { token, schema: wageRegister, signal }),
    enabled: Boolean(token),
  });
}

export function useDashboardSummary() {
  const { token } = useAuth();
  return useQuery({
    queryKey: reportKeys.dashboard,
    queryFn: ({ signal }) => api.get('/dashboard/summary', { token, schema: dashboardSummary, signal }),
    enabled: Boolean(token),
  });
}

/** Saves SPEC's Attendance_{category}_{month number}_{year}.xlsx. */
export function downloadAttendance(token: string | null, work: WorkType, month: string): Promise<string> {
  return downloadExport(`/attendance/export?${monthQuery(work, month)}`, token, attendanceFileName(work, month));
}

/** Saves the wage register under the server's file name. */
export function downloadWages(token: string | null, work: WorkType, month: string): Promise<string> {
  return downloadExport(`/wages/export?${monthQuery(work, month)}`, token);
}
