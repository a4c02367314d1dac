import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { adminQuery, withDatabase } from '../test/helpers/pg-admin.js';
import { freePort } from '../test/helpers/free-port.js';

export interface BenchServer<T = void> {
  baseUrl: string;
  kind: 'pglite' | 'postgres';
  /** on PostgreSQL, the run's own database (a copy when the data are kept), for setup steps beside the server; undefined on PGlite, which one process holds */
  databaseUrl: string | undefined;
  pid: number;
  /** what beforeStart answered (or, with a kept database, what it answered when it was seeded) */
  prepared: T | undefined;
  /** with a kept database: when it was seeded, if this run reused it */
  reusedFrom?: Date;
  /** the server's environment, to start a second instance on the same data (startInstance) */
  env: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

export interface Account {
  name: string;
  email: string;
  password: string;
  role: 'supervisor' | 'manager' | 'admin';
  work?: string;
}

/** Where the server's data lives, for loading data before it starts. */
export interface BenchTarget {
  databaseUrl: string | undefined;
  dataDir: string;
}

export interface BenchServerOptions {
  /** extra arguments for the server's node, e.g. ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] */
  nodeArgs?: string[];
  /**
   * On PostgreSQL only: keep the accounts and loaded data in a database of this name and
   * copy it for each run (CREATE DATABASE … TEMPLATE), instead of loading them every time.
   * `key` names what was loaded: a kept database with another key is loaded afresh.
   */
  keep?: { name: string; key: string };
}

/**
 * Starts one app process (dist/server/main.js) with `env` on `port` and waits until /readyz
 * answers; throws if it exits or is not ready within 60 s.
 */
async function startInstance(env: NodeJS.ProcessEnv, nodeArgs: string[] = [], port: number): Promise<{ child: ChildProcess; exited: Promise<unknown> }> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...nodeArgs, 'dist/server/main.js'], { cwd: ROOT, env: { ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('server did not become ready in 60 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, exited };
}

/**
 * A second app process on a running bench server's database (PostgreSQL only: the embedded
 * database allows one process), with `extraEnv` over the server's environment, e.g.
 * RESPONSE_CACHE_MB=0. stop() sends SIGTERM and waits for it to exit.
 */
export async function startSecondInstance(
  server: Pick<BenchServer<unknown>, 'env' | 'kind'>,
  extraEnv: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<{ baseUrl: string; pid: number; stop(): Promise<void> }> {
  if (server.kind !== 'postgres') throw new Error('bench: a second instance needs PostgreSQL');
  const port = await freePort();
  const { child, exited } = await startInstance({ ...server.env, ...extraEnv }, nodeArgs, port);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
/** The comment that marks a database as the bench's own kept data (and says what it holds). */
const KEPT_MARK = 'dutyroll bench data ';

interface KeptData<T> {
  key: string;
  seededAt: string;
  prepared: T;
}

async function withClient<R>(url: string, use: (client: pg.Client) => Promise<R>): Promise<R> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** The kept database's comment: undefined when there is no such database, null when it is not the bench's. */
async function keptData<T>(url: string, name: string): Promise<KeptData<T> | null | undefined> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ comment: string | null }>(`select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`, [name]);
    if (rows.length === 0) return undefined;
    const comment = rows[0]!.comment;
    if (!comment?.startsWith(KEPT_MARK)) return null;
    try {
      return JSON.parse(comment.slice(KEPT_MARK.length)) as KeptData<T>;
    } catch {
      return { key: '', seededAt: '', prepared: undefined as T };
    }
  });
}

async function markKept(url: string, name: string, data: KeptData<unknown>): Promise<void> {
  await adminQuery(url, `comment on database "${name}" is '${(KEPT_MARK + JSON.stringify(data)).replaceAll("'", "''")}'`);
}

