import { MSG } from '../../shared/messages.js';
import { ServiceUnavailableError } from '../http-error.js';
import type { RequestBudget } from './request-budget.js';

interface Waiter {
  grant(): void;
  refuse(): void;
  /** Date.now() past which the turn is refused rather than run */
  deadline: number;
  timer: NodeJS.Timeout;
}

/**
 * A first-come, first-served turn for a resource that runs one thing at a time (the
 * embedded database has a single connection). Waiting for a turn is bounded: a caller who
 * would wait longer than `maxWaitMs` gets a 503 with Retry-After instead of hanging, but
 * once a turn has started it is never cut short, so a transaction always finishes.
 *
 * Between two turns the queue lets the event loop run (decision 0011). PGlite runs on this
 * thread and its queries resolve in promise callbacks only, so a queue handing the next
 * turn over at once kept the loop busy until it was empty: under a burst, new requests lay
 * unread in their sockets (their wait not yet counted against any bound), the refusal
 * timers could not fire, and /healthz waited with them. The next turn is handed over from
 * setImmediate instead, after the loop has read the sockets and run the timers; a waiter
 * whose time ran out meanwhile is refused there, without running.
 */
export class TurnQueue {
  private busy = false;
  private readonly waiters: Waiter[] = [];
  /** When the last turn started or ended (or the queue was made): shows the queue is moving. */
  lastProgressAt = Date.now();

  constructor(private readonly maxWaitMs: number) {}

  /** True while a turn runs or callers wait. */
  get occupied(): boolean {
    return this.busy;
  }

  /** Callers waiting for a turn. */
  get waiting(): number {
    return this.waiters.length;
  }

  /**
   * Runs `work` in its turn; throws ServiceUnavailableError if the turn does not come in
   * time. The wait is bounded by `maxWaitMs` less what `budget` (the request's) has spent
   * waiting already, and is added to it.
   */
  async run<T>(work: () => Promise<T>, options: { maxWaitMs?: number; budget?: RequestBudget | undefined } = {}): Promise<T> {
    await this.acquire(options.maxWaitMs ?? this.maxWaitMs, options.budget);
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private refusal(): ServiceUnavailableError {
    return new ServiceUnavailableError(MSG.serviceUnavailable, Math.max(1, Math.ceil(this.maxWaitMs / 1000)));
  }

  private acquire(maxWaitMs: number, budget: RequestBudget | undefined): Promise<void> {
    if (!this.busy) {
      this.busy = true;
      this.lastProgressAt = Date.now();
      return Promise.resolve();
    }
    const now = Date.now();
    const allowedMs = maxWaitMs - (budget?.spentMs(now) ?? 0);
    // the request has used up its waiting time on earlier queries: answer now
    if (allowedMs <= 0) return Promise.reject(this.refusal());
    const endWait = budget?.startWait(now) ?? (() => undefined);
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        grant: () => {
          clearTimeout(waiter.timer);
          endWait();
          resolve();
        },
        refuse: () => {
          clearTimeout(waiter.timer);
          const index = this.waiters.indexOf(waiter);
          if (index !== -1) this.waiters.splice(index, 1);
          endWait();
          reject(this.refusal());
        },
        deadline: now + allowedMs,
        timer: setTimeout(() => waiter.refuse(), allowedMs),
      };
      this.waiters.push(waiter);
    });
  }

  private release(): void {
    this.lastProgressAt = Date.now();
    if (this.waiters.length === 0) {
      this.busy = false;
      return;
    }
    // the queue stays busy (no newcomer jumps it) while the event loop runs once
    setImmediate(() => this.handOver());
  }

  private handOver(): void {
    const now = Date.now();
    let next = this.waiters.shift();
    // a waiter whose bound passed while the turn before ran is refused, not run late
    while (next && next.deadline <= now) {
      next.refuse();
      next = this.waiters.shift();
    }
    this.lastProgressAt = now;
    if (next) next.grant();
    else this.busy = false;
  }
}
