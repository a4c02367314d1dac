import { attendanceResponse, reportQuery, summaryResponse, wagesResponse } from '../schemas/reports.js';
import { attendanceViewQuery, wagesViewQuery } from '../schemas/report-views.js';
import { API } from './addresses.js';
import { defineRoute } from './contract.js';
import { errorResponses, GUARDED } from './envelopes.js';

/** Attendance (SPEC §2, §4), the wage register, and the manager dashboard summary: managers and admins. */

/** The media type of the .xlsx exports. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const attendance = defineRoute({
  ...API.attendance,
  tags: ['attendance'],
  summary: 'Attendance grid of a work type and month (YYYY-MM)',
  query: reportQuery,
  responses: { 200: attendanceResponse, ...errorResponses(...GUARDED) },
});

export const attendanceExport = defineRoute({
  ...API.attendanceExport,
  tags: ['attendance'],
  summary: 'The attendance grid as SPEC’s .xlsx file',
  query: reportQuery,
  responses: {
    200: { file: [XLSX_TYPE], description: 'Attendance_{category}_{month number}_{year}.xlsx: one sheet, Attendance (SPEC §2)' },
    ...errorResponses(...GUARDED),
  },
});

export const wages = defineRoute({
  ...API.wages,
  tags: ['attendance'],
  summary: 'Wage register of a work type and month',
  query: reportQuery,
  responses: { 200: wagesResponse, ...errorResponses(...GUARDED) },
});

export const wagesExport = defineRoute({
  ...API.wagesExport,
  tags: ['attendance'],
  summary: 'The wage register as .xlsx',
  query: reportQuery,
  responses: {
    200: { file: [XLSX_TYPE], description: 'Wages_{category}_{month number}_{year}.xlsx: one sheet, Wages' },
    ...errorResponses(...GUARDED),
  },
});

export const attendanceViewExport = defineRoute({
  ...API.attendanceViewExport,
  tags: ['attendance'],
  summary: 'The attendance grid as the page shows it (search, filter, sort) as .xlsx',
  query: reportQuery.extend(attendanceViewQuery.shape),
  responses: {
    200: { file: [XLSX_TYPE], description: 'Attendance_{yyyy-mm-dd}.xlsx: a title row naming the filters, the header, a row per worker shown, the Total row' },
    ...errorResponses(...GUARDED),
  },
});

export const wagesViewExport = defineRoute({
  ...API.wagesViewExport,
  tags: ['attendance'],
  summary: 'The wage register as the page shows it (search, filter, sort) as .xlsx',
  query: reportQuery.extend(wagesViewQuery.shape),
  responses: {
    200: { file: [XLSX_TYPE], description: 'Wage_register_{yyyy-mm-dd}.xlsx: a title row naming the filters, the header, a row per worker shown, the Total row; money as ₹ with two decimals' },
    ...errorResponses(...GUARDED),
  },
});

export const dashboardSummary = defineRoute({
  ...API.dashboardSummary,
  tags: ['dashboard'],
  summary: 'The manager dashboard figures and charts',
  responses: { 200: summaryResponse, ...errorResponses(401, 403) },
});

export const reportContracts = [attendance, attendanceExport, wages, wagesExport, dashboardSummary, attendanceViewExport, wagesViewExport];
