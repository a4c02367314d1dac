import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../api/client.js';
import { memoryOutboxStore } from './memory-store.js';
import { Outbox, retryDelay, type NewWrite } from './outbox.js';
import { isLocalId, type OutboxEntry, type SentAnswer } from './outbox-types.js';

/**
 * The outbox's rules with a fake server: what it received (in order, with which key),
 * and what it answers next. The server keeps duties by key as the real one does, so a
 * repeated key answers the first duty.
 */
function fakeServer() {
  const received: { entry: OutboxEntry; key: string; dutyRef: string; body: Record<string, unknown> }[] = [];
  const byKey = new Map<string, SentAnswer>();
  const failures: unknown[] = [];
  let next = 1;
  const versions = new Map<string, number>();
  return {
    received,
    /** the next sends fail with these errors, one each */
    failNext: (...errors: unknown[]) => failures.push(...errors),
    send: async (entry: OutboxEntry): Promise<SentAnswer> => {
      received.push({ entry, key: entry.idempotencyKey, dutyRef: entry.dutyRef, body: structuredClone(entry.body) });
      if (failures.length) throw failures.shift();
      const repeat = byKey.get(entry.idempotencyKey);
      if (repeat) return repeat;
      const id = entry.kind === 'create' ? `00000000-0000-4000-8000-${String(next++).padStart(12, '0')}` : entry.dutyRef;
      const version = (versions.get(id) ?? 0) + 1;
      versions.set(id, version);
      const answer = { message: 'ok', duty: { _id: id, version } };
      byKey.set(entry.idempotencyKey, answer);
      return answer;
    },
  };
}

