import { MSG } from '../../shared/messages.js';
import { ServiceUnavailableError } from '../http-error.js';
import type { RequestBudget } from './request-budget.js';

interface Waiter {
  grant(): void;
  timer: NodeJS.Timeout;
}

/**
 * A first-come, first-served turn for a resource that runs one thing at a time (the
 * embedded database has a single connection). Waiting for a turn is bounded: a caller who
 * would wait longer than `maxWaitMs` gets a 503 with Retry-After instead of hanging, but
 * once a turn has started it is never cut short, so a transaction always finishes.
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
        timer: setTimeout(() => {
          const index = this.waiters.indexOf(waiter);
          if (index !== -1) this.waiters.splice(index, 1);
          endWait();
          reject(this.refusal());
        }, allowedMs),
      };
      this.waiters.push(waiter);
    });
  }

  private release(): void {
    this.lastProgressAt = Date.now();
    const next = this.waiters.shift();
    if (next) next.grant();
    else this.busy = false;
  }
}
