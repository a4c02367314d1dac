import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * When the request being served arrived. The embedded database's turn queue bounds each
 * wait, but a request makes several queries (session check, reads, a write), so per-query
 * bounds add up: under a burst a request waited 3 × 5 s. The queue reads this to bound the
 * whole request's waiting instead (see decision 0011).
 */
const requestArrival = new AsyncLocalStorage<number>();

/** Runs `next` (the rest of the request) with its arrival time remembered. */
export function runWithRequestBudget(arrivedAt: number, next: () => void): void {
  requestArrival.run(arrivedAt, next);
}

/**
 * How long the current caller may still wait for a turn: `maxWaitMs` less what its request
 * has already spent since arriving; `maxWaitMs` outside a request (start-up, jobs, tests).
 */
export function remainingWaitMs(maxWaitMs: number, now = Date.now()): number {
  const arrivedAt = requestArrival.getStore();
  if (arrivedAt === undefined) return maxWaitMs;
  return Math.min(maxWaitMs, arrivedAt + maxWaitMs - now);
}
