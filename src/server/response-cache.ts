import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { DatabaseHandle } from './db/connect.js';
import { affects, decodeChange, encodeChange, EVERYTHING, mergeChanges, type DataChange, type DutyReads } from './data-change.js';
import { JsonText } from './json-text.js';

/** The channel every instance hears about data changes on (announceChange). */
const DATA_CHANNEL = 'dutyroll_data';

/**
 * A kept answer is computed again after this long even if no change was announced: a
 * change made past the app (by hand in psql) shows within it.
 */
export const MAX_AGE_MS = 60_000;

/** Below this size an answer is sent as it is (the compression plugin's threshold). */
const COMPRESS_THRESHOLD = 1024;

/**
 * Brotli's quality for the lists' answers: 1, about four times faster than 5 on a list of
 * 400 staff (0.75 against 3.2 ms) for a quarter more bytes (17.8 against 14.1 KB). A busy
 * day empties the kept answers with every write, so most answers are compressed for one
 * or a few requests, and the CPU matters more than the bytes (issue 29, decision 0042).
 */
const LIST_BROTLI_QUALITY = 1;
/** gzip's level for the same (for clients without brotli). */
const LIST_GZIP_LEVEL = 1;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * At most this many answers are kept, whatever their size: the busy lists of every role, work
 * type, filter and page are a few hundred (decision 0027); beyond this the least recently used go.
 */
export const MAX_ENTRIES = 5_000;

/** A search (free-text `q`) is kept only when it is asked again within this long (see `send`). @alias */
export const SEARCH_REPEAT_MS = MAX_AGE_MS;

/** At most this many searches asked once are remembered, waiting for their second request. */
export const MAX_SEEN = 2_000;

/** Expired answers, and searches asked once too long ago, are dropped this often, unasked. */
export const SWEEP_MS = 15_000;

/**
 * What an entry costs beyond its strings and buffers: the Map slot, the entry object, its
 * headers object and numbers (one heap number for the time), measured with --expose-gc by
 * `node --expose-gc --import tsx bench/cache-memory.ts` (decision 0027).
 */
export const ENTRY_OVERHEAD = 200;
/** What a kept buffer costs beyond its bytes: its Uint8Array and ArrayBuffer objects and the backing store's record (its own memory, not a slice of Node's 8 KB pool). */
const BUFFER_OVERHEAD = 160;
/** A string's header (and rounding to whole words). */
const STRING_OVERHEAD = 24;
/** What a remembered search costs beyond its key: its Map slot, the time (a heap number) and the key's flattened copy (measured as above). */
const SEEN_OVERHEAD = 110;

/** The bytes a string takes on the heap: one per character, two when any is beyond Latin-1. */
function stringCost(text: string): number {
  return STRING_OVERHEAD + text.length * (/[^\u0000-\u00ff]/.test(text) ? 2 : 1);
}

/** A buffer in memory of its own, so a kept answer never holds on to a slab of Node's shared pool. */
function ownBuffer(buffer: Buffer): Buffer {
  if (buffer.byteOffset === 0 && buffer.buffer.byteLength === buffer.length) return buffer;
  const own = Buffer.allocUnsafeSlow(buffer.length);
  buffer.copy(own);
  return own;
}

/** One computed answer: the body as the route's serializer wrote it and the headers the handler set. */
interface Answer {
  body: Buffer;
  headers: Record<string, string>;
  /** compressed copies, made on the first request that accepts them (off the event loop, in libuv's pool) */
  br?: Promise<Buffer>;
  gzip?: Promise<Buffer>;
}

interface Entry extends Answer {
  /** what it reads of the duties (data-change.ts); none: every change drops it */
  reads: DutyReads | undefined;
  /** what it costs in memory, as counted (key, headers, body, compressed copies, overhead) */
  size: number;
  /** when it was kept (the cache's clock) */
  keptAt: number;
}

/** An answer being computed, and whether another request asked for it meanwhile. */
interface Flight {
  answer: Promise<Answer>;
  askedAgain: boolean;
  reads: DutyReads | undefined;
  /** a change that affects it happened while it was computed: not kept, and not joined */
  stale: boolean;
}

