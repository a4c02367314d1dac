import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../shared/messages.js';
import { ServiceUnavailableError } from '../http-error.js';
import { remainingWaitMs, runWithRequestBudget } from './request-budget.js';
import { TurnQueue } from './turn-queue.js';

/** A turn that lasts until the test ends it. */
function hold(queue: TurnQueue): () => void {
  let end = () => {};
  void queue.run(() => new Promise<void>((resolve) => (end = resolve)));
  return () => end();
}

describe("the embedded database's wait per request", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('outside a request each query may wait the whole bound', () => {
    expect(remainingWaitMs(5000)).toBe(5000);
  });

  it("bounds a request's waits together: a second wait gets only what the first left", async () => {
    const queue = new TurnQueue(1000);
    const endFirstHolder = hold(queue);
    const outcome = new Promise<string>((resolve) => {
      runWithRequestBudget(Date.now(), () => {
        void (async () => {
          try {
            await queue.run(async () => {}, remainingWaitMs(1000)); // waits 600 ms for its turn
            const endSecondHolder = hold(queue); // someone else takes the next turn
            await queue.run(async () => {}, remainingWaitMs(1000));
            endSecondHolder();
            resolve('served');
          } catch (error) {
            resolve(error instanceof ServiceUnavailableError ? `503 ${error.message}` : String(error));
          }
        })();
      });
    });
    await vi.advanceTimersByTimeAsync(600);
    endFirstHolder();
    await vi.advanceTimersByTimeAsync(399);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false); // 400 ms of the request's 1000 ms are left
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe(`503 ${MSG.serviceUnavailable}`);
  });

  it('answers at once when the request has no waiting time left and the database is busy', async () => {
    const queue = new TurnQueue(1000);
    const end = hold(queue);
    const arrived = Date.now() - 1500;
    const attempt = new Promise<unknown>((resolve) => {
      runWithRequestBudget(arrived, () => {
        queue.run(async () => 'ran', remainingWaitMs(1000)).then(resolve, resolve);
      });
    });
    const result = await attempt; // no timer advanced: the refusal does not wait
    expect(result).toBeInstanceOf(ServiceUnavailableError);
    expect((result as ServiceUnavailableError).retryAfterSeconds).toBeGreaterThan(0);
    end();
  });

  it('a free database serves even a request that has waited long', async () => {
    const queue = new TurnQueue(1000);
    const result = await new Promise<unknown>((resolve) => {
      runWithRequestBudget(Date.now() - 5000, () => {
        queue.run(async () => 'ran', remainingWaitMs(1000)).then(resolve, resolve);
      });
    });
    expect(result).toBe('ran');
  });
});
