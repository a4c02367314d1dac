import type { ChatMessage } from '../../../shared/schemas/chat.js';

/**
 * The messages one chat screen holds. They arrive from four places (the first load, the
 * 5-second poll, the live stream, and older pages when scrolling up), often twice, and
 * not always in order, so every arrival goes through `mergeMessages`.
 */
export interface ChatLog {
  /** oldest first, each _id once */
  messages: ChatMessage[];
  /** whether the server may hold messages older than the first one */
  hasOlder: boolean;
}

/** The server's order: createdAt, then _id (the same tie-break as its cursors). */
function compare(a: ChatMessage, b: ChatMessage): number {
  if (a.createdAt !== b.createdAt) return Date.parse(a.createdAt) - Date.parse(b.createdAt);
  return a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
}

/**
 * `current` with `incoming` added, oldest first, without duplicates. Answers `current`
 * itself when nothing is new, so React sees no change and nothing re-renders.
 */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const known = new Set(current.map((message) => message._id));
  const fresh: ChatMessage[] = [];
  for (const message of incoming) {
    if (known.has(message._id)) continue;
    known.add(message._id);
    fresh.push(message);
  }
  if (fresh.length === 0) return current as ChatMessage[];
  const merged = [...current, ...fresh];
  // Usually the fresh ones are newer than everything held; sort only when they are not.
  const inOrder = merged.every((message, index) => index === 0 || compare(merged[index - 1]!, message) <= 0);
  return inOrder ? merged : merged.sort(compare);
}

/** The messages of `after` that `before` did not hold. */
export function addedMessages(before: readonly ChatMessage[], after: readonly ChatMessage[]): ChatMessage[] {
  if (before === after) return [];
  const known = new Set(before.map((message) => message._id));
  return after.filter((message) => !known.has(message._id));
}

/** One formatter per time zone: a long history asks for many days. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Calendar day (YYYY-MM-DD) of a moment in the company's time zone, for the day dividers. */
export function localDay(iso: string, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(new Date(iso));
}

/** Messages closer than this from the same sender form one run: the name shows once. */
const RUN_GAP_MS = 5 * 60_000;

/** Whether `message` continues the run of `previous` (same sender, same day in `timeZone`, within minutes). */
export function continuesRun(previous: ChatMessage | undefined, message: ChatMessage, timeZone: string): boolean {
  if (!previous) return false;
  const sameSender = previous.userId !== null ? previous.userId === message.userId : previous.user === message.user;
  return (
    sameSender &&
    localDay(previous.createdAt, timeZone) === localDay(message.createdAt, timeZone) &&
    Date.parse(message.createdAt) - Date.parse(previous.createdAt) < RUN_GAP_MS
  );
}