export interface SendOptions {
  /**
   * A free-text search: most are asked once (each keystroke, each name), so its answer is
   * kept only when the same search is asked again within SEARCH_REPEAT_MS, or by another
   * request while it is computed.
   */
  search?: boolean;
  /**
   * What the answer reads of the duties (data-change.ts): a change of other duties — another
   * work type, other completed days — leaves it kept. Without it, every change drops it.
   */
  reads?: DutyReads | undefined;
}

/**
 * Answers of the busiest lists (get-workers, the live and completed boards, attendance,
 * the dashboard summary), kept until their data changes (issue 16, decision 0027).
 *
 * - **Freshness.** Every write request this app answers successfully (any API method but
 *   GET, HEAD and OPTIONS) empties this instance's cache once its transaction has committed
 *   and before its answer leaves (serve(), decision 0031), and announces the change on
 *   `dutyroll_data` (NOTIFY) to every
 *   instance, which empties theirs when the notification arrives (usually milliseconds
 *   later; a read sent to another instance at once may come first: sticky sessions give
 *   read-your-write behind a load balancer). A write that failed (5xx) may have committed
 *   first: it empties and announces too. A refused write (4xx) changed nothing (its
 *   transaction rolled back), and a route marked `leavesKeptAnswers` (chat, sign-in,
 *   sign-out) changes nothing kept. The
 *   command-line tools announce their changes too. A change made past the app shows within
 *   MAX_AGE_MS.
 * - **Only what a change affects is dropped** (data-change.ts, decision 0044). A write
 *   that says it changed only some duties (adding a duty, marking one completed: the busy
 *   day's writes) drops the answers that read duties of that work type live or completed on
 *   those days, and the answers that name nothing they read; the others stay (last
 *   month's attendance, another work type's board). Any other write drops everything. The
 *   announcement carries the change to the other instances.
 * - **Only while listening.** Until the LISTEN connection is up, and from the moment it is
 *   lost (a connection that dies silently is found by its heartbeat within seconds,
 *   pg-listener.ts), nothing is kept or served from memory: changes announced meanwhile would go
 *   unheard.
 * - **Nothing a reader may not see.** The key is the route, the parsed query and the
 *   viewer's scope, which each route names from exactly what its answer depends on (role,
 *   own work type, the day); the session is still checked with the database on every
 *   request before the cache is asked, so a revoked session or a changed role is refused
 *   at once.
 * - **One computation per key.** Requests that arrive while the same answer is being
 *   computed (twenty managers opening the board at nine) wait for it instead of each
 *   running the queries; one that arrives after a change never joins one started before.
 * - **Bounded** (issue 24). At most `maxBytes` counted as an entry really costs (its key,
 *   headers, body, compressed copies and a measured fixed overhead, each buffer in memory
 *   of its own) and at most `maxEntries` answers, the least recently used dropped first;
 *   expired answers are swept every SWEEP_MS without being asked for; a search is kept only
 *   when asked twice (`SendOptions.search`), and the searches waiting for their second
 *   request are a bounded set counted in the same budget.
 */
