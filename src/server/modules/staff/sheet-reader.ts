import { MSG } from '../../../shared/messages.js';
import { HttpError, ServiceUnavailableError } from '../../http-error.js';
import { runInWorker, Slots } from '../../worker-thread.js';
import type { SheetJob, SheetReply } from './sheet-worker.js';

/** Parses at once; a 200,000-row sheet keeps a core busy for seconds. */
const SHEET_PARSES_AT_ONCE = 2;
/** Uploads that may wait for a parse slot, and for how long, before a 503. */
const SHEET_WAITING_MAX = 4;
const SHEET_WAIT_MS = 10_000;
/** A parse that runs longer, or needs more heap, is stopped and the file refused. */
const SHEET_PARSE_TIMEOUT_MS = 20_000;
const SHEET_HEAP_MB = 384;

const parses = new Slots(SHEET_PARSES_AT_ONCE, { max: SHEET_WAITING_MAX, waitMs: SHEET_WAIT_MS, refuse: () => new ServiceUnavailableError(MSG.bulkBusy, 5) });

/** Spreadsheets being parsed now, in this process (for tests and diagnostics). */
export function sheetParsesRunning(): number {
  return parses.inUse;
}

/**
 * The first sheet of an uploaded workbook as rows of cell values (header row first),
 * parsed in a worker thread with a time and heap limit, at most SHEET_PARSES_AT_ONCE at a
 * time. A file that is not a workbook, or has more than maxRows rows below the header,
 * is a 400.
 */
export async function readSheetOffThread(buffer: Buffer, maxRows: number): Promise<unknown[][]> {
  // too many waiting, or waiting too long, is a 503 with Retry-After
  const reply = await parses.run(() =>
    runInWorker<SheetJob, SheetReply>({
      from: import.meta.url,
      name: 'sheet-worker',
      dataKey: 'sheetJob',
      job: { buffer: new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength), maxRows },
      heapMb: SHEET_HEAP_MB,
      timeoutMs: SHEET_PARSE_TIMEOUT_MS,
      onTimeout: () => new HttpError(400, MSG.bulkTooSlow),
      // The worker runs nothing but the parse, so its failing is the file's doing: too big
      // for the heap, or something the parser choked on. Either way the upload is refused.
      onError: (error) => new HttpError(400, error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? MSG.bulkTooSlow : MSG.bulkInvalidFile),
      onExit: () => new HttpError(400, MSG.bulkInvalidFile),
    }),
  );
  if (reply.ok) return reply.grid;
  throw new HttpError(400, reply.reason === 'too-many-rows' ? MSG.bulkTooManyRows : MSG.bulkInvalidFile);
}
