import { queryOptions, useQuery } from '@tanstack/react-query';
import { attendanceFileName } from '../../../shared/attendance.js';
import {
  attendanceResponse as attendanceGrid,
  summaryResponse as dashboardSummary,
  wagesResponse as wageRegister,
  type AttendanceGrid,
  type DashboardSummary,
  type WageRegister,
} from '../../../shared/schemas/reports.js';
import type { WorkType } from '../../../shared/work-types.js';
import { api } from '../../api/client.js';
import { useAuth } from '../../auth/auth-context.js';
import { downloadExport } from './download-file.js';

/** Reports of the manager area: attendance, wage register, dashboard summary (server-computed). */
export type { AttendanceGrid, DashboardSummary, WageRegister };

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
