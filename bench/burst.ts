import http from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { crewOf, newDutyBody, recordCreated, writeHeaders, type DutyPool, type Writer } from './writes.js';

/**
 * A burst: many people sending back to back (issue 24, item 7). Most connections are the
 * office opening its lists (live board, completed month's first page, dashboard, staff list,
 * chat), a few are supervisors' phones adding duties, whose writes empty the kept lists so
 * the boards are computed again. Meanwhile GET /healthz is asked every 100 ms on a
 * connection of its own.
 *
 * Plain node:http rather than autocannon: autocannon drops the requests still in flight
 * when its duration ends, and they are the slowest, the very ones this measures. Here every
 * connection finishes its last request (or gives up after the client timeout), so the
 * slowest answer and the client timeouts are counted.
 */

export interface BurstOptions {
  baseUrl: string;
  managerToken: string;
  busyMonth: string;
  writers: Writer[];
  pool: DutyPool;
  /** connections sending back to back, writers included (default 100) */
  connections?: number;
  /** of them, supervisors adding duties (default 20) */
  writerConnections?: number;
  seconds: number;
  /** the office's requests, in turn (default: the boards, the completed month, the dashboard, the staff list, the chat) */
  reads?: (busyMonth: string) => string[];
  /** a request unanswered after this long is given up, as a browser would (default 30 s) */
  clientTimeoutMs?: number;
}

export interface BurstResult {
  connections: number;
  seconds: number;
  answered: number;
  byStatus: Record<string, number>;
  /** connections reset or refused, and client timeouts */
  resets: number;
  timeouts: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  healthz: { answered: number; failed: number; p99Ms: number; maxMs: number };
}

export interface Outcome {
  status: number | 'reset' | 'timeout';
  ms: number;
  body: string;
}

/**
 * Sends one request on `agent` and waits for the whole answer (or a reset, or the client
 * timeout); the time is taken when the last byte arrived, and a compressed answer is then
 * decompressed as a browser reads it.
 */
export function send(agent: http.Agent, url: URL, method: string, headers: Record<string, string>, body: string | undefined, timeoutMs: number): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.request(url, { agent, method, headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const ms = performance.now() - started;
        const encoding = response.headers['content-encoding'];
        const raw = Buffer.concat(chunks);
        const text = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : encoding === 'deflate' ? inflateSync(raw) : raw;
        resolve({ status: response.statusCode ?? 0, ms, body: text.toString('utf8') });
      });
      response.on('error', () => resolve({ status: 'reset', ms: performance.now() - started, body: '' }));
    });
    request.setTimeout(timeoutMs, () => {
      request.destroy();
      resolve({ status: 'timeout', ms: performance.now() - started, body: '' });
    });
    request.on('error', () => resolve({ status: 'reset', ms: performance.now() - started, body: '' }));
    request.end(body);
  });
}

/** The completed list of a month, first `limit` duties (as the screen pages). */
function completedMonthPath(month: string, limit: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return `/api/v1/mcctrain/get-completedmcctrain?work=mcc&from=${month}-01&to=${month}-${String(last).padStart(2, '0')}&limit=${limit}`;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!);
}

