import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../shared/messages.js';
import { ServiceUnavailableError } from '../http-error.js';
import { currentRequestBudget, outsideRequest, runWithRequestBudget } from './request-budget.js';
import { TurnQueue } from './turn-queue.js';

/** A turn that lasts until the test ends it; ending answers once the turn is over. */
function hold(queue: TurnQueue): () => Promise<void> {
  let end = () => {};
  const turn = queue.run(() => new Promise<void>((resolve) => (end = resolve)));
  return () => {
    end();
    return turn;
  };
}

/** A query as connect.ts sends it: in its turn, on the current request's budget. */
function query(queue: TurnQueue): Promise<string> {
  return queue.run(async () => 'served', { budget: currentRequestBudget() }).catch((error: unknown) =>
    error instanceof ServiceUnavailableError ? `503 ${error.message}` : String(error),
  );
}

/** Runs `steps` as a request would (inside its budget) and answers what it answered. */
function inRequest<T>(steps: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => runWithRequestBudget(() => void steps().then(resolve, reject)));
}

/** Whether `promise` has settled, once pending callbacks ran. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

/**
 * Lets the queue hand the next turn over: it does so from setImmediate, once the event loop
 * has run (a fake setImmediate made while fake timers run is due a fake millisecond later).
 */
const handOver = () => vi.advanceTimersByTimeAsync(1);

const refused = `503 ${MSG.serviceUnavailable}`;

describe("the embedded database's wait per request", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('outside a request each query may wait the whole bound', async () => {
    const queue = new TurnQueue(1000);
    const end = hold(queue);
    const outcome = query(queue);
    await vi.advanceTimersByTimeAsync(999);
    expect(await settled(outcome)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe(refused);
    end();
  });

  it("bounds a request's waits together: a second wait gets only what the first left", async () => {
    const queue = new TurnQueue(1000);
    const endFirstHolder = hold(queue);
    const outcome = inRequest(async () => {
      const first = await query(queue); // waits 600 ms for its turn
      const endSecondHolder = hold(queue); // someone else takes the next turn
      const second = await query(queue);
      endSecondHolder();
      return [first, second];
    });
    await vi.advanceTimersByTimeAsync(600);
    endFirstHolder();
    await vi.advanceTimersByTimeAsync(399);
    expect(await settled(outcome)).toBe(false); // 400 ms of the request's 1000 ms are left
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toEqual(['served', refused]);
  });

  it('counts only time spent waiting, not time the request spent on other work', async () => {
    const queue = new TurnQueue(1000);
    let endHolder = () => {};
    const outcome = inRequest(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5000)); // a slow upload, a spreadsheet parse
      endHolder = hold(queue);
      return query(queue);
    });
    await vi.advanceTimersByTimeAsync(5000 + 900);
    expect(await settled(outcome)).toBe(false);
    endHolder();
    await handOver();
    expect(await outcome).toBe('served');
  });

  it('counts waits that overlap (two queries at once) once', async () => {
    const queue = new TurnQueue(1000);
    const endFirstHolder = hold(queue);
    const outcome = inRequest(async () => {
      const both = await Promise.all([query(queue), query(queue)]); // both wait the same 600 ms
      const endSecondHolder = hold(queue);
      const third = query(queue);
      await new Promise((resolve) => setTimeout(resolve, 300));
      endSecondHolder();
      return [...both, await third];
    });
    await vi.advanceTimersByTimeAsync(600);
    endFirstHolder();
    await vi.advanceTimersByTimeAsync(300 + 1); // the second query's turn came a hand-over after the first's
    await handOver();
    expect(await outcome).toEqual(['served', 'served', 'served']);
  });

  it('answers at once when the request has no waiting time left and the database is busy', async () => {
    const queue = new TurnQueue(1000);
    const endFirstHolder = hold(queue);
    const first = inRequest(async () => {
      const waited = await query(queue); // the whole second
      const end = hold(queue);
      const attempt = query(queue);
      const immediate = await settled(attempt); // no timer advanced: the refusal does not wait
      end();
      return [waited, immediate, await attempt];
    });
    await vi.advanceTimersByTimeAsync(1000);
    endFirstHolder();
    expect(await first).toEqual([refused, true, refused]);
  });

  it('a free database serves even a request that has used up its waiting time', async () => {
    const queue = new TurnQueue(1000);
    const end = hold(queue);
    const outcome = inRequest(async () => {
      const waited = await query(queue);
      await end();
      return [waited, await query(queue)];
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(await outcome).toEqual([refused, 'served']);
  });

  it("background work started by a request does not draw on that request's budget", async () => {
    const queue = new TurnQueue(1000);
    const endFirstHolder = hold(queue);
    let background: Promise<string> = Promise.resolve('');
    const outcome = inRequest(async () => {
      const waited = await query(queue); // uses up the request's budget
      const end = hold(queue);
      background = outsideRequest(() => query(queue));
      setTimeout(end, 900);
      return waited;
    });
    await vi.advanceTimersByTimeAsync(1000);
    endFirstHolder();
    expect(await outcome).toBe(refused);
    await vi.advanceTimersByTimeAsync(900);
    await handOver();
    expect(await background).toBe('served');
  });

  it('shows progress when a turn starts after an idle spell, so /readyz does not read it as stalled', async () => {
    const queue = new TurnQueue(1000);
    await vi.advanceTimersByTimeAsync(60_000);
    const end = hold(queue);
    expect(Date.now() - queue.lastProgressAt).toBe(0);
    end();
  });
});
