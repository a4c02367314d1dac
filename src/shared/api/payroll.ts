import { z } from 'zod';
import { MSG } from '../messages.js';
import {
  dayMarksBody,
  dayMarksResponse,
  deductionBody,
  deductionResponse,
  deductionsQuery,
  payrollQuery,
  payrollResponse,
  reopenBody,
  slipsQuery,
} from '../schemas/payroll.js';
import { payrollViewQuery } from '../schemas/report-views.js';
import { API } from './addresses.js';
import { defineRoute } from './contract.js';
import { errorResponses, GUARDED, idParams, idempotencyKeyHeaders, successMsg } from './envelopes.js';
import { XLSX_TYPE } from './reports.js';

/**
 * The payroll of a month and work type (issue 26): managers and admins; supervisors 403.
 * Money is rupees as JSON numbers with at most two decimals. A month whose payroll is
 * final refuses every write that would change it (409) until an admin reopens it.
 */

const tags = ['payroll'] as const;
const FINAL_409 = 'the month\'s payroll is final';

export const payroll = defineRoute({
  ...API.payroll,
  tags,
  summary: 'The payroll of a work type and month: draft (recomputed from current data) or final (as finalised)',
  description:
    'Rows only for workers with at least one paid day. days = the attendance total (P2 counts 2) + paid leave and holidays; gross = days × daily wage; ' +
    'EPF/EPS/EDLI wages capped at the EPF ceiling (to the nearest rupee); EPF amounts to the nearest rupee; ESI shares up to the next rupee. ' +
    'Flags name their subject and never change an amount.',
  query: payrollQuery,
  responses: { 200: payrollResponse, ...errorResponses(...GUARDED) },
});

export const finalisePayroll = defineRoute({
  ...API.finalisePayroll,
  tags,
  summary: 'Finalise a month: its payroll, duties, day marks and deductions no longer change',
  description: '409 when already final; 422 naming the workers below the minimum wage (rows in `rows`), or when the month has not ended or has no paid days.',
  headers: idempotencyKeyHeaders,
  body: payrollQuery,
  responses: {
    200: payrollResponse,
    422: z.object({ msg: z.string(), rows: z.array(z.object({ staffId: z.string(), name: z.string(), empid: z.string(), flags: z.array(z.string()) })).optional() }).loose(),
    ...errorResponses(...GUARDED, 409),
  },
});

export const reopenPayroll = defineRoute({
  ...API.reopenPayroll,
  tags,
  summary: 'Reopen a final month (admin), with a reason kept in the audit trail',
  headers: idempotencyKeyHeaders,
  body: reopenBody,
  responses: { 200: payrollResponse, ...errorResponses(...GUARDED, 409, 422) },
});

const fileRoute = <const A extends { method: 'GET'; path: string }>(address: A, summary: string, types: readonly string[], description: string) =>
  defineRoute({ ...address, tags, summary, query: payrollQuery, responses: { 200: { file: types, description }, ...errorResponses(...GUARDED) } });

export const payrollEcr = fileRoute(
  API.payrollEcr,
  'EPFO ECR file',
  ['text/plain'],
  'ECR_{work}_{MM}_{YYYY}.txt: a line per PF member with a UAN; 11 fields separated by #~#; whole rupees; no header',
);
export const payrollEsi = fileRoute(API.payrollEsi, 'ESIC monthly contribution file', [XLSX_TYPE], 'ESI_{work}_{MM}_{YYYY}.xlsx: the portal\'s six columns');
export const payrollBank = fileRoute(
  API.payrollBank,
  'Bank payment file',
  ['text/csv'],
  'Bank_{work}_{MM}_{YYYY}.csv: beneficiary name, account number, IFSC, amount (12345.00), narration (Wages Sep 2026); payable rows only',
);
export const payrollBankMissing = fileRoute(API.payrollBankMissing, 'Workers who cannot be paid by bank', ['text/csv'], 'The rows without bank details, with their net pay');
export const payrollRegister = fileRoute(
  API.payrollRegister,
  'Wage register cum muster roll',
  [XLSX_TYPE],
  'Register_{work}_{MM}_{YYYY}.xlsx: a row per worker, a column per day, the amounts, a signature column; "DRAFT" on a draft',
);

/** The payroll list as the page shows it (issue 28): search, filter and sort. */
export const payrollExport = defineRoute({
  ...API.payrollExport,
  tags,
  summary: 'The payroll list as the page shows it (search, filter, sort) as .xlsx',
  query: payrollQuery.extend(payrollViewQuery.shape),
  responses: {
    200: { file: [XLSX_TYPE], description: 'Payroll_{yyyy-mm-dd}.xlsx: a title row naming the filters, the header, a row per worker shown, the Total row; money as ₹ with two decimals' },
    ...errorResponses(...GUARDED),
  },
});

export const payrollSlips = defineRoute({
  ...API.payrollSlips,
  tags,
  summary: 'Wage slips as PDF: a page per worker, each in the worker\'s language (en, hi, ml)',
  query: slipsQuery,
  responses: { 200: { file: ['application/pdf'], description: 'Slips_{work}_{MM}_{YYYY}.pdf, or one worker\'s with staffId' }, ...errorResponses(...GUARDED, 404) },
});

export const listDeductions = defineRoute({
  ...API.listDeductions,
  tags,
  summary: 'Deductions of a month for a work type\'s workers (or one worker)',
  query: deductionsQuery,
  responses: { 200: z.object({ deductions: z.array(deductionResponse) }), ...errorResponses(...GUARDED) },
});

export const addDeduction = defineRoute({
  ...API.addDeduction,
  tags,
  summary: 'Record an advance, fine, damage or other deduction',
  description: `422 when total deductions (EPF and ESI included) would exceed 50 % of the month's wages; 409 when ${FINAL_409}.`,
  headers: idempotencyKeyHeaders,
  body: deductionBody,
  responses: {
    201: successMsg.extend({ msg: z.string().describe(MSG.payroll.deductionAdded), deduction: deductionResponse }),
    ...errorResponses(...GUARDED, 404, 409, 422),
  },
});

export const removeDeduction = defineRoute({
  ...API.removeDeduction,
  tags,
  summary: 'Remove a deduction',
  params: idParams(MSG.payroll.deductionNotFound),
  responses: { 200: successMsg.extend({ msg: z.string().describe(MSG.payroll.deductionRemoved) }), ...errorResponses(401, 403, 404, 409) },
});

export const markDays = defineRoute({
  ...API.markDays,
  tags: ['attendance'],
  summary: 'Mark a worker\'s days as leave (paid or unpaid), weekly off or holiday, or clear them',
  description: `A day with a duty keeps its P; paid leave and holidays add to the payroll's paid days. 409 when ${FINAL_409}.`,
  headers: idempotencyKeyHeaders,
  body: dayMarksBody,
  responses: { 200: dayMarksResponse, ...errorResponses(...GUARDED, 404, 409) },
});

export const payrollContracts = [
  payroll,
  finalisePayroll,
  reopenPayroll,
  payrollEcr,
  payrollEsi,
  payrollBank,
  payrollBankMissing,
  payrollRegister,
  payrollExport,
  payrollSlips,
  listDeductions,
  addDeduction,
  removeDeduction,
  markDays,
];
