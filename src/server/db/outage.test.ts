import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyRequest } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { MSG } from '../../shared/messages.js';
import { ROLE } from '../../shared/roles.js';
import { classifyDatabaseError, registerErrorHandling } from '../plugins/errors.js';
import { openDatabase, rowsOf, type DatabaseHandle } from './connect.js';
import { markConnectFailure } from './failures.js';
import { runWithRequestBudget } from './request-budget.js';
import { once } from '../request-keys.js';
import { buildUser, sessionToken } from '../../../test/helpers/factories.js';
import { openEmbeddedTestDatabase } from '../../../test/helpers/embedded-template.js';
import { createTestApp, openTestDatabase } from '../../../test/helpers/test-app.js';
import { freePort } from '../../../test/helpers/free-port.js';
import { createOwnDatabase, type OwnDatabase } from '../../../test/helpers/pg-admin.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const onPostgres = Boolean(process.env.DATABASE_URL);

/** Polls `check` until it answers true or `ms` pass; answers whether it did. */
async function eventually(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('database errors', () => {
  it('recognises outages and refused values through the wrappers around the driver’s error', () => {
    const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1\nparams: secret'), { cause });
    expect(classifyDatabaseError(wrapped(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })))?.kind).toBe('unavailable');
    expect(classifyDatabaseError(wrapped(new Error('Connection terminated unexpectedly')))?.kind).toBe('unavailable');
    expect(classifyDatabaseError(wrapped(new Error('timeout exceeded when trying to connect')))?.kind).toBe('unavailable');
    expect(classifyDatabaseError(new AggregateError([Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })]))?.kind).toBe('unavailable');
    expect(classifyDatabaseError(wrapped(Object.assign(new Error('x'), { code: '08006' })))?.kind).toBe('unavailable');
    expect(classifyDatabaseError(wrapped(Object.assign(new Error('x'), { code: '22P05' })))).toEqual({ kind: 'invalid-data', code: '22P05', reason: undefined });
    expect(classifyDatabaseError(wrapped(Object.assign(new Error('x'), { code: '23505' })))).toBeNull();
    expect(classifyDatabaseError(new TypeError('a bug'))).toBeNull();
  });

  it('classifies by where the error came from: anything raised while connecting is an outage, and config faults say so', () => {
    // node-postgres's own error class, as the server's ErrorResponse makes it
    const fromServer = (code: string, message: string, severity = 'ERROR') => Object.assign(new pg.DatabaseError(message, 0, 'error'), { code, severity });
    const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1\nparams: secret'), { cause });
    // raised while the pool opened a connection (the pool marks them)
    const connecting = (code: string, message: string) => markConnectFailure(fromServer(code, message, 'FATAL'));
    expect(classifyDatabaseError(wrapped(connecting('55000', 'database "x" is not currently accepting connections')))).toMatchObject({ kind: 'unavailable', code: '55000' });
    expect(classifyDatabaseError(wrapped(connecting('55000', 'x')))?.misconfigured).toBeFalsy();
    expect(classifyDatabaseError(wrapped(connecting('53100', 'could not write init file')))).toMatchObject({ kind: 'unavailable', code: '53100' });
    for (const code of ['28000', '28P01', '3D000']) {
      expect(classifyDatabaseError(wrapped(connecting(code, 'x')))).toMatchObject({ kind: 'unavailable', code, misconfigured: true });
    }
    // pg-pool's own timeout wraps the socket's error in its cause
    const timedOut = markConnectFailure(new Error('Connection terminated due to connection timeout', { cause: new Error('Connection terminated unexpectedly') }));
    expect(classifyDatabaseError(timedOut)?.kind).toBe('unavailable');
    // raised by a query: the database turned read-only, disk full, a lost race after its retry, no answer in time
    for (const code of ['25006', '53100', '40001', '40P01']) {
      expect(classifyDatabaseError(wrapped(fromServer(code, 'x')))).toMatchObject({ kind: 'unavailable', code });
    }
    expect(classifyDatabaseError(wrapped(new Error('Query read timeout')))?.kind).toBe('unavailable');
    // 55000 raised by a query (currval before nextval) is a bug: 500
    expect(classifyDatabaseError(wrapped(fromServer('55000', 'currval of sequence "s" is not yet defined in this session')))).toBeNull();
  });

  describe('answers from the real driver', () => {
    let database: DatabaseHandle;
    let app: ReturnType<typeof Fastify>;
    const logged: string[] = [];
    beforeAll(async () => {
      database = await openTestDatabase();
      app = Fastify({
        logger: { level: 'info', stream: { write: (line: string) => void logged.push(line) } },
      });
      registerErrorHandling(app);
      app.post('/run', async (request: FastifyRequest) => {
        const { kind, value } = request.body as { kind: string; value: string };
        if (kind === 'text') await database.db.execute(sql`select ${value}::text`);
        if (kind === 'date') await database.db.execute(sql`select ${value}::date`);
        if (kind === 'missing-table') await database.db.execute(sql`select * from no_such_table where name = ${value}`);
        if (kind === 'currval') {
          await database.db.execute(sql`create sequence if not exists outage_probe_seq`);
          await database.db.execute(sql`select currval('outage_probe_seq')`);
        }
        return { ok: true };
      });
      await app.ready();
    });
    afterAll(async () => {
      await app.close();
      await database.close();
    });

    it('answers 400 for a value PostgreSQL refuses as data, and keeps the value out of the log', async () => {
      for (const body of [{ kind: 'text', value: 'a\u0000b' }, { kind: 'date', value: '2026-02-30' }]) {
        const response = await app.inject({ method: 'POST', url: '/run', payload: body });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ msg: MSG.invalidRequest, code: 'invalidRequest' });
      }
      expect(logged.join('')).not.toContain('2026-02-30');
    });

    it('still answers 500 for a real fault', async () => {
      const response = await app.inject({ method: 'POST', url: '/run', payload: { kind: 'missing-table', value: 'x' } });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ msg: MSG.serverError, code: 'serverError' });
    });

    it('answers 500 for 55000 raised by a query (currval before nextval): a bug, not an outage', async () => {
      const response = await app.inject({ method: 'POST', url: '/run', payload: { kind: 'currval', value: 'x' } });
      expect(response.statusCode).toBe(500);
    });
  });

  it('answers 503 with Retry-After and a clear text when PostgreSQL cannot be reached, and /readyz says so', async () => {
    const unreachable = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:9/none', waitTimeoutMs: 1000 });
    const t = await createTestApp({ database: unreachable });
    try {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'a@example.com', password: 'whatever-pass' } });
      expect(response.statusCode).toBe(503);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(response.json()).toEqual({ msg: MSG.serviceUnavailable, code: 'serviceUnavailable' });
      const ready = await t.app.inject('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBeDefined();
      expect((await t.app.inject('/healthz')).statusCode).toBe(200);
    } finally {
      await t.app.close();
      await unreachable.close();
    }
  });
});

