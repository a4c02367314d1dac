import { API } from '../../../shared/api/addresses.js';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { createDuty as createDutyRoute, liveDuties } from '../../../shared/api/duties.js';
import type { Duty } from '../../../shared/schemas/duties.js';
import { call, callApi, download, type CallInput } from '../../api/call.js';
import { ApiError } from '../../api/client.js';
import { useAuth } from '../../auth/auth-context.js';
import { STAFF_STATUS } from '../../../shared/staff.js';
import { dutyKeys, hasView, LIVE_PAGE_SIZE, type DutyListView } from './keys.js';
import { crewListMemberOf, loadSavedDuty, loadWithSavedCopy, savedDutyOf, savedListName, type CrewListMember } from '../../offline/list-cache.js';

/**
 * The /mcctrain duty calls of SPEC §7 (and the staff and supervisor lists the duty forms
 * need), typed from the shared schemas. Every key starts with 'duties', so one
 * invalidation after a change refreshes the boards, the detail page and the crew
 * suggestions (whose "on 12625" flags follow the live duties).
 */

/** A crew candidate: the fields the crew search reads (no personal data, decision 0013). */
export type CrewMember = CrewListMember;

/** One page of a duty list with the paging and range headers the server sends beside it. */
export interface DutyPage {
  duties: Duty[];
  nextCursor: string | null;
  /** the completed days the server used (null without a date filter) */
  from: string | null;
  to: string | null;
}

/** One page of a duty list with the paging and range headers the server sends beside it. */
async function getDutyPage(
  address: typeof API.liveDuties | typeof API.completedDuties,
  query: CallInput<typeof liveDuties>['query'],
  token: string | null,
  signal?: AbortSignal,
): Promise<DutyPage> {
  const { data, headers } = await callApi(address, { query, token, signal });
  return {
    duties: data.map(savedDutyOf),
    nextCursor: headers.get('x-next-cursor'),
    from: headers.get('x-range-from'),
    to: headers.get('x-range-to'),
  };
}

/** The search, sort and supervisor of a view, as query parameters (none when unused). */
function viewQuery(view: DutyListView | undefined): DutyListView {
  if (!hasView(view)) return {};
  return { ...(view.q ? { q: view.q } : {}), ...(view.sort ? { sort: view.sort } : {}), ...(view.supervisor ? { supervisor: view.supervisor } : {}) };
}

/**
 * Live duties of one work type ('' for all), newest first or sorted; the board rarely holds
 * more than one page. Only the plain view (no search, sort or supervisor) is kept on the phone.
 */
export function useLiveDuties(work: string, options: { enabled?: boolean; view?: DutyListView } = {}) {
  const { token, user } = useAuth();
  const view = viewQuery(options.view);
  return useInfiniteQuery({
    queryKey: dutyKeys.live(work, view),
    // the first page is kept on the phone for a visit without network (decision 0020)
    queryFn: ({ pageParam, signal }) => {
      const load = () => getDutyPage(API.liveDuties, { work, limit: LIVE_PAGE_SIZE, cursor: pageParam ?? undefined, ...view }, token, signal);
      return pageParam || hasView(view) ? load() : loadWithSavedCopy(user?._id, savedListName.live(work), load);
    },
    // offline the load runs anyway: it answers the saved copy
    networkMode: 'always',
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: Boolean(token) && options.enabled !== false,
    // a live board is watched: pick up other people's duties now and then
    refetchInterval: 30_000,
  });
}

/**
 * Completed duties of one work type in one range of completed days. The range is always
 * sent: without it the server lists every month (issue 13), and the board shows one.
 */
export function useCompletedDuties(work: string, from: string, to: string, options: { enabled?: boolean; view?: DutyListView } = {}) {
  const { token, user } = useAuth();
  const view = viewQuery(options.view);
  return useInfiniteQuery({
    queryKey: dutyKeys.completed(work, from, to, view),
    queryFn: ({ pageParam, signal }) => {
      const load = () => getDutyPage(API.completedDuties, { work, from, to, limit: 200, cursor: pageParam ?? undefined, ...view }, token, signal);
      return pageParam || hasView(view) ? load() : loadWithSavedCopy(user?._id, savedListName.completed(work, from, to), load);
    },
    networkMode: 'always',
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: Boolean(token) && options.enabled !== false,
    // a new range keeps the old rows on screen (dimmed) until it loads; a new tab does not
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === work ? previous : undefined),
  });
}

