import type { BillDraft } from '../src/shared/schemas/bill-draft.js';
import { medianOf } from './payroll.js';

/**
 * Issue 27's benchmark: the draft of a month's bill (GET /bills/draft, computed from the
 * month's completed duties of one work type with their crews on every request) for the
 * seed's busy month of mcc, about 1,700 duties. Terms are set first through the admin's API,
 * so the draft computes every figure; each answer is checked against what the seed made.
 */

export interface BillDraftTiming {
  work: string;
  month: string;
  /** wall times of the sequential requests, in order, ms */
  times: number[];
  duties: number;
  billvalue: number;
  penalty: number;
  /** why the answers are not a valid figure (null when they are) */
  problem: string | null;
}

/** The terms the bench bills on: ₹350 a coach and ₹500 per missing worker (the seed's crews are mostly short). */
export async function setBenchTerms(baseUrl: string, adminToken: string, work: string): Promise<void> {
  const response = await fetch(`${baseUrl}/api/v1/admin/contract-terms`, {
    method: 'PUT',
    headers: { authorization: adminToken, 'content-type': 'application/json' },
    body: JSON.stringify({ work, effectiveFrom: '2000-01', unit: 'coach', rate: 350, penaltyPerMissingWorker: 500, contractPeriod: 'Bench contract' }),
  });
  if (!response.ok) throw new Error(`bench: PUT /admin/contract-terms answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
}

/** What is wrong with a draft for the bench (null when it is what the seed made). */
function billDraftProblem(draft: BillDraft, minimumDuties: number): string | null {
  if (draft.problems.length) return `the draft names problems: ${draft.problems.join('; ')}`;
  if (draft.duties.length < minimumDuties) return `${draft.duties.length} duties where the seed made more than ${minimumDuties}`;
  const units = draft.duties.reduce((sum, duty) => sum + (duty.totalcoach ?? 0), 0);
  if (draft.units !== units) return `units ${draft.units}, but the duties' coaches add up to ${units}`;
  if (Math.round(draft.billvalue * 100) !== units * 35_000) return `bill value ${draft.billvalue} is not ${units} coaches × ₹350`;
  return null;
}

/** `count` sequential GET /bills/draft of one work type and month, each answer checked. */
export async function timeBillDraft(baseUrl: string, token: string, work: string, month: string, count: number, minimumDuties: number): Promise<BillDraftTiming> {
  const times: number[] = [];
  let last: BillDraft | undefined;
  let problem: string | null = null;
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/v1/bills/draft?work=${encodeURIComponent(work)}&month=${month}`, { headers: { authorization: token } });
    const text = await response.text();
    times.push(Math.round(performance.now() - started));
    if (!response.ok) throw new Error(`bench: GET /bills/draft (${work}, ${month}) answered ${response.status}: ${text.slice(0, 200)}`);
    const draft = JSON.parse(text) as BillDraft;
    problem ??= billDraftProblem(draft, minimumDuties);
    if (last && (draft.duties.length !== last.duties.length || draft.netamount !== last.netamount)) problem ??= 'two requests of the same draft answered different bills';
    last = draft;
  }
  return { work, month, times, duties: last?.duties.length ?? 0, billvalue: last?.billvalue ?? 0, penalty: last?.penalty ?? 0, problem };
}

/** One line of figures for the report. */
export function describeBillDraft(timing: BillDraftTiming): string {
  const rupees = (value: number) => `₹${value.toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;
  return (
    `GET /bills/draft?work=${timing.work}&month=${timing.month} (${timing.duties} duties): first ${timing.times[0]} ms, ` +
    `median ${medianOf(timing.times)} ms of ${timing.times.length} (${timing.times.join(', ')} ms); bill value ${rupees(timing.billvalue)}, penalty ${rupees(timing.penalty)}` +
    `${timing.problem ? `; NOT VALID: ${timing.problem}` : ''}`
  );
}
