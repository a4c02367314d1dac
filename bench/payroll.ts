import autocannon from 'autocannon';
import pg from 'pg';
import { esiPeriodStart } from '../src/shared/payroll.js';
import type { Payroll } from '../src/shared/schemas/payroll.js';
import { monthRange } from '../src/shared/time.js';

/**
 * Issue 26's benchmark: the payroll of a month (GET /payroll, a draft computed from the data
 * on every request: it is served without the response cache) and the wage slips of a work
 * type's month (GET /payroll/slips, a PDF made in a worker thread) while GET /healthz is
 * measured beside it. Each answer is checked, so that a wrong setup cannot pass as fast.
 */

/** The sorted latencies' p-th percentile, to 0.1 ms (NaN when there are none). */
export function percentileOf(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, index)]! * 10) / 10;
}

/** The middle of the values (the mean of the two middle ones for an even count). */
export function medianOf(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** What is wrong with a payroll answer for the bench (null when it is what the setup made). */
export function payrollProblem(payroll: Payroll, expectedRows: number): string | null {
  if (payroll.status !== 'draft') return `the payroll is ${payroll.status}, not a draft computed from the data`;
  if (payroll.rows.length < expectedRows * 0.95 || payroll.rows.length > expectedRows) return `${payroll.rows.length} rows where about ${expectedRows} were set up`;
  if (!(payroll.totals.gross > 0) || !(payroll.totals.net > 0)) return `totals gross ${payroll.totals.gross}, net ${payroll.totals.net}: nothing to pay`;
  return null;
}

/** GET /payroll once: the answer and the wall time until its body is read, in ms. */
async function fetchPayroll(baseUrl: string, token: string, work: string, month: string): Promise<{ ms: number; payroll: Payroll }> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/v1/payroll?work=${encodeURIComponent(work)}&month=${month}`, { headers: { authorization: token } });
  const text = await response.text();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`bench: GET /payroll (${work}, ${month}) answered ${response.status}: ${text.slice(0, 200)}`);
  return { ms, payroll: JSON.parse(text) as Payroll };
}

export interface PayrollTiming {
  work: string;
  month: string;
  /** wall times of the sequential requests, in order, ms */
  times: number[];
  rows: number;
  totals: Payroll['totals'];
  /** why the answers are not a valid figure (null when they are) */
  problem: string | null;
}

/** `count` sequential GET /payroll of one work type and month, each answer checked. */
export async function timePayroll(baseUrl: string, token: string, work: string, month: string, count: number, expectedRows: number): Promise<PayrollTiming> {
  const times: number[] = [];
  let last: Payroll | undefined;
  let problem: string | null = null;
  for (let i = 0; i < count; i += 1) {
    const { ms, payroll } = await fetchPayroll(baseUrl, token, work, month);
    times.push(Math.round(ms));
    problem ??= payrollProblem(payroll, expectedRows);
    if (last && (payroll.rows.length !== last.rows.length || payroll.totals.net !== last.totals.net)) problem ??= 'two requests of the same draft answered different payrolls';
    last = payroll;
  }
  return { work, month, times, rows: last?.rows.length ?? 0, totals: last!.totals, problem };
}

/** One line of figures for the report. */
export function describePayroll(timing: PayrollTiming): string {
  const rupees = (value: number) => `₹${value.toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;
  return (
    `GET /payroll?work=${timing.work}&month=${timing.month} (draft, ${timing.rows} rows, reads ${gridsOf(timing.month)}): ` +
    `first ${timing.times[0]} ms, median ${medianOf(timing.times)} ms of ${timing.times.length} (${timing.times.join(', ')} ms); ` +
    `totals gross ${rupees(timing.totals.gross)}, net ${rupees(timing.totals.net)}${timing.problem ? `; NOT VALID: ${timing.problem}` : ''}`
  );
}

/** "1 month's grid", "6 months' grids": what a draft of `month` reads. */
export function gridsOf(month: string): string {
  const n = periodMonths(month);
  return n === 1 ? "1 month's grid" : `${n} months' grids`;
}

/** How many months' attendance grids a draft of `month` reads: its own and the earlier months of its ESI contribution period. */
export function periodMonths(month: string): number {
  const start = esiPeriodStart(month);
  return (Number(month.slice(0, 4)) - Number(start.slice(0, 4))) * 12 + Number(month.slice(5, 7)) - Number(start.slice(5, 7)) + 1;
}

/** `month` when it ends an ESI contribution period (March or September), else the last month of the period before. */
export function periodEndUpTo(month: string): string {
  const year = Number(month.slice(0, 4));
  const number = Number(month.slice(5, 7));
  if (number === 3 || number === 9) return month;
  if (number >= 4 && number <= 8) return `${year}-03`;
  if (number >= 10) return `${year}-09`;
  return `${year - 1}-09`;
}

/**
 * Makes one work type's month a payroll of every seeded worker, on the run's copy of the
 * data (PostgreSQL; the bench's other scenarios have run by then, and the copy is dropped
 * after the run). The seed spreads its 2,000 staff over the work types (mcc 400) and gives
 * no duties to one of them: here, as when an office merges its crews, every seeded worker
 * moves to `work`, and those without a duty between `from`'s period start and `to` join one
 * more duty of each of that span's duties in turn (about as many duties a month as the
 * others). Then the tables are vacuumed and analysed, as the seed leaves them. Answers how many workers
 * of `work` have a duty in each of the months asked.
 */
export async function gatherCrew(databaseUrl: string, work: string, firstMonth: string, lastMonth: string, months: string[]): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const from = monthRange(esiPeriodStart(firstMonth)).from;
    const to = monthRange(lastMonth).to;
    await client.query('begin');
    await client.query(
      `with idle as (
         select s.id, row_number() over (order by s.id) - 1 as n, count(*) over () as c
         from staff s
         where s.name like 'Bench Staff %'
           and not exists (select 1 from duty_workers dw where dw.staff_id = s.id and dw.completed_day between $1::date and $2::date)
       ),
       d as (select id, completed_day, row_number() over (order by completed_day, id) as rn from duties where completed_day between $1::date and $2::date)
       insert into duty_workers (duty_id, staff_id, completed_day)
       select d.id, idle.id, d.completed_day from d join idle on idle.n = d.rn % idle.c`,
      [from, to],
    );
    await client.query(`update staff set work = $1 where name like 'Bench Staff %'`, [work]);
    await client.query('commit');
    // as the seed leaves its tables: statistics and the visibility map (index-only scans)
    await client.query('vacuum analyze staff');
    await client.query('vacuum analyze duty_workers');
    const counts = new Map<string, number>();
    for (const month of months) {
      const range = monthRange(month);
      const { rows } = await client.query<{ n: number }>(
        `select count(distinct dw.staff_id)::int as n from duty_workers dw join staff s on s.id = dw.staff_id
         where lower(s.work) = $1 and dw.completed_day between $2::date and $3::date`,
        [work, range.from, range.to],
      );
      counts.set(month, rows[0]!.n);
    }
    return counts;
  } finally {
    await client.end();
  }
}