/** The totals of a list's whole view (every page), added up by the server (issue 28). */
export function useDutyTotals(state: 'live' | 'completed', query: { work: string; from?: string; to?: string } & DutyListView, enabled: boolean) {
  const { token } = useAuth();
  const sent = { work: query.work, ...(query.from ? { from: query.from, to: query.to } : {}), ...viewQuery({ q: query.q, supervisor: query.supervisor }) };
  return useQuery({
    queryKey: dutyKeys.totals(state, sent),
    queryFn: ({ signal }) => call(state === 'live' ? API.liveDutyTotals : API.completedDutyTotals, { query: sent, token, signal }),
    enabled: Boolean(token) && enabled,
    placeholderData: (previous) => previous,
  });
}

/** Downloads the .xlsx of a list's view: its filters, search and sort, every page (managers and admins). */
export function exportDuties(state: 'live' | 'completed', token: string | null, query: { work: string; from?: string; to?: string } & DutyListView) {
  const sent = { work: query.work, ...(query.from ? { from: query.from, to: query.to } : {}), ...viewQuery(query) };
  return download(state === 'live' ? API.liveDutiesExport : API.completedDutiesExport, { query: sent, token });
}

export function useDuty(id: string) {
  const { token, user } = useAuth();
  return useQuery({
    queryKey: dutyKeys.one(id),
    // without network: the duty as the saved lists hold it (decision 0020)
    queryFn: ({ signal }) => loadSavedDuty(user?._id, id, () => call(API.oneDuty, { params: { id }, token, signal })),
    networkMode: 'always',
    enabled: Boolean(token && id),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  });
}

/** Active staff of a work type, the pool a duty's crew is chosen from (supervisors get their own type only). */
export function useCrewCandidates(work: string | null) {
  const { token, user } = useAuth();
  return useQuery({
    queryKey: dutyKeys.crew(work ?? ''),
    // only the fields the search reads are kept, in memory and on the phone
    queryFn: ({ signal }) =>
      loadWithSavedCopy(
        user?._id,
        savedListName.crew(work ?? ''),
        async () => (await call(API.listWorkers, { query: { work: work ?? '', status: STAFF_STATUS.active, limit: 5000 }, token, signal })).map(crewListMemberOf),
      ),
    networkMode: 'always',
    enabled: Boolean(token && work),
    staleTime: 30_000,
  });
}

/** The supervisors a manager picks from (GET /auth/getsupervisor). */
export function useSupervisors(enabled: boolean) {
  const { token } = useAuth();
  return useQuery({
    queryKey: dutyKeys.supervisors,
    queryFn: ({ signal }) => call(API.supervisorList, { token, signal }),
    enabled: Boolean(token) && enabled,
    staleTime: 60_000,
    select: (answer) => answer.supervisor,
  });
}

export type NewDutyBody = CallInput<typeof createDutyRoute>['body'];

/** Required staff per coach by work type (GET /staffing-norms), as the server computes reqq with. */
export function useDutyStaffingNorms() {
  const { token } = useAuth();
  return useQuery({
    queryKey: dutyKeys.norms,
    queryFn: ({ signal }) => call(API.staffingNorms, { token, signal }),
    enabled: Boolean(token),
    staleTime: 60_000,
    select: (answer) => answer.norms,
  });
}

/**
 * DELETE /mcctrain/deletework/{id} (managers and admins). Every duty list and the crew
 * flags reload (attendance and the dashboard, which stop counting it, load afresh on every
 * visit).
 */
export function useDeleteDuty() {
  const { token } = useAuth();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(API.deleteDuty, { params: { id }, token }),
    onSettled: async (_answer, _error, id) => {
      // the deleted duty's own page must not refetch it (a 404 it would show as an error)
      client.removeQueries({ queryKey: dutyKeys.one(id), exact: true });
      await client.invalidateQueries({ queryKey: dutyKeys.all });
    },
  });
}
