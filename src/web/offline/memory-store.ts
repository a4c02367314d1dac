import type { OutboxEntry, OutboxStore } from './outbox-types.js';

/**
 * The outbox kept in memory: the unit tests' store, and the fallback when the browser
 * refuses IndexedDB (some private modes), where the queue then lasts as long as the tab.
 */
export function memoryOutboxStore(): OutboxStore {
  const entries = new Map<string, OutboxEntry>();
  const copy = (entry: OutboxEntry): OutboxEntry => structuredClone(entry);
  return {
    async list(userId) {
      return [...entries.values()]
        .filter((entry) => entry.userId === userId)
        .sort((a, b) => a.seq - b.seq)
        .map(copy);
    },
    async commit({ remove = [], put = [] }) {
      for (const id of remove) entries.delete(id);
      for (const entry of put) entries.set(entry.id, copy(entry));
    },
    async clear(userId) {
      for (const [id, entry] of entries) if (entry.userId === userId) entries.delete(id);
    },
  };
}
