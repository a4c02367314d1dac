import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminQuery, withDatabase } from '../test/helpers/pg-admin.js';
import { freePort } from '../test/helpers/free-port.js';

export interface BenchServer {
  baseUrl: string;
  kind: 'pglite' | 'postgres';
  pid: number;
  stop(): Promise<void>;
}

export interface Account {
  name: string;
  email: string;
  password: string;
  role: 'supervisor' | 'manager' | 'admin';
  work?: string;
}

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/**
 * Starts the built server (dist/server/main.js) on 127.0.0.1 with a fresh database:
 * a new database on DATABASE_URL's server when it is set, else embedded PGlite in a temp
 * folder. Accounts are created first with the user:create command.
 */
/** Where the server's data lives, for loading data before it starts. */
export interface BenchTarget {
  databaseUrl: string | undefined;
  dataDir: string;
}

export async function startBenchServer(
  accounts: Account[],
  extraEnv: Record<string, string> = {},
  beforeStart?: (target: BenchTarget) => Promise<void>,
): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dutyroll-bench-'));
  let databaseUrl = '';
  let dropDatabase = async () => {};
  if (process.env.DATABASE_URL) {
    const name = `dutyroll_bench_${Date.now()}`;
    await adminQuery(process.env.DATABASE_URL, `create database "${name}"`);
    databaseUrl = withDatabase(process.env.DATABASE_URL, name);
    dropDatabase = async () => {
      await adminQuery(process.env.DATABASE_URL!, `drop database if exists "${name}" with (force)`);
    };
  }
  const port = await freePort();
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...extraEnv };

  for (const account of accounts) {
    const args = ['--name', account.name, '--email', account.email, '--password', account.password, '--role', account.role];
    if (account.work) args.push('--work', account.work);
    const result = spawnSync(process.execPath, ['dist/server/cli/user-create.js', ...args], { cwd: ROOT, env, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`user:create failed: ${result.stderr}`);
  }

  // the embedded database allows one process at a time: load data before the server opens it
  if (beforeStart) await beforeStart({ databaseUrl: databaseUrl || undefined, dataDir });

  const child: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not become ready in 60 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    kind: databaseUrl ? 'postgres' : 'pglite',
    pid: child.pid!,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
