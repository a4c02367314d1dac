import http from 'node:http';
import { send, type Outcome } from './burst.js';
import { completionBody, crewOf, newDutyBody, writeHeaders, type LiveDuty, type Writer } from './writes.js';
import { signInWriters } from './writes.js';
import { login } from './session.js';

/**
 * A working day of many people, each with think time (issue 29): supervisors' phones that add
 * a duty with six workers and mark it completed 5–10 s later, and office users who each read
 * one of the lists every few seconds. Unlike autocannon's back-to-back connections, every
 * person waits between requests as a person does, so the rates are the day's, and the
 * latencies are what each person waits.
 *
 * Plain node:http (as bench/burst.ts): every request started is finished and counted.
 * Requests send `accept-encoding: gzip, deflate, br` as Chromium does, so compressing the
 * answers is part of the measured cost.
 */

/** The six work types; the seed's staff and supervisors are spread over them. */
const DAY_WORK_TYPES = ['mcc', 'acca', 'bio', 'laundry', 'pftr', 'pit & yard'];

const BROWSER_ENCODINGS = 'gzip, deflate, br';

export interface DayOptions {
  baseUrl: string;
  managerToken: string;
  /** the previous full month (YYYY-MM): the month the office reads */
  month: string;
  /** seconds measured, after `warmUpSeconds` not counted */
  seconds: number;
  warmUpSeconds: number;
  /** office users, each signed in on their own session, reading one list every `officeThinkMs` */
  office: number;
  officeThinkMs: [number, number];
  /** the phones (signed-in supervisors with their work types' staff) */
  phones: Writer[];
  /** writes per second of all phones together (an add and its completion are two) */
  writesPerSecond: number;
  /** a phone also reads its own live board and crew list every this often between its writes; none when absent */
  phoneThinkMs?: [number, number];
}

interface Figures {
  requests: number;
  perSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface DayResult {
  seconds: number;
  reads: Figures;
  writes: Figures;
  /** every answer that was not 2xx, by status and path ("503 GET /api/v1/attendance") */
  failures: Map<string, number>;
  /** answers with status 503 */
  unavailable: number;
}

const CLIENT_TIMEOUT_MS = 30_000;

const between = ([min, max]: [number, number]) => min + Math.random() * (max - min);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]! * 10) / 10;
}

function figuresOf(latencies: number[], seconds: number): Figures {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    perSecond: Math.round((sorted.length / seconds) * 10) / 10,
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    p99Ms: percentile(sorted, 99),
    maxMs: Math.round(sorted.at(-1) ?? NaN),
  };
}

