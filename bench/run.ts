/**
 * npm run bench — loads years of data, starts the built app (on DATABASE_URL's server, or
 * embedded PGlite), drives it with autocannon from this separate process over 127.0.0.1,
 * and prints one table row per scenario: requests per second, that as a percentage of
 * GET /readyz's (SELECT 1) in the same run ("% readyz", so figures compare across
 * machines), latency percentiles and failures. GET /healthz (no database) is measured too:
 * /readyz runs its SELECT 1 on a connection of its own (decision 0027), and the report warns
 * when it runs far below /healthz on PostgreSQL, as then it is no SELECT 1 reference (a
 * connection opened per check would make every ratio look good). Then one line per target of issue 16
 * (met / missed, the measured value against the target; the targets are the `target`
 * fields in bench/scenarios.ts, and issue 28's lists' search and sort their `listTarget`) and of issue 24 (the server's RSS growth over 20,000 distinct
 * staff searches by a supervisor, with the response cache's size before and after, read
 * from the admins' GET /admin/response-cache), and notes: data load, server memory (RSS idle, and the
 * most sampled during the 20-connection scenarios), the writes' refusals, and one-off
 * timings (a 5,000-row Excel import, chat delivery to 500 open streams), and the targets of
 * issue 26 (bench/payroll.ts): the wage slips PDF of mcc's 400 workers for the busy month with
 * GET /healthz's p50/p99 before and during the render (target p99 < 100 ms), then the payroll
 * of 2,000 workers for a month (median of 5 sequential drafts < 2 s, for the busy month and for
 * the last month of the ESI contribution period before it, whose draft reads six months' grids),
 * and of issue 27 (bench/bill-draft.ts): the draft of the busy month's bill of mcc, about 1,700
 * duties (median of 5 sequential drafts < 300 ms on PostgreSQL), and of issue 29: the writes at
 * 20 connections (≥ 400/s, p95 < 100 ms, the `scaleTarget` fields), each list computed on every
 * request against the same list kept (`without the cache`: a second instance with
 * RESPONSE_CACHE_MB=0 on the same database, bench/uncached.ts, PostgreSQL only), and a day of
 * people with think time (bench/day.ts): on PostgreSQL `ten times the day` (600 phones, 200 office
 * users), on the embedded database `embedded database, 500 people` (120 phones, 380 office users).
 * The seed spreads its 2,000 staff over the work types, so the payroll timing first gathers
 * them all into mcc with SQL on the run's copy (PostgreSQL only; after every scenario that
 * reads mcc, and the copy is dropped at the end).
 *
 * The writes are a supervisor's phone's: add a duty with six workers, and mark a live duty
 * completed (each request another duty the bench added beforehand), each under a fresh
 * Idempotency-Key. Any non-2xx answer or error makes the figures invalid (exit code 1).
 *
 * BENCH_DURATION    seconds per scenario (default 10; 3 is enough while developing)
 * BENCH_CONNECTIONS connections per scenario unless it sets its own (default 20)
 * BENCH_DUTIES      duties to load (default 200,000 on PostgreSQL, 20,000 on PGlite)
 * BENCH_STREAMS     open chat streams (default 500)
 * BENCH_BURST_SECONDS how long the burst of 100 connections sends (default 15); it is
 *                   judged against DB_WAIT_TIMEOUT_SECONDS (the server's, default 5) + 1 s
 * BENCH_ONLY        comma-separated substrings (any case) of the scenarios to run, e.g.
 *                   `BENCH_ONLY=managerauth,completed`; GET /readyz (the ratios need it)
 *                   and GET /healthz always run. The one-off timings run only when named:
 *                   `excel import`, `chat streams`, `wage slips`, `payroll`, `bill draft`, `completed export`
 *                   (e.g. `BENCH_ONLY=import,streams`, `BENCH_ONLY=payroll,slips`, `BENCH_ONLY=bill` or
 *                   `BENCH_ONLY=completed export`).
 * BENCH_DAY_SECONDS seconds of the day measured, after 10 s not counted (default 60)
 * BENCH_NODE_ARGS   extra arguments for the server's node, e.g.
 *                   `--cpu-prof --cpu-prof-dir=/tmp/prof` (the server exits on SIGTERM at
 *                   the end of the run, and the profile is written then)
 * BENCH_KEEP_DB     PostgreSQL only: a database name (a-z, 0-9, _) where the accounts and
 *                   data are loaded once and kept; each run starts on a copy of it (CREATE
 *                   DATABASE … TEMPLATE, seconds instead of minutes) and drops the copy.
 *                   It is loaded again when the seed, the migrations or BENCH_DUTIES change.
 *                   The kept data are dated from when they were loaded. A database of that
 *                   name that the bench did not make is refused, never dropped.
 */
