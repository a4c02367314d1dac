import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
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
import { openDatabase, type DatabaseHandle } from './connect.js';
import { markConnectFailure } from './failures.js';
import { buildUser, loginAs } from '../../../test/helpers/factories.js';
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
        expect(response.json()).toEqual({ msg: MSG.invalidRequest });
      }
      expect(logged.join('')).not.toContain('2026-02-30');
    });

    it('still answers 500 for a real fault', async () => {
      const response = await app.inject({ method: 'POST', url: '/run', payload: { kind: 'missing-table', value: 'x' } });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ msg: MSG.serverError });
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
      expect(response.json()).toEqual({ msg: MSG.serviceUnavailable });
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
    const bounded = await openDatabase(url ? { databaseUrl: url, maxConnections: 1, waitTimeoutMs: 300 } : { dataDir: 'memory://', waitTimeoutMs: 300 });
    if (!url) await bounded.migrate();
    const t = await createTestApp({ database: bounded });
    try {
      const token = await loginAs(t.app, await buildUser(bounded.db, { role: ROLE.manager }));
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
      expect(waiting.json()).toEqual({ msg: MSG.serviceUnavailable });

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
  const database = await openDatabase({ databaseUrl: url, maxConnections: 3, waitTimeoutMs: OUTAGE_WAIT_MS, onConnectionError: () => undefined });
  const t = await createTestApp({ database, logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });
  return {
    t,
    database,
    logs: () => lines.map((line) => JSON.parse(line) as { level: number; msg: string; code?: string; reason?: string }),
    rawLog: () => lines.join(''),
  };
}

/** The wait for a pooled connection in these tests (DB_WAIT_TIMEOUT_SECONDS = 1). */
const OUTAGE_WAIT_MS = 1000;
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
    end: (own: OwnDatabase) => Promise<void>,
    check: (app: OutageApp, token: string, own: OwnDatabase) => Promise<void>,
  ): Promise<void> {
    const own = await createOwnDatabase(adminUrl, inject('templateDatabase')!, label);
    const app = await outageApp(own.url);
    try {
      const token = await loginAs(app.t.app, await buildUser(app.database.db, { role: ROLE.manager }));
      expect((await read(app, token)).statusCode).toBe(200);
      await cause(own);
      await check(app, token, own);
      await end(own);
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
  const expectUnavailable = (response: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) => {
    expect(response.statusCode).toBe(503);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(response.json()).toEqual({ msg: MSG.serviceUnavailable });
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
        for (let i = 0; i < 10; i += 1) expectUnavailable(await read(app, token));
        for (let i = 0; i < 3; i += 1) expectUnavailable(await write(app, token));
        expect(app.logs().some((line) => line.code === '55000' && line.level === 40)).toBe(true);
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
        expectUnavailable(await read(app, token));
        expectUnavailable(await write(app, token));
        expect(app.logs().some((line) => line.code === '28000' && line.level === 50)).toBe(true);
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
        expectUnavailable(await read(app, token));
        expectUnavailable(await write(app, token));
        expect(app.logs().some((line) => line.code === '3D000' && line.level === 50)).toBe(true);
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
      // the sessions opened meanwhile stay read-only: the app must drop them itself
      async (own) => void (await admin.query(`alter database "${own.database}" reset default_transaction_read_only`)),
      async (app, token) => {
        for (let i = 0; i < 3; i += 1) {
          expect((await read(app, token)).statusCode).toBe(200);
          expectUnavailable(await write(app, token));
        }
        expect(app.logs().some((line) => line.code === '25006' && line.level === 40)).toBe(true);
      },
    );
  }, 60_000);
});
