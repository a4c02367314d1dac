import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The time one request has spent waiting for the embedded database's turn. A request makes
 * several queries (session check, reads, a write), so per-query bounds add up: under a
 * burst a request waited 3 × 5 s. The turn queue bounds each wait by what the request's
 * earlier waits left instead (see decision 0011). Only waiting counts, not the time the
 * request spends on other things (reading an upload, parsing a spreadsheet), and waits that
 * overlap (two queries in Promise.all) count once.
 */
export class RequestBudget {
  private waitedMs = 0;
  private waiting = 0;
  private waitingSince = 0;

  /** Milliseconds spent waiting so far, a wait still under way included. */
  spentMs(now = Date.now()): number {
    return this.waitedMs + (this.waiting > 0 ? now - this.waitingSince : 0);
  }

  /** Marks the start of a wait; answers the function that marks its end (call it once). */
  startWait(now = Date.now()): () => void {
    if (this.waiting === 0) this.waitingSince = now;
    this.waiting += 1;
    let ended = false;
    return (end = Date.now()) => {
      if (ended) return;
      ended = true;
      this.waiting -= 1;
      if (this.waiting === 0) this.waitedMs += Math.max(0, end - this.waitingSince);
    };
  }
}

const budgets = new AsyncLocalStorage<RequestBudget>();

/** Runs `next` (the rest of the request) with a fresh wait budget. */
export function runWithRequestBudget(next: () => void): void {
  budgets.run(new RequestBudget(), next);
}

/** The current request's budget; undefined outside a request (start-up, jobs, tests, background work). */
export function currentRequestBudget(): RequestBudget | undefined {
  return budgets.getStore();
}

/**
 * Runs `work` outside any request's budget. Background work started while serving a
 * request (a stream's heartbeat, a subscription, retry timers) inherits the request's async
 * context; it must not draw on, or be refused by, that request's budget.
 */
export function outsideRequest<T>(work: () => T): T {
  return budgets.exit(work);
}
