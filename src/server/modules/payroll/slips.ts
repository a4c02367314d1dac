import { Worker } from 'node:worker_threads';
import type { DeductionKind } from '../../../shared/payroll.js';
import type { PayrollRow } from '../../../shared/schemas/payroll.js';
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

let running = 0;
const waiting: (() => void)[] = [];

/** Slip PDFs being made now, in this process (for tests and diagnostics). */
export function slipRendersRunning(): number {
  return running;
}

/** Waits for a render slot; the managers who print slips are few, so the queue is not capped. */
async function acquire(): Promise<void> {
  if (running < SLIP_RENDERS_AT_ONCE) {
    running += 1;
    return;
  }
  await new Promise<void>((resolve) => waiting.push(resolve));
}

/** Hands the slot to the next waiting render (running stays the same), or frees it. */
function release(): void {
  const next = waiting.shift();
  if (next) next();
  else running -= 1;
}

/**
 * The worker module next to this one: slip-worker.js once built into dist/, or from the
 * sources (tests, npm run dev) slip-worker.ts behind the bootstrap that registers tsx first
 * (as sheet-reader.ts does: Node 20's `--import tsx` in execArgv does not reach a worker's entry).
 */
function workerModule(): { entry: string | URL; eval: boolean } {
  if (!import.meta.url.endsWith('.ts')) return { entry: new URL('./slip-worker.js', import.meta.url), eval: false };
  const source = new URL('./slip-worker.ts', import.meta.url).href;
  return {
    entry: `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`,
    eval: true,
  };
}

function runWorker(job: SlipJob): Promise<SlipReply> {
  const module = workerModule();
  return new Promise<SlipReply>((resolve, reject) => {
    const worker = new Worker(module.entry, {
      eval: module.eval,
      workerData: { slipJob: job },
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: SLIP_HEAP_MB, maxYoungGenerationSizeMb: 64 },
      stdout: false,
      stderr: false,
    });
    let settled = false;
    const finish = (action: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      action();
      void worker.terminate();
    };
    const timer = setTimeout(
      () => finish(() => reject(new Error(`wage slips: the PDF of ${job.slips.length} slips took over ${SLIP_RENDER_TIMEOUT_MS / 1000} s`))),
      SLIP_RENDER_TIMEOUT_MS,
    );
    worker.once('message', (reply: SlipReply) => finish(() => resolve(reply)));
    worker.once('error', (error: Error) => finish(() => reject(new Error('wage slips: the PDF worker failed', { cause: error }))));
    worker.once('exit', (code) => finish(() => reject(new Error(`wage slips: the PDF worker stopped (exit code ${code}) without an answer`))));
  });
}

/**
 * One PDF of the job's wage slips, a page per slip, each in its worker's language. Made in
 * a worker thread (slip-worker.ts), at most SLIP_RENDERS_AT_ONCE at a time, so that 400
 * slips never hold the event loop that answers every other request. A job whose figures do
 * not add up (gross − deductions ≠ net) is refused (SlipFiguresError) before a worker starts.
 */
export async function renderSlips(job: SlipJob): Promise<Buffer> {
  for (const slip of job.slips) slipFigures(slip.row, slip.deductions);
  await acquire();
  let reply: SlipReply;
  try {
    reply = await runWorker(job);
  } finally {
    release();
  }
  return Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength);
}