export class ResponseCache {
  /** Names this instance's announcements, so that it ignores them when they come back. */
  readonly id = randomUUID();
  private listening = false;
  private readonly entries = new Map<string, Entry>();
  private readonly computing = new Map<string, Flight>();
  /** searches asked once, oldest first: key → when */
  private readonly seen = new Map<string, number>();
  /** counted bytes of the entries */
  private bytes = 0;
  /** counted bytes of the searches asked once */
  private seenBytes = 0;
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly maxBytes: number,
    private readonly now: () => number = () => Date.now(),
    private readonly maxEntries: number = MAX_ENTRIES,
  ) {}

  /** Whether answers are kept (listening, and given memory). */
  get active(): boolean {
    return this.listening && this.maxBytes > 0;
  }

  /**
   * Data changed: nothing computed before now that the change affects is served again, nor
   * kept once computed (data-change.ts). `everything` (the default) drops every answer.
   */
  changed(change: DataChange = EVERYTHING): void {
    for (const [key, flight] of this.computing) {
      if (!affects(change, flight.reads)) continue;
      flight.stale = true;
      this.computing.delete(key);
    }
    if (change === EVERYTHING) {
      this.entries.clear();
      this.bytes = 0;
    } else {
      for (const [key, entry] of this.entries) {
        if (affects(change, entry.reads)) this.drop(key, entry);
      }
    }
    this.sweepWhileNeeded();
  }

  /** Listening (again): what changed while not listening is unknown, so start afresh. */
  listeningStarted(): void {
    this.changed();
    this.listening = true;
  }

  listeningLost(): void {
    this.listening = false;
    this.changed();
  }

  /**
   * How many answers are kept and the searches waiting for their second request, and the
   * bytes all of them are counted as (tests, the bench, GET /admin/response-cache).
   */
  get size(): { entries: number; bytes: number; searchesSeenOnce: number; maxEntries: number; maxBytes: number } {
    return { entries: this.entries.size, bytes: this.bytes + this.seenBytes, searchesSeenOnce: this.seen.size, maxEntries: this.maxEntries, maxBytes: this.maxBytes };
  }

  /**
   * Sends the answer for `key`: from memory when it was computed since the last change,
   * else from `compute` (which runs the route's handler and serializes its answer).
   */
  async send(request: FastifyRequest, reply: FastifyReply, key: string, compute: () => Promise<Answer>, options: SendOptions = {}): Promise<FastifyReply> {
    let answer: Answer | undefined = this.entries.get(key);
    if (answer && this.now() - (answer as Entry).keptAt >= MAX_AGE_MS) {
      this.drop(key, answer as Entry);
      answer = undefined;
    }
    if (answer) {
      // most recently used last
      this.entries.delete(key);
      this.entries.set(key, answer as Entry);
    } else {
      // a flight a change made stale has left this map: a request after the change never joins it
      let flight = this.computing.get(key);
      if (flight) {
        flight.askedAgain = true;
      } else {
        const keep = !options.search || this.askedBefore(key);
        const made: Flight = { answer: compute(), askedAgain: false, reads: options.reads, stale: false };
        flight = made;
        this.computing.set(key, made);
        const done = () => {
          if (this.computing.get(key) === made) this.computing.delete(key);
        };
        made.answer.then(
          (computed) => {
            done();
            if (!made.stale && (keep || made.askedAgain)) this.store(key, made.reads, computed);
          },
          done,
        );
      }
      // a request that finds the answer being computed waits for it; its own compute never runs
      answer = await flight.answer;
    }
    const encoding = answer.body.length >= COMPRESS_THRESHOLD ? acceptedEncoding(request.headers['accept-encoding']) : null;
    reply.headers(answer.headers);
    reply.header('content-type', 'application/json; charset=utf-8');
    if (!encoding) return reply.send(answer.body);
    // compressed once per answer and kept with it, instead of by the plugin on every request
    const compressed = await this.compressed(key, answer, encoding);
    return reply.header('content-encoding', encoding).header('vary', 'accept-encoding').send(compressed);
  }

  /**
   * Whether this search was asked within SEARCH_REPEAT_MS; if not, it is remembered (as
   * asked now) for its second request, the oldest forgotten first beyond MAX_SEEN or an
   * eighth of the budget.
   */
  private askedBefore(key: string): boolean {
    if (!this.active) return false;
    const now = this.now();
    const at = this.seen.get(key);
    if (at !== undefined) this.forget(key);
    if (at !== undefined && now - at < SEARCH_REPEAT_MS) return true;
    this.seen.set(key, now);
    this.seenBytes += stringCost(key) + SEEN_OVERHEAD;
    for (const [oldest] of this.seen) {
      if (this.seen.size <= MAX_SEEN && this.seenBytes <= this.maxBytes / 8) break;
      this.forget(oldest);
    }
    this.sweepWhileNeeded();
    return false;
  }

  private forget(key: string): void {
    if (this.seen.delete(key)) this.seenBytes -= stringCost(key) + SEEN_OVERHEAD;
  }

  private store(key: string, reads: DutyReads | undefined, answer: Answer): void {
    if (!this.active) return;
    // the same object the waiting requests hold, so a compressed copy made for one is kept
    answer.body = ownBuffer(answer.body);
    let headerBytes = 0;
    for (const [name, value] of Object.entries(answer.headers)) headerBytes += stringCost(name) + stringCost(value);
    const size = ENTRY_OVERHEAD + stringCost(key) + headerBytes + BUFFER_OVERHEAD + answer.body.length;
    if (size > this.maxBytes / 4) return;
    const entry: Entry = Object.assign(answer, { reads, size, keptAt: this.now() });
    const replaced = this.entries.get(key);
    if (replaced) this.drop(key, replaced);
    this.entries.set(key, entry);
    this.bytes += size;
    this.evict();
    this.sweepWhileNeeded();
  }

  private drop(key: string, entry: Entry): void {
    if (this.entries.get(key) !== entry) return;
    this.entries.delete(key);
    this.bytes -= entry.size;
  }

  /** Drops the least recently used answers until the entries and their bytes are within bounds. */
  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.bytes + this.seenBytes <= this.maxBytes && this.entries.size <= this.maxEntries) break;
      this.drop(key, entry);
    }
  }

  /** Drops expired answers and searches asked once too long ago, without waiting to be asked. */
  sweep(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) {
      if (now - entry.keptAt >= MAX_AGE_MS) this.drop(key, entry);
    }
    // oldest first: the rest were asked later
    for (const [key, at] of this.seen) {
      if (now - at < SEARCH_REPEAT_MS) break;
      this.forget(key);
    }
    this.sweepWhileNeeded();
  }

  /** The sweep runs while anything is kept or remembered (it never keeps the process alive). */
  private sweepWhileNeeded(): void {
    const needed = this.entries.size > 0 || this.seen.size > 0;
    if (needed && !this.sweeper) {
      this.sweeper = setInterval(() => this.sweep(), SWEEP_MS);
      this.sweeper.unref();
    } else if (!needed && this.sweeper) {
      clearInterval(this.sweeper);
      this.sweeper = undefined;
    }
  }

  /**
   * The answer compressed as this request accepts it, made once (requests that ask while it
   * is made wait for the same copy) in libuv's thread pool, and kept with a kept answer.
   */
  private compressed(key: string, answer: Answer, encoding: 'br' | 'gzip'): Promise<Buffer> {
    const existing = answer[encoding];
    if (existing) return existing;
    const made = (
      encoding === 'br'
        ? brotliAsync(answer.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: LIST_BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: answer.body.length } })
        : gzipAsync(answer.body, { level: LIST_GZIP_LEVEL })
    ).then((buffer) => {
      const own = ownBuffer(buffer);
      // counted once made, if the answer is still the one kept for its key
      const entry = this.entries.get(key);
      if (entry === answer && entry[encoding] === made) {
        entry.size += BUFFER_OVERHEAD + own.length;
        this.bytes += BUFFER_OVERHEAD + own.length;
        this.evict();
      }
      return own;
    });
    answer[encoding] = made;
    // a failure is not kept: the next request tries again
    made.catch(() => {
      if (answer[encoding] === made) delete answer[encoding];
    });
    return made;
  }
}

