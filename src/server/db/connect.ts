import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { serializeError } from '../log-redaction.js';
import { MIGRATIONS_DIR } from '../paths.js';
import { isQueryTimeout, isTransactionConflict, markConnectFailure } from './failures.js';
import { PgListener, type PgListenerOptions } from './pg-listener.js';
import { currentRequestBudget } from './request-budget.js';
import * as schema from './schema.js';
import { TurnQueue } from './turn-queue.js';

type Schema = typeof schema;
/** The one database type the services use, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations (idempotent). */
  migrate(): Promise<void>;
  /**
   * Answers true when the database answers within `timeoutMs` (default 1 s). Never waits in
   * the request queue: PostgreSQL is asked on a connection of its own, and a busy embedded
   * database counts as ready while its queue keeps moving.
   */
  ping(timeoutMs?: number): Promise<boolean>;
  /**
   * LISTEN on a channel; NOTIFY from any connection (any server instance on the same
   * PostgreSQL) reaches `onNotify`. `onListening` runs each time listening (re)starts: after
   * a lost connection came back, notifications sent meanwhile are lost and the subscriber
   * should catch up. `onLost` runs when the connection listening is lost (notifications
   * sent from then on are missed until `onListening` runs again). Answers the function that
   * stops listening.
   */
  listen(channel: string, onNotify: (payload: string) => void, onListening?: () => void, onLost?: () => void): Promise<() => Promise<void>>;
  /**
   * Whether notifications arrive: false while the LISTEN connection is lost (and being
   * reopened), null when nothing is listened to or listening cannot be lost (embedded).
   */
  listening(): boolean | null;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** Folder for the embedded database; ignored with databaseUrl. 'memory://' for tests. */
  dataDir?: string;
  /**
   * An in-memory embedded database ('memory://') starts as this dump of a data directory
   * (PGlite's dumpDataDir) instead of an empty one: the tests start from a migrated
   * template rather than running initdb and the migrations per database (decision 0034).
   */
  loadDataDir?: Blob;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  /**
   * Longest wait, in ms, for a pooled connection (PostgreSQL) or for the single connection's
   * turn (embedded) before the request answers 503. Default 5000.
   */
  waitTimeoutMs?: number;
  /** Told (for a warning log) when a connection fails outside a request; never fatal. */
  onConnectionError?: (error: Error) => void;
  /**
   * The LISTEN connection's heartbeat (PostgreSQL): `select 1` this often, and a connection
   * that does not answer within the timeout is replaced (a silently dropped connection).
   * Defaults 5000 and 3000 ms; tests make them small.
   */
  listenHeartbeatMs?: number;
  listenHeartbeatTimeoutMs?: number;
  /**
   * Client-side bound on each statement a request sends (PostgreSQL), so a request that holds
   * a connection answers even when the network stops forwarding. Default
   * REQUEST_QUERY_TIMEOUT_MS; tests make it small to keep a wide margin below their bound.
   */
  requestQueryTimeoutMs?: number;
}

const DEFAULT_WAIT_TIMEOUT_MS = 5000;
/** How often PostgreSQL checks, while a statement runs, that its client is still there. */
const CLIENT_CHECK_INTERVAL_MS = 1000;
/** A statement running longer than this is cancelled by PostgreSQL (57014). */
const STATEMENT_TIMEOUT_MS = 60_000;
/**
 * The client-side bound of a statement made while answering a request (decision 0011):
 * one that gets no answer within it — the network went silent, a fail-over is under way —
 * rejects, its connection is dropped and the request answers 503. Together with the wait
 * for a connection (DB_WAIT_TIMEOUT_SECONDS) it bounds how long a request can wait on the
 * database: a request's statements take milliseconds.
 */
