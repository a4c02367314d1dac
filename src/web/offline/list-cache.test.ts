import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkError } from '../api/client.js';
import { activeSession, followSession, sessionEndSettled } from '../auth/active-session.js';
import { keptChangesCount } from '../auth/kept-changes.js';
import { idbOutboxStore, readList, SAVED_LIST_MAX_AGE_MS } from './idb-store.js';
import { loadWithSavedCopy, savedListName } from './list-cache.js';
import type { OutboxEntry } from './outbox-types.js';
import { sendEntry } from './send-entry.js';
import { memoryStorage } from '../../../test/helpers/memory-storage.js';

/**
 * The saved lists of a shared phone (issue 24): they expire after a few days, are not kept
 * for an account whose session has ended, and go when the session ends while its unsent
 * changes stay for that account alone. Node has no IndexedDB: idb-store.ts keeps the rows in
 * memory here, under the same rules (the browser journey e2e/offline.e2e.ts reads the real
 * IndexedDB).
 */

const DAY = 24 * 60 * 60 * 1000;
const START = Date.UTC(2026, 2, 2, 6, 0);
const A = { userId: 'account-a', token: 'token-a' };
const B = { userId: 'account-b', token: 'token-b' };
const LIVE = savedListName.live('acca');
const duties = { duties: [{ _id: 'd1', trainno: '16301' }] };

const offline = () => Promise.reject(new NetworkError(new TypeError('Failed to fetch')));

/** A load that saves (online), then waits until the saved row is there (the save is not awaited by the load). */
async function loadOnline(userId: string, name = LIVE) {
  await loadWithSavedCopy(userId, name, async () => duties);
  await vi.waitFor(async () => expect(await readList(userId, name)).toBeDefined());
}


function entryOf(userId: string): OutboxEntry {
  return {
    id: `entry-${userId}`,
    userId,
    seq: 1,
    idempotencyKey: `key-${userId}`,
    kind: 'create',
    dutyRef: `local-${userId}`,
    body: { work: 'acca', trainno: '16401' },
    entered: { work: 'acca', trainno: '16401' },
    createdAt: new Date(START).toISOString(),
    state: 'waiting',
    attempts: 0,
  };
}

beforeEach(() => {
  // only Date is faked: the saves and vi.waitFor run on real timers
  vi.useFakeTimers({ toFake: ['Date'], now: START });
  vi.stubGlobal('localStorage', memoryStorage());
  followSession(A);
});

afterEach(async () => {
  followSession(null, { discardUnsent: true });
  await sessionEndSettled();
  await idbOutboxStore.clear(A.userId);
  await idbOutboxStore.clear(B.userId);
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('saved lists', () => {
  it('are shown without network for a few days, then no longer, and the old copy is deleted', async () => {
    await loadOnline(A.userId);
    vi.setSystemTime(START + 2 * DAY);
    expect(await loadWithSavedCopy(A.userId, LIVE, offline)).toEqual(duties);

    vi.setSystemTime(START + SAVED_LIST_MAX_AGE_MS + 60_000);
    await expect(loadWithSavedCopy(A.userId, LIVE, offline)).rejects.toBeInstanceOf(NetworkError);
    // gone, not merely hidden: setting the clock back does not bring it back
    vi.setSystemTime(START + DAY);
    expect(await readList(A.userId, LIVE)).toBeUndefined();
  });

  it('are not saved for an account that is no longer signed in (an answer that came after its session ended)', async () => {
    followSession(B);
    await loadWithSavedCopy(A.userId, LIVE, async () => duties);
    await loadOnline(B.userId);
    expect(await readList(A.userId, LIVE)).toBeUndefined();
  });

  it("go when the session ends without Logout; the unsent changes stay for their account and the sign-in page is told", async () => {
    await loadOnline(A.userId);
    await idbOutboxStore.commit({ put: [entryOf(A.userId)] });

    followSession(null); // /login opened while signed in, another tab signing out…
    await sessionEndSettled();
    expect(activeSession()).toBeNull();
    expect(await readList(A.userId, LIVE)).toBeUndefined();
    expect(await idbOutboxStore.list(A.userId)).toHaveLength(1);
    expect(keptChangesCount()).toBe(1);

    // the account signs in again: its own screens show the change, the sign-in page no longer
    followSession(A);
    expect(keptChangesCount()).toBe(0);
  });

  it('go with the unsent changes at Logout', async () => {
    await loadOnline(A.userId);
    await idbOutboxStore.commit({ put: [entryOf(A.userId)] });
    followSession(null, { discardUnsent: true });
    await sessionEndSettled();
    expect(await readList(A.userId, LIVE)).toBeUndefined();
    expect(await idbOutboxStore.list(A.userId)).toEqual([]);
    expect(keptChangesCount()).toBe(0);
  });
});

describe("an account's kept changes", () => {
  it('are never sent with another account’s session: no request is made, and it waits as after a 401', async () => {
    const fetchSpy = vi.fn(async () => new Response('{}', { status: 201 }));
    vi.stubGlobal('fetch', fetchSpy);
    await expect(sendEntry(entryOf(A.userId), B)).rejects.toMatchObject({ name: 'ApiError', status: 401 });
    await expect(sendEntry(entryOf(A.userId), null)).rejects.toMatchObject({ status: 401 });
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