describe.skipIf(!onPostgres)('the readiness check’s own connection (PostgreSQL)', () => {
  it('keeps one connection between checks, and after that connection is killed the next checks reconnect', async () => {
    const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, maxConnections: 2 });
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL! });
    await admin.connect();
    const pingBackends = async () =>
      (
        await admin.query<{ pid: number }>(
          "select pid from pg_stat_activity where application_name = 'dutyroll-ping' and datname = current_database()",
        )
      ).rows.map((row) => row.pid);
    try {
      for (let i = 0; i < 5; i += 1) expect(await database.ping(2000)).toBe(true);
      const before = await pingBackends();
      expect(before).toHaveLength(1);
      await admin.query('select pg_terminate_backend($1)', [before[0]]);
      // the check in flight may see the dead connection; the one after it opens a new one
      expect(await eventually(() => database.ping(2000), 5000)).toBe(true);
      const after = await pingBackends();
      expect(after).toHaveLength(1);
      expect(after[0]).not.toBe(before[0]);
    } finally {
      await admin.end();
      await database.close();
    }
  });
});

describe('a bounded wait for the database', () => {
  it('answers 503 with Retry-After instead of queueing long, never cuts a running transaction, and keeps /readyz off the queue', async () => {
    // one connection: a pool of one (PostgreSQL) or the embedded database's own
    const base = onPostgres ? await openTestDatabase() : null;
    const url = base?.url;
    const bounded = url ? await openDatabase({ databaseUrl: url, maxConnections: 1, waitTimeoutMs: 300 }) : await openEmbeddedTestDatabase(inject('embeddedTemplate'), { waitTimeoutMs: 300 });
    const t = await createTestApp({ database: bounded });
    try {
      const token = await sessionToken(t, await buildUser(bounded.db, { role: ROLE.manager }));
      let release = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      let started = () => {};
      const inside = new Promise<void>((resolve) => (started = resolve));
      const transaction = bounded.db.transaction(async (tx) => {
        await tx.execute(sql`insert into rate_limits (key, count, window_start) values ('held-transaction', 1, now())`);
        started();
        await gate;
      });
      await inside;

      const waiting = await t.app.inject({ url: '/api/v1/chat/getchats', headers: { authorization: token } });
      expect(waiting.statusCode).toBe(503);
      expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(0);
      expect(waiting.json()).toEqual({ msg: MSG.serviceUnavailable, code: 'serviceUnavailable' });

      // answered while the transaction still holds the only connection
      const ready = await t.app.inject('/readyz');
      expect(ready.statusCode).toBe(200);

      release();
      await transaction;
      const { rows } = (await bounded.db.execute(sql`select count(*)::int as n from rate_limits where key = 'held-transaction'`)) as unknown as { rows: { n: number }[] };
      expect(rows[0]!.n).toBe(1);
      expect((await t.app.inject({ url: '/api/v1/chat/getchats', headers: { authorization: token } })).statusCode).toBe(200);
    } finally {
      await t.app.close();
      await bounded.close();
      await base?.close();
    }
  }, 60_000);
});

interface RunningServer {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  exit: Promise<number | null>;
}

