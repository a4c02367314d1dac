import { z } from 'zod';
import { sortParam } from '../list-view.js';
import { MSG } from '../messages.js';
import { ATTENDANCE_SORT, DAYS_FILTERS, PAYROLL_SHOWS, PAYROLL_SORT, WAGES_SORT } from '../report-views.js';
import { choiceOf } from './input-rules.js';

/**
 * The queries of the month lists' view exports (issue 28): the page's search, filter and sort.
 * Apart from report-views.ts, whose rules the pages run without loading zod.
 */

const searchField = z.string(MSG.reportLists.searchTooLong).trim().max(100, MSG.reportLists.searchTooLong).optional().describe("a worker's name or Emp ID, or part of it");

export const attendanceViewQuery = z.object({
  q: searchField,
  days: choiceOf(DAYS_FILTERS, { invalid: MSG.reportLists.daysInvalid }).optional().describe('with: workers with days in the month; without: workers with none'),
  sort: sortParam(ATTENDANCE_SORT),
});

export const wagesViewQuery = attendanceViewQuery.extend({ sort: sortParam(WAGES_SORT) });

export const payrollViewQuery = z.object({
  q: searchField,
  show: choiceOf(PAYROLL_SHOWS, { invalid: MSG.reportLists.showInvalid }).optional().describe('epf / noEpf: EPF deducted or not; esi / noEsi; deductions: other deductions; flagged'),
  sort: sortParam(PAYROLL_SORT),
});
