/**
 * Route loaders that ask the server while a signed-in area's code is still loading
 * (issue 15, decision 0023). On a Slow 3G phone a request costs about two seconds before
 * its first byte; the area's session check and the supervisor's live list used to wait
 * for the area's code, then for each other. Here they start with the navigation; the
 * queries take their answers when they run (api/early-requests.ts).
 *
 * Part of the first download, so: no schemas, no feature code, no query library (the
 * cache is looked into once the code that made it has loaded); the addresses come from
 * the shared table (plain data), as the queries' own calls do.
 */
import { API } from '../shared/api/addresses.js';
import { pathOf } from '../shared/api/contract.js';
import { ROLE } from '../shared/roles.js';
import { toWorkType } from '../shared/work-types.js';
import { startEarlyGet } from './api/early-requests.js';
import { AREA_CHECKS, guardKey, type GuardArea } from './auth/areas.js';
import { readStoredSession } from './auth/session.js';
import { LIVE_PAGE_SIZE, dutyKeys } from './features/duties/keys.js';

/** The live list's first page for a work type, as useLiveDuties asks for it (features/duties/api.ts). */
export function liveListPath(work: string): string {
  return pathOf(API.liveDuties, { query: { work, limit: LIVE_PAGE_SIZE } });
}

/** The query cache as these loaders read it: a query's state by its key. */
interface QueryCache {
  getQueryState(key: readonly unknown[]): { data?: unknown; fetchStatus: string } | undefined;
}

/**
 * The app's query cache, once query-client.tsx has loaded with the first screen that
 * reads through it (a signed-in area); until then there is none, and nothing in it.
 */
let queryCache: QueryCache | null = null;

/** Called by query-client.tsx when it loads: the loaders look into its cache from then on. */
export function takeQueryCache(cache: QueryCache): void {
  queryCache = cache;
}

/** Whether the cache already has, or is fetching, this query: then there is nothing to start. */
function inCache(key: readonly unknown[]): boolean {
  const state = queryCache?.getQueryState(key);
  return Boolean(state && (state.data !== undefined || state.fetchStatus === 'fetching'));
}

/** Loader of a signed-in area: its session check starts with the navigation. */
export function areaLoader(area: GuardArea) {
  return (): null => {
    const session = readStoredSession();
    if (session && !inCache(guardKey(area, session.token))) startEarlyGet(AREA_CHECKS[area].path, session.token);
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
