import { API } from '../../../shared/api/addresses.js';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { attendanceFileName } from '../../../shared/attendance.js';
import type { WorkType } from '../../../shared/work-types.js';
import { call, download } from '../../api/call.js';
import { useAuth } from '../../auth/auth-context.js';
import { dashboardKey } from './dashboard-query.js';


/**
 * Reports of the manager area (server-computed), through the address table, typed by
 * src/shared/api/reports.ts: attendance, wage register and the exports (the dashboard
 * summary, the manager's first screen, is in dashboard-query.ts).
 * `month` null asks for the current month, which the server decides in APP_TZ.
 */
export type { AttendanceGrid, DashboardSummary, WageRegister } from '../../../shared/schemas/reports.js';

const reportKeys = {
  attendance: (work: WorkType, month: string | null) => ['attendance', work, month ?? 'current'] as const,
  wages: (work: WorkType, month: string | null) => ['wages', work, month ?? 'current'] as const,
  dashboard: dashboardKey,
};

const reportInput = (work: WorkType, month: string | null) => ({ work, month: month ?? undefined });

function attendanceQuery(token: string | null, work: WorkType, month: string | null) {
  return queryOptions({
    queryKey: reportKeys.attendance(work, month),
    queryFn: ({ signal }) => call(API.attendance, { query: reportInput(work, month), token, signal }),
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
    queryFn: ({ signal }) => call(API.wages, { query: reportInput(work, month), token, signal }),
    enabled: Boolean(token),
  });
}

/** Saves SPEC's Attendance_{category}_{month number}_{year}.xlsx. */
export function downloadAttendance(token: string | null, work: WorkType, month: string): Promise<string> {
  return download(API.attendanceExport, { query: { work, month }, token, fileName: attendanceFileName(work, month) });
}

/** Saves the wage register under the server's file name. */
export function downloadWages(token: string | null, work: WorkType, month: string): Promise<string> {
  return download(API.wagesExport, { query: { work, month }, token });
}

/** What a month list's page shows: its search, filter and sort, as the view exports take them (issue 28). */
interface ListViewQuery {
  q?: string | undefined;
  days?: string | undefined;
  sort?: string | undefined;
}

/** Saves the attendance grid as the page shows it (search, filter, sort), with its Total row. */
export function downloadAttendanceView(token: string | null, work: WorkType, month: string, view: ListViewQuery): Promise<string> {
  return download(API.attendanceViewExport, { query: { work, month, ...view }, token });
}

/** Saves the wage register as the page shows it (search, filter, sort), with its Total row. */
export function downloadWagesView(token: string | null, work: WorkType, month: string, view: ListViewQuery): Promise<string> {
  return download(API.wagesViewExport, { query: { work, month, ...view }, token });
}
