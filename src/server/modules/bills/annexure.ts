import * as XLSX from '@e965/xlsx';
import { XLSX_TYPE } from '../../../shared/api/reports.js';
import { defaultBillUnit } from '../../../shared/bill-draft.js';
import { safeCell } from '../../../shared/money.js';
import { monthLabel, monthParts } from '../../../shared/months.js';
import type { BillDraft } from '../../../shared/schemas/bill-draft.js';
import { WORK_TYPE_SELECT_LABELS } from '../../../shared/work-types.js';
import type { PayrollFile } from '../payroll/files.js';

/**
 * The duty-wise annexure of a month's bill (issue 27) as a spreadsheet, like the payroll's
 * register and the attendance export: one sheet, text that a spreadsheet program could take
 * for a formula neutralised (safeCell), numbers as number cells and money formatted
 * #,##0.00. A pure function of the draft: its problems do not keep the file from being made
 * (they are listed at its end).
 */

const ANNEXURE_SHEET = 'Annexure';
const MONEY_FORMAT = '#,##0.00';
const DATE_FORMAT = 'dd-mm-yyyy';
const DAY_MS = 86_400_000;
/** Day 0 of a spreadsheet's date serials (1900 date system, as Excel counts after February 1900). */
const SERIAL_EPOCH = Date.UTC(1899, 11, 30);

/** The header of the duties, the coaches column named for the unit (tanks for bio toilets). */
function annexureHeader(draft: Pick<BillDraft, 'unit' | 'work'>): string[] {
  const tanks = (draft.unit ?? defaultBillUnit(draft.work)) === 'tank';
  return ['Date', 'Train No', 'Type', tanks ? 'Tanks' : 'Coaches', 'Required crew', 'Crew assigned', 'Shortfall', 'Penalty (₹)'];
}

/** 'Annexure_MCC_11_2026.xlsx'. */
function annexureFileName(work: string, month: string): string {
  const { year, number } = monthParts(month);
  return `Annexure_${work.toUpperCase()}_${String(number).padStart(2, '0')}_${year}.xlsx`;
}

/** A 'YYYY-MM-DD' day as a date cell (its serial, shown dd-mm-yyyy): no time zone comes into it. */
function dateCell(day: string): XLSX.CellObject {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return { t: 'n', v: (Date.UTC(year, month - 1, date) - SERIAL_EPOCH) / DAY_MS, z: DATE_FORMAT };
}

const money = (rupees: number): XLSX.CellObject => ({ t: 'n', v: rupees, z: MONEY_FORMAT });
const text = (value: string | null): string => safeCell(value ?? '');

/**
 * The annexure: the title row (company short name, work type, month), the header, a row per
 * duty in the draft's order (completed day, then train number; the train number a text
 * cell), the totals row, the penalties added by hand (reason, amount) with their total, the
 * bill's figures (units, rate, bill value, penalty, net amount), and the draft's problems.
 */
export function annexureWorkbook(draft: BillDraft, company: { shortName: string }): PayrollFile {
  const title = `${company.shortName} - Duty-wise annexure - ${WORK_TYPE_SELECT_LABELS[draft.work]} - ${monthLabel(draft.month)}`;
  const rows: Array<Array<string | number | XLSX.CellObject | null>> = [[safeCell(title)], annexureHeader(draft)];
  const sums = { coaches: 0, required: 0, assigned: 0, shortfall: 0 };
  for (const duty of draft.duties) {
    sums.coaches += duty.totalcoach ?? 0;
    sums.required += duty.required;
    sums.assigned += duty.assigned;
    sums.shortfall += duty.shortfall;
    rows.push([
      dateCell(duty.completedDay),
      // a text cell, whatever it looks like: 02516 keeps its zero, 12627 is not a number
      { t: 's', v: text(duty.trainno) },
      text(duty.type),
      duty.totalcoach,
      duty.required,
      duty.assigned,
      duty.shortfall,
      money(duty.penalty),
    ]);
  }
  rows.push(['Total', null, null, sums.coaches, sums.required, sums.assigned, sums.shortfall, money(draft.dutyPenalty)]);

  rows.push([], ['Penalties added by hand'], ['Reason', 'Amount (₹)']);
  for (const penalty of [...draft.manualPenalties].reverse()) rows.push([text(penalty.reason), money(penalty.amount)]);
  rows.push(['Total', money(draft.manualPenalty)]);

  rows.push(
    [],
    ['Bill'],
    ['Units', draft.units],
    ['Rate (₹)', draft.rate === null ? null : money(draft.rate)],
    ['Bill value (₹)', money(draft.billvalue)],
    ['Penalty (₹)', money(draft.penalty)],
    ['Net amount (₹)', money(draft.netamount)],
  );
  if (draft.problems.length > 0) rows.push([], ['Problems'], ...draft.problems.map((problem) => [text(problem)]));

  const sheet = XLSX.utils.aoa_to_sheet(rows);
  sheet['!cols'] = [{ wch: 14 }, { wch: 12 }, { wch: 14 }, { wch: 10 }, { wch: 14 }, { wch: 14 }, { wch: 10 }, { wch: 14 }];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, ANNEXURE_SHEET);
  return { fileName: annexureFileName(draft.work, draft.month), contentType: XLSX_TYPE, body: XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer };
}
