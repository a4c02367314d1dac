import { activeSession as current, setActiveSession, type ActiveSession } from './current-session.js';
import { forgetKeptChanges } from './kept-changes.js';

export { activeSession, type ActiveSession } from './current-session.js';

/**
 * The session signed in on this phone right now, for code outside React (the outbox's
 * sends), and the one place that sees it end (issue 24, decision 0020). A session ends when
 * the account signed in changes — Logout, /login opened while signed in, another tab
 * signing out or another person in, the landing page dropping an invalid role — or when the
 * server refuses its token (401: revoked, expired, account disabled). Then, before anyone
 * else can sign in:
 *
 * - the account's saved lists are deleted from IndexedDB, and the query cache is emptied;
 * - its unsent changes stay in its own outbox (Logout alone discards them, after asking),
 *   and the sign-in page is told how many are kept (kept-changes.ts).
 *
 * The IndexedDB work is in offline/session-end.ts, loaded when a session ends: public
 * pages never load it otherwise.
 */

/** Tokens the server refused whose end was already handled (a 401 per request would repeat it). */
const refused = new Set<string>();
let ending: Promise<void> = Promise.resolve();
const accountChangeListeners = new Set<() => void>();

/**
 * Calls `listener` whenever the account signed in is replaced (by another or by none): the
 * query cache empties itself this way (query-client.tsx), without this first-download module
 * importing the query library's code.
 */
export function whenAccountChanges(listener: () => void): () => void {
  accountChangeListeners.add(listener);
  return () => accountChangeListeners.delete(listener);
}

/**
 * The session changed (sign-in, sign-out, another tab). An account that is no longer the
 * one signed in has its session ended on this phone; with `discardUnsent` (Logout after
 * its warning) its unsent changes go too.
 */
export function followSession(next: ActiveSession | null, options: { discardUnsent?: boolean } = {}): void {
  const before = current();
  setActiveSession(next);
  if (before && before.userId !== next?.userId) {
    // nothing the last account loaded may be shown to the next one
    for (const listener of accountChangeListeners) listener();
    endOnPhone(before.userId, options.discardUnsent ?? false);
  }
  // signed in: this account's kept changes are on its own screens now, not the sign-in page's
  if (next && next.userId !== before?.userId) forgetKeptChanges(next.userId);
}

/** The server answered 401 to a request made with this token: that session is over. */
export function reportRefusedSession(token: string): void {
  const active = current();
  if (!active || active.token !== token || refused.has(token)) return;
  refused.add(token);
  endOnPhone(active.userId, false);
}

function endOnPhone(userId: string, discardUnsent: boolean): void {
  ending = ending
    .then(() => import('../offline/session-end.js'))
    .then(({ endSessionOnPhone }) => endSessionOnPhone(userId, { discardUnsent }))
    .catch(() => {
      // the code could not load (offline before it was ever cached) or IndexedDB failed:
      // the saved lists still expire after a few days (list-cache.ts)
    });
}

/** Resolves once every ended session's data is gone from this phone (sign-in waits for it). */
export function sessionEndSettled(): Promise<void> {
  return ending;
}
