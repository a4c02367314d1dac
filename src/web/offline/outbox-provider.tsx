import { createContext, useContext, useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { activeSession } from '../auth/active-session.js';
import { useAuth } from '../auth/auth-context.js';
import { idbOutboxStore } from './idb-store.js';
import { Outbox, type OutboxStatus } from './outbox.js';
import { NetworkError } from '../api/client.js';
import { newUuid } from './new-uuid.js';
import type { sendEntry } from './send-entry.js';

/**
 * The sending code (the duty contracts, with zod) is no part of an area's first screen
 * (decision 0023): the writing forms bring it with them (submit-write.ts), and entries
 * kept from before are sent with it loaded on demand; its code not loading is a send
 * without network, tried again later.
 */
let sender: typeof sendEntry | null = null;
export function provideSender(send: typeof sendEntry): void {
  sender = send;
}
async function loadSender(): Promise<typeof sendEntry> {
  if (sender) return sender;
  try {
    return (await import('./send-entry.js')).sendEntry;
  } catch (error) {
    throw new NetworkError(error);
  }
}

/**
 * The signed-in account's outbox for the screens: one per account and tab, started by
 * the area shell, woken by the 'online' event, by a new sign-in and by other tabs'
 * changes (BroadcastChannel); sends are kept one tab at a time by a Web Lock.
 */

const CHANNEL = 'dutyroll-outbox';
const outboxes = new Map<string, Outbox>();

/** In-tab stand-in for the Web Locks API (older browsers, plain-http pages). */
let tabQueue: Promise<unknown> = Promise.resolve();
function tabLock<T>(fn: () => Promise<T>): Promise<T> {
  const run = tabQueue.then(fn, fn);
  tabQueue = run.catch(() => {});
  return run;
}

function announce(userId: string) {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage({ userId });
  channel.close();
}

/** The tab's outbox of an account (made once). */
function outboxFor(userId: string): Outbox {
  let outbox = outboxes.get(userId);
  if (!outbox) {
    outbox = new Outbox({
      store: idbOutboxStore,
      userId,
      // the session of the moment, read when the request goes: sendEntry sends an entry
      // only with its own account's session (never under another person's)
      send: async (entry) => (await loadSender())(entry, activeSession()),
      lock: <T,>(fn: () => Promise<T>) => (typeof navigator !== 'undefined' && navigator.locks ? (navigator.locks.request(`${CHANNEL}:${userId}`, fn) as Promise<T>) : tabLock(fn)),
      isOnline: () => typeof navigator === 'undefined' || navigator.onLine,
      schedule: (fn, ms) => {
        const timer = window.setTimeout(fn, ms);
        return () => window.clearTimeout(timer);
      },
      newId: newUuid,
      now: () => Date.now(),
      onStored: () => announce(userId),
    });
    outboxes.set(userId, outbox);
  }
  return outbox;
}

const OutboxContext = createContext<Outbox | null>(null);

export function OutboxProvider({ children }: { children: ReactNode }) {
  const { user, token } = useAuth();
  const userId = user?._id ?? null;
  const outbox = userId ? outboxFor(userId) : null;

  useEffect(() => {
    if (!outbox) return;
    outbox.start();
    // from the first pause, and past a 401 of an earlier session: the outbox object outlives
    // the area (sign-in page, another account) and this may be the account's new session
    void outbox.refresh().then(() => outbox.wake());
    const onOnline = () => void outbox.wake();
    window.addEventListener('online', onOnline);
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
    if (channel) channel.onmessage = (event: MessageEvent<{ userId?: string }>) => event.data?.userId === userId && void outbox.refresh();
    return () => {
      window.removeEventListener('online', onOnline);
      channel?.close();
      outbox.stop();
    };
  }, [outbox, userId]);

  // a new sign-in (after a 401 stopped the sending): try again at once
  const lastToken = useRef(token);
  useEffect(() => {
    if (outbox && token && token !== lastToken.current) void outbox.wake();
    lastToken.current = token;
  }, [outbox, token]);

  // a write arrived: the lists show the server's copy now
  const client = useQueryClient();
  const sent = useSyncExternalStore(outbox?.subscribe ?? noSubscribe, () => outbox?.getStatus().sent ?? 0);
  useEffect(() => {
    if (sent > 0) void client.invalidateQueries({ queryKey: ['duties'] });
  }, [sent, client]);

  return <OutboxContext.Provider value={outbox}>{children}</OutboxContext.Provider>;
}

const noSubscribe = () => () => {};
const EMPTY: OutboxStatus = { entries: [], sending: false, needsSignIn: false, sent: 0, resolvedIds: {} };

/** The account's outbox, or null outside a signed-in area. */
export function useOutbox(): Outbox | null {
  return useContext(OutboxContext);
}

/** The queued entries and whether one is being sent. */
export function useOutboxStatus(): OutboxStatus {
  const outbox = useOutbox();
  return useSyncExternalStore(outbox?.subscribe ?? noSubscribe, outbox?.getStatus ?? (() => EMPTY));
}

function subscribeOnline(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser believes it has a network. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine);
}
