import { Worker } from 'node:worker_threads';
import { MSG } from '../../../shared/messages.js';
import { HttpError, ServiceUnavailableError } from '../../http-error.js';
import type { SheetJob, SheetReply } from './sheet-worker.js';

/** Parses at once; a 200,000-row sheet keeps a core busy for seconds. */
const SHEET_PARSES_AT_ONCE = 2;
/** Uploads that may wait for a parse slot, and for how long, before a 503. */
const SHEET_WAITING_MAX = 4;
const SHEET_WAIT_MS = 10_000;
/** A parse that runs longer, or needs more heap, is stopped and the file refused. */
const SHEET_PARSE_TIMEOUT_MS = 20_000;
const SHEET_HEAP_MB = 384;

let running = 0;
const waiting: (() => void)[] = [];

/** Spreadsheets being parsed now, in this process (for tests and diagnostics). */
export function sheetParsesRunning(): number {
  return running;
}

/** Waits for a parse slot; too many waiting, or waiting too long, is a 503 with Retry-After. */
async function acquire(): Promise<void> {
  if (running < SHEET_PARSES_AT_ONCE) {
    running += 1;
    return;
  }
  if (waiting.length >= SHEET_WAITING_MAX) throw new ServiceUnavailableError(MSG.bulkBusy, 5);
  await new Promise<void>((resolve, reject) => {
    const wake = (): void => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      const index = waiting.indexOf(wake);
      if (index !== -1) waiting.splice(index, 1);
      reject(new ServiceUnavailableError(MSG.bulkBusy, 5));
    }, SHEET_WAIT_MS);
    waiting.push(wake);
  });
}

/** Hands the slot to the next waiting upload (running stays the same), or frees it. */
function release(): void {
  const next = waiting.shift();
  if (next) next();
  else running -= 1;
}

/**
 * The worker module next to this one: sheet-worker.js once built into dist/, or from the
 * sources (tests, npm run dev) sheet-worker.ts behind a small bootstrap that registers
 * tsx first (Node 20's `--import tsx` in a worker's execArgv does not reach its entry).
 */
function workerModule(): { entry: string | URL; eval: boolean } {
  if (!import.meta.url.endsWith('.ts')) return { entry: new URL('./sheet-worker.js', import.meta.url), eval: false };
  const source = new URL('./sheet-worker.ts', import.meta.url).href;
  return {
    entry: `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`,
    eval: true,
  };
}

function runWorker(job: SheetJob): Promise<SheetReply> {
  const module = workerModule();
  return new Promise<SheetReply>((resolve, reject) => {
    const worker = new Worker(module.entry, {
      eval: module.eval,
      workerData: { sheetJob: job },
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: SHEET_HEAP_MB, maxYoungGenerationSizeMb: 64 },
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
    const timer = setTimeout(() => finish(() => reject(new HttpError(400, MSG.bulkTooSlow))), SHEET_PARSE_TIMEOUT_MS);
    worker.once('message', (reply: SheetReply) => finish(() => resolve(reply)));
    // The worker runs nothing but the parse, so its failing is the file's doing: too big
    // for the heap, or something the parser choked on. Either way the upload is refused.
    worker.once('error', (error: Error & { code?: string }) =>
      finish(() => reject(new HttpError(400, error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? MSG.bulkTooSlow : MSG.bulkInvalidFile))),
    );
    worker.once('exit', () => finish(() => reject(new HttpError(400, MSG.bulkInvalidFile))));
  });
}

/**
 * The first sheet of an uploaded workbook as rows of cell values (header row first),
 * parsed in a worker thread with a time and heap limit, at most SHEET_PARSES_AT_ONCE at a
 * time. A file that is not a workbook, or has more than maxRows rows below the header,
 * is a 400.
 */
export async function readSheetOffThread(buffer: Buffer, maxRows: number): Promise<unknown[][]> {
  await acquire();
  let reply: SheetReply;
  try {
    reply = await runWorker({ buffer: new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength), maxRows });
  } finally {
    release();
  }
  if (reply.ok) return reply.grid;
  throw new HttpError(400, reply.reason === 'too-many-rows' ? MSG.bulkTooManyRows : MSG.bulkInvalidFile);
}
