/**
 * What a committed write changed, as far as the kept answers care (response-cache.ts,
 * issue 29, decision 0044). Most writes of a busy day are a phone adding a duty or marking
 * one completed: they change the duties of one work type, today. Last month's attendance,
 * last month's completed works and another work type's boards are not among what they
 * change, so those kept answers stay. Any other write changes `everything`.
 */

/**
 * Duties of some work types changed, their crew rows with them, and nothing else (no staff
 * record, account, leave, holiday, payroll or setting).
 */
export interface DutyChange {
  /**
   * The work types (lower case) of the duties written and of their crews' staff records (a
   * worker moved to another work type after being put on a duty counts in the lists of both).
   */
  works: string[];
  /** Whether a live (processing) duty was added, changed, or left the live list. */
  live: boolean;
  /** The completed days (YYYY-MM-DD, APP_TZ) whose completed duties changed: gained, lost or edited. */
  days: string[];
}

export type DataChange = DutyChange | 'everything';

export const EVERYTHING = 'everything' as const;

/**
 * What a kept answer reads of the duties. An answer that names none is computed again after
 * every change.
 */
export interface DutyReads {
  /**
   * The work type whose duties, or whose staff's duties, it reads; null for all of them.
   */
  work: string | null;
  /** Whether it reads live (processing) duties. */
  live: boolean;
  /** The completed days it reads, both ends included; null for none. */
  completed: { from: string; to: string } | null;
}

/** Every completed day. */
export const ALL_DAYS = { from: '0000-01-01', to: '9999-12-31' } as const;

/** Whether an answer that reads `reads` may show something else after `change`. */
export function affects(change: DataChange, reads: DutyReads | undefined): boolean {
  if (change === EVERYTHING || !reads) return true;
  if (reads.work !== null && !change.works.includes(reads.work.toLowerCase())) return false;
  if (reads.live && change.live) return true;
  const range = reads.completed;
  return range !== null && change.days.some((day) => day >= range.from && day <= range.to);
}

/** One change that covers both. */
export function mergeChanges(a: DataChange, b: DataChange): DataChange {
  if (a === EVERYTHING || b === EVERYTHING) return EVERYTHING;
  return {
    works: [...new Set([...a.works, ...b.works])],
    live: a.live || b.live,
    days: [...new Set([...a.days, ...b.days])],
  };
}

/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more; a longer change is sent as `everything`. */
const MAX_PAYLOAD = 4000;

/**
 * A change as a NOTIFY payload, with the instance that sends it (`from`), which ignores its
 * own: it dropped what the change affects before announcing it. `everything` from nobody in
 * particular is the empty payload (what every earlier version sent; an earlier version takes
 * any payload to mean everything).
 */
export function encodeChange(change: DataChange, from?: string): string {
  const sender = from === undefined ? {} : { i: from };
  if (change === EVERYTHING) return from === undefined ? '' : JSON.stringify(sender);
  const text = JSON.stringify({ ...sender, d: change });
  return text.length < MAX_PAYLOAD ? text : encodeChange(EVERYTHING, from);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A work type as staff records may hold it (lower case), 'pit & yard' included: any text without control characters. */
const WORK = /^[^\u0000-\u001f\u007f]{1,80}$/u;

type Payload = { i?: unknown; d?: Partial<DutyChange> } | null;

function parsePayload(payload: string): Payload {
  if (!payload) return null;
  try {
    return JSON.parse(payload) as Payload;
  } catch {
    return null;
  }
}

/** A payload as a change and its sender: anything that is not a well-formed duty change is `everything`. */
export function decodeChange(payload: string): { change: DataChange; from: string | undefined } {
  const parsed = parsePayload(payload);
  const from = typeof parsed?.i === 'string' ? parsed.i : undefined;
  const change = parsed?.d;
  if (
    !change ||
    typeof change !== 'object' ||
    typeof change.live !== 'boolean' ||
    !Array.isArray(change.works) ||
    !Array.isArray(change.days) ||
    !change.works.every((work) => typeof work === 'string' && WORK.test(work)) ||
    !change.days.every((day) => typeof day === 'string' && DAY.test(day))
  ) {
    return { change: EVERYTHING, from };
  }
  return { change: { works: change.works, live: change.live, days: change.days }, from };
}

/** The duty change of duties written of these work types, live or completed on these days. */
export function dutyChange(works: Array<string | null | undefined>, live: boolean, days: Array<string | null | undefined>): DutyChange {
  const present = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined && value !== '';
  return {
    works: [...new Set(works.filter(present).map((work) => work.toLowerCase()))],
    live,
    days: [...new Set(days.filter(present))],
  };
}

/** An answer that reads no duty: only `everything` drops it. */
export const NO_DUTIES: DutyReads = { work: null, live: false, completed: null };