/** The real server (main.ts) in its own process on the given PostgreSQL database. */
async function startServer(databaseUrl: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dutyroll-outage-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_ROOT: dataDir, LOG_LEVEL: 'warn', IFSC_API_URL: '', SMTP_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += String(chunk)));
  child.stderr!.on('data', (chunk: Buffer) => (output += String(chunk)));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const up = await eventually(async () => child.exitCode === null && (await fetch(`${baseUrl}/healthz`)).ok, 60_000);
  if (!up) throw new Error(`the server did not start:\n${output}`);
  return { child, baseUrl, output: () => output, exit };
}

describe('stopping the server process', () => {
  it('exits 0 on SIGTERM during start-up (opening and migrating the database)', async () => {
    const base = onPostgres ? await openTestDatabase() : null;
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dutyroll-startup-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: base?.url ?? '', PORT: String(await freePort()), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_ROOT: dataDir, LOG_LEVEL: 'info', IFSC_API_URL: '', SMTP_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += String(chunk)));
    child.stderr!.on('data', (chunk: Buffer) => (output += String(chunk)));
    const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      // the first line comes before the database is opened
      await vi.waitFor(() => expect(output).toContain('"msg":"starting"'), { timeout: 30_000, interval: 20 });
      child.kill('SIGTERM');
      expect(await exit).toBe(0);
      expect(output).not.toMatch(/uncaught|unhandled|could not start/i);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await base?.close();
    }
  }, 60_000);
});

describe.skipIf(!onPostgres)('the server process on PostgreSQL', () => {
  let databaseUrl: string;
  let admin: pg.Client;
  let credentials: { email: string; password: string };
  let databaseName: string;

  beforeAll(async () => {
    const database = await openTestDatabase();
    databaseUrl = (database as { url?: string }).url!;
    databaseName = new URL(databaseUrl).pathname.slice(1);
    credentials = await buildUser(database.db, { role: ROLE.manager });
    await database.close();
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    admin.on('error', () => undefined);
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
  });
  /** Forgets every rate-limit counter of the test database. */
  const ratesCleared = async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on('error', () => undefined);
    await client.connect();
    try {
      await client.query('delete from rate_limits');
    } finally {
      await client.end();
    }
  };

  it('survives ten terminations of all its connections under load and serves again at once', async () => {
    const server = await startServer(databaseUrl);
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    let running = true;
    const stream = new AbortController();
    try {
      const login = await fetch(`${server.baseUrl}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(credentials) });
      const { token } = (await login.json()) as { token: string };
      const get = (url: string) => fetch(`${server.baseUrl}${url}`, { headers: { authorization: token } });
      const post = (text: string) =>
        fetch(`${server.baseUrl}/api/v1/chat/createchat`, { method: 'POST', headers: { authorization: token, 'content-type': 'application/json' }, body: JSON.stringify({ text }) });
      // an open chat stream keeps the LISTEN connection in use, so it is terminated too; it
      // is read (and so stays open) until the test aborts it
      const streamResponse = await fetch(`${server.baseUrl}/api/v1/chat/stream`, { headers: { authorization: token }, signal: stream.signal }).catch(() => null);
      expect(streamResponse?.status).toBe(200);
      void streamResponse?.body?.pipeTo(new WritableStream()).catch(() => undefined);
      const worker = async () => {
        for (let i = 0; running && i < 100_000; i += 1) {
          try {
            const response = await get(i % 2 ? '/api/v1/chat/getchats?limit=5' : '/api/v1/chat/today-count');
            await response.arrayBuffer();
            statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          } catch (error) {
            failures.push(String(error));
          }
        }
      };
      // transactions too (a message is one): a connection killed as `begin` is sent must
      // not be lost to the pool
      const writes = new Map<number, number>();
      const writer = async () => {
        while (running) {
          try {
            const response = await post('written during the outage test');
            await response.arrayBuffer();
            writes.set(response.status, (writes.get(response.status) ?? 0) + 1);
          } catch (error) {
            failures.push(String(error));
          }
        }
      };
      const workers = [worker(), worker(), worker(), writer(), writer()];
      const served = () => statuses.get(200) ?? 0;

      let survived = 0;
      for (let round = 0; round < 10; round += 1) {
        // under load: requests are flowing before each termination
        const before = served();
        expect(await eventually(async () => served() >= before + 5, 10_000)).toBe(true);
        // the limit of 30 messages a minute would soon turn the writes into 429s without a transaction
        await ratesCleared();
        const { rows } = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [databaseName]);
        expect(rows.length).toBeGreaterThan(0);
        // the database is reachable again at once: a DB-backed request must succeed well within the deadline
        const back = await eventually(async () => (await get('/api/v1/chat/getchats?limit=1')).status === 200, 5000);
        expect(server.child.exitCode).toBeNull();
        expect(back).toBe(true);
        survived += 1;
      }
      expect(survived).toBe(10);
      running = false;
      await Promise.all(workers);
      expect(failures).toEqual([]);
      // outages answer 503 with Retry-After, never 500
      expect([...statuses.keys()].filter((status) => status !== 200 && status !== 503)).toEqual([]);
      expect([...writes.keys()].filter((status) => status !== 201 && status !== 429 && status !== 503)).toEqual([]);
      expect(writes.get(201)).toBeGreaterThan(0);
      // no connection was lost for good: as many transactions at once as the pool holds (10) all succeed
      await ratesCleared();
      const together = await Promise.all(Array.from({ length: 10 }, (_, i) => post(`together ${i}`).then((response) => response.status)));
      expect(together).toEqual(Array.from({ length: 10 }, () => 201));
      expect(server.output()).not.toMatch(/uncaught|unhandled/i);
      console.info(`outage test: ${survived}/10 terminations survived; answers ${JSON.stringify(Object.fromEntries(statuses))}`);
    } finally {
      running = false;
      stream.abort();
      server.child.kill('SIGKILL');
      await server.exit;
    }
  }, 180_000);

  it('exits 0 on SIGTERM after the configured grace, even with a request still running', async () => {
    const server = await startServer(databaseUrl, { SHUTDOWN_GRACE_SECONDS: '1' });
    const blocker = new pg.Client({ connectionString: databaseUrl });
    blocker.on('error', () => undefined);
    await blocker.connect();
    try {
      const login = await fetch(`${server.baseUrl}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(credentials) });
      const { token } = (await login.json()) as { token: string };
      await blocker.query('begin');
      await blocker.query('lock table chat_messages in access exclusive mode');
      const slow = fetch(`${server.baseUrl}/api/v1/chat/getchats`, { headers: { authorization: token } }).catch(() => null);
      // the request is waiting for the table
      expect(
        await eventually(async () => {
          const { rows } = await admin.query("select 1 from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'", [databaseName]);
          return rows.length > 0;
        }, 10_000),
      ).toBe(true);
      server.child.kill('SIGTERM');
      expect(await server.exit).toBe(0);
      await slow;
    } finally {
      await blocker.query('rollback').catch(() => undefined);
      await blocker.end();
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  }, 120_000);
});

