import { activeSession } from '../auth/current-session.js';
import { rememberKeptChanges } from '../auth/kept-changes.js';
import { clearOfflineData, clearSavedLists, unsentCount } from './idb-store.js';
import { forgetShownSaved } from './list-cache.js';

/**
 * A session ended on this phone (auth/active-session.ts, decision 0020): the account's saved
 * lists (crew names, Emp IDs, train numbers) are deleted. Its unsent changes stay in its own
 * outbox — only that account ever sends them (send-entry.ts) — and the sign-in page is told
 * how many there are; Logout (after its warning) discards them too. Loaded only when a
 * session ends, and precached for the phone offline (vite.pwa.ts).
 */
export async function endSessionOnPhone(userId: string, options: { discardUnsent: boolean }): Promise<void> {
  forgetShownSaved();
  if (options.discardUnsent) {
    await clearOfflineData(userId);
    rememberKeptChanges(userId, 0);
    return;
  }
  await clearSavedLists(userId);
  const unsent = await unsentCount(userId);
  // signed in again meanwhile (another tab): the account's own screens show its changes
  if (activeSession()?.userId !== userId) rememberKeptChanges(userId, unsent);
}
