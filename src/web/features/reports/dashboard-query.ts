import { useQuery } from '@tanstack/react-query';
import { API } from '../../../shared/api/addresses.js';
import { call } from '../../api/call.js';
import { useAuth } from '../../auth/auth-context.js';

/** The manager dashboard's query key (reportKeys.dashboard). */
export const dashboardKey = ['dashboard-summary'] as const;

/** The manager dashboard's figures and charts (the manager's first screen); the other reports are in api.ts. */
export function useDashboardSummary() {
  const { token } = useAuth();
  return useQuery({
    queryKey: dashboardKey,
    queryFn: ({ signal }) => call(API.dashboardSummary, { token, signal }),
    enabled: Boolean(token),
  });
}