interface OutageApp {
  t: Awaited<ReturnType<typeof createTestApp>>;
  database: DatabaseHandle;
  /** Every log line the app wrote, parsed. */
  logs: () => { level: number; msg: string; code?: string; reason?: string }[];
  /** The raw log, to check nothing secret is in it. */
  rawLog: () => string;
}

/** The whole app on PostgreSQL at `url`, with a short wait for a connection (1 s) and its log kept. */
async function outageApp(url: string): Promise<OutageApp> {
  const lines: string[] = [];
  const database = await openDatabase({
    databaseUrl: url,
    maxConnections: 3,
    waitTimeoutMs: OUTAGE_WAIT_MS,
    // a wide margin below ANSWER_BOUND_MS on a busy machine (production: REQUEST_QUERY_TIMEOUT_MS, 5 s)
    requestQueryTimeoutMs: OUTAGE_QUERY_TIMEOUT_MS,
    onConnectionError: () => undefined,
  });
  const t = await createTestApp({ database, logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });
  return {
    t,
    database,
    logs: () => lines.map((line) => JSON.parse(line) as { level: number; msg: string; code?: string; reason?: string }),
    rawLog: () => lines.join(''),
  };
}

/** pino's levels: a configuration fault is logged as an error, an outage as a warning. */
const LOG_WARN = 40;
const LOG_ERROR = 50;
/** The wait for a pooled connection in these tests (DB_WAIT_TIMEOUT_SECONDS = 1). */
const OUTAGE_WAIT_MS = 1000;
/** The client-side bound on a request's statement in these tests (production: 5 s). */
const OUTAGE_QUERY_TIMEOUT_MS = 2500;
/** What every request must answer within, whatever the database or the network does. */
const ANSWER_BOUND_MS = OUTAGE_WAIT_MS + 5000;