export interface SlipsTiming {
  rows: number;
  pages: number;
  bytes: number;
  renderMs: number;
  healthzBefore: { requests: number; p50Ms: number; p99Ms: number; maxMs: number };
  healthzDuring: { requests: number; p50Ms: number; p99Ms: number; maxMs: number };
  /** /healthz probes that failed, before or during */
  failed: number;
  problem: string | null;
}

/** GET /healthz on `connections` connections until `until` settles (or for `seconds`): the latencies, sorted. */
async function probeHealthz(baseUrl: string, connections: number, run: { seconds: number } | { until: Promise<unknown> }): Promise<{ latencies: number[]; failed: number }> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: `${baseUrl}/healthz`, connections, duration: 'seconds' in run ? run.seconds : 600 },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
    if ('until' in run) void run.until.finally(() => instance.stop());
  });
  latencies.sort((a, b) => a - b);
  return { latencies, failed: result.non2xx + result.errors };
}

const summary = (latencies: number[]) => ({
  requests: latencies.length,
  p50Ms: percentileOf(latencies, 50),
  p99Ms: percentileOf(latencies, 99),
  maxMs: percentileOf(latencies, 100),
});

/**
 * The slips PDF of a work type's month (every row of its payroll), timed from this process,
 * with GET /healthz sent back to back on `connections` connections for `baselineSeconds`
 * before and throughout the render. Checks the PDF: a page per row.
 */
export async function timeSlips(baseUrl: string, token: string, work: string, month: string, rows: number, connections: number, baselineSeconds: number): Promise<SlipsTiming> {
  const before = await probeHealthz(baseUrl, connections, { seconds: baselineSeconds });
  const started = performance.now();
  const pdf = fetch(`${baseUrl}/api/v1/payroll/slips?work=${encodeURIComponent(work)}&month=${month}`, { headers: { authorization: token } }).then(async (response) => ({
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    body: Buffer.from(await response.arrayBuffer()),
    ms: performance.now() - started,
  }));
  const [during, answer] = await Promise.all([probeHealthz(baseUrl, connections, { until: pdf }), pdf]);
  // pdfkit writes each page's dictionary uncompressed: "/Type /Page" once per page ("/Pages" once)
  const pages = (answer.body.toString('latin1').match(/\/Type \/Page\b(?!s)/g) ?? []).length;
  let problem: string | null = null;
  if (answer.status !== 200 || !answer.type.startsWith('application/pdf')) problem = `the slips answered ${answer.status} ${answer.type}: ${answer.body.toString('utf8', 0, 200)}`;
  else if (!answer.body.subarray(0, 5).equals(Buffer.from('%PDF-'))) problem = 'the slips answer is not a PDF';
  else if (pages !== rows) problem = `${pages} pages for ${rows} workers`;
  else if (during.latencies.length === 0) problem = 'no /healthz answer during the render';
  return {
    rows,
    pages,
    bytes: answer.body.length,
    renderMs: Math.round(answer.ms),
    healthzBefore: summary(before.latencies),
    healthzDuring: summary(during.latencies),
    failed: before.failed + during.failed,
    problem,
  };
}

/** One line of figures for the report. */
export function describeSlips(timing: SlipsTiming, work: string, month: string, connections: number): string {
  const probes = (figures: SlipsTiming['healthzBefore']) => `${figures.requests} answers, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, max ${figures.maxMs} ms`;
  return (
    `wage slips PDF (GET /payroll/slips?work=${work}&month=${month}, ${timing.rows} workers): ${(timing.renderMs / 1000).toFixed(2)} s, ` +
    `${(timing.bytes / 1048576).toFixed(2)} MiB, ${timing.pages} pages; GET /healthz on ${connections} conns before: ${probes(timing.healthzBefore)}; ` +
    `during the render: ${probes(timing.healthzDuring)}${timing.failed ? `; ${timing.failed} probes failed` : ''}${timing.problem ? `; NOT VALID: ${timing.problem}` : ''}`
  );
}
