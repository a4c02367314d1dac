import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { memoryOutboxStore } from './memory-store.js';
import type { OutboxEntry, OutboxStore } from './outbox-types.js';

/**
 * The phone's offline data in IndexedDB (decision 0020): the outbox and the lists kept
 * from the last online visit, each row under the signed-in account's id. Nothing here
 * holds Aadhaar, bank or phone numbers (list-cache.ts strips them before saving).
 */

export interface SavedList {
  userId: string;
  name: string;
  savedAt: number;
  data: unknown;
}

interface OfflineDb extends DBSchema {
  outbox: { key: string; value: OutboxEntry; indexes: { byUser: string } };
  lists: { key: [string, string]; value: SavedList };
}

const DB_NAME = 'dutyroll-offline';

/**
 * How long a saved list may be shown: three days (issue 24). Older ones are deleted when
 * read and when the database opens, so a phone left with someone else keeps no crew names
 * or train numbers for long, even where a session ended without the app seeing it.
 */
export const SAVED_LIST_MAX_AGE_MS = 3 * 24 * 60 * 60 * 1000;

/** Whether a list saved at `savedAt` is too old to show. */
function isExpired(savedAt: number, now = Date.now()): boolean {
  return now - savedAt > SAVED_LIST_MAX_AGE_MS;
}
let opening: Promise<IDBPDatabase<OfflineDb> | null> | null = null;

/** The database, or null where the browser refuses IndexedDB (then memory stands in). */
function database(): Promise<IDBPDatabase<OfflineDb> | null> {
  opening ??= (async () => {
    if (typeof indexedDB === 'undefined') return null;
    try {
      const db = await openDB<OfflineDb>(DB_NAME, 1, {
        upgrade(db) {
          const outbox = db.createObjectStore('outbox', { keyPath: 'id' });
          outbox.createIndex('byUser', 'userId');
          db.createObjectStore('lists', { keyPath: ['userId', 'name'] });
        },
        blocking() {
          // a newer version of the app wants to upgrade the database: let it
          opening = null;
        },
      });
      void deleteExpired(db).catch(() => {});
      return db;
    } catch {
      return null;
    }
  })();
  return opening;
}

const fallback = memoryOutboxStore();
const fallbackLists = new Map<string, SavedList>();
const listKey = (userId: string, name: string) => `${userId}\n${name}`;

/** The outbox kept in IndexedDB: survives closing the tab and restarting the browser. */
export const idbOutboxStore: OutboxStore = {
  async list(userId) {
    const db = await database();
    if (!db) return fallback.list(userId);
    const entries = await db.getAllFromIndex('outbox', 'byUser', userId);
    return entries.sort((a, b) => a.seq - b.seq);
  },
  async commit({ remove = [], put = [] }) {
    const db = await database();
    if (!db) return fallback.commit({ remove, put });
    // one transaction: a sent entry leaves exactly when its dependants learn the server id
    const tx = db.transaction('outbox', 'readwrite');
    await Promise.all([...remove.map((id) => tx.store.delete(id)), ...put.map((entry) => tx.store.put(entry)), tx.done]);
  },
  async clear(userId) {
    const db = await database();
    if (!db) return fallback.clear(userId);
    const tx = db.transaction('outbox', 'readwrite');
    const keys = await tx.store.index('byUser').getAllKeys(userId);
    await Promise.all([...keys.map((key) => tx.store.delete(key)), tx.done]);
  },
};

/** Deletes every account's saved lists that are too old to show. */
async function deleteExpired(db: IDBPDatabase<OfflineDb>): Promise<void> {
  const tx = db.transaction('lists', 'readwrite');
  for (let cursor = await tx.store.openCursor(); cursor; cursor = await cursor.continue()) {
    if (isExpired(cursor.value.savedAt)) await cursor.delete();
  }
  await tx.done;
}

export async function saveList(userId: string, name: string, data: unknown, savedAt = Date.now()): Promise<void> {
  const row: SavedList = { userId, name, savedAt, data };
  const db = await database();
  if (!db) {
    fallbackLists.set(listKey(userId, name), row);
    return;
  }
  await db.put('lists', row);
}

/** The saved lists among `rows` that are not too old; the others are deleted. */
async function fresh(rows: SavedList[], db: IDBPDatabase<OfflineDb> | null): Promise<SavedList[]> {
  const now = Date.now();
  const expired = rows.filter((row) => isExpired(row.savedAt, now));
  for (const row of expired) {
    if (db) await db.delete('lists', [row.userId, row.name]);
    else fallbackLists.delete(listKey(row.userId, row.name));
  }
  return rows.filter((row) => !expired.includes(row));
}

/** The account's saved list of that name, unless it is missing or too old (SAVED_LIST_MAX_AGE_MS). */
export async function readList(userId: string, name: string): Promise<SavedList | undefined> {
  const db = await database();
  const row = db ? await db.get('lists', [userId, name]) : fallbackLists.get(listKey(userId, name));
  return row ? (await fresh([row], db))[0] : undefined;
}

/** Every saved list of the account whose name starts with `prefix` (none too old). */
export async function readLists(userId: string, prefix: string): Promise<SavedList[]> {
  const db = await database();
  const rows = db
    ? await db.getAll('lists', IDBKeyRange.bound([userId, prefix], [userId, `${prefix}\uffff`]))
    : [...fallbackLists.values()].filter((row) => row.userId === userId && row.name.startsWith(prefix));
  return fresh(rows, db);
}

/** How many writes of the account are not sent yet (waiting or refused). */
export async function unsentCount(userId: string): Promise<number> {
  return (await idbOutboxStore.list(userId)).length;
}

/** The account's saved lists (its session ended: its unsent changes stay in the outbox). */
export async function clearSavedLists(userId: string): Promise<void> {
  for (const key of fallbackLists.keys()) if (key.startsWith(`${userId}\n`)) fallbackLists.delete(key);
  const db = await database();
  if (!db) return;
  await db.delete('lists', IDBKeyRange.bound([userId, ''], [userId, '\uffff']));
}

/** Everything the phone keeps for the account: its outbox and its saved lists (Logout). */
export async function clearOfflineData(userId: string): Promise<void> {
  await idbOutboxStore.clear(userId);
  await clearSavedLists(userId);
}
