import { MSG } from '../../shared/messages.js';
import { ServiceUnavailableError } from '../http-error.js';

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
  /** When the last turn ended (or the queue was made): shows the queue is moving. */
  lastProgressAt = Date.now();

  constructor(private readonly maxWaitMs: number) {}

  /** True while a turn runs or callers wait. */
  get occupied(): boolean {
    return this.busy;
  }

  /** Runs `work` in its turn; throws ServiceUnavailableError if the turn does not come in time. */
  async run<T>(work: () => Promise<T>, maxWaitMs = this.maxWaitMs): Promise<T> {
    await this.acquire(maxWaitMs);
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private acquire(maxWaitMs: number): Promise<void> {
    if (!this.busy) {
      this.busy = true;
      return Promise.resolve();
    }
    if (maxWaitMs <= 0) {
      // the request has used up its waiting time on earlier queries: answer now
      return Promise.reject(new ServiceUnavailableError(MSG.serviceUnavailable, Math.max(1, Math.ceil(this.maxWaitMs / 1000))));
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        grant: () => {
          clearTimeout(waiter.timer);
          resolve();
        },
        timer: setTimeout(() => {
          const index = this.waiters.indexOf(waiter);
          if (index !== -1) this.waiters.splice(index, 1);
          reject(new ServiceUnavailableError(MSG.serviceUnavailable, Math.max(1, Math.ceil(this.maxWaitMs / 1000))));
        }, maxWaitMs),
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
