import { useQuery } from '@tanstack/react-query';
import { fetchDashboardSummary } from '../../api/first-calls.js';
import { useAuth } from '../../auth/auth-context.js';

/** The manager dashboard's query key (reportKeys.dashboard). */
export const dashboardKey = ['dashboard-summary'] as const;

/**
 * The manager dashboard's figures and charts: the manager's first screen, so without the
 * report contracts (api/first-calls.ts); the other reports are in api.ts.
 */
export function useDashboardSummary() {
  const { token } = useAuth();
  return useQuery({
    queryKey: dashboardKey,
    queryFn: ({ signal }) => fetchDashboardSummary(token, signal),
    enabled: Boolean(token),
  });
}
