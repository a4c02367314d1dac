import { isPresent } from '../../../shared/attendance.js';
import type { ListSheet } from '../../../shared/list-view.js';
import { monthLabel } from '../../../shared/months.js';
import {
  attendanceView,
  DAYS_FILTER_TITLES,
  paiseOf,
  payrollTotals,
  payrollView,
  PAYROLL_SHOW_TITLES,
  wagesTotals,
  wagesView,
  type DaysView,
  type PayrollView,
  type ATTENDANCE_SORT,
  type WAGES_SORT,
} from '../../../shared/report-views.js';
import type { Payroll } from '../../../shared/schemas/payroll.js';
import type { WageRegister } from '../../../shared/schemas/reports.js';
import { WORK_TYPE_SELECT_LABELS, type WorkType } from '../../../shared/work-types.js';
import type { AttendanceGrid } from './attendance.service.js';

/**
 * The month lists' views as spreadsheets (issue 28): attendance, the wage register and the
 * payroll, searched, filtered and sorted by the same rules as the page (report-views.ts), each
 * with a title row naming the work type, month, search and filter, and a Total row. Money is
 * paise (written as ₹ with two decimals); the files are in English, as the other files.
 */

/** 'Work type: MCC', 'Month: November 2026', then 'Search: …' and the filter when given. */
function viewFilters(work: WorkType, month: string, q: string | null | undefined, filter: string | null): string[] {
  const filters = [`Work type: ${WORK_TYPE_SELECT_LABELS[work]}`, `Month: ${monthLabel(month)}`];
  if (q?.trim()) filters.push(`Search: ${q.trim()}`);
  if (filter) filters.push(filter);
  return filters;
}

export function attendanceSheet(grid: AttendanceGrid, view: DaysView<(typeof ATTENDANCE_SORT)[number]>): ListSheet {
  const workers = attendanceView(grid.workers, view);
  const days = Array.from({ length: grid.days }, (_, index) => index + 1);
  // workers of the view present on each day, and their days in all
  const present = days.map((_, index) => workers.filter((worker) => isPresent(worker.codes[index]!)).length);
  return {
    sheetName: 'Attendance',
    title: 'Attendance',
    filters: viewFilters(grid.work, grid.month, view.q, view.days ? `Workers: ${DAYS_FILTER_TITLES[view.days]}` : null),
    columns: [
      { header: 'Name', kind: 'text', width: 24 },
      { header: 'Emp ID', kind: 'text', width: 12 },
      // a day's code is written as text, its count of present workers in the Total row as a number
      ...days.map((day) => ({ header: String(day), kind: 'number' as const, width: 4 })),
      { header: 'Total', kind: 'number', width: 7 },
    ],
    rows: workers.map((worker) => [worker.name, worker.empid, ...worker.codes, worker.total]),
    totals: [null, null, ...present, workers.reduce((sum, worker) => sum + worker.total, 0)],
  };
}

export function wagesSheet(register: WageRegister, view: DaysView<(typeof WAGES_SORT)[number]>): ListSheet {
  const rows = wagesView(register.rows, view);
  const totals = wagesTotals(rows);
  return {
    sheetName: 'Wages',
    title: 'Wage register',
    filters: viewFilters(register.work, register.month, view.q, view.days ? `Workers: ${DAYS_FILTER_TITLES[view.days]}` : null),
    columns: [
      { header: 'Name', kind: 'text', width: 24 },
      { header: 'Emp ID', kind: 'text', width: 12 },
      { header: 'Days', kind: 'number', width: 7 },
      { header: 'Wage per day', kind: 'money' },
      { header: 'Amount', kind: 'money' },
    ],
    rows: rows.map((row) => [row.name, row.empid, row.days, row.wage === null ? null : paiseOf(row.wage), paiseOf(row.amount)]),
    totals: [null, null, totals.days, null, totals.amountPaise],
  };
}

export function payrollSheet(payroll: Payroll, view: PayrollView): ListSheet {
  const rows = payrollView(payroll.rows, view);
  const totals = payrollTotals(rows);
  const filters = viewFilters(payroll.work, payroll.month, view.q, view.show ? `Show: ${PAYROLL_SHOW_TITLES[view.show]}` : null);
  filters.push(`Status: ${payroll.status === 'final' ? 'Final' : 'Draft'}`);
  return {
    sheetName: 'Payroll',
    title: 'Payroll',
    filters,
    columns: [
      { header: 'Name', kind: 'text', width: 24 },
      { header: 'Emp ID', kind: 'text', width: 12 },
      { header: 'Days', kind: 'number', width: 7 },
      { header: 'Rate', kind: 'money' },
      { header: 'Gross', kind: 'money' },
      { header: 'EPF', kind: 'money' },
      { header: 'ESI', kind: 'money' },
      { header: 'Other deductions', kind: 'money' },
      { header: 'Net', kind: 'money' },
      { header: 'Flags', kind: 'text', width: 30 },
    ],
    rows: rows.map((row) => [
      row.name,
      row.empid,
      row.days,
      paiseOf(row.rate),
      paiseOf(row.gross),
      paiseOf(row.pfEmployee),
      paiseOf(row.esiEmployee),
      paiseOf(row.otherDeductions),
      paiseOf(row.net),
      row.flags.join(', '),
    ]),
    totals: [null, null, totals.days, null, totals.gross, totals.epf, totals.esi, totals.other, totals.net, null],
  };
}