/**
 * The encoding to send for an Accept-Encoding header: of br and gzip, the one the client
 * weights highest (q-values, RFC 9110 §12.5.3), br on a tie; `q=0` means not acceptable;
 * `*` stands for every coding the header does not name. Null when neither is acceptable.
 */
export function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const accepted = new Map<string, number>();
  for (const part of value.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q\s*=\s*(.*?)\s*$/.exec(param)?.[1]).find((found) => found !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    // a malformed weight counts as not acceptable rather than as the best
    accepted.set(name.trim(), Number.isFinite(weight) ? Math.min(1, Math.max(0, weight)) : 0);
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  const br = weight('br');
  const gzip = weight('gzip');
  if (br <= 0 && gzip <= 0) return null;
  return br >= gzip ? 'br' : 'gzip';
}

declare module 'fastify' {
  interface FastifyInstance {
    responseCache: ResponseCache;
  }
}

/**
 * Tells every instance on this database that data changed, after the change committed.
 * Sent on its own, outside the writing transaction: a NOTIFY inside it would hold
 * PostgreSQL's notification lock through the commit's flush, and every writing transaction
 * would wait for the one before it (1,460 → 319 commits/s at 20 connections, measured).
 * The embedded database has no other instance to tell.
 */
export async function announceChange(database: Pick<DatabaseHandle, 'db' | 'kind'>, change: DataChange = EVERYTHING, from?: string): Promise<void> {
  if (database.kind !== 'postgres') return;
  await database.db.execute(sql`select pg_notify(${DATA_CHANNEL}, ${encodeChange(change, from)})`);
}