function setup(options: { online?: boolean } = {}) {
  const server = fakeServer();
  const store = memoryOutboxStore();
  let online = options.online ?? true;
  const timers: { fn: () => void; ms: number; cancelled: boolean }[] = [];
  let ids = 0;
  let clock = 1_000;
  const outbox = new Outbox({
    store,
    userId: 'user-1',
    send: server.send,
    lock: (fn) => fn(),
    isOnline: () => online,
    schedule: (fn, ms) => {
      const timer = { fn, ms, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
    newId: () => `id-${++ids}`,
    now: () => clock++,
  });
  return {
    server,
    store,
    outbox,
    timers,
    setOnline: (value: boolean) => {
      online = value;
    },
    /** runs the pending retry timer, as the browser would after its pause */
    async fireRetry() {
      const timer = timers.filter((t) => !t.cancelled).at(-1);
      if (!timer) throw new Error('no retry scheduled');
      timer.cancelled = true;
      timer.fn();
      await outbox.flush();
    },
  };
}

const create = (trainno: string): NewWrite => ({
  kind: 'create',
  body: { work: 'mcc', trainno, totalcoach: '12', workers: ['w1'] },
  entered: { work: 'mcc', trainno, totalcoach: 12, crew: [{ _id: 'w1', name: 'Anil' }] },
});
const complete = (dutyRef: string, returned?: number, version = 0): NewWrite => ({
  kind: 'complete',
  dutyRef,
  body: returned === undefined ? { status: 'completed', version } : { status: 'completed', returned, version },
  entered: { work: 'acca', returned: returned ?? null },
});
const editCrew = (dutyRef: string, version: number, workers: string[]): NewWrite => ({
  kind: 'editCrew',
  dutyRef,
  body: { status: 'processing', trainno: '12625', totalcoach: '12', workers, version },
  entered: { work: 'mcc', crew: workers.map((id) => ({ _id: id, name: id })) },
});

describe('the offline outbox', () => {
  it('keeps writes made offline and sends them in the order they were made once online', async () => {
    const { outbox, server, setOnline, store } = setup({ online: false });
    const first = await outbox.submit(create('12625'));
    const second = await outbox.submit(create('16302'));
    const third = await outbox.submit(complete('2f1e4a9c-0000-4000-8000-000000000001', 3));
    expect([first.kind, second.kind, third.kind]).toEqual(['queued', 'queued', 'queued']);
    expect(server.received).toEqual([]);
    expect((await store.list('user-1')).map((entry) => entry.state)).toEqual(['waiting', 'waiting', 'waiting']);

    setOnline(true);
    await outbox.wake();
    expect(server.received.map((sent) => [sent.entry.kind, sent.body.trainno ?? sent.body.returned])).toEqual([
      ['create', '12625'],
      ['create', '16302'],
      ['complete', 3],
    ]);
    expect(await store.list('user-1')).toEqual([]);
    expect(outbox.getStatus().entries).toEqual([]);
  });

  it('sends a completion of a duty added offline after the add, with the id the server gave it', async () => {
    const { outbox, server, setOnline } = setup({ online: false });
    const added = await outbox.submit(create('12625'));
    expect(isLocalId(added.entry.dutyRef)).toBe(true);
    await outbox.submit(complete(added.entry.dutyRef, 2));

    setOnline(true);
    await outbox.wake();
    expect(server.received).toHaveLength(2);
    const createdId = '00000000-0000-4000-8000-000000000001';
    // with the version the add answered: a duty changed meanwhile would answer 409
    expect(server.received[1]).toMatchObject({ dutyRef: createdId, body: { status: 'completed', returned: 2, version: 1 } });
  });

  it('sends a crew edit of a duty added offline with the version the add answered, and a second edit with the first edit\'s version', async () => {
    const { outbox, server, setOnline } = setup({ online: false });
    const added = await outbox.submit(create('12625'));
    await outbox.submit(editCrew(added.entry.dutyRef, 0, ['w1', 'w2']));
    await outbox.submit(editCrew(added.entry.dutyRef, 0, ['w1', 'w2', 'w3']));
    setOnline(true);
    await outbox.wake();
    expect(server.received.map((sent) => [sent.dutyRef, sent.body.version])).toEqual([
      [added.entry.dutyRef, undefined],
      ['00000000-0000-4000-8000-000000000001', 1],
      ['00000000-0000-4000-8000-000000000001', 2],
    ]);
  });

  it('keeps an edit of a server duty on the version it was made from when nothing of that duty was queued before it', async () => {
    const { outbox, server } = setup({ online: false });
    const entry = (await outbox.submit(editCrew('2f1e4a9c-0000-4000-8000-000000000009', 7, ['w1']))).entry;
    expect(entry.versionFrom).toBeUndefined();
    expect(server.received).toEqual([]);
  });

  it('keeps a write whose send found no network, tries again after a growing pause, with the same key each time', async () => {
    const { outbox, server, timers, fireRetry } = setup();
    server.failNext(new NetworkError(new TypeError('Failed to fetch')), new ApiError(503, 'The service is unavailable', null));
    const result = await outbox.submit(create('12625'));
    expect(result.kind).toBe('queued');
    expect(timers.map((t) => t.ms)).toEqual([retryDelay(1)]);
    expect(outbox.getStatus().entries.map((entry) => [entry.state, entry.attempts])).toEqual([['waiting', 1]]);

    await fireRetry(); // 503: still waiting, a longer pause
    expect(timers.map((t) => t.ms)).toEqual([retryDelay(1), retryDelay(2)]);
    expect(retryDelay(2)).toBeGreaterThan(retryDelay(1));
    await fireRetry(); // answered
    expect(outbox.getStatus().entries).toEqual([]);
    const keys = server.received.map((sent) => sent.key);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
  });

  it('answers a form at once when it is online and nothing waits before it', async () => {
    const { outbox, server } = setup();
    const result = await outbox.submit(create('12625'));
    expect(result.kind).toBe('sent');
    expect(result.kind === 'sent' && result.answer.duty._id).toBe('00000000-0000-4000-8000-000000000001');
    expect(server.received).toHaveLength(1);
    expect(outbox.getStatus().entries).toEqual([]);
  });

  it('hands a fresh form its refusal (nothing kept), but keeps a queued write the server refuses, with its message', async () => {
    const { outbox, server, setOnline } = setup();
    server.failNext(new ApiError(400, 'Please fill all required fields', null));
    const fresh = await outbox.submit(create('12625'));
    expect(fresh).toMatchObject({ kind: 'refused', kept: false });
    expect(outbox.getStatus().entries).toEqual([]);

    setOnline(false);
    await outbox.submit(complete('2f1e4a9c-0000-4000-8000-000000000001', 4));
    await outbox.submit(create('16302'));
    setOnline(true);
    server.failNext(new ApiError(409, 'This duty was changed by someone else. Reload it and try again.', null));
    await outbox.wake();
    const left = outbox.getStatus().entries;
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({
      kind: 'complete',
      state: 'refused',
      refusal: { status: 409, message: 'This duty was changed by someone else. Reload it and try again.' },
      entered: { returned: 4 },
    });
    // the refusal did not hold back the other duty's add
    expect(server.received.map((sent) => sent.entry.kind)).toEqual(['create', 'complete', 'create']);
  });

  it('holds back later changes of a duty whose earlier change was refused, and lets them go once it is discarded', async () => {
    const { outbox, server, setOnline } = setup({ online: false });
    const duty = '2f1e4a9c-0000-4000-8000-000000000001';
    const edit = await outbox.submit(editCrew(duty, 3, ['w1']));
    await outbox.submit(complete(duty));
    setOnline(true);
    server.failNext(new ApiError(409, 'stale', null));
    await outbox.wake();
    expect(outbox.getStatus().entries.map((entry) => [entry.kind, entry.state])).toEqual([
      ['editCrew', 'refused'],
      ['complete', 'waiting'],
    ]);
    expect(server.received).toHaveLength(1);

    await outbox.discard(edit.entry.id);
    await outbox.flush();
    expect(server.received.map((sent) => sent.entry.kind)).toEqual(['editCrew', 'complete']);
    expect(outbox.getStatus().entries).toEqual([]);
  });

  it('discards a refused add together with the changes queued for that duty', async () => {
    const { outbox, server, setOnline } = setup({ online: false });
    const added = await outbox.submit(create('12625'));
    await outbox.submit(complete(added.entry.dutyRef));
    await outbox.submit(create('16302'));
    setOnline(true);
    server.failNext(new ApiError(400, 'Please fill all required fields', null));
    await outbox.wake();
    expect(outbox.getStatus().entries.map((entry) => [entry.kind, entry.state])).toEqual([
      ['create', 'refused'],
      ['complete', 'waiting'],
    ]);
    await outbox.discard(added.entry.id);
    expect(outbox.getStatus().entries).toEqual([]);
    expect(server.received.map((sent) => sent.body.trainno ?? sent.body.status)).toEqual(['12625', '16302']);
  });

  it('a Fix replaces the refused entry in its place with a new key, and its later changes follow it', async () => {
    const { outbox, server, setOnline } = setup({ online: false });
    const added = await outbox.submit(create('12625'));
    await outbox.submit(complete(added.entry.dutyRef, 1));
    setOnline(true);
    server.failNext(new ApiError(400, 'Please fill all required fields', null));
    await outbox.wake();
    const refused = outbox.getStatus().entries[0]!;

    const fixed = await outbox.submit(create('12626'), { replaces: refused.id });
    expect(fixed.kind).toBe('sent');
    expect(fixed.entry.idempotencyKey).not.toBe(refused.idempotencyKey);
    expect(fixed.entry.dutyRef).toBe(refused.dutyRef);
    expect(server.received.map((sent) => [sent.entry.kind, sent.body.trainno ?? sent.dutyRef])).toEqual([
      ['create', '12625'],
      ['create', '12626'],
      ['complete', '00000000-0000-4000-8000-000000000001'],
    ]);
    expect(outbox.getStatus().entries).toEqual([]);
  });

  it('stops at 401 and keeps everything until the person signs in again', async () => {
    const { outbox, server, setOnline } = setup({ online: false });
    await outbox.submit(create('12625'));
    await outbox.submit(create('16302'));
    setOnline(true);
    server.failNext(new ApiError(401, 'Unauthorized', null));
    await outbox.wake();
    expect(outbox.getStatus().needsSignIn).toBe(true);
    expect(outbox.getStatus().entries.map((entry) => entry.state)).toEqual(['waiting', 'waiting']);
    expect(server.received).toHaveLength(1);

    await outbox.wake(); // signed in again
    expect(outbox.getStatus()).toMatchObject({ needsSignIn: false, entries: [] });
    expect(server.received.map((sent) => sent.body.trainno)).toEqual(['12625', '12625', '16302']);
    expect(server.received[0]!.key).toBe(server.received[1]!.key);
  });

  it('sends an entry left "sending" by a closed tab again, with its key, so the server answers the first duty', async () => {
    const { outbox, server, store } = setup({ online: false });
    const queued = await outbox.submit(create('12625'));
    // the first try reached the server, then the tab closed before the answer was stored
    await server.send(queued.entry);
    await store.commit({ put: [{ ...queued.entry, state: 'sending' }] });

    const reopened = new Outbox({
      store,
      userId: 'user-1',
      send: server.send,
      lock: (fn) => fn(),
      isOnline: () => true,
      schedule: () => () => {},
      newId: () => 'unused',
      now: () => 5_000,
    });
    await reopened.wake();
    expect(server.received).toHaveLength(2);
    expect(server.received[1]!.key).toBe(queued.entry.idempotencyKey);
    expect(await store.list('user-1')).toEqual([]);
  });

  it('keeps each account\'s entries apart and clears only the account that signs out', async () => {
    const { outbox, store } = setup({ online: false });
    await outbox.submit(create('12625'));
    await store.commit({ put: [{ ...(await store.list('user-1'))[0]!, id: 'other', userId: 'user-2' }] });
    await outbox.clear();
    expect(await store.list('user-1')).toEqual([]);
    expect(await store.list('user-2')).toHaveLength(1);
  });
});