describe.skipIf(!onPostgres)('every outage answers 503 with Retry-After, and 2xx again once it ends (PostgreSQL)', () => {
  const adminUrl = process.env.DATABASE_URL!;
  let admin: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: adminUrl });
    admin.on('error', () => undefined);
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
  });

  /** Ends every session on the database, and waits until they are gone (so the app has been told). */
  const terminate = async (name: string) => {
    const sessions = 'from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()';
    await admin.query(`select pg_terminate_backend(pid) ${sessions}`, [name]);
    expect(await eventually(async () => (await admin.query(`select 1 ${sessions}`, [name])).rows.length === 0, 10_000)).toBe(true);
  };

  /**
   * The app on a database and login role of its own, signed in as a manager; `cause` makes
   * the outage (on that role or database only), `end` ends it.
   */
  async function duringOutage(
    label: string,
    cause: (own: OwnDatabase) => Promise<void>,
    end: (own: OwnDatabase, app: OutageApp) => Promise<void>,
    check: (app: OutageApp, token: string, own: OwnDatabase) => Promise<void>,
  ): Promise<void> {
    const own = await createOwnDatabase(adminUrl, inject('templateDatabase')!, label);
    const app = await outageApp(own.url);
    try {
      const token = await sessionToken(app.t, await buildUser(app.database.db, { role: ROLE.manager }));
      expect((await read(app, token)).statusCode).toBe(200);
      await cause(own);
      await check(app, token, own);
      await end(own, app);
      // answers are 2xx again without a restart
      expect(await eventually(async () => (await read(app, token)).statusCode === 200, 20_000)).toBe(true);
      expect(await eventually(async () => (await write(app, token)).statusCode === 201, 20_000)).toBe(true);
      expect(app.rawLog()).not.toContain(own.password);
    } finally {
      await app.t.app.close();
      await app.database.close();
      await own.drop();
    }
  }
  const read = (app: OutageApp, token: string) => app.t.app.inject({ url: '/api/v1/chat/getchats?limit=5', headers: { authorization: token } });
  const write = (app: OutageApp, token: string) =>
    app.t.app.inject({ method: 'POST', url: '/api/v1/chat/createchat', headers: { authorization: token }, payload: { text: 'written during an outage test' } });
  /** `reads` reads and `writes` writes each answer 503, and the cause is logged with its code at `level`. */
  const expectRefused = async (app: OutageApp, token: string, { reads, writes, code, level }: { reads: number; writes: number; code: string; level: number }) => {
    for (let i = 0; i < reads; i += 1) expectUnavailable(await read(app, token));
    for (let i = 0; i < writes; i += 1) expectUnavailable(await write(app, token));
    expect(app.logs().some((line) => line.code === code && line.level === level)).toBe(true);
  };
  const expectUnavailable = (response: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) => {
    expect(response.statusCode).toBe(503);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(response.json()).toEqual({ msg: MSG.serviceUnavailable, code: 'serviceUnavailable' });
  };

  it('a database that accepts no connections (ALLOW_CONNECTIONS false, its sessions ended): reads and writes 503', async () => {
    await duringOutage(
      'noconn',
      async (own) => {
        await admin.query(`alter database "${own.database}" allow_connections false`);
        await terminate(own.database);
      },
      async (own) => void (await admin.query(`alter database "${own.database}" allow_connections true`)),
      async (app, token) => {
        await expectRefused(app, token, { reads: 10, writes: 3, code: '55000', level: LOG_WARN });
      },
    );
  }, 60_000);

  it('a login role set to NOLOGIN: 503, logged as an error (a configuration fault), without the password', async () => {
    await duringOutage(
      'nologin',
      async (own) => {
        await admin.query(`alter role "${own.role}" nologin`);
        await terminate(own.database);
      },
      async (own) => void (await admin.query(`alter role "${own.role}" login`)),
      async (app, token) => {
        await expectRefused(app, token, { reads: 1, writes: 1, code: '28000', level: LOG_ERROR });
      },
    );
  }, 60_000);

  it('a database renamed away: 503, logged as an error', async () => {
    await duringOutage(
      'renamed',
      async (own) => {
        // no session may be open on a database while it is renamed
        await admin.query(`alter database "${own.database}" allow_connections false`);
        await terminate(own.database);
        await admin.query(`alter database "${own.database}" rename to "${own.database}_away"`);
        await admin.query(`alter database "${own.database}_away" allow_connections true`);
      },
      async (own) => {
        await admin.query(`alter database "${own.database}_away" allow_connections false`);
        await terminate(`${own.database}_away`);
        await admin.query(`alter database "${own.database}_away" rename to "${own.database}"`);
        await admin.query(`alter database "${own.database}" allow_connections true`);
      },
      async (app, token) => {
        await expectRefused(app, token, { reads: 1, writes: 1, code: '3D000', level: LOG_ERROR });
      },
    );
  }, 60_000);

  it('a database turned read-only, as after a fail-over to a standby: writes 503, reads keep answering 200', async () => {
    await duringOutage(
      'readonly',
      async (own) => {
        await admin.query(`alter database "${own.database}" set default_transaction_read_only = on`);
        await terminate(own.database);
      },
      async (own, app) => {
        await admin.query(`alter database "${own.database}" reset default_transaction_read_only`);
        // the sessions the reads opened meanwhile stay read-only: a transaction that finds
        // one read-only drops it, so the next gets a session that sees the database as it is
        const written = () => app.database.db.transaction(async (tx) => tx.execute(sql`insert into rate_limits (key, count, window_start) values (${`read-only-${Math.random()}`}, 1, now())`));
        expect(await eventually(async () => Boolean(await written()), 20_000)).toBe(true);
      },
      async (app, token) => {
        // a read may still meet a session the termination ended (503) until the pool has
        // been told; once it has, reads answer 200 and keep doing so while writes are refused
        expect(await eventually(async () => (await read(app, token)).statusCode === 200, 10_000)).toBe(true);
        for (let i = 0; i < 3; i += 1) {
          expect((await read(app, token)).statusCode).toBe(200);
          expectUnavailable(await write(app, token));
        }
        // leaves a read-only session idle in the pool
        expect((await read(app, token)).statusCode).toBe(200);
        expect(app.logs().some((line) => line.code === '25006' && line.level === 40)).toBe(true);
      },
    );
  }, 60_000);
});