const REQUEST_QUERY_TIMEOUT_MS = 5_000;
/**
 * PostgreSQL ends a session left idle inside a transaction this long. A connection the
 * app dropped during a network partition cannot tell the server; without this its
 * transaction would keep its row locks until the server's own keepalive gives up (hours).
 */
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 10_000;
const DEFAULT_PING_TIMEOUT_MS = 1000;
/** First TCP keepalive probe on an idle connection. */
const KEEPALIVE_DELAY_MS = 10_000;
/** A busy embedded database whose queue moved this recently still counts as ready. */
const EMBEDDED_STALL_MS = 10_000;
/**
 * PostgreSQL's buffer pool in the embedded database (decision 0028). initdb writes 128MB
 * into postgresql.conf, and PGlite's PostgreSQL touches the whole pool as it starts: 128 MiB
 * of the server's resident memory before the first query, most of it never used by a
 * database this size. Pages not in the pool are read from the operating system's file
 * cache. Given on PostgreSQL's command line, which overrides postgresql.conf, so it holds
 * for every data directory, new or made by an earlier version, and nothing is written to it.
 */
export const EMBEDDED_SHARED_BUFFERS = '16MB';
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`];

function warnOnStderr(error: Error): void {
  // through the log's serializer: a driver's message may quote a query's parameters
  const { type, code, message } = serializeError(error);
  console.warn(`database connection lost: ${type}${typeof code === 'string' ? ` (${code})` : ''}: ${message}`);
}

/** Opens PostgreSQL when a URL is given, else PGlite in dataDir/pgdata. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const waitTimeoutMs = options.waitTimeoutMs ?? DEFAULT_WAIT_TIMEOUT_MS;
  const onConnectionError = options.onConnectionError ?? warnOnStderr;
  if (options.databaseUrl) {
    const heartbeat = { heartbeatMs: options.listenHeartbeatMs, heartbeatTimeoutMs: options.listenHeartbeatTimeoutMs };
    return openPostgres(options.databaseUrl, options.maxConnections ?? 10, waitTimeoutMs, onConnectionError, heartbeat, options.requestQueryTimeoutMs ?? REQUEST_QUERY_TIMEOUT_MS);
  }
  return openPglite(options.dataDir ?? 'memory://', waitTimeoutMs, options.loadDataDir);
}

function openPostgres(
  url: string,
  max: number,
  waitTimeoutMs: number,
  onConnectionError: (error: Error) => void,
  heartbeat: PgListenerOptions,
  requestQueryTimeoutMs: number,
): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // bounds opening a connection and waiting for a free one; a statement is bounded by
    // statement_timeout on the server, one made in a request also by guardPool's
    // client-side bound, and an idle connection that dies silently by the keepalive probes
    connectionTimeoutMillis: waitTimeoutMs,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    // the OS default waits two hours before the first probe: a dead peer (failover, a
    // dropped NAT entry) would go unnoticed that long
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
    application_name: 'dutyroll',
    // A statement given up on the client side (guardPool) closes its connection, but
    // PostgreSQL notices a closed client only when it next writes to it: a statement waiting
    // on a lock would hold its locks and its connection slot until statement_timeout. With
    // this, the server looks every second and cancels it. Set after connecting rather than as
    // a startup option, which poolers such as PgBouncer refuse; a server that cannot check
    // (not on Linux) keeps its default.
    onConnect: (client) => client.query(`set client_connection_check_interval = ${CLIENT_CHECK_INTERVAL_MS}`).then(
      () => undefined,
      () => undefined,
    ),
  });
  // An idle connection that dies (restart, failover, pg_terminate_backend) is reported
  // here and already replaced; without a listener Node would treat it as a crash.
  pool.on('error', onConnectionError);
  // pg-pool removes its own listener while a connection is checked out (e.g. inside a
  // transaction, between two statements); a death then would be an unhandled 'error'
  // event. This one stays for the connection's life; the running query still fails.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  guardPool(pool, { requestQueryTimeoutMs });
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Database;
  retryConflictsOnce(db, pool);
  const listener = new PgListener(
    { connectionString: url, connectionTimeoutMillis: waitTimeoutMs, keepAlive: true, keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS, application_name: 'dutyroll-listen' },
    onConnectionError,
    heartbeat,
  );
  const pinger = new PingConnection({ connectionString: url, keepAlive: true, keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS, application_name: 'dutyroll-ping' });
  let closing: Promise<void> | null = null;
  return {
    db,
    kind: 'postgres',
    migrate: () => migrateNodePg(drizzleNodePg({ client: pool, schema }), { migrationsFolder: MIGRATIONS_DIR }),
    ping: async (timeoutMs = DEFAULT_PING_TIMEOUT_MS) => !closing && (await pinger.ping(timeoutMs)),
    listen: (channel, onNotify, onListening, onLost) => listener.listen(channel, onNotify, onListening, onLost),
    listening: () => listener.listening,
    close() {
      closing ??= (async () => {
        pinger.close();
        await listener.close();
        await pool.end();
      })();
      return closing;
    },
  };
}

const BEGIN = /^\s*begin\b/i;
/** read_only_sql_transaction: a write reached a standby, or a database set read-only. */
const READ_ONLY_SQLSTATE = '25006';

type QueryArgs = unknown[];

/** The statement's text, whichever form node-postgres was given it in. */
function statementText(args: QueryArgs): string | undefined {
  const first = args[0];
  const text = typeof first === 'string' ? first : (first as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : undefined;
}

/**
 * The arguments of a statement with node-postgres's client-side bound (`query_timeout`)
 * when it is made while answering a request: no answer within `timeoutMs` rejects it,
 * whatever the network does. Work outside a request (start-up, migrations, the command-line
 * tools, background reads) is bounded by the server's statement_timeout only.
 */
function boundedInRequest(args: QueryArgs, timeoutMs: number): QueryArgs {
  if (timeoutMs <= 0 || !currentRequestBudget()) return args;
  const [first, ...rest] = args;
  if (typeof first === 'string') return [{ text: first, query_timeout: timeoutMs }, ...rest];
  // a Query or cursor object (has submit) is passed on as it is
  if (first && typeof first === 'object' && typeof (first as { submit?: unknown }).submit !== 'function') {
    return [{ ...first, query_timeout: timeoutMs }, ...rest];
  }
  return args;
}

/** Drops a connection at once: its statements fail now (rollback included), and the pool never hands it out again. */
function destroyConnection(client: pg.PoolClient): void {
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}

export interface PoolGuardOptions {
  /** Client-side bound of each statement made while answering a request; 0 for none. */
  requestQueryTimeoutMs?: number;
}

/**
 * Wraps the pool given to Drizzle (decision 0011):
 * - every error raised while a connection is opened or waited for is marked
 *   (`markConnectFailure`): whatever its SQLSTATE, the database could not be reached;
 * - each statement made while answering a request gets the client-side bound
 *   (`requestQueryTimeoutMs`), so a request never waits on a silent network;
 * - a checked-out connection whose statement timed out is destroyed at once: the query may
 *   still be running, or lost, and the transaction's `rollback` would queue behind it;
 * - drizzle-orm 0.45's NodePgSession.transaction() checks a client out with
 *   `pool.connect()` and sends `begin` before its try/finally: when `begin` fails (the
 *   connection was killed as it was handed out) the client is never released, and after
 *   `max` such failures every request waits for a connection that never comes. A checkout
 *   whose first statement is a failed `begin` is released with the error (pg-pool then
 *   destroys it). Drizzle releases only after a successful `begin`, so the client is
 *   released exactly once either way.
 * pool.query()'s own checkouts (callback form) release themselves, with the error, and are
 * left alone.
 */
export function guardPool(pool: pg.Pool, options: PoolGuardOptions = {}): void {
  const timeoutMs = options.requestQueryTimeoutMs ?? 0;
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  pool.connect = ((...args: unknown[]) => {
    const [callback] = args;
    if (typeof callback === 'function') {
      return connect((error: unknown, client: unknown, done: unknown) => (callback as (...a: unknown[]) => unknown)(markConnectFailure(error), client, done));
    }
    return (connect() as Promise<pg.PoolClient>).then(guardCheckout, (error: unknown) => {
      throw markConnectFailure(error);
    });
  }) as typeof pool.connect;
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => query(...boundedInRequest(args, timeoutMs))) as typeof pool.query;

  function guardCheckout(client: pg.PoolClient): pg.PoolClient {
    // wrappers left by an earlier checkout (e.g. one the pool released itself) must not stack up
    delete (client as Partial<pg.PoolClient>).query;
    const query = client.query as (...queryArgs: unknown[]) => unknown;
    const release = client.release;
    let first = true;
    let stale = false;
    (client as { query: unknown }).query = (...queryArgs: unknown[]) => {
      const isFirst = first;
      first = false;
      const result = query.apply(client, boundedInRequest(queryArgs, timeoutMs));
      if (!(result instanceof Promise)) return result;
      const failedBegin = isFirst && BEGIN.test(statementText(queryArgs) ?? '');
      return result.catch((error: unknown) => {
        if (isQueryTimeout(error)) destroyConnection(client);
        // a session that found the database read-only (a standby, or read-only by default)
        // stays so: the next checkout opens a new one, which sees the database as it is then
        if ((error as { code?: unknown } | null)?.code === READ_ONLY_SQLSTATE) stale = true;
        if (failedBegin) client.release(error instanceof Error ? error : new Error(String(error)));
        throw error;
      });
    };
    client.release = ((error?: Error | boolean) => {
      delete (client as Partial<pg.PoolClient>).query;
      return release.call(client, error ?? (stale ? new Error('the session was read-only') : undefined));
    }) as typeof client.release;
    return client;
  }
}

/**
 * Runs a transaction once more when it lost a race: a serialization failure (40001) or a
 * deadlock (40P01) rolled the whole of it back, so its callback runs again from the start
 * (its key claim, reads and writes alike: decision 0017's stored answer stays exactly
 * once). A second loss is thrown (the request answers 503). A single statement outside a
 * transaction is its own transaction and is run again the same way. Transactions inside a
 * transaction are savepoints of the outer one and are not retried on their own.
 */
function retryConflictsOnce(db: Database, pool: pg.Pool): void {
  const transaction = db.transaction.bind(db);
  db.transaction = (async (...args: Parameters<Database['transaction']>) => {
    try {
      return await transaction(...args);
    } catch (error) {
      if (!isTransactionConflict(error)) throw error;
      return transaction(...args);
    }
  }) as Database['transaction'];
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => {
    const result = query(...args);
    // the callback form (pool.query's own callers) is left as it is
    if (!(result instanceof Promise)) return result;
    return result.catch((error: unknown) => {
      if (!isTransactionConflict(error)) throw error;
      return query(...args);
    });
  }) as typeof pool.query;
}

/**
 * `select 1` on a connection of its own, so a full or stuck pool cannot delay the answer.
 * The connection is kept between checks (a new PostgreSQL backend per check would make a
 * load balancer's probe cost a process start); one that fails or does not answer within
 * the timeout is dropped, and the next check opens a new one, so an outage, a restart or
 * a refused connection is reported by the very next check.
 */
class PingConnection {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private previous: Promise<unknown> = Promise.resolve();

  constructor(private readonly config: pg.ClientConfig) {}

  async ping(timeoutMs: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    // one query at a time on the connection (node-postgres deprecates queueing on a client):
    // a check that finds another running waits for it, within its own timeout
    const check = this.previous
      .then(() => this.connection(timeoutMs))
      .then((client) => client.query('select 1'))
      .then(
        () => true,
        () => false,
      );
    this.previous = check;
    try {
      const ready = await Promise.race([check, timeout]);
      if (!ready) this.drop();
      return ready;
    } finally {
      clearTimeout(timer);
    }
  }

  close(): void {
    this.drop();
  }

  private connection(timeoutMs: number): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= (async () => {
      const client = new pg.Client({ ...this.config, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs });
      // a connection that dies between checks is dropped; the next check reconnects
      client.on('error', () => {
        if (this.client === client) this.drop();
      });
      client.on('end', () => {
        if (this.client === client) this.client = null;
      });
      try {
        await client.connect();
      } catch (error) {
        client.end().catch(() => undefined);
        throw error;
      }
      this.client = client;
      return client;
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private drop(): void {
    const client = this.client;
    this.client = null;
    client?.end().catch(() => undefined);
  }
}

const INIT_SCRIPT = `require(process.argv[1]).PGlite.create(process.argv[2], { startParams: JSON.parse(process.argv[3]) })
  .then((db) => db.close())
  .catch((error) => { console.error(error); process.exit(1); });`;

/**
 * Creates a new embedded database in `location` in a child process (decision 0028). PGlite
 * makes a new one by running initdb with a second, temporary PostgreSQL and initdb's own
 * WebAssembly module; in this process their memory (about 490 MiB: two WebAssembly heaps,
 * the new directory as a tarball, two more compiled modules) stayed resident until V8 next
 * collected garbage, which an idle server may never do. The child gives it all back when
 * it exits, so a first start holds what a restart holds. Its stderr is the error's message.
 */
function initPgliteInChild(location: string): Promise<void> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', INIT_SCRIPT, entry, location, JSON.stringify(PGLITE_START_PARAMS)], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    // a parent that exits half-way (a second Ctrl+C) must not leave initdb writing on alone
    const stop = () => child.kill('SIGKILL');
    process.once('exit', stop);
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    child.once('error', (error) => {
      process.off('exit', stop);
      reject(error);
    });
    child.once('close', (code, signal) => {
      process.off('exit', stop);
      if (code === 0) resolve();
      else reject(new Error(`creating the embedded database in ${location} failed (${signal ?? `exit ${code}`}): ${stderr.trim()}`));
    });
  });
}

async function openPglite(dataDir: string, waitTimeoutMs: number, loadDataDir?: Blob): Promise<DatabaseHandle> {
  let location = dataDir;
  if (loadDataDir && !dataDir.startsWith('memory://')) throw new Error('loadDataDir is for an in-memory embedded database only');
  if (!dataDir.startsWith('memory://')) {
    location = `${dataDir.replace(/\/+$/, '')}/pgdata`;
    mkdirSync(location, { recursive: true });
    if (!existsSync(path.join(location, 'PG_VERSION'))) await initPgliteInChild(location);
  }
  const client = await PGlite.create(location, { startParams: PGLITE_START_PARAMS, ...(loadDataDir ? { loadDataDir } : {}) });
  const queue = new TurnQueue(waitTimeoutMs);
  // PGlite has one connection and queues every caller without limit; this front door
  // bounds the wait for a turn (503 after waitTimeoutMs, less what the request's earlier
  // waits used). A transaction takes one turn
  // for its whole length, so it is never cut half-way.
  const guarded = new Proxy(client, {
    get(target, property) {
      if (property === 'query' || property === 'exec' || property === 'transaction') {
        const method = Reflect.get(target, property, target) as (...args: unknown[]) => Promise<unknown>;
        return (...args: unknown[]) => queue.run(() => method.apply(target, args), { budget: currentRequestBudget() });
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  const pglite = drizzlePglite({ client: guarded, schema });
  const db = pglite as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(pglite, { migrationsFolder: MIGRATIONS_DIR }),
    async ping(timeoutMs = DEFAULT_PING_TIMEOUT_MS) {
      if (client.closed) return false;
      // busy: answer from whether the queue is moving instead of waiting in it
      if (queue.occupied) return Date.now() - queue.lastProgressAt < EMBEDDED_STALL_MS;
      try {
        await queue.run(() => client.query('select 1'), { maxWaitMs: timeoutMs });
        return true;
      } catch {
        return false;
      }
    },
    async listen(channel, onNotify, onListening) {
      const stop = await client.listen(channel, onNotify);
      onListening?.();
      // a closed database has no listeners left to stop (and would never answer)
      return async () => {
        if (!client.closed) await stop();
      };
    },
    // the embedded database notifies within the process: nothing to lose
    listening: () => null,
    close: () => client.close(),
  };
}

/** db.execute answers {rows} (node-postgres, PGlite) or an array (older drivers); this reads both. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
