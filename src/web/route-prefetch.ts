/**
 * Route loaders that ask the server while a signed-in area's code is still loading
 * (issue 15, decision 0023). On a Slow 3G phone a request costs about two seconds before
 * its first byte; the area's session check and the supervisor's live list used to wait
 * for the area's code, then for each other. Here they start with the navigation; the
 * queries take their answers when they run (api/early-requests.ts).
 *
 * Part of the first download, so: no schemas, no feature code; the addresses are written
 * out here and a unit test holds them to the contracts (route-prefetch.test.ts).
 */
import { ROLE } from '../shared/roles.js';
import { toWorkType } from '../shared/work-types.js';
import type { GuardArea } from './api/first-calls.js';
import { startEarlyGet } from './api/early-requests.js';
import { readStoredSession } from './auth/session.js';
import { dutyKeys } from './features/duties/keys.js';
import { queryClient } from './query-client.js';

/** The area checks of SPEC §6 (src/shared/api/auth.ts: userGuard, managerGuard, adminGuard). */
export const GUARD_PATHS: Record<GuardArea, string> = {
  user: '/auth/userauth',
  manager: '/auth/managerauth',
  admin: '/auth/adminauth',
};

/** The query key of an area check (layouts/role-guard.tsx). */
export const guardKey = (area: GuardArea, token: string | null) => ['guard', area, token] as const;

/** The live list's first page for a work type, as useLiveDuties asks for it (features/duties/api.ts). */
export function liveListPath(work: string): string {
  return `/mcctrain/get-livemcctrain?${new URLSearchParams({ work, limit: '200' }).toString()}`;
}

/** Whether the cache already has, or is fetching, this query: then there is nothing to start. */
function inCache(key: readonly unknown[]): boolean {
  const state = queryClient.getQueryState(key);
  return Boolean(state && (state.data !== undefined || state.fetchStatus === 'fetching'));
}

/** Loader of a signed-in area: its session check starts with the navigation. */
export function areaLoader(area: GuardArea) {
  return (): null => {
    const session = readStoredSession();
    if (session && !inCache(guardKey(area, session.token))) startEarlyGet(GUARD_PATHS[area], session.token);
    return null;
  };
}

/** Loader of the supervisor's home: the live list of their own work type starts with the navigation. */
export function liveListLoader(): null {
  const session = readStoredSession();
  // a manager (Supervisor Tab) sees every work type's tab: their list starts with the page
  const work = session?.user.role === ROLE.supervisor ? toWorkType(session.user.work) : null;
  if (session && work && !inCache(dutyKeys.live(work))) startEarlyGet(liveListPath(work), session.token);
  return null;
}