/**
 * Just enough of PostgreSQL's protocol to refuse a password (28P01), as a server with
 * password authentication does: asks for the password in clear, then answers FATAL 28P01.
 * (This machine's PostgreSQL trusts 127.0.0.1, so it cannot refuse one itself.)
 */
async function passwordRefusingServer(): Promise<{ port: number; passwordsSent: string[]; close(): Promise<void> }> {
  const passwordsSent: string[] = [];
  const server = createServer((socket) => {
    socket.on('error', () => undefined);
    let buffer = Buffer.alloc(0);
    let started = false;
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (!started) {
        // the startup message: length, protocol version, parameters
        if (buffer.length < 4 || buffer.length < buffer.readInt32BE(0)) return;
        buffer = buffer.subarray(buffer.readInt32BE(0));
        started = true;
        // AuthenticationCleartextPassword
        socket.write(Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 3]));
      }
      // the password message: 'p', length, the password and a zero byte
      if (buffer.length < 5 || buffer.length < 1 + buffer.readInt32BE(1)) return;
      passwordsSent.push(buffer.subarray(5, buffer.readInt32BE(1)).toString());
      const fields = [['S', 'FATAL'], ['V', 'FATAL'], ['C', '28P01'], ['M', 'password authentication failed for user "dutyroll"']];
      const body = Buffer.concat([...fields.map(([key, value]) => Buffer.from(`${key}${value}\0`)), Buffer.from([0])]);
      const header = Buffer.alloc(5);
      header.write('E', 0);
      header.writeInt32BE(body.length + 4, 1);
      socket.end(Buffer.concat([header, body]));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    passwordsSent,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(!onPostgres)('a password the database refuses (28P01)', () => {
  it('answers 503 with Retry-After, logs a configuration fault at error level, and never the password', async () => {
    const server = await passwordRefusingServer();
    const password = 'rotated-away-Secret-7731';
    const app = await outageApp(`postgres://dutyroll:${password}@127.0.0.1:${server.port}/dutyroll`);
    try {
      const login = await app.t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'a@example.com', password: 'whatever-pass' } });
      expect(login.statusCode).toBe(503);
      expect(Number(login.headers['retry-after'])).toBeGreaterThan(0);
      const read = await app.t.app.inject({ url: '/api/v1/chat/getchats?limit=5', headers: { authorization: 'a'.repeat(43) } });
      expect(read.statusCode).toBe(503);
      // the driver really sent it, and was refused
      expect(server.passwordsSent).toContain(password);
      expect(app.logs().some((line) => line.code === '28P01' && line.level === 50)).toBe(true);
      expect(app.rawLog()).not.toContain(password);
    } finally {
      await app.t.app.close();
      await app.database.close();
      await server.close();
    }
  }, 30_000);
});

/**
 * A TCP proxy in front of PostgreSQL that can stop forwarding, as a network partition
 * does: connections stay open and new ones are accepted, but nothing gets through either
 * way (a closed connection included) until it forwards again, when what was held goes on
 * in order, as TCP's retransmissions would deliver it.
 */
