/**
 * Issue 16's targets, judged against one bench run: a scenario's req/s as a share of
 * GET /readyz's (SELECT 1) in the same run, so a target holds on any machine, and where
 * the issue asks for it a p95 latency bound. Pure functions, unit-tested in
 * test/bench-targets.test.ts.
 */

/** What one scenario must reach (issue 16). */
export interface Target {
  /** how the issue names it, for the target line */
  label: string;
  /** req/s at least this percentage of /readyz's req/s in the same run */
  minPercentOfReadyz?: number;
  /** req/s at least this many (issue 29's writes, an absolute rate on this 2-core machine) */
  minReqPerSec?: number;
  /** p95 latency below this many milliseconds, where the issue asks for it */
  maxP95Ms?: number;
}

/** What a scenario measured. */
export interface Measured {
  reqPerSec: number;
  p95Ms: number;
  /** non-2xx answers and connection errors: a run with any is not a valid figure */
  failed: number;
}

/** req/s as a percentage of the baseline's (NaN when there is no baseline). */
export function percentOf(reqPerSec: number, baselineReqPerSec: number): number {
  if (!(baselineReqPerSec > 0)) return NaN;
  return (reqPerSec / baselineReqPerSec) * 100;
}

/** A percentage as the issue writes them: one decimal below 10 %, whole above ("2.1 %", "31 %"). */
export function formatPercent(percent: number): string {
  if (!Number.isFinite(percent)) return '–';
  return `${percent < 10 ? percent.toFixed(1) : Math.round(percent).toString()} %`;
}

type Verdict = 'met' | 'missed' | 'not run';

export interface Judgement {
  verdict: Verdict;
  /** one line for the report: verdict, target, measured value against the bound */
  line: string;
}

/**
 * Judges one target: met when every bound holds and no request failed. A scenario left
 * out (BENCH_ONLY) is "not run"; a figure with failed requests is "missed", saying why.
 */
export function judgeTarget(target: Target, connections: number, measured: Measured | undefined, baselineReqPerSec: number): Judgement {
  const name = `${target.label}, ${connections} conns`;
  if (!measured) return { verdict: 'not run', line: `not run  ${name}` };
  const parts: string[] = [];
  let met = true;
  if (target.minPercentOfReadyz !== undefined) {
    const percent = percentOf(measured.reqPerSec, baselineReqPerSec);
    const ratioMet = percent >= target.minPercentOfReadyz;
    met &&= ratioMet;
    parts.push(`${formatPercent(percent)} of /readyz (target ≥ ${target.minPercentOfReadyz} %${ratioMet ? '' : ', missed'})`);
  }
  if (target.minReqPerSec !== undefined) {
    const rateMet = measured.reqPerSec >= target.minReqPerSec;
    met &&= rateMet;
    parts.push(`${measured.reqPerSec} req/s (target ≥ ${target.minReqPerSec}${rateMet ? '' : ', missed'})`);
  }
  if (target.maxP95Ms !== undefined) {
    const p95Met = measured.p95Ms < target.maxP95Ms;
    met &&= p95Met;
    parts.push(`p95 ${measured.p95Ms} ms (target < ${target.maxP95Ms} ms${p95Met ? '' : ', missed'})`);
  }
  if (measured.failed > 0) {
    met = false;
    parts.push(`${measured.failed} requests failed: not a valid figure`);
  }
  const verdict: Verdict = met ? 'met' : 'missed';
  return { verdict, line: `${verdict.padEnd(7)}  ${name}: ${parts.join(', ')}` };
}

/**
 * A memory target (issue 24): the server's RSS may grow by less than `maxGrowthMiB` over a
 * scenario. A figure with failed requests is "missed", saying why.
 */
export function judgeGrowth(label: string, beforeMiB: number, afterMiB: number, maxGrowthMiB: number, failed: number): Judgement {
  const growth = afterMiB - beforeMiB;
  const parts = [`server RSS ${beforeMiB.toFixed(0)} → ${afterMiB.toFixed(0)} MiB, grew ${growth.toFixed(1)} MiB (target < ${maxGrowthMiB} MiB${growth < maxGrowthMiB ? '' : ', missed'})`];
  let met = growth < maxGrowthMiB;
  if (failed > 0) {
    met = false;
    parts.push(`${failed} requests failed: not a valid figure`);
  }
  const verdict: Verdict = met ? 'met' : 'missed';
  return { verdict, line: `${verdict.padEnd(7)}  ${label}: ${parts.join(', ')}` };
}

/** A time bound of one of issue 26's one-off timings. */
export interface TimeTarget {
  /** how the issue names it, for the target line */
  label: string;
  /** the measured time must be below this many milliseconds */
  maxMs: number;
}

/** Issue 26: the payroll of this many workers for a month, on PostgreSQL… */
export const PAYROLL_WORKERS = 2000;
/** …computed (a draft, the median of the sequential requests) in under 2 s. */
export const PAYROLL_TARGET: TimeTarget = { label: `payroll of ${PAYROLL_WORKERS.toLocaleString('en')} workers for a month (GET /payroll, a draft)`, maxMs: 2000 };
/** Issue 26: the wage slips of this many workers are made without holding the event loop… */
export const SLIP_WORKERS = 400;
/** …judged by GET /healthz's p99 while they render. */
/** Issue 27: the draft of a month's bill from about 1,700 duties of one work type (GET /bills/draft), on PostgreSQL. */
export const BILL_DRAFT_TARGET: TimeTarget = { label: "draft of a month's bill from ~1,700 duties of one work type (GET /bills/draft)", maxMs: 300 };
export const COMPLETED_EXPORT_TARGET: TimeTarget = { label: "export of a month's completed works (~1,700 duties) to .xlsx (GET /mcctrain/completed-export)", maxMs: 1000 };
export const SLIPS_TARGET: TimeTarget = { label: `GET /healthz p99 while the slips of ${SLIP_WORKERS} workers render`, maxMs: 100 };

/**
 * Judges a time target: met when the time is below the bound and the answers were right.
 * `what` names the figure ("median of 5"); a figure with a `problem` (a wrong answer, failed
 * probes) is "missed", saying why; without a figure the target is "not run", with `why`.
 */
export function judgeTime(target: TimeTarget, measured: { ms: number; what: string; problem: string | null } | undefined, why = ''): Judgement {
  if (!measured) return { verdict: 'not run', line: `not run  ${target.label}${why ? `: ${why}` : ''}` };
  const inTime = measured.ms < target.maxMs;
  const parts = [`${measured.what}: ${measured.ms} ms (target < ${target.maxMs} ms${inTime ? '' : ', missed'})`];
  if (measured.problem) parts.push(`not a valid figure: ${measured.problem}`);
  const verdict: Verdict = inTime && !measured.problem ? 'met' : 'missed';
  return { verdict, line: `${verdict.padEnd(7)}  ${target.label}: ${parts.join('; ')}` };
}

/**
 * BENCH_ONLY: comma-separated substrings (any letter case). Answers whether `name` is
 * chosen: everything when the list is empty, else names containing one of the substrings.
 */
export function chosenBy(only: string | undefined): (name: string) => boolean {
  const words = (only ?? '')
    .split(',')
    .map((word) => word.trim().toLowerCase())
    .filter((word) => word !== '');
  if (words.length === 0) return () => true;
  return (name) => words.some((word) => name.toLowerCase().includes(word));
}
