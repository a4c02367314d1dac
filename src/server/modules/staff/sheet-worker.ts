/**
 * Reads the first sheet of an uploaded workbook in a worker thread (started by
 * sheet-reader.ts), so that a hostile file's unpacking and parsing cannot stall the
 * event loop that answers every other request. Only a package import: the file runs as
 * plain JavaScript once built, and through tsx from the sources.
 */
import { parentPort, workerData } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';

export interface SheetJob {
  buffer: Uint8Array;
  /** data rows allowed below the header row */
  maxRows: number;
}

/** The first sheet's rows (header row first) as cell values, or why there are none. */
export type SheetReply = { ok: true; grid: unknown[][] } | { ok: false; reason: 'invalid' | 'too-many-rows' };

/** The number of rows a sheet range such as 'A1:N200000' spans. */
function rowsSpanned(ref: unknown): number {
  if (typeof ref !== 'string' || ref === '') return 0;
  const range = XLSX.utils.decode_range(ref);
  return range.e.r - range.s.r + 1;
}

/** Parses at most the header and maxRows + 1 rows; more than the limit is refused, not cut. */
export function readFirstSheet(job: SheetJob): SheetReply {
  const cap = job.maxRows + 2;
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(job.buffer, {
      type: 'buffer',
      dense: true,
      // the parser stops expanding rows here instead of building 200,000 of them
      sheetRows: cap,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
    });
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  try {
    const firstName = workbook.SheetNames[0];
    const sheet = firstName ? workbook.Sheets[firstName] : undefined;
    if (!sheet) return { ok: false, reason: 'invalid' };
    // !fullref is the sheet's real extent when sheetRows cut it short
    if (Math.max(rowsSpanned(sheet['!fullref']), rowsSpanned(sheet['!ref'])) > job.maxRows + 1) return { ok: false, reason: 'too-many-rows' };
    const grid = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '', blankrows: true });
    if (grid.length > job.maxRows + 1) return { ok: false, reason: 'too-many-rows' };
    return { ok: true, grid };
  } catch {
    // a crafted file can parse and still hold a range or cells the reader cannot walk
    return { ok: false, reason: 'invalid' };
  }
}

if (parentPort && (workerData as { sheetJob?: SheetJob } | undefined)?.sheetJob) {
  parentPort.postMessage(readFirstSheet((workerData as { sheetJob: SheetJob }).sheetJob));
}