/**
 * Announces committed changes to the other instances. The write itself succeeded, so its
 * answer goes out either way; an announcement that fails (the database went away just
 * then) is tried again in the background a second later — once for all the changes that
 * failed meanwhile, as one announcement tells of every change before it — and the others'
 * kept answers expire within MAX_AGE_MS regardless. Announcements never overlap: the
 * changes that ask while one is on its way share the next.
 */
export function changeAnnouncer(database: Pick<DatabaseHandle, 'db' | 'kind'>, log: Pick<FastifyBaseLogger, 'warn'>, from?: string) {
  let retry: NodeJS.Timeout | null = null;
  const later = () => {
    if (retry) return;
    retry = setTimeout(() => {
      retry = null;
      announceChange(database, EVERYTHING, from).catch((error: unknown) => log.warn({ err: error }, 'could not tell the other instances of a change'));
    }, 1000);
    retry.unref();
  };
  // One announcement at a time: one sent while another is on its way goes after it, for
  // every change that asked meanwhile (an announcement tells of every change committed
  // before it, merged into one), so a busy minute sends far fewer than one per write (issue 29).
  let sending: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  let waiting: DataChange | null = null;
  const send = (): Promise<void> => {
    const change = waiting ?? EVERYTHING;
    waiting = null;
    sending = announceChange(database, change, from)
      .catch(later)
      .finally(() => {
        sending = null;
      });
    return sending;
  };
  const announce = (change: DataChange = EVERYTHING): Promise<void> => {
    waiting = waiting === null ? change : mergeChanges(waiting, change);
    if (!sending) return send();
    next ??= sending.then(() => {
      next = null;
      // a change that asked in between, when nothing was on its way, went out itself
      return waiting === null ? (sending ?? Promise.resolve()) : send();
    });
    return next;
  };
  return {
    announce,
    stop: () => {
      if (retry) clearTimeout(retry);
      retry = null;
    },
  };
}

/**
 * The cache of an app on this database: it keeps answers only while it listens for the
 * changes other instances announce, and warns when listening is lost (a dead or silently
 * dropped LISTEN connection, found by its heartbeat).
 */
export async function openResponseCache(
  database: DatabaseHandle,
  maxBytes: number,
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>,
): Promise<{ cache: ResponseCache; stop: () => Promise<void> }> {
  const cache = new ResponseCache(maxBytes);
  if (maxBytes <= 0) return { cache, stop: async () => {} };
  let lost = false;
  const stop = await database.listen(
    DATA_CHANNEL,
    (payload) => {
      const { change, from } = decodeChange(payload);
      // this instance's own announcement: it dropped what the change affects before sending it
      if (from !== cache.id) cache.changed(change);
    },
    () => {
      cache.listeningStarted();
      if (lost) log?.info('listening for changes again: the busiest lists are kept again');
      lost = false;
    },
    () => {
      cache.listeningLost();
      if (!lost) log?.warn('not listening for changes (the LISTEN connection was lost; reconnecting): every list is computed afresh until it is back');
      lost = true;
    },
  );
  return { cache, stop };
}

/**
 * Computes an answer by running a route's handler: what it returned, serialized by the
 * route's own serializer (the same bytes as without the cache), and the headers it set.
 */
export async function computeAnswer(reply: FastifyReply, run: () => Promise<unknown>): Promise<Answer> {
  const before = new Set(Object.keys(reply.getHeaders()));
  const result = await run();
  if (reply.sent || result === reply || result === undefined || reply.statusCode !== 200) {
    throw new Error('a cached route must answer 200 by returning its body, not send it itself');
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (!before.has(name) && typeof value === 'string') headers[name] = value;
  }
  // JSON the database wrote (json-text.ts) is the body as it is
  return { body: Buffer.from(result instanceof JsonText ? result.text : (reply.serialize(result) as string)), headers };
}
