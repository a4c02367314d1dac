import type { DeductionKind } from '../../../shared/payroll.js';
import type { PayrollRow } from '../../../shared/schemas/payroll.js';
import { runInWorker, Slots } from '../../worker-thread.js';
import { slipFigures } from './slip-figures.js';

/**
 * What the wage slips of one payroll (a work type's month, or one worker of it) are made
 * from: the payroll service fills it from the payroll, the company profile and the month's
 * deductions. Money is in rupees, as in PayrollRow (the edge: the slips work in paise).
 */
export interface SlipJob {
  company: { name: string; address: string };
  /** 'YYYY-MM' */
  month: string;
  /** a draft's slips carry a "DRAFT" watermark, also in the slip's language */
  status: 'draft' | 'final';
  /** 'YYYY-MM-DD': the day the month's wages fall due */
  dueDate: string;
  /** one slip (a page) per entry, in the order given, each in its row's language */
  slips: Array<{
    row: PayrollRow;
    designation: string;
    /** the work type's name, as the slip prints it */
    work: string;
    /** the month's deductions besides EPF and ESI, in rupees; they add up to row.otherDeductions */
    deductions: Array<{ kind: DeductionKind; amount: number }>;
  }>;
}

/** The worker's answer: the PDF's bytes. */
export interface SlipReply {
  pdf: Uint8Array;
}

/** Slip PDFs made at once in this process: each keeps a core busy (400 slips ≈ seconds). */
const SLIP_RENDERS_AT_ONCE = 2;
/** A render that runs longer, or needs more heap, is stopped and the request fails. */
const SLIP_RENDER_TIMEOUT_MS = 120_000;
const SLIP_HEAP_MB = 512;

/** The managers who print slips are few: every render waits its turn, the queue is not capped. */
const renders = new Slots(SLIP_RENDERS_AT_ONCE);

/** Slip PDFs being made now, in this process (for tests and diagnostics). */
export function slipRendersRunning(): number {
  return renders.inUse;
}

/**
 * One PDF of the job's wage slips, a page per slip, each in its worker's language. Made in
 * a worker thread (slip-worker.ts), at most SLIP_RENDERS_AT_ONCE at a time, so that 400
 * slips never hold the event loop that answers every other request. A job whose figures do
 * not add up (gross − deductions ≠ net) is refused (SlipFiguresError) before a worker starts.
 */
export async function renderSlips(job: SlipJob): Promise<Buffer> {
  for (const slip of job.slips) slipFigures(slip.row, slip.deductions);
  const reply = await renders.run(() =>
    runInWorker<SlipJob, SlipReply>({
      from: import.meta.url,
      name: 'slip-worker',
      dataKey: 'slipJob',
      job,
      heapMb: SLIP_HEAP_MB,
      timeoutMs: SLIP_RENDER_TIMEOUT_MS,
      onTimeout: () => new Error(`wage slips: the PDF of ${job.slips.length} slips took over ${SLIP_RENDER_TIMEOUT_MS / 1000} s`),
      onError: (error) => new Error('wage slips: the PDF worker failed', { cause: error }),
      onExit: (code) => new Error(`wage slips: the PDF worker stopped (exit code ${code}) without an answer`),
    }),
  );
  return Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength);
}
