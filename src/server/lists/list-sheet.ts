import * as XLSX from '@e965/xlsx';
import type { FastifyReply } from 'fastify';
import { LIST_EXPORT_MAX_ROWS, type ListCell, type ListCellKind, type ListColumn, type ListSheet } from '../../shared/list-view.js';
import { MSG } from '../../shared/messages.js';
import { safeCell } from '../../shared/money.js';
import { HttpError } from '../http-error.js';

/**
 * An office list's current view as a spreadsheet (issue 28, decision 0039): one sheet, the
 * title row naming the list and its filters, the header row, a row per record, then the
 * totals row labelled 'Total'. Cells hold plain values: text as text (what a spreadsheet
 * could take for a formula neutralised, safeCell), numbers as number cells, money (paise)
 * as rupees with two decimals and the ₹ sign, days as date cells, instants as date-time
 * cells in the company's time zone. The same rules as the annexure and the payroll files.
 */

const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MONEY_FORMAT = '"₹"#,##0.00';
const DATE_FORMAT = 'dd-mm-yyyy';
const DATETIME_FORMAT = 'dd-mm-yyyy hh:mm';
const DAY_MS = 86_400_000;
/** Day 0 of a spreadsheet's date serials (1900 date system). */
const SERIAL_EPOCH = Date.UTC(1899, 11, 30);
const DEFAULT_WIDTH: Record<ListCellKind, number> = { text: 18, number: 10, money: 14, date: 12, datetime: 17 };

/** A day 'YYYY-MM-DD' as its date serial: no time zone comes into it. */
function daySerial(day: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  return (Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) - SERIAL_EPOCH) / DAY_MS;
}

/** An instant as the date-time serial of its wall-clock time in `timeZone`. */
function instantSerial(iso: string, timeZone: string): number | null {
  const moment = new Date(iso);
  if (Number.isNaN(moment.getTime())) return null;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
      .formatToParts(moment)
      .map((part) => [part.type, part.value]),
  );
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return (wall - SERIAL_EPOCH) / DAY_MS;
}

function cellOf(value: ListCell, kind: ListCellKind, timeZone: string): XLSX.CellObject | null {
  if (value === null || value === '') return null;
  switch (kind) {
    case 'text':
      return { t: 's', v: safeCell(String(value).replace(/[\r\n]+/g, ' ')) };
    case 'number':
      return typeof value === 'number' ? { t: 'n', v: value } : { t: 's', v: safeCell(value) };
    case 'money':
      // paise to rupees: exact for any amount below 2^53 paise
      return typeof value === 'number' ? { t: 'n', v: value / 100, z: MONEY_FORMAT } : { t: 's', v: safeCell(value) };
    case 'date': {
      const serial = typeof value === 'string' ? daySerial(value) : null;
      return serial === null ? { t: 's', v: safeCell(String(value)) } : { t: 'n', v: serial, z: DATE_FORMAT };
    }
    case 'datetime': {
      const serial = typeof value === 'string' ? instantSerial(value, timeZone) : null;
      return serial === null ? { t: 's', v: safeCell(String(value)) } : { t: 'n', v: serial, z: DATETIME_FORMAT };
    }
  }
}

/** The title row's text: 'Staff — Work type: MCC · Status: Active' (the filters, when any). */
export function sheetTitle(sheet: Pick<ListSheet, 'title' | 'filters'>): string {
  return sheet.filters.length > 0 ? `${sheet.title} — ${sheet.filters.join(' · ')}` : sheet.title;
}

/** The workbook of one list view. Refuses (413) a view of more than LIST_EXPORT_MAX_ROWS rows. */
export function listWorkbook(sheet: ListSheet, timeZone: string): Buffer {
  if (sheet.rows.length > LIST_EXPORT_MAX_ROWS) throw new HttpError(413, MSG.lists.exportTooLarge);
  const columns: ListColumn[] = sheet.columns;
  const cells: Array<Array<XLSX.CellObject | null>> = [
    [{ t: 's', v: safeCell(sheetTitle(sheet)) }],
    columns.map((column) => ({ t: 's', v: column.header })),
  ];
  for (const row of sheet.rows) cells.push(columns.map((column, index) => cellOf(row[index] ?? null, column.kind, timeZone)));
  if (sheet.totals) {
    cells.push(
      columns.map((column, index) => (index === 0 ? { t: 's', v: MSG.columnTotal } : cellOf(sheet.totals![index] ?? null, column.kind, timeZone))),
    );
  }
  const book = XLSX.utils.book_new();
  const ws: XLSX.WorkSheet = {};
  let lastColumn = 0;
  cells.forEach((row, r) =>
    row.forEach((cell, c) => {
      if (!cell) return;
      ws[XLSX.utils.encode_cell({ r, c })] = cell;
      lastColumn = Math.max(lastColumn, c);
    }),
  );
  ws['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: Math.max(cells.length - 1, 1), c: Math.max(lastColumn, columns.length - 1) } });
  ws['!cols'] = columns.map((column) => ({ wch: column.width ?? DEFAULT_WIDTH[column.kind] }));
  XLSX.utils.book_append_sheet(book, ws, sheet.sheetName.slice(0, 31));
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** A file answer: its type, its name (ASCII and RFC 5987 forms) and no caching. */
export function sendDownload(reply: FastifyReply, file: { fileName: string; contentType: string; body: Buffer }) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
    .header('cache-control', 'no-store')
    .send(file.body);
}

/** Sends a list view as '<base>_<yyyy-mm-dd>.xlsx'. */
export function sendListSheet(reply: FastifyReply, base: string, sheet: ListSheet, timeZone: string, today: string) {
  return sendDownload(reply, { fileName: `${base}_${today}.xlsx`, contentType: XLSX_CONTENT_TYPE, body: listWorkbook(sheet, timeZone) });
}