import autocannon from 'autocannon';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { CHAT_STREAMS_PER_SESSION } from '../src/server/modules/chat/routes.js';
import { describeBurst, judgeBurst, measureBurst } from './burst.js';
import { measureChatStreams } from './chat-streams.js';
import { seedLargeData, type SeedResult } from './seed.js';
import { describeBillDraft, setBenchTerms, timeBillDraft } from './bill-draft.js';
import { burstScenario, login, scenarios, type ScenarioContext } from './scenarios.js';
import { startBenchServer, startSecondInstance, type Account } from './server.js';
import { describeDay, measureDay, officeSessions, registerPhones } from './day.js';
import { compareLists, judgeComparison, uncachedLists } from './uncached.js';
import { staffWorkbook, uploadStaff } from './staff.js';
import { describeCompletedExport, timeCompletedExport } from './duty-lists.js';
import { BILL_DRAFT_TARGET, chosenBy, COMPLETED_EXPORT_TARGET, formatPercent, judgeTarget, judgeTime, PAYROLL_TARGET, PAYROLL_WORKERS, percentOf, SLIP_WORKERS, SLIPS_TARGET } from './targets.js';
import { DutyPool, signInWriters, type Writer } from './writes.js';
import { describePayroll, describeSlips, gatherCrew, gridsOf, medianOf, periodEndUpTo, timePayroll, timeSlips } from './payroll.js';

const duration = Number(process.env.BENCH_DURATION || 10);
const connections = Number(process.env.BENCH_CONNECTIONS || 20);
const onPostgres = Boolean(process.env.DATABASE_URL);
const dutyCount = Number(process.env.BENCH_DUTIES || (onPostgres ? 200_000 : 20_000));
const streamCount = Number(process.env.BENCH_STREAMS || 500);
const chosen = chosenBy(process.env.BENCH_ONLY);
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter((arg) => arg !== '');
const keepDb = onPostgres ? process.env.BENCH_KEEP_DB?.trim() || undefined : undefined;
/** The connection count at and above which the server's RSS is sampled (the load of issue 16). */
const LOAD_CONNECTIONS = 20;

const manager: Account = { name: 'Bench Manager', email: 'bench-manager@example.com', password: 'bench-password-1', role: 'manager' };
/** reads what only admins may (the response cache's size) */
const admin: Account = { name: 'Bench Admin', email: 'bench-admin@example.com', password: 'bench-password-2', role: 'admin' };

interface Row {
  scenario: string;
  conns: number;
  'req/s': number;
  /** req/s as a percentage of GET /readyz's in this run */
  '% readyz': number;
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
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** What the kept database holds: the seed, the migrations and the amount of data. */
function keptDataKey(): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(new URL('./seed.ts', import.meta.url)));
  for (const file of readdirSync(new URL('../drizzle/', import.meta.url)).sort()) hash.update(file);
  hash.update(JSON.stringify({ dutyCount, manager, admin }));
  return hash.digest('hex');
}

