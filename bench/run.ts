/**
 * npm run bench — loads years of data, starts the built app (on DATABASE_URL's server, or
 * embedded PGlite), drives it with autocannon from this separate process over 127.0.0.1,
 * and prints requests per second and latency percentiles per scenario, then one-off
 * timings (data load, a 5,000-row Excel import, chat delivery to 500 open streams) and the
 * server's memory.
 *
 * BENCH_DURATION   seconds per scenario (default 10)
 * BENCH_CONNECTIONS connections per scenario unless it sets its own (default 20)
 * BENCH_DUTIES     duties to load (default 200,000 on PostgreSQL, 20,000 on PGlite)
 * BENCH_STREAMS    open chat streams (default 500)
 */
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { measureChatStreams } from './chat-streams.js';
import { seedLargeData, type SeedResult } from './seed.js';
import { login, scenarios } from './scenarios.js';
import { startBenchServer, type Account } from './server.js';
import { staffWorkbook, uploadStaff } from './staff.js';

const duration = Number(process.env.BENCH_DURATION || 10);
const connections = Number(process.env.BENCH_CONNECTIONS || 20);
const onPostgres = Boolean(process.env.DATABASE_URL);
const dutyCount = Number(process.env.BENCH_DUTIES || (onPostgres ? 200_000 : 20_000));
const streamCount = Number(process.env.BENCH_STREAMS || 500);

const manager: Account = { name: 'Bench Manager', email: 'bench-manager@example.com', password: 'bench-password-1', role: 'manager' };

interface Row {
  scenario: string;
  conns: number;
  'req/s': number;
  'p50 ms': number;
  'p95 ms': number;
  'p99 ms': number;
  requests: number;
  'non-2xx': number;
  errors: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, index)]! * 10) / 10;
}

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

let seed: SeedResult | undefined;
const server = await startBenchServer([manager], {}, async (target) => {
  seed = await seedLargeData({ ...target, staff: 2000, duties: dutyCount, workersPerDuty: 6, days: 730, now: new Date() });
});
const seeded = seed!;
const rows: Row[] = [];
const notes: string[] = [
  `data: ${seeded.staff} staff, ${seeded.duties} duties, ${seeded.assignments} assignments over two years, loaded in ${seeded.seconds.toFixed(1)} s`,
];
try {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const idleRss = rssOf(server.pid);
  const managerToken = await login(server.baseUrl, manager);

  // sixty people to post chat messages (each stays under the per-person limit)
  const chatTokens: string[] = [];
  for (let i = 0; i < 60; i += 1) {
    const email = `bench-chat-${i}@example.com`;
    await fetch(`${server.baseUrl}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: managerToken },
      body: JSON.stringify({ name: `Chat ${i}`, email, password: 'bench-chat-pass', confirmPassword: 'bench-chat-pass', role: 0, work: 'mcc' }),
    });
    chatTokens.push(await login(server.baseUrl, { email, password: 'bench-chat-pass' }));
  }
  const context = { baseUrl: server.baseUrl, manager, managerToken, busyMonth: seeded.busyMonth, chatTokens };

  for (const scenario of scenarios) {
    const options = await scenario.options(context);
    const latencies: number[] = [];
    const conns = scenario.connections ?? connections;
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        { url: server.baseUrl, duration, connections: conns, ...(scenario.rate ? { overallRate: scenario.rate } : {}), ...options },
        (error, finished) => (error ? reject(error) : resolve(finished)),
      );
      instance.on('response', (_client, _status, _bytes, responseTime) => {
        latencies.push(responseTime);
      });
    });
    latencies.sort((a, b) => a - b);
    rows.push({
      scenario: scenario.name,
      conns,
      'req/s': Math.round(result.requests.average),
      'p50 ms': percentile(latencies, 50),
      'p95 ms': percentile(latencies, 95),
      'p99 ms': percentile(latencies, 99),
      requests: result.requests.total,
      'non-2xx': result.non2xx,
      errors: result.errors,
    });
  }

  // one 5,000-row upload, timed from this process (wall time of the request)
  const imported = await uploadStaff(server.baseUrl, managerToken, staffWorkbook(5000, 200_000_000_000));
  notes.push(`5,000-row Excel import: ${(imported.ms / 1000).toFixed(2)} s (${imported.msg})`);

  let streamRss = 0;
  const streams = await measureChatStreams(server.baseUrl, chatTokens[0]!, managerToken, streamCount, 20, () => {
    streamRss = rssOf(server.pid);
  });
  notes.push(
    `chat delivery to ${streams.streams} open streams: ${streams.deliveries} deliveries of ${streams.messages} messages, p50 ${streams.p50} ms, p99 ${streams.p99} ms, max ${streams.max} ms; server RSS with the streams open ${streamRss.toFixed(0)} MiB`,
  );
  notes.push(`server memory (RSS): idle ${idleRss.toFixed(0)} MiB, at the end ${rssOf(server.pid).toFixed(0)} MiB`);

  console.log(`\nDutyroll bench on ${onPostgres ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite'}, ${duration} s per scenario, node ${process.version}`);
  console.table(rows);
  for (const note of notes) console.log(note);
} finally {
  await server.stop();
}
if (rows.some((row) => row.errors > 0 || row['non-2xx'] > 0)) {
  console.error('Some requests failed: the figures above are not valid.');
  process.exitCode = 1;
}
