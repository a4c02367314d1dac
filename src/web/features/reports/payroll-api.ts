import { API } from '../../../shared/api/addresses.js';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { addDeduction } from '../../../shared/api/payroll.js';
import type { WorkType } from '../../../shared/work-types.js';
import { call, download, type CallInput } from '../../api/call.js';
import { ApiError } from '../../api/errors.js';
import { useAuth } from '../../auth/auth-context.js';

/**
 * The payroll of a month and work type (issue 26), through the address table, typed by
 * src/shared/api/payroll.ts: the payroll itself, finalise and reopen, the deductions and
 * the files. A change refreshes the payroll (and the attendance grid, whose `final` follows).
 */
export type { Payroll, PayrollRow } from '../../../shared/schemas/payroll.js';

const payrollKeys = {
  all: ['payroll'] as const,
  one: (work: WorkType, month: string) => ['payroll', work, month] as const,
  deductions: (work: WorkType, month: string, staffId: string) => ['payroll', work, month, 'deductions', staffId] as const,
};

/** GET /payroll: a draft is recomputed from current data on every read. */
export function usePayroll(work: WorkType, month: string) {
  const { token } = useAuth();
  return useQuery({
    queryKey: payrollKeys.one(work, month),
    queryFn: ({ signal }) => call(API.payroll, { query: { work, month }, token, signal }),
    enabled: Boolean(token),
  });
}

/** After a change: the payroll, its deductions and the attendance grid (its `final`) are read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: payrollKeys.all }), queryClient.invalidateQueries({ queryKey: ['attendance'] })]);
}

export function useFinalisePayroll() {
  const { token } = useAuth();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { work: WorkType; month: string }) => call(API.finalisePayroll, { body, token }),
    onSuccess: refresh,
  });
}

export function useReopenPayroll() {
  const { token } = useAuth();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { work: WorkType; month: string; reason: string }) => call(API.reopenPayroll, { body, token }),
    onSuccess: refresh,
  });
}

/** The rows a refused finalise names (422: below the minimum wage), from the error's body. */
export function refusedRows(error: unknown): { staffId: string; name: string; empid: string; flags: string[] }[] {
  if (!(error instanceof ApiError) || error.status !== 422) return [];
  const rows = (error.body as { rows?: unknown } | null)?.rows;
  return Array.isArray(rows) ? (rows as { staffId: string; name: string; empid: string; flags: string[] }[]) : [];
}

/** One worker's deductions of the month. */
export function useDeductions(work: WorkType, month: string, staffId: string | null) {
  const { token } = useAuth();
  return useQuery({
    queryKey: payrollKeys.deductions(work, month, staffId ?? ''),
    queryFn: ({ signal }) => call(API.listDeductions, { query: { work, month, staffId: staffId ?? undefined }, token, signal }).then((answer) => answer.deductions),
    enabled: Boolean(token && staffId),
  });
}

/** Every deduction of the month for the work type's workers (the printable register's columns by kind). */
export function useMonthDeductions(work: WorkType, month: string) {
  const { token } = useAuth();
  return useQuery({
    queryKey: payrollKeys.deductions(work, month, ''),
    queryFn: ({ signal }) => call(API.listDeductions, { query: { work, month }, token, signal }).then((answer) => answer.deductions),
    enabled: Boolean(token),
  });
}

export type DeductionBody = CallInput<typeof addDeduction>['body'];

export function useAddDeduction() {
  const { token } = useAuth();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: DeductionBody) => call(API.addDeduction, { body, token }),
    onSuccess: refresh,
  });
}

export function useRemoveDeduction() {
  const { token } = useAuth();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => call(API.removeDeduction, { params: { id }, token }),
    onSuccess: refresh,
  });
}

/** The payroll's files, each saved under the server's file name; drafts are allowed (the files say DRAFT). */
const PAYROLL_FILES = {
  register: API.payrollRegister,
  slips: API.payrollSlips,
  ecr: API.payrollEcr,
  esi: API.payrollEsi,
  bank: API.payrollBank,
  bankMissing: API.payrollBankMissing,
} as const;
export type PayrollFile = keyof typeof PAYROLL_FILES;

export function downloadPayrollFile(token: string | null, file: PayrollFile, work: WorkType, month: string): Promise<string> {
  return download(PAYROLL_FILES[file], { query: { work, month }, token });
}

/** One worker's wage slip (PDF, in the worker's language). */
export function downloadWageSlip(token: string | null, work: WorkType, month: string, staffId: string): Promise<string> {
  return download(API.payrollSlips, { query: { work, month, staffId }, token });
}

/** Saves the payroll list as the page shows it (search, filter, sort), with its Total row (issue 28). */
export function downloadPayrollView(token: string | null, work: WorkType, month: string, view: { q?: string | undefined; show?: string | undefined; sort?: string | undefined }): Promise<string> {
  return download(API.payrollExport, { query: { work, month, ...view }, token });
}