const seedStarted = performance.now();
const server = await startBenchServer<SeedResult>(
  [manager, admin],
  {},
  (target) => seedLargeData({ ...target, staff: 2000, duties: dutyCount, workersPerDuty: 6, days: 730, now: new Date() }),
  // the memory scenario asks the server for a full collection before reading its RSS (SIGUSR2)
  { nodeArgs: ['--expose-gc', '--import', new URL('./collect-on-signal.js', import.meta.url).pathname, ...nodeArgs], keep: keepDb ? { name: keepDb, key: keptDataKey() } : undefined },
);
const preparedSeconds = (performance.now() - seedStarted) / 1000;
const seeded = server.prepared!;
const rows: Row[] = [];
const measured = new Map<string, { row: Row; failed: number }>();
const notes: string[] = [
  server.reusedFrom
    ? `data: ${seeded.staff} staff, ${seeded.duties} duties, ${seeded.assignments} assignments over two years, kept in ${keepDb} (loaded ${server.reusedFrom.toISOString()}, loading took ${seeded.seconds.toFixed(1)} s); copied and started in ${preparedSeconds.toFixed(1)} s`
    : `data: ${seeded.staff} staff, ${seeded.duties} duties, ${seeded.assignments} assignments over two years, loaded in ${seeded.seconds.toFixed(1)} s`,
];
const loadAtStart = os.loadavg();
const once = <T>(make: () => Promise<T>): (() => Promise<T>) => {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
};

