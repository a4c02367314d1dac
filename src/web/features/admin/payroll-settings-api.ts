import { API } from '../../../shared/api/addresses.js';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayrollSettings } from '../../../shared/payroll.js';
import { call } from '../../api/call.js';
import { useAuth } from '../../auth/auth-context.js';

/**
 * The payroll settings and the holidays (issue 26), through the address table (types from
 * src/shared/api/payroll-settings.ts). A change refreshes every settings or holiday read,
 * and the audit trail.
 */

const keys = {
  settingsAll: ['admin', 'payroll-settings'] as const,
  /** month '' is "the current month", which the server decides */
  settings: (month: string) => ['admin', 'payroll-settings', month] as const,
  holidaysAll: ['admin', 'holidays'] as const,
  holidays: (year: number | null) => ['admin', 'holidays', year] as const,
  auditAll: ['admin', 'audit'] as const,
};

/** The settings in force in `month` ('' for the current one) and every saved version. */
export function usePayrollSettings(month: string) {
  const { token } = useAuth();
  return useQuery({
    queryKey: keys.settings(month),
    queryFn: ({ signal }) => call(API.payrollSettings, { query: { month: month || undefined }, token, signal }),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}

function useRefreshing<T, R>(mutationFn: (variables: T) => Promise<R>, key: readonly string[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: key }), queryClient.invalidateQueries({ queryKey: keys.auditAll })]),
  });
}

export function useSavePayrollSettings() {
  const { token } = useAuth();
  return useRefreshing((settings: PayrollSettings) => call(API.savePayrollSettings, { body: settings, token }), keys.settingsAll);
}

/** The holidays of a year (null: the current one, which the server decides). */
export function useHolidays(year: number | null) {
  const { token } = useAuth();
  return useQuery({
    queryKey: keys.holidays(year),
    queryFn: ({ signal }) => call(API.listHolidays, { query: { year: year === null ? undefined : String(year) }, token, signal }),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}

export function useAddHoliday() {
  const { token } = useAuth();
  return useRefreshing((holiday: { day: string; name: string }) => call(API.addHoliday, { body: holiday, token }), keys.holidaysAll);
}

export function useRenameHoliday() {
  const { token } = useAuth();
  return useRefreshing(({ day, name }: { day: string; name: string }) => call(API.renameHoliday, { params: { day }, body: { name }, token }), keys.holidaysAll);
}

export function useRemoveHoliday() {
  const { token } = useAuth();
  return useRefreshing((day: string) => call(API.removeHoliday, { params: { day }, token }), keys.holidaysAll);
}
