import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { MSG } from '../../shared/messages.js';
import { ROLE } from '../../shared/roles.js';
import { buildUser, sessionToken } from '../../../test/helpers/factories.js';
import { freePort } from '../../../test/helpers/free-port.js';
import { openEmbeddedTestDatabase } from '../../../test/helpers/embedded-template.js';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import type { DatabaseHandle } from './connect.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const onPostgres = Boolean(process.env.DATABASE_URL);

interface Answer {
  status: number | string;
  retryAfter?: string;
  body: string;
}

/** One request on a connection of its own; answers its status, or the socket error's code (a reset). */
function request(url: string, headers: Record<string, string> = {}, onWritten?: () => void): Promise<Answer> {
  return new Promise((resolve) => {
    const outgoing = http.request(url, { agent: false, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, retryAfter: response.headers['retry-after'], body }));
      response.on('error', (error: NodeJS.ErrnoException) => resolve({ status: error.code ?? error.message, body }));
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) => resolve({ status: error.code ?? error.message, body: '' }));
    // written out: the request's bytes went to a connected socket (a connecting one queues them)
    let finished = false;
    let connected = false;
    const written = () => finished && connected && onWritten?.();
    outgoing.on('socket', (socket) => {
      if (!socket.connecting) connected = true;
      else socket.once('connect', () => setImmediate(() => ((connected = true), written())));
    });
    outgoing.on('finish', () => ((finished = true), written()));
    outgoing.end();
  });
}

// The queue of turns is the embedded database's; PostgreSQL has a pool (decision 0011)
describe.skipIf(onPostgres)('the embedded database under a burst', () => {
  let database: DatabaseHandle;
  let target: TestApp;
  let baseUrl: string;
  let token: string;

  beforeAll(async () => {
    // a bound of one second for every wait for a turn
    database = await openEmbeddedTestDatabase(inject('embeddedTemplate'), { waitTimeoutMs: 1000 });
    target = await createTestApp({ database, config: { dbWaitTimeoutSeconds: 1 } });
    token = await sessionToken(target, await buildUser(database.db, { role: ROLE.manager }));
    await target.app.listen({ port: 0, host: '127.0.0.1' });
    const address = target.app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await target?.close();
    await database?.close();
  });

  it('reads requests between turns: during a jam /healthz answers, and database requests answer (503 once their wait passes the bound) before it ends', async () => {
    // the jam: 50 callers taking turns back to back, each turn a query that keeps this
    // thread busy for a while (PGlite runs on it); it goes on until the requests below are
    // answered, or for a minute at most (a bound, never reached when the server reads between turns)
    const heavy = sql`select count(*) from generate_series(1, 1000000)`;
    let answered = false;
    let jamOver = false;
    const stopAt = Date.now() + 60_000;
    const jammer = async () => {
      while (!answered && Date.now() < stopAt) {
        try {
          await database.db.execute(heavy);
        } catch {
          // refused (503): queue again
        }
      }
    };
    const jam = Promise.all(Array.from({ length: 50 }, jammer)).then(() => {
      jamOver = true;
    });
    // requests sent while it runs; each notes whether the jam was still on when it was answered
    const during = (url: string, headers: Record<string, string> = {}) =>
      request(`${baseUrl}${url}`, headers).then((answer) => ({ ...answer, jamOver }));
    const health = during('/healthz');
    const checks = Array.from({ length: 20 }, () => during('/api/v1/auth/managerauth', { authorization: token }));
    const answers = await Promise.all(checks);
    const healthAnswer = await health;
    answered = true;
    await jam;
    // answered while the jam went on, not after it: the server read them between turns
    expect(healthAnswer).toMatchObject({ status: 200, jamOver: false });
    for (const answer of answers) {
      expect(answer.jamOver).toBe(false);
      expect([200, 503]).toContain(answer.status);
      if (answer.status === 503) expect(answer).toMatchObject({ retryAfter: '1', body: JSON.stringify({ msg: MSG.serviceUnavailable, code: 'serviceUnavailable' }) });
    }
    // a request behind seconds of turns is refused once it has waited its bound
    expect(answers.filter((answer) => answer.status === 503).length).toBeGreaterThan(0);
  }, 120_000);
});

/** The real server (main.ts) on the embedded database in a new folder, logging at info. */
async function startServer(env: Record<string, string> = {}): Promise<{ port: number; child: ReturnType<typeof spawn>; output: () => string; exit: Promise<number | null> }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dutyroll-stop-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_ROOT: dataDir, LOG_LEVEL: 'info', IFSC_API_URL: '', SMTP_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += String(chunk)));
  child.stderr!.on('data', (chunk: Buffer) => (output += String(chunk)));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await vi.waitFor(() => expect(output).toContain('Dutyroll ready'), { timeout: 90_000, interval: 50 });
  return { port, child, output: () => output, exit };
}

