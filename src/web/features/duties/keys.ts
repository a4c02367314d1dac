/**
 * The query keys of the duty calls (features/duties/api.ts). Every key starts with
 * 'duties', so one invalidation after a change refreshes the boards, the detail page and
 * the crew suggestions. A module of its own, without the calls: the route loaders in the
 * first download (router.tsx) read the cache by these keys.
 */
/** Rows per page of a live board; the route loader starts the first page (route-prefetch.ts). */
export const LIVE_PAGE_SIZE = 200;

export const dutyKeys = {
  all: ['duties'] as const,
  live: (work: string) => ['duties', 'live', work] as const,
  completed: (work: string, from: string | null, to: string | null) => ['duties', 'completed', work, from, to] as const,
  one: (id: string) => ['duties', 'one', id] as const,
  crew: (work: string) => ['duties', 'crew', work] as const,
  supervisors: ['duties', 'supervisors'] as const,
  norms: ['duties', 'staffing-norms'] as const,
};