function createAccounts(accounts: Account[], env: NodeJS.ProcessEnv): void {
  for (const [index, account] of accounts.entries()) {
    const args = ['--name', account.name, '--email', account.email, '--password', account.password, '--role', account.role];
    // a supervisor or manager is put on the staff register with the account (issue 28): its Aadhaar
    // from a range the loaded staff do not use
    if (account.role !== 'admin') args.push('--work', account.work ?? 'mcc', '--phone', '9000000000', '--aadhar', `999900${String(index).padStart(6, '0')}`);
    else if (account.work) args.push('--work', account.work);
    const result = spawnSync(process.execPath, ['dist/server/cli/user-create.js', ...args], { cwd: ROOT, env, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`user:create failed: ${result.stderr}`);
  }
}

/**
 * Starts the built server (dist/server/main.js) on 127.0.0.1 with a fresh database:
 * a new database on DATABASE_URL's server when it is set, else embedded PGlite in a temp
 * folder. Accounts are created first with the user:create command, then beforeStart loads
 * data. With `keep` (PostgreSQL), both happen once in the kept database, and each run
 * starts on a copy of it, so every run sees the same data and the kept one is never written.
 * stop() sends SIGTERM and waits for the server to exit (a --cpu-prof profile is written then).
 */
export async function startBenchServer<T = void>(
  accounts: Account[],
  extraEnv: Record<string, string> = {},
  beforeStart?: (target: BenchTarget) => Promise<T>,
  options: BenchServerOptions = {},
): Promise<BenchServer<T>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dutyroll-bench-'));
  const baseEnv = { ...process.env, DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...extraEnv };
  let databaseUrl = '';
  let dropDatabase = async () => {};
  let prepared: T | undefined;
  let reusedFrom: Date | undefined;
  let loaded = false;
  let child: ChildProcess | undefined;
  let env: NodeJS.ProcessEnv = {};
  let exited: Promise<unknown> = Promise.resolve();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const cleanUp = async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const adminUrl = process.env.DATABASE_URL;
    if (adminUrl) {
      const name = `dutyroll_bench_${Date.now()}`;
      if (options.keep) {
        const kept = options.keep.name;
        if (!/^[a-z_][a-z0-9_]{0,62}$/.test(kept)) throw new Error(`BENCH_KEEP_DB: ${kept} is not a plain database name (a-z, 0-9, _)`);
        const found = await keptData<T>(adminUrl, kept);
        if (found === null) throw new Error(`BENCH_KEEP_DB: the database ${kept} exists and is not the bench's kept data; choose another name`);
        if (found && found.key === options.keep.key) {
          prepared = found.prepared;
          reusedFrom = new Date(found.seededAt);
        } else {
          // absent, or loaded by another version of the seed or the migrations: load it afresh
          await adminQuery(adminUrl, `drop database if exists "${kept}" with (force)`);
          await adminQuery(adminUrl, `create database "${kept}"`);
          await markKept(adminUrl, kept, { key: 'loading', seededAt: '', prepared: undefined });
          const keptUrl = withDatabase(adminUrl, kept);
          createAccounts(accounts, { ...baseEnv, DATABASE_URL: keptUrl });
          if (beforeStart) prepared = await beforeStart({ databaseUrl: keptUrl, dataDir });
          // the key is written last: an interrupted load is loaded again next time
          await markKept(adminUrl, kept, { key: options.keep.key, seededAt: new Date().toISOString(), prepared });
        }
        // a file copy: seconds, where loading takes minutes
        await adminQuery(adminUrl, `create database "${name}" template "${kept}" strategy file_copy`);
        loaded = true;
      } else {
        await adminQuery(adminUrl, `create database "${name}"`);
      }
      databaseUrl = withDatabase(adminUrl, name);
      dropDatabase = async () => {
        await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
      };
    }
    env = { ...baseEnv, DATABASE_URL: databaseUrl, PORT: String(port) };

    if (!loaded) {
      createAccounts(accounts, env);
      // the embedded database allows one process at a time: load data before the server opens it
      if (beforeStart) prepared = await beforeStart({ databaseUrl: databaseUrl || undefined, dataDir });
    }

    const instance = await startInstance(env, options.nodeArgs, port);
    child = instance.child;
    exited = instance.exited;
  } catch (error) {
    // a failed start leaves no database, folder or process behind
    await cleanUp().catch(() => undefined);
    throw error;
  }
  return {
    baseUrl,
    kind: databaseUrl ? 'postgres' : 'pglite',
    databaseUrl: databaseUrl || undefined,
    pid: child.pid!,
    env,
    prepared,
    reusedFrom,
    stop: cleanUp,
  };
}