async function partitionProxy(target: URL): Promise<{ port: number; stop(): void; resume(): void; close(): Promise<void> }> {
  let forwarding = true;
  const held: (() => void)[] = [];
  const sockets = new Set<Socket>();
  const deliver = (action: () => void) => (forwarding ? action() : held.push(action));
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(from);
      from.on('error', () => undefined);
      from.on('data', (chunk: Buffer) => deliver(() => void (to.destroyed || to.write(chunk))));
      from.on('close', () => {
        sockets.delete(from);
        deliver(() => to.destroy());
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    stop: () => {
      forwarding = false;
    },
    resume: () => {
      forwarding = true;
      for (const action of held.splice(0)) action();
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.skipIf(!onPostgres)('a network partition between the app and PostgreSQL', () => {
  let own: OwnDatabase;
  let proxy: Awaited<ReturnType<typeof partitionProxy>>;
  let app: OutageApp;
  let token: string;
  const read = () => app.t.app.inject({ url: '/api/v1/chat/getchats?limit=5', headers: { authorization: token } });
  const write = () => app.t.app.inject({ method: 'POST', url: '/api/v1/chat/createchat', headers: { authorization: token }, payload: { text: 'sent across a partition' } });

  beforeAll(async () => {
    own = await createOwnDatabase(process.env.DATABASE_URL!, inject('templateDatabase')!, 'partition');
    const target = new URL(own.url);
    proxy = await partitionProxy(target);
    const through = new URL(own.url);
    through.port = String(proxy.port);
    app = await outageApp(through.toString());
    token = await sessionToken(app.t, await buildUser(app.database.db, { role: ROLE.manager }));
    // the pool now holds open connections: the next request takes one and sends at once
    expect((await read()).statusCode).toBe(200);
  }, 30_000);
  afterAll(async () => {
    proxy?.resume();
    await app?.t.app.close();
    await app?.database.close();
    await proxy?.close();
    await own?.drop();
  });

  it(`answers 503 with Retry-After while nothing gets through, within DB_WAIT_TIMEOUT_SECONDS + 5 s (the test's timeout)`, async () => {
    proxy.stop();
    const [reading, writing] = await Promise.all([read(), write()]);
    for (const response of [reading, writing]) {
      expect(response.statusCode).toBe(503);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
  }, ANSWER_BOUND_MS);

  it('answers 2xx again once the network forwards again, without a restart', async () => {
    proxy.resume();
    expect(await eventually(async () => (await read()).statusCode === 200, 20_000)).toBe(true);
    expect(await eventually(async () => (await write()).statusCode === 201, 20_000)).toBe(true);
  }, 30_000);

  it('ends a transaction the partition cut half-way within the same bound (its rollback does not wait behind the lost statement)', async () => {
    // as a request does: inside a request's context
    const outcome = await new Promise<unknown>((resolve) =>
      runWithRequestBudget(() => {
        app.database.db
          .transaction(async (tx) => {
            await tx.execute(sql`insert into rate_limits (key, count, window_start) values ('cut-by-partition', 1, now())`);
            proxy.stop();
            await tx.execute(sql`select 1`);
          })
          .then(() => 'committed', (error: unknown) => error)
          .then(resolve);
      }),
    );
    expect(classifyDatabaseError(outcome)?.kind).toBe('unavailable');
  }, ANSWER_BOUND_MS);

  it('after that partition, every connection of the pool serves again (none was given back with a lost statement on it)', async () => {
    proxy.resume();
    expect(await eventually(async () => (await read()).statusCode === 200, 20_000)).toBe(true);
    // as many transactions at once as the pool holds (3)
    const together = await Promise.all([1, 2, 3].map((n) => app.database.db.transaction(async (tx) => rowsOf<{ n: number }>(await tx.execute(sql`select ${n}::int as n`))[0]!.n)));
    expect(together).toEqual([1, 2, 3]);
    // and the transaction cut half-way left nothing behind
    const cut = await app.database.db.execute(sql`select count(*)::int as n from rate_limits where key = 'cut-by-partition'`);
    expect(rowsOf<{ n: number }>(cut)[0]!.n).toBe(0);
  }, 30_000);
});

describe.skipIf(!onPostgres)('a transaction that lost a race (40001, 40P01) runs once more, then answers 503', () => {
  let database: DatabaseHandle & { url?: string };
  let other: pg.Client;
  let app: ReturnType<typeof Fastify>;
  let attempts = 0;

  /** The backend of the app's pool that waits for a lock, once there is one. */
  const appWaitsForLock = () =>
    eventually(async () => {
      const { rows } = await other.query("select 1 from pg_stat_activity where datname = current_database() and application_name = 'dutyroll' and wait_event_type = 'Lock'");
      return rows.length > 0;
    }, 10_000);

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.execute(sql`create table race_rows (id int primary key, n int not null default 0)`);
    await database.db.execute(sql`create table race_log (attempt int not null)`);
    other = new pg.Client({ connectionString: database.url });
    other.on('error', () => undefined);
    await other.connect();
    // the other session never finds the deadlock itself: the app's transaction is the one aborted
    await other.query("set deadlock_timeout = '30s'");
    app = Fastify();
    registerErrorHandling(app);
    // a repeatable-read transaction that reads a row which another session then changes:
    // its update fails with 40001 (could not serialize access due to concurrent update)
    app.post('/serialized', async (request: FastifyRequest) => {
      const { conflicts } = request.body as { conflicts: number };
      return database.db.transaction(async (tx) => {
        attempts += 1;
        await tx.execute(sql`set transaction isolation level repeatable read`);
        await tx.execute(sql`insert into race_log (attempt) values (${attempts})`);
        await tx.execute(sql`select n from race_rows where id = 1`);
        if (attempts <= conflicts) await other.query('update race_rows set n = n + 100 where id = 1');
        await tx.execute(sql`update race_rows set n = n + 1 where id = 1`);
        return { attempts };
      });
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await other?.end();
    await database?.close();
  });
  const reset = async () => {
    attempts = 0;
    await database.db.execute(sql`delete from race_log`);
    await database.db.execute(sql`delete from race_rows`);
    await database.db.execute(sql`insert into race_rows (id) values (1), (2)`);
  };
  const loggedAttempts = async () => rowsOf<{ attempt: number }>(await database.db.execute(sql`select attempt from race_log order by attempt`)).map((row) => row.attempt);
  const counts = async () => rowsOf<{ n: number }>(await database.db.execute(sql`select n from race_rows order by id`)).map((row) => row.n);

  it('re-runs the whole transaction after a serialization failure: the first attempt leaves nothing behind', async () => {
    await reset();
    const response = await app.inject({ method: 'POST', url: '/serialized', payload: { conflicts: 1 } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ attempts: 2 });
    expect(await loggedAttempts()).toEqual([2]);
    expect(await counts()).toEqual([101, 0]);
  });

  it('answers 503 with Retry-After when the second attempt loses too (and tries no third time)', async () => {
    await reset();
    const response = await app.inject({ method: 'POST', url: '/serialized', payload: { conflicts: 2 } });
    expect(response.statusCode).toBe(503);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(response.json()).toEqual({ msg: MSG.serviceUnavailable, code: 'serviceUnavailable' });
    expect(attempts).toBe(2);
    expect(await loggedAttempts()).toEqual([]);
  });

  it('re-runs the whole transaction after a deadlock', async () => {
    await reset();
    await other.query('begin');
    await other.query('update race_rows set n = n + 100 where id = 1');
    let tries = 0;
    const transaction = database.db
      .transaction(async (tx) => {
        tries += 1;
        await tx.execute(sql`insert into race_log (attempt) values (${tries})`);
        // only the first attempt takes row 2 first (a second one that raced the other session
        // for it could deadlock again)
        if (tries === 1) await tx.execute(sql`update race_rows set n = n + 1 where id = 2`);
        // waits for row 1, which the other session holds; that one then waits for row 2
        await tx.execute(sql`update race_rows set n = n + 1 where id = 1`);
      })
      .then(() => 'committed', (error: unknown) => error);
    expect(await appWaitsForLock()).toBe(true);
    // returns once the app's first attempt was aborted (40P01) and row 2 was free
    await other.query('update race_rows set n = n + 100 where id = 2');
    await other.query('commit');
    expect(await transaction).toBe('committed');
    expect(tries).toBe(2);
    expect(await loggedAttempts()).toEqual([2]);
    expect(await counts()).toEqual([101, 100]);
  }, 30_000);

  it('runs a single statement (its own transaction) that lost a race once more', async () => {
    // a function that PostgreSQL aborts with deadlock_detected on its first call only
    await database.db.execute(sql.raw(`
      create sequence race_calls;
      create function loses_first_race() returns bigint language plpgsql as $$
      declare call bigint := nextval('race_calls');
      begin
        if call = 1 then raise exception 'deadlock detected' using errcode = '40P01'; end if;
        return call;
      end $$`));
    const result = await database.db.execute(sql`select loses_first_race() as call`);
    expect(rowsOf<{ call: string }>(result)[0]!.call).toBe('2');
  });

  it('keeps a retried write with an Idempotency-Key exactly once: its key, write and stored answer are re-run together', async () => {
    await reset();
    await database.db.execute(sql.raw(`
      create sequence write_calls;
      create function write_loses_first_race() returns bigint language plpgsql as $$
      declare call bigint := nextval('write_calls');
      begin
        if call = 1 then raise exception 'could not serialize access' using errcode = '40001'; end if;
        return call;
      end $$`));
    const user = await buildUser(database.db, { role: ROLE.manager });
    const [account] = rowsOf<{ id: string }>(await database.db.execute(sql`select id from users where email = ${user.email}`));
    const fingerprint = { method: 'POST', route: '/race', bodyHash: 'a'.repeat(64) };
    let writes = 0;
    // as serve() runs a write: the key, the write and its stored answer on one transaction
    const request = () =>
      database.db.transaction((tx) =>
        once(tx, new Date(), account!.id, 'race-key', fingerprint, async () => {
          writes += 1;
          await tx.execute(sql`insert into race_log (attempt) values (${writes})`);
          await tx.execute(sql`select write_loses_first_race()`);
          return { status: 201, body: { written: writes } };
        }),
      );
    const first = await request();
    expect(first).toEqual({ status: 201, body: { written: 2 }, replayed: false });
    const again = await request();
    expect(again).toEqual({ status: 201, body: { written: 2 }, replayed: true });
    expect(writes).toBe(2);
    expect(await loggedAttempts()).toEqual([2]);
  });
});

describe.skipIf(!onPostgres)('a statement given up on the client side', () => {
  it('is cancelled by PostgreSQL too, so it holds no lock or connection slot until statement_timeout', async () => {
    const base = await openTestDatabase();
    await base.db.execute(sql`create table held_rows (id int primary key)`);
    await base.db.execute(sql`insert into held_rows values (1)`);
    const holder = new pg.Client({ connectionString: base.url });
    holder.on('error', () => undefined);
    await holder.connect();
    const database = await openDatabase({ databaseUrl: base.url, maxConnections: 2, waitTimeoutMs: 1000, requestQueryTimeoutMs: 1000, onConnectionError: () => undefined });
    try {
      // another session holds the row for the whole test
      await holder.query('begin');
      await holder.query('select * from held_rows where id = 1 for update');
      // a request's statement waits for it, and is given up after the client-side bound
      const outcome = await new Promise<unknown>((resolve) =>
        runWithRequestBudget(() => {
          database.db.execute(sql`update held_rows set id = 1 where id = 1`).then(() => 'updated', (error: unknown) => error).then(resolve);
        }),
      );
      expect(classifyDatabaseError(outcome)?.kind).toBe('unavailable');
      // the server drops the abandoned backend (it would wait on the lock while the row is held)
      const waiting = async () => {
        const { rows } = await holder.query("select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = 'dutyroll' and wait_event_type = 'Lock'");
        return (rows[0] as { n: number }).n;
      };
      expect(await eventually(async () => (await waiting()) === 0, 15_000)).toBe(true);
    } finally {
      await holder.query('rollback').catch(() => undefined);
      await holder.end();
      await database.close();
      await base.close();
    }
  }, 30_000);
});
