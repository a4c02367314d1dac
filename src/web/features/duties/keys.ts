/**
 * The query keys of the duty calls (features/duties/api.ts). Every key starts with
 * 'duties', so one invalidation after a change refreshes the boards, the detail page and
 * the crew suggestions. A module of its own, without the calls: the route loaders in the
 * first download (router.tsx) read the cache by these keys.
 */
/** Rows per page of a live board; the route loader starts the first page (route-prefetch.ts). */
export const LIVE_PAGE_SIZE = 200;

/** What an office list asks besides its tab and days (issue 28): search, sort, supervisor; absent when not used. */
export interface DutyListView {
  q?: string;
  sort?: string;
  supervisor?: string;
}

/** Whether a list view asks for anything besides the tab (a plain view keeps its old key, which the route loader fills). */
export function hasView(view: DutyListView | undefined): view is DutyListView {
  return Boolean(view && (view.q || view.sort || view.supervisor));
}

export const dutyKeys = {
  all: ['duties'] as const,
  live: (work: string, view?: DutyListView) => (hasView(view) ? (['duties', 'live', work, view] as const) : (['duties', 'live', work] as const)),
  completed: (work: string, from: string | null, to: string | null, view?: DutyListView) =>
    hasView(view) ? (['duties', 'completed', work, from, to, view] as const) : (['duties', 'completed', work, from, to] as const),
  totals: (state: 'live' | 'completed', query: object) => ['duties', 'totals', state, query] as const,
  one: (id: string) => ['duties', 'one', id] as const,
  crew: (work: string) => ['duties', 'crew', work] as const,
  supervisors: ['duties', 'supervisors'] as const,
  norms: ['duties', 'staffing-norms'] as const,
};