function monthBounds(month: string): { from: string; to: string } {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/**
 * What the office reads (issue 29): for one work type and the month, the live board and the
 * completed works' first page (200 a page), the staff list (limit 400), the attendance grid,
 * and the dashboard.
 */
function officeReads(work: string, month: string): string[] {
  const w = encodeURIComponent(work);
  const { from, to } = monthBounds(month);
  return [
    `/api/v1/mcctrain/get-livemcctrain?work=${w}&limit=200`,
    `/api/v1/mcctrain/get-completedmcctrain?work=${w}&from=${from}&to=${to}&limit=200`,
    `/api/v1/worker/get-workers?work=${w}&limit=400`,
    `/api/v1/attendance?work=${w}&month=${month}`,
    '/api/v1/dashboard/summary',
  ];
}

/**
 * Registers `perWork` supervisors of each work type through POST /auth/register (as a
 * manager does) and signs them in, with their work types' staff.
 */
export async function registerPhones(baseUrl: string, managerToken: string, perWork: number, tag: string): Promise<Writer[]> {
  const accounts: { email: string; password: string }[] = [];
  const password = 'Platform-9-pass';
  const jobs = DAY_WORK_TYPES.flatMap((work) => Array.from({ length: perWork }, (_, i) => ({ work, i })));
  let next = 0;
  const one = async () => {
    for (let k = next++; k < jobs.length; k = next++) {
      const { work, i } = jobs[k]!;
      const email = `bench-phone-${tag}-${work.replace(/\W/g, '')}-${i}@example.com`;
      const response = await fetch(`${baseUrl}/api/v1/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: managerToken },
        body: JSON.stringify({ name: `Phone ${work} ${i}`, email, password, confirmPassword: password, role: 0, work }),
      });
      const answer = (await response.json()) as { success?: boolean; msg?: string };
      if (response.status !== 201 || !answer.success) throw new Error(`bench: registering ${email} answered ${response.status} ${answer.msg ?? ''}`);
      accounts[k] = { email, password };
    }
  };
  // argon2 hashes on the server: a few at a time use both cores
  await Promise.all(Array.from({ length: 4 }, one));
  return signInWriters(baseUrl, managerToken, accounts, 4);
}

/** Signs `count` office users in, each on a session of their own (as the bench manager). */
export async function officeSessions(baseUrl: string, account: { email: string; password: string }, count: number): Promise<string[]> {
  const tokens: string[] = [];
  let next = 0;
  const one = async () => {
    for (let k = next++; k < count; k = next++) tokens[k] = await login(baseUrl, account);
  };
  await Promise.all(Array.from({ length: 4 }, one));
  return tokens;
}

/**
 * Runs the day: every person starts at a random moment of their first cycle, so the
 * requests are spread evenly; answers what the people waited after the warm-up.
 */
export async function measureDay(options: DayOptions, officeTokens: string[]): Promise<DayResult> {
  const base = new URL(options.baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const reads: number[] = [];
  const writes: number[] = [];
  const failures = new Map<string, number>();
  let unavailable = 0;
  const startedAt = performance.now();
  const countFrom = startedAt + options.warmUpSeconds * 1000;
  const endAt = countFrom + options.seconds * 1000;
  const record = (into: number[], method: string, path: string, outcome: Outcome, sentAt: number) => {
    if (sentAt < countFrom) return;
    if (typeof outcome.status === 'number' && outcome.status >= 200 && outcome.status < 300) {
      into.push(outcome.ms);
      return;
    }
    if (outcome.status === 503) unavailable += 1;
    const key = `${outcome.status} ${method} ${path.split('?')[0]}${typeof outcome.status === 'number' ? ` ${outcome.body.slice(0, 120)}` : ''}`;
    failures.set(key, (failures.get(key) ?? 0) + 1);
    into.push(outcome.ms);
  };
  const read = async (token: string, path: string, into = reads) => {
    const sentAt = performance.now();
    record(into, 'GET', path, await send(agent, new URL(path, base), 'GET', { authorization: token, 'accept-encoding': BROWSER_ENCODINGS }, undefined, CLIENT_TIMEOUT_MS), sentAt);
  };

  const officeUser = async (token: string) => {
    await sleep(between([0, options.officeThinkMs[1]]));
    while (performance.now() < endAt) {
      const work = DAY_WORK_TYPES[Math.floor(Math.random() * DAY_WORK_TYPES.length)]!;
      const paths = officeReads(work, options.month);
      await read(token, paths[Math.floor(Math.random() * paths.length)]!);
      await sleep(between(options.officeThinkMs));
    }
  };

  // each phone writes twice a cycle (an add, then its completion 5–10 s later)
  const cycleMs = (2 * options.phones.length * 1000) / options.writesPerSecond;
  const phone = async (writer: Writer, index: number) => {
    let n = 0;
    let nextWriteAt = performance.now() + Math.random() * cycleMs;
    let cycleStart = nextWriteAt;
    let live: LiveDuty | undefined;
    const ownReads = [`/api/v1/mcctrain/get-livemcctrain?work=${encodeURIComponent(writer.work)}&limit=200`, `/api/v1/worker/get-workers?work=${encodeURIComponent(writer.work)}`];
    while (performance.now() < endAt) {
      const now = performance.now();
      if (options.phoneThinkMs && now < nextWriteAt) {
        // a look at the board or the crew while the next write is not due
        const wakeAt = now + between(options.phoneThinkMs);
        if (wakeAt < nextWriteAt) {
          await sleep(wakeAt - now);
          if (performance.now() >= endAt) break;
          await read(writer.token, ownReads[Math.floor(Math.random() * ownReads.length)]!);
          continue;
        }
      }
      // a write due after the end is not waited for (the rates are counted over the measured seconds)
      await sleep(Math.min(nextWriteAt, endAt) - performance.now());
      if (performance.now() >= endAt) break;
      const sentAt = performance.now();
      if (!live) {
        const body = JSON.stringify(newDutyBody(writer, crewOf(writer, index * 1000 + n), String(10000 + ((index * 7 + n) % 90000))));
        n += 1;
        const outcome = await send(agent, new URL('/api/v1/mcctrain/create-mcctrain', base), 'POST', { ...writeHeaders(writer.token), 'accept-encoding': BROWSER_ENCODINGS }, body, CLIENT_TIMEOUT_MS);
        record(writes, 'POST', '/api/v1/mcctrain/create-mcctrain', outcome, sentAt);
        if (outcome.status === 201) {
          const { duty } = JSON.parse(outcome.body) as { duty: { _id: string; version: number; work: string } };
          live = { id: duty._id, version: duty.version, work: duty.work, token: writer.token };
        }
        cycleStart = sentAt;
        nextWriteAt = sentAt + between([5000, 10_000]);
      } else {
        const path = `/api/v1/mcctrain/update-mcctrain/${live.id}`;
        const outcome = await send(agent, new URL(path, base), 'PUT', { ...writeHeaders(writer.token), 'accept-encoding': BROWSER_ENCODINGS }, JSON.stringify(completionBody(live)), CLIENT_TIMEOUT_MS);
        record(writes, 'PUT', '/api/v1/mcctrain/update-mcctrain/{id}', outcome, sentAt);
        live = undefined;
        nextWriteAt = cycleStart + cycleMs * (0.9 + Math.random() * 0.2);
      }
    }
  };

  await Promise.all([...officeTokens.map((token) => officeUser(token)), ...options.phones.map((writer, index) => phone(writer, index))]);
  // the requests counted are those sent between countFrom and endAt
  const seconds = (endAt - countFrom) / 1000;
  agent.destroy();
  return { seconds, reads: figuresOf(reads, seconds), writes: figuresOf(writes, seconds), failures, unavailable };
}

/** One line of figures for the report. */
export function describeDay(label: string, result: DayResult): string {
  const part = (name: string, figures: Figures) =>
    `${figures.requests} ${name} (${figures.perSecond}/s), p50 ${figures.p50Ms} ms, p95 ${figures.p95Ms} ms, p99 ${figures.p99Ms} ms, max ${figures.maxMs} ms`;
  const failed = [...result.failures].map(([what, count]) => `${count} × ${what}`).join('; ');
  return `${label}, ${result.seconds.toFixed(0)} s measured: ${part('reads', result.reads)}; ${part('writes', result.writes)}${failed ? `; not 2xx: ${failed}` : '; every answer 2xx'}`;
}
