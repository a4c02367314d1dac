import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { DatabaseHandle } from './db/connect.js';

/** The channel every instance hears about data changes on (announceChange). */
export const DATA_CHANNEL = 'dutyroll_data';

/**
 * A kept answer is computed again after this long even if no change was announced: a
 * change made past the app (by hand in psql) shows within it.
 */
export const MAX_AGE_MS = 60_000;

/** Below this size an answer is sent as it is (the compression plugin's threshold). */
const COMPRESS_THRESHOLD = 1024;

/** One computed answer: the body as the route's serializer wrote it and the headers the handler set. */
interface Answer {
  body: Buffer;
  headers: Record<string, string>;
  /** compressed copies, made on the first request that accepts them */
  br?: Buffer;
  gzip?: Buffer;
}

interface Entry extends Answer {
  /** the data version the answer was computed at */
  version: number;
  size: number;
  /** when it was kept (the cache's clock) */
  keptAt: number;
}

/**
 * Answers of the busiest lists (get-workers, the live and completed boards, attendance,
 * the dashboard summary), kept until their data changes (issue 16, decision 0027).
 *
 * - **Freshness.** Every write request this app answers successfully (any API method but
 *   GET, HEAD and OPTIONS) empties this instance's cache before its answer leaves, and, once
 *   its transaction has committed, announces the change on `dutyroll_data` (NOTIFY) to every
 *   instance, which empties theirs when the notification arrives (usually milliseconds
 *   later; a read sent to another instance at once may come first: sticky sessions give
 *   read-your-write behind a load balancer). A write that failed (5xx) may have committed
 *   first: it empties and announces too. A refused write (4xx) changed nothing, and a route
 *   marked `leavesKeptAnswers` (chat, sign-in, sign-out) changes nothing kept (app.ts). The
 *   command-line tools announce their changes too. A change made past the app shows within
 *   MAX_AGE_MS.
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
 * - **Bounded.** At most `maxBytes` of bodies (and their compressed copies), the least
 *   recently used dropped first.
 */
export class ResponseCache {
  private version = 0;
  private listening = false;
  private readonly entries = new Map<string, Entry>();
  private readonly computing = new Map<string, Promise<Answer>>();
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether answers are kept (listening, and given memory). */
  get active(): boolean {
    return this.listening && this.maxBytes > 0;
  }

  /** Data changed: nothing computed before now is served again. */
  changed(): void {
    this.version += 1;
    this.entries.clear();
    this.bytes = 0;
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

  /** How many answers are kept, and their bytes (tests, the bench). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /**
   * Sends the answer for `key`: from memory when it was computed since the last change,
   * else from `compute` (which runs the route's handler and serializes its answer).
   */
  async send(request: FastifyRequest, reply: FastifyReply, key: string, compute: () => Promise<Answer>): Promise<FastifyReply> {
    let answer: Answer | undefined = this.entries.get(key);
    if (answer && this.now() - (answer as Entry).keptAt >= MAX_AGE_MS) {
      this.entries.delete(key);
      this.bytes -= (answer as Entry).size;
      answer = undefined;
    }
    if (answer) {
      // most recently used last
      this.entries.delete(key);
      this.entries.set(key, answer as Entry);
    } else {
      const version = this.version;
      const flightKey = `${version} ${key}`;
      let flight = this.computing.get(flightKey);
      if (!flight) {
        flight = compute();
        this.computing.set(flightKey, flight);
        const done = () => this.computing.delete(flightKey);
        flight.then(
          (computed) => {
            done();
            this.store(key, version, computed);
          },
          done,
        );
      }
      // a request that finds the answer being computed waits for it; its own compute never runs
      answer = await flight;
    }
    const encoding = answer.body.length >= COMPRESS_THRESHOLD ? acceptedEncoding(request.headers['accept-encoding']) : null;
    reply.headers(answer.headers);
    reply.header('content-type', 'application/json; charset=utf-8');
    if (!encoding) return reply.send(answer.body);
    // compressed once per answer and kept with it, instead of by the plugin on every request
    return reply.header('content-encoding', encoding).header('vary', 'accept-encoding').send(this.compressed(key, answer, encoding));
  }

  private store(key: string, version: number, answer: Answer): void {
    if (version !== this.version || !this.active || answer.body.length > this.maxBytes / 4) return;
    // the same object the waiting requests hold, so a compressed copy made for one is kept
    const entry: Entry = Object.assign(answer, { version, size: answer.body.length, keptAt: this.now() });
    this.entries.set(key, entry);
    this.bytes += entry.size;
    this.evict();
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(key);
      this.bytes -= entry.size;
    }
  }

  /** The answer compressed as this request accepts it, made once and kept with a kept answer. */
  private compressed(key: string, answer: Answer, encoding: 'br' | 'gzip'): Buffer {
    const existing = answer[encoding];
    if (existing) return existing;
    const made =
      encoding === 'br'
        ? brotliCompressSync(answer.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: answer.body.length } })
        : gzipSync(answer.body);
    answer[encoding] = made;
    const entry = this.entries.get(key);
    if (entry === answer) {
      entry.size += made.length;
      this.bytes += made.length;
      this.evict();
    }
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
export async function announceChange(database: Pick<DatabaseHandle, 'db' | 'kind'>): Promise<void> {
  if (database.kind !== 'postgres') return;
  await database.db.execute(sql`select pg_notify(${DATA_CHANNEL}, '')`);
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
    () => cache.changed(),
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
  return { body: Buffer.from(reply.serialize(result) as string), headers };
}