describe.skipIf(onPostgres)('stopping the embedded server', () => {
  it('on SIGTERM answers every request it has taken, answers newcomers 503 instead of resetting them, and logs how many it cut (0)', async () => {
    const { port, child, output: log, exit } = await startServer();
    const taken = () => (log().match(/"msg":"incoming request"/g) ?? []).length;
    try {
      // 24 sign-ins whose bodies are still arriving: the server has taken them (their hooks
      // ran) and cannot answer before the last byte comes, so they are in flight at the signal
      const count = 24;
      const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' });
      const finishers: (() => void)[] = [];
      const answers = Array.from(
        { length: count },
        () =>
          new Promise<number | string>((resolve) => {
            const outgoing = http.request(`http://127.0.0.1:${port}/api/v1/auth/login`, {
              method: 'POST',
              agent: false,
              headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
            });
            outgoing.on('response', (response) => {
              response.resume();
              response.on('end', () => resolve(response.statusCode ?? 0));
            });
            outgoing.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
            outgoing.write(body.slice(0, -1));
            finishers.push(() => outgoing.end(body.slice(-1)));
          }),
      );
      await vi.waitFor(() => expect(taken()).toBe(count), { timeout: 30_000, interval: 20 });
      child.kill('SIGTERM');
      await vi.waitFor(() => expect(log()).toContain(`"msg":"shutting down; answering the ${count} requests in flight first"`), { timeout: 30_000, interval: 20 });
      // a request that comes now is answered 503 with Retry-After (the port stays open until the others are answered)
      const late = await request(`http://127.0.0.1:${port}/healthz`);
      expect(late).toMatchObject({ status: 503, retryAfter: '5', body: JSON.stringify({ msg: MSG.serviceUnavailable, code: 'serviceUnavailable' }) });
      for (const finish of finishers) finish();
      // each sign-in answered (401 unknown account, or 429 once the attempts from one address add up); none reset
      const statuses = await Promise.all(answers);
      expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
      expect(await exit).toBe(0);
      expect(log()).toContain('"cut":0');
      expect(log()).toContain('every request in flight was answered');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 150_000);

  it('on SIGTERM right after 96 requests reached its port, answers every one (none reset)', async () => {
    const { port, child, output: log, exit } = await startServer();
    try {
      // 96 session checks, each on its own connection, every one written out before the signal
      const count = 96;
      let written = 0;
      let allWritten = () => {};
      const sent = new Promise<void>((resolve) => (allWritten = resolve));
      const answers = Array.from({ length: count }, (_, i) =>
        request(`http://127.0.0.1:${port}/api/v1/auth/managerauth`, { authorization: `not-a-session-${i}` }, () => {
          written += 1;
          if (written === count) allWritten();
        }),
      );
      await sent;
      child.kill('SIGTERM');
      const statuses = (await Promise.all(answers)).map((answer) => answer.status);
      // 401 (no such session), or 503 for one the server had not read when the stop began; no reset
      expect(statuses.filter((status) => status !== 401 && status !== 503)).toEqual([]);
      expect(await exit).toBe(0);
      expect(log()).toContain('"cut":0');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 150_000);

  it('on SIGTERM with a chat stream open, stops as soon as the other requests are answered (a stream is not waited on until the grace ends)', async () => {
    const { port, child, output: log, exit } = await startServer({ SHUTDOWN_GRACE_SECONDS: '120' });
    try {
      const api = `http://127.0.0.1:${port}/api/v1`;
      const json = { 'content-type': 'application/json' };
      const account = { name: 'First Manager', email: 'first@example.com', password: 'first-password', confirmPassword: 'first-password' };
      expect((await fetch(`${api}/auth/register`, { method: 'POST', headers: json, body: JSON.stringify(account) })).status).toBe(201);
      const login = await fetch(`${api}/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email: account.email, password: account.password }) });
      const { token } = (await login.json()) as { token: string };
      const stream = await fetch(`${api}/chat/stream`, { headers: { authorization: token } });
      expect(stream.status).toBe(200);
      child.kill('SIGTERM');
      expect(await exit).toBe(0);
      expect(log()).toContain('every request in flight was answered');
      expect(log()).not.toContain('still busy after the grace period');
      await stream.body?.cancel().catch(() => undefined);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 150_000);
});
