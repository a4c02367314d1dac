import autocannon from 'autocannon';

/**
 * Issue 29, item 2: how fast the lists are when every request computes its answer. Two app
 * processes on the same database: the bench's server (answers kept, RESPONSE_CACHE_MB
 * default) and a second one with RESPONSE_CACHE_MB=0. Each list is read from both in
 * alternating windows of one run (kept, computed, kept, computed), so a machine that gets
 * busier or quieter meanwhile weighs on both alike; the computed rate is judged as a share of
 * the kept one, and its p95 where the issue bounds it.
 */

export interface ListComparison {
  label: string;
  path: string;
  connections: number;
  /** computed req/s at least this share (%) of the kept req/s */
  minPercent: number;
  /** computed p95 below this, where the issue asks */
  maxP95Ms?: number;
}

interface Side {
  requests: number;
  reqPerSec: number;
  p95Ms: number;
  failed: number;
}

export interface ComparedList extends ListComparison {
  kept: Side;
  computed: Side;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]! * 10) / 10;
}

async function window(url: string, path: string, token: string, connections: number, seconds: number, latencies: number[]): Promise<{ requests: number; failed: number; seconds: number }> {
  const started = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, duration: seconds, connections, requests: [{ method: 'GET', path, headers: { authorization: token } }] }, (error, finished) =>
      error ? reject(error) : resolve(finished),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  return { requests: result.requests.total, failed: result.non2xx + result.errors, seconds: (performance.now() - started) / 1000 };
}

/** Reads each list from both instances in `rounds` alternating pairs of windows of `seconds`. */
export async function compareLists(keptUrl: string, computedUrl: string, token: string, lists: ListComparison[], seconds: number, rounds = 2): Promise<ComparedList[]> {
  const compared: ComparedList[] = [];
  for (const list of lists) {
    // a first request on each side, so the kept side starts kept and neither pays for a cold start
    await fetch(new URL(list.path, keptUrl), { headers: { authorization: token } }).then((response) => response.arrayBuffer());
    await fetch(new URL(list.path, computedUrl), { headers: { authorization: token } }).then((response) => response.arrayBuffer());
    const sides = { kept: { latencies: [] as number[], requests: 0, failed: 0, seconds: 0 }, computed: { latencies: [] as number[], requests: 0, failed: 0, seconds: 0 } };
    for (let round = 0; round < rounds; round += 1) {
      for (const [side, url] of [
        ['kept', keptUrl],
        ['computed', computedUrl],
      ] as const) {
        const measured = await window(url, list.path, token, list.connections, seconds, sides[side].latencies);
        sides[side].requests += measured.requests;
        sides[side].failed += measured.failed;
        sides[side].seconds += measured.seconds;
      }
    }
    const sideOf = (side: (typeof sides)['kept']): Side => ({
      requests: side.requests,
      reqPerSec: Math.round(side.requests / side.seconds),
      p95Ms: percentile(side.latencies.sort((a, b) => a - b), 95),
      failed: side.failed,
    });
    compared.push({ ...list, kept: sideOf(sides.kept), computed: sideOf(sides.computed) });
  }
  return compared;
}

/** Issue 29's lists, for one work type and a month (YYYY-MM). */
export function uncachedLists(month: string): ListComparison[] {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return [
    { label: 'staff list (400 of 2,000)', path: '/api/v1/worker/get-workers?work=mcc&limit=400', connections: 20, minPercent: 50, maxP95Ms: 50 },
    {
      label: 'completed works, first page of 200',
      path: `/api/v1/mcctrain/get-completedmcctrain?work=mcc&from=${month}-01&to=${month}-${String(last).padStart(2, '0')}&limit=200`,
      connections: 20,
      minPercent: 50,
      maxP95Ms: 50,
    },
    { label: 'attendance grid (400 workers × a month)', path: `/api/v1/attendance?work=mcc&month=${month}`, connections: 8, minPercent: 25 },
    { label: 'dashboard', path: '/api/v1/dashboard/summary', connections: 20, minPercent: 50 },
  ];
}

/** The target line of one list: met when the share and the p95 hold and nothing failed. */
export function judgeComparison(list: ComparedList): string {
  const share = list.kept.reqPerSec > 0 ? (list.computed.reqPerSec / list.kept.reqPerSec) * 100 : NaN;
  const shareMet = share >= list.minPercent;
  const p95Met = list.maxP95Ms === undefined || list.computed.p95Ms < list.maxP95Ms;
  const failed = list.kept.failed + list.computed.failed;
  const met = shareMet && p95Met && failed === 0;
  const parts = [
    `computed ${list.computed.reqPerSec} req/s = ${Number.isFinite(share) ? Math.round(share) : '–'} % of kept ${list.kept.reqPerSec} req/s (target ≥ ${list.minPercent} %${shareMet ? '' : ', missed'})`,
    `p95 computed ${list.computed.p95Ms} ms, kept ${list.kept.p95Ms} ms${list.maxP95Ms === undefined ? '' : ` (target < ${list.maxP95Ms} ms${p95Met ? '' : ', missed'})`}`,
  ];
  if (failed) parts.push(`${failed} requests failed: not a valid figure`);
  return `${(met ? 'met' : 'missed').padEnd(7)}  without the cache: ${list.label}, ${list.connections} conns: ${parts.join(', ')}`;
}