export async function measureBurst(options: BurstOptions): Promise<BurstResult> {
  const connections = options.connections ?? 100;
  const writerConnections = Math.min(options.writerConnections ?? 20, connections);
  const timeoutMs = options.clientTimeoutMs ?? 30_000;
  const base = new URL(options.baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const reads = options.reads?.(options.busyMonth) ?? [
    '/api/v1/mcctrain/get-livemcctrain?work=mcc',
    completedMonthPath(options.busyMonth, 200),
    completedMonthPath(options.busyMonth, 2000),
    `/api/v1/attendance?work=mcc&month=${options.busyMonth}`,
    '/api/v1/dashboard/summary',
    '/api/v1/worker/get-workers?work=mcc',
    '/api/v1/chat/getchats',
  ];
  const latencies: number[] = [];
  const byStatus: Record<string, number> = {};
  let resets = 0;
  let timeouts = 0;
  const record = (outcome: Outcome) => {
    if (outcome.status === 'reset') resets += 1;
    else if (outcome.status === 'timeout') timeouts += 1;
    else {
      byStatus[outcome.status] = (byStatus[outcome.status] ?? 0) + 1;
      latencies.push(outcome.ms);
    }
  };
  const endAt = performance.now() + options.seconds * 1000;
  const office = async (k: number) => {
    for (let i = k; performance.now() < endAt; i += 1) {
      record(await send(agent, new URL(reads[i % reads.length]!, base), 'GET', { authorization: options.managerToken }, undefined, timeoutMs));
    }
  };
  const phone = async () => {
    while (performance.now() < endAt) {
      const n = options.pool.next();
      const writer = options.writers[n % options.writers.length]!;
      const body = JSON.stringify(newDutyBody(writer, crewOf(writer, Math.floor(n / options.writers.length)), String(10000 + (n % 90000))));
      const outcome = await send(agent, new URL('/api/v1/mcctrain/create-mcctrain', base), 'POST', writeHeaders(writer.token), body, timeoutMs);
      record(outcome);
      // a 503 is the promised answer under the burst; other refusals are counted by the pool
      if (typeof outcome.status === 'number' && outcome.status !== 503) recordCreated(options.pool, writer, outcome.status, outcome.body);
    }
  };
  const probes: number[] = [];
  let probeFailures = 0;
  const probe = async () => {
    while (performance.now() < endAt) {
      const started = performance.now();
      const outcome = await send(probeAgent, new URL('/healthz', base), 'GET', {}, undefined, timeoutMs);
      if (outcome.status === 200) probes.push(outcome.ms);
      else probeFailures += 1;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 100 - (performance.now() - started))));
    }
  };
  const started = performance.now();
  await Promise.all([
    ...Array.from({ length: connections - writerConnections }, (_, k) => office(k)),
    ...Array.from({ length: writerConnections }, phone),
    probe(),
  ]);
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  probeAgent.destroy();
  latencies.sort((a, b) => a - b);
  probes.sort((a, b) => a - b);
  return {
    connections,
    seconds,
    answered: latencies.length,
    byStatus,
    resets,
    timeouts,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: Math.round(latencies.at(-1) ?? NaN),
    healthz: { answered: probes.length, failed: probeFailures, p99Ms: percentile(probes, 99), maxMs: Math.round(probes.at(-1) ?? NaN) },
  };
}

/** What issue 24 asks of the burst: one line each, met or missed. */
export function judgeBurst(result: BurstResult, waitTimeoutSeconds: number): { met: boolean; lines: string[] } {
  const boundMs = (waitTimeoutSeconds + 1) * 1000;
  const lines: string[] = [];
  let allMet = true;
  const line = (met: boolean, text: string) => {
    allMet &&= met;
    lines.push(`${(met ? 'met' : 'missed').padEnd(7)}  ${text}`);
  };
  const unanswered = result.resets + result.timeouts;
  line(
    unanswered === 0 && result.maxMs < boundMs,
    `burst of ${result.connections} conns, every request answered within DB_WAIT_TIMEOUT_SECONDS + 1 s: slowest ${result.maxMs} ms (bound ${boundMs} ms)` +
      `${unanswered ? `, ${result.timeouts} client timeouts and ${result.resets} resets` : ''}`,
  );
  line(result.healthz.failed === 0 && result.healthz.p99Ms < 100, `GET /healthz during the burst: p99 ${result.healthz.p99Ms} ms, max ${result.healthz.maxMs} ms (target p99 < 100 ms)${result.healthz.failed ? `, ${result.healthz.failed} failed` : ''}`);
  return { met: allMet, lines };
}

/** One line of figures for the report. */
export function describeBurst(result: BurstResult): string {
  const statuses = Object.entries(result.byStatus)
    .map(([status, count]) => `${count} × ${status}`)
    .join(', ');
  return (
    `burst, ${result.connections} conns for ${result.seconds.toFixed(1)} s (the last requests finished): ${result.answered} answers (${statuses}), ` +
    `p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, max ${result.maxMs} ms, ${result.timeouts} client timeouts, ${result.resets} resets; ` +
    `/healthz ${result.healthz.answered} probes, p99 ${result.healthz.p99Ms} ms, max ${result.healthz.maxMs} ms`
  );
}
