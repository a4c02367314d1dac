/**
 * How many changes kept on this phone belong to accounts that are not signed in (issue 24,
 * decision 0020): written when a session ends without Logout and its outbox still holds
 * unsent changes, read by the sign-in page to say that they are kept for the person who
 * made them. Per account id, a count only: no name, no e-mail, nothing of what was entered.
 * In the first download (the sign-in page reads it), so no IndexedDB code here.
 */

const KEPT_CHANGES_KEY = 'dutyroll.keptChanges';

const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage disabled (private mode, policy)
  }
}

function read(): Record<string, number> {
  try {
    const value = JSON.parse(storage()?.getItem(KEPT_CHANGES_KEY) ?? 'null') as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    const counts: Record<string, number> = {};
    for (const [userId, count] of Object.entries(value)) if (typeof count === 'number' && Number.isInteger(count) && count > 0) counts[userId] = count;
    return counts;
  } catch {
    return {}; // a broken entry counts as none
  }
}

function write(counts: Record<string, number>): void {
  const store = storage();
  try {
    if (Object.keys(counts).length === 0) store?.removeItem(KEPT_CHANGES_KEY);
    else store?.setItem(KEPT_CHANGES_KEY, JSON.stringify(counts));
  } catch {
    // storage full or disabled: the notice is not shown, the changes are still kept
  }
  for (const listener of listeners) listener();
}

/** Changes kept for accounts not signed in, all together (the sign-in page's notice). */
export function keptChangesCount(): number {
  return Object.values(read()).reduce((sum, count) => sum + count, 0);
}

/** The account's session ended with `count` changes unsent (0: none are kept). */
export function rememberKeptChanges(userId: string, count: number): void {
  const counts = read();
  if (count > 0) counts[userId] = count;
  else delete counts[userId];
  write(counts);
}

/** The account signed in again: its own area shows its changes now. */
export function forgetKeptChanges(userId: string): void {
  const counts = read();
  if (!(userId in counts)) return;
  delete counts[userId];
  write(counts);
}

/** For useSyncExternalStore: this tab's changes and other tabs' (the storage event). */
export function subscribeKeptChanges(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEPT_CHANGES_KEY || event.key === null) listener();
  };
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}