try {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const idleRss = rssOf(server.pid);
  const managerToken = await login(server.baseUrl, manager);
  const adminToken = await login(server.baseUrl, admin);

  // sixty people to post chat messages (each stays under the per-person limit)
  const chatTokens = once(async () => {
    const tokens: string[] = [];
    for (let i = 0; i < 60; i += 1) {
      const email = `bench-chat-${i}@example.com`;
      await fetch(`${server.baseUrl}/api/v1/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: managerToken },
        body: JSON.stringify({ name: `Chat ${i}`, email, password: 'bench-chat-pass', confirmPassword: 'bench-chat-pass', role: 0, work: 'mcc' }),
      });
      tokens.push(await login(server.baseUrl, { email, password: 'bench-chat-pass' }));
    }
    return tokens;
  });
  const writers = once((): Promise<Writer[]> => signInWriters(server.baseUrl, managerToken, seeded.supervisors));
  const pool = new DutyPool();
  const context: ScenarioContext = { baseUrl: server.baseUrl, manager, managerToken, adminToken, serverRss: () => rssOf(server.pid), collectGarbage: () => process.kill(server.pid, 'SIGUSR2'), busyMonth: seeded.busyMonth, duration, chatTokens, writers, pool };

  let loadRss = { mib: 0, scenario: '' };
  const aroundTargets: string[] = [];
  const ranShort: string[] = [];
  // a scenario that measures the server's memory (`around`) runs first, on the quiet server:
  // the 20-connection runs grow the heap, and V8 gives it back only with later collections
  const ordered = [...scenarios.filter((candidate) => candidate.around), ...scenarios.filter((candidate) => !candidate.around)];
  for (const scenario of ordered.filter((candidate) => candidate.always || chosen(candidate.name))) {
    const options = await scenario.options(context);
    const latencies: number[] = [];
    const conns = scenario.connections ?? connections;
    const sampler =
      conns >= LOAD_CONNECTIONS
        ? setInterval(() => {
            const mib = rssOf(server.pid);
            if (mib > loadRss.mib) loadRss = { mib, scenario: `${scenario.name}, ${conns} conns` };
          }, 250)
        : undefined;
    const alongside = scenario.alongside && (await scenario.alongside.options(context));
    const finishAround = scenario.around && (await scenario.around(context));
    const started = performance.now();
    const beside =
      scenario.alongside &&
      new Promise<autocannon.Result>((resolve, reject) => {
        autocannon(
          { url: server.baseUrl, duration, connections: scenario.alongside!.connections, overallRate: scenario.alongside!.rate, ...alongside },
          (error, finished) => (error ? reject(error) : resolve(finished)),
        );
      });
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        { url: server.baseUrl, duration, connections: conns, ...(scenario.rate ? { overallRate: scenario.rate } : {}), ...options },
        (error, finished) => (error ? reject(error) : resolve(finished)),
      );
      instance.on('response', (_client, _status, _bytes, responseTime) => {
        latencies.push(responseTime);
      });
    }).finally(() => clearInterval(sampler));
    const besideResult = await beside;
    if (besideResult && besideResult.non2xx + besideResult.errors > 0) {
      notes.push(`${scenario.name}: ${besideResult.non2xx + besideResult.errors} of the ${besideResult.requests.total} requests sent alongside failed`);
    }
    if (finishAround) {
      const found = await finishAround(result.non2xx + result.errors);
      aroundTargets.push(...found.targets);
      notes.push(...found.notes);
    }
    const seconds = (performance.now() - started) / 1000;
    // a scenario of a fixed number of requests (`amount`) may end before the duration
    if (seconds < duration - 1 && !(options as { amount?: number }).amount) ranShort.push(`${scenario.name}, ${conns} conns: ${seconds.toFixed(1)} s of ${duration} (the duties prepared for it ran out)`);
    latencies.sort((a, b) => a - b);
    const row: Row = {
      scenario: scenario.name,
      conns,
      'req/s': Math.round(result.requests.average),
      '% readyz': NaN,
      'p50 ms': percentile(latencies, 50),
      'p95 ms': percentile(latencies, 95),
      'p99 ms': percentile(latencies, 99),
      requests: result.requests.total,
      'non-2xx': result.non2xx,
      errors: result.errors,
    };
    rows.push(row);
    measured.set(`${scenario.name}|${conns}`, { row, failed: result.non2xx + result.errors });
  }
  const baseline = rows.find((row) => scenarios.some((scenario) => scenario.baseline && scenario.name === row.scenario));
  const baselineReqPerSec = baseline?.['req/s'] ?? NaN;
  const healthz = rows.find((row) => row.scenario.startsWith('GET /healthz'));
  for (const row of rows) row['% readyz'] = Math.round(percentOf(row['req/s'], baselineReqPerSec) * 10) / 10;

  const targetLines = scenarios
    .flatMap((scenario) => [scenario.target, scenario.listTarget, scenario.scaleTarget].filter((target) => target !== undefined).map((target) => ({ scenario, target })))
    .map(({ scenario, target }) => {
      const conns = scenario.connections ?? connections;
      const found = measured.get(`${scenario.name}|${conns}`);
      return judgeTarget(target, conns, found && { reqPerSec: found.row['req/s'], p95Ms: found.row['p95 ms'], failed: found.failed }, baselineReqPerSec);
    });

  const writeRows = rows.filter((row) => /^(POST|PUT) \/mcctrain/.test(row.scenario));
  for (const name of new Set(writeRows.map((row) => row.scenario))) {
    const one = writeRows.find((row) => row.scenario === name && row.conns === 1);
    const many = writeRows.find((row) => row.scenario === name && row.conns === LOAD_CONNECTIONS);
    if (one && many && one['req/s'] > 0) {
      notes.push(`${name}: ${LOAD_CONNECTIONS} conns give ${(many['req/s'] / one['req/s']).toFixed(1)}× the req/s of 1 conn (≈1× would mean the writes wait on each other)`);
    }
  }
  for (const [refusal, count] of pool.refusals) notes.push(`refused write (${count}×): ${refusal}`);
  notes.push(...ranShort);

  // issue 29, item 2: each list computed on every request (a second instance with
  // RESPONSE_CACHE_MB=0) against the same list kept (this server), in alternating windows
  const scaleLines: string[] = [];
  if (chosen('without the cache')) {
    if (server.kind !== 'postgres') {
      scaleLines.push('not run  without the cache: the lists (a second instance needs PostgreSQL)');
    } else {
      const second = await startSecondInstance(server, { RESPONSE_CACHE_MB: '0' }, nodeArgs);
      try {
        const loadBefore = os.loadavg()[0]!.toFixed(2);
        const compared = await compareLists(server.baseUrl, second.baseUrl, managerToken, uncachedLists(seeded.busyMonth), Math.max(2, duration / 2));
        scaleLines.push(...compared.map(judgeComparison));
        notes.push(`without the cache: ${compared.length} lists, two rounds of ${Math.max(2, duration / 2)} s windows each side (load average ${loadBefore} before, ${os.loadavg()[0]!.toFixed(2)} after)`);
      } finally {
        await second.stop();
      }
    }
  }

  // issue 29, items 1 and 4: a day of many people with think time; on PostgreSQL ten times
  // the contractor's day, on the embedded database 500 people
  const dayName = onPostgres ? 'ten times the day' : 'embedded database, 500 people';
  if (chosen(dayName)) {
    const day = onPostgres
      ? { phones: 100, office: 200, officeThinkMs: [1000, 2000] as [number, number], writesPerSecond: 50, phoneThinkMs: undefined, maxReadP95: 100, maxWriteP95: 200 }
      : { phones: 20, office: 380, officeThinkMs: [2000, 5000] as [number, number], writesPerSecond: 10, phoneThinkMs: [2000, 5000] as [number, number], maxReadP95: 250, maxWriteP95: 400 };
    const phones = await registerPhones(server.baseUrl, managerToken, day.phones, 'day');
    const officeTokens = await officeSessions(server.baseUrl, manager, day.office);
    const loadBefore = os.loadavg()[0]!.toFixed(2);
    const seconds = Number(process.env.BENCH_DAY_SECONDS || 60);
    const result = await measureDay(
      { baseUrl: server.baseUrl, managerToken, month: seeded.busyMonth, seconds, warmUpSeconds: 10, office: day.office, officeThinkMs: day.officeThinkMs, phones, writesPerSecond: day.writesPerSecond, phoneThinkMs: day.phoneThinkMs },
      officeTokens,
    );
    const label = `${dayName}: ${phones.length} phones, ${day.office} office users, ${day.writesPerSecond} writes/s`;
    notes.push(`${describeDay(label, result)} (load average ${loadBefore} before, ${os.loadavg()[0]!.toFixed(2)} after)`);
    const failed = [...result.failures.values()].reduce((sum, count) => sum + count, 0);
    const readMet = result.reads.p95Ms < day.maxReadP95;
    const writeMet = result.writes.p95Ms < day.maxWriteP95;
    const met = readMet && writeMet && failed === 0;
    scaleLines.push(
      `${(met ? 'met' : 'missed').padEnd(7)}  ${label}: read p95 ${result.reads.p95Ms} ms (target < ${day.maxReadP95} ms${readMet ? '' : ', missed'}), ` +
        `write p95 ${result.writes.p95Ms} ms (target < ${day.maxWriteP95} ms${writeMet ? '' : ', missed'}), ` +
        `${failed === 0 ? 'every answer 2xx' : `${failed} answers not 2xx (${result.unavailable} × 503), missed`}`,
    );
  }

  // issue 24: a burst of 100 back-to-back connections, every answer within the wait bound + 1 s
  const burstLines: string[] = [];
  if (chosen(burstScenario.name)) {
    const waitTimeoutSeconds = Number(process.env.DB_WAIT_TIMEOUT_SECONDS || 5);
    const loadBefore = os.loadavg()[0]!.toFixed(2);
    const burst = await measureBurst({
      baseUrl: server.baseUrl,
      managerToken,
      busyMonth: seeded.busyMonth,
      writers: await writers(),
      pool: new DutyPool(),
      connections: burstScenario.connections,
      writerConnections: burstScenario.writerConnections,
      seconds: burstScenario.seconds,
    });
    notes.push(`${describeBurst(burst)} (load average ${loadBefore} before, ${os.loadavg()[0]!.toFixed(2)} after)`);
    burstLines.push(...judgeBurst(burst, waitTimeoutSeconds).lines);
  }

  // issue 27: the month's bill from the duties of the busy month (mcc, about 1,700 duties),
  // before the payroll's setup below moves every worker into mcc
  const billLines: string[] = [];
  if (chosen('bill draft')) {
    await setBenchTerms(server.baseUrl, adminToken, 'mcc');
    const timing = await timeBillDraft(server.baseUrl, managerToken, 'mcc', seeded.busyMonth, 5, 1000);
    notes.push(describeBillDraft(timing));
    const what = `${timing.duties} duties of mcc in ${timing.month}, median of ${timing.times.length} (first ${timing.times[0]} ms)`;
    billLines.push(judgeTime(BILL_DRAFT_TARGET, { ms: medianOf(timing.times), what, problem: timing.problem }).line);
  }

  // issue 28: the busy month's completed works of mcc (about 1,700 duties) as .xlsx
  if (chosen('completed export')) {
    const timing = await timeCompletedExport(server.baseUrl, managerToken, 'mcc', seeded.busyMonth, 5, 1000);
    notes.push(describeCompletedExport(timing));
    const what = `${timing.duties} duties of mcc in ${timing.month}, median of ${timing.times.length} (first ${timing.times[0]} ms)`;
    billLines.push(judgeTime(COMPLETED_EXPORT_TARGET, { ms: medianOf(timing.times), what, problem: timing.problem }).line);
  }

  // issue 26, before the import below adds staff to every work type: first the slips of
  // mcc's 400 workers (the seed's), then the payroll once all 2,000 are gathered into mcc
  const payrollLines: string[] = [];
  if (chosen('wage slips')) {
    const month = seeded.busyMonth;
    const small = await timePayroll(server.baseUrl, managerToken, 'mcc', month, 3, SLIP_WORKERS);
    notes.push(describePayroll(small));
    const probeConnections = 4;
    const slips = await timeSlips(server.baseUrl, managerToken, 'mcc', month, small.rows, probeConnections, duration);
    notes.push(describeSlips(slips, 'mcc', month, probeConnections));
    const problem = small.problem ?? slips.problem ?? (slips.failed ? `${slips.failed} /healthz probes failed` : null);
    payrollLines.push(
      judgeTime(SLIPS_TARGET, { ms: slips.healthzDuring.p99Ms, what: `p99 of ${slips.healthzDuring.requests} answers on ${probeConnections} conns during the ${(slips.renderMs / 1000).toFixed(1)} s render`, problem }).line,
    );
  }
  if (chosen('payroll')) {
    if (!server.databaseUrl) {
      payrollLines.push(judgeTime(PAYROLL_TARGET, undefined, 'on PostgreSQL only (its setup gathers the workers with SQL beside the running server)').line);
    } else {
      const busy = seeded.busyMonth;
      // the busy month, and the costliest month a draft can be: the last of an ESI contribution period
      const periodEnd = periodEndUpTo(busy);
      const months = [...new Set([busy, periodEnd])];
      const gathered = await gatherCrew(server.databaseUrl, 'mcc', periodEnd, busy, months);
      for (const month of months) {
        const timing = await timePayroll(server.baseUrl, managerToken, 'mcc', month, 5, PAYROLL_WORKERS);
        const workers = gathered.get(month) ?? 0;
        notes.push(describePayroll(timing));
        const problem = workers !== PAYROLL_WORKERS ? `the setup gathered ${workers} workers with duties in ${month}, not ${PAYROLL_WORKERS}` : timing.problem;
        const what = `${month} (its draft reads ${gridsOf(month)}), median of ${timing.times.length} (first ${timing.times[0]} ms)`;
        payrollLines.push(judgeTime(PAYROLL_TARGET, { ms: medianOf(timing.times), what, problem }).line);
      }
    }
  }

  // one 5,000-row upload, timed from this process (wall time of the request)
  if (chosen('excel import')) {
    const imported = await uploadStaff(server.baseUrl, managerToken, staffWorkbook(5000, 200_000_000_000));
    notes.push(`5,000-row Excel import: ${(imported.ms / 1000).toFixed(2)} s (${imported.msg})`);
  }

  if (chosen('chat streams')) {
    // the server allows a few streams per sign-in: the chat people sign in again for more
    const tokens = await chatTokens();
    const sessions = [...tokens];
    for (let i = sessions.length; i < Math.ceil(streamCount / CHAT_STREAMS_PER_SESSION); i += 1) {
      sessions.push(await login(server.baseUrl, { email: `bench-chat-${i % tokens.length}@example.com`, password: 'bench-chat-pass' }));
    }
    let streamRss = 0;
    const streams = await measureChatStreams(server.baseUrl, sessions, CHAT_STREAMS_PER_SESSION, managerToken, streamCount, 20, () => {
      streamRss = rssOf(server.pid);
    });
    notes.push(
      `chat delivery to ${streams.streams} open streams${streams.refused ? ` (${streams.refused} refused)` : ''}: ${streams.deliveries} deliveries of ${streams.messages} messages, ` +
        `p50 ${streams.p50} ms, p99 ${streams.p99} ms, max ${streams.max} ms; server RSS with the streams open ${streamRss.toFixed(0)} MiB`,
    );
  }
  notes.push(
    `server memory (RSS): idle ${idleRss.toFixed(0)} MiB; under the ${LOAD_CONNECTIONS}-connection scenarios at most ${loadRss.mib.toFixed(0)} MiB` +
      `${loadRss.scenario ? ` (during ${loadRss.scenario})` : ''}; at the end ${rssOf(server.pid).toFixed(0)} MiB`,
  );

  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(', ');
  console.log(
    `\nDutyroll bench on ${onPostgres ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite'}, ${duration} s per scenario, node ${process.version}, ` +
      `${os.cpus().length} cores, load average ${load(loadAtStart)} at the start and ${load(os.loadavg())} at the end` +
      `${nodeArgs.length ? `, server node ${nodeArgs.join(' ')}` : ''}`,
  );
  console.table(rows);
  console.log(`Targets of issues 16, 24, 28 and 29 (ratios to GET /readyz's ${baselineReqPerSec} req/s in this run):`);
  // on the embedded database every query waits for the one connection, /readyz's too: no caution there
  if (onPostgres && healthz && baselineReqPerSec < 0.2 * healthz['req/s']) {
    console.log(
      `  caution: /readyz ran at ${formatPercent(percentOf(baselineReqPerSec, healthz['req/s']))} of /healthz's req/s, far below what one SELECT 1 adds to a request: ` +
        'if it measures more than that (a connection opened per check, a stalled connection), every ratio below overstates',
    );
  }
  for (const judged of targetLines) console.log(`  ${judged.line}`);
  if (scaleLines.length) console.log('Targets of issue 29 (ten times the day, the lists without the cache, the embedded database for 500 people):');
  for (const line of scaleLines) console.log(`  ${line}`);
  if (burstLines.length) console.log("Targets of issue 24 (a burst; on the embedded database the turn queue's bound, on PostgreSQL the pool's):");
  for (const line of burstLines) console.log(`  ${line}`);
  for (const line of aroundTargets) console.log(`  ${line}`);
  if (payrollLines.length) console.log('Targets of issue 26 (the payroll and its wage slips):');
  for (const line of payrollLines) console.log(`  ${line}`);
  if (billLines.length) console.log("Targets of issues 27 and 28 (the month's bill from the duties, the completed works' export):");
  for (const line of billLines) console.log(`  ${line}`);
  for (const note of notes) console.log(note);
} finally {
  await server.stop();
}
if (rows.some((row) => row.errors > 0 || row['non-2xx'] > 0)) {
  console.error('Some requests failed: the figures above are not valid.');
  process.exitCode = 1;
}
