import * as XLSX from '@e965/xlsx';
import { MONTH_NAMES } from '../../../shared/attendance.js';
import { safeCell } from '../../../shared/money.js';
import type { AttendanceGrid } from './attendance.service.js';

export interface WageRow {
  _id: string;
  name: string;
  empid: string;
  /** attendance total of the month (P 1, P2 2, P3 3) */
  days: number;
  wage: number | null;
  amount: number;
}

export interface WageRegister {
  work: string;
  month: string;
  rows: WageRow[];
  totalDays: number;
  totalAmount: number;
}

/** Multiplies exact money text by whole days, in paise, so no binary fraction creeps in. */
function amountOf(wage: string | null, days: number): number {
  if (!wage) return 0;
  const [rupees = '0', paise = '0'] = wage.split('.');
  const totalPaise = (Number(rupees) * 100 + Number(paise.padEnd(2, '0').slice(0, 2))) * days;
  return totalPaise / 100;
}

/**
 * The wage register (beyond SPEC): each worker's days from the attendance total, wage per
 * day and amount, with the totals. It reads the same grid as the attendance page, so the
 * two can never disagree.
 */
export function wageRegister(grid: AttendanceGrid): WageRegister {
  const rows = grid.workers.map((worker) => ({
    _id: worker._id,
    name: worker.name,
    empid: worker.empid,
    days: worker.total,
    wage: worker.wage === null ? null : Number(worker.wage),
    amount: amountOf(worker.wage, worker.total),
  }));
  const totalPaise = rows.reduce((sum, row) => sum + Math.round(row.amount * 100), 0);
  return {
    work: grid.work,
    month: grid.month,
    rows,
    totalDays: rows.reduce((sum, row) => sum + row.days, 0),
    totalAmount: totalPaise / 100,
  };
}

export function wageRegisterTitle(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return `Wage Register - ${MONTH_NAMES[number - 1]} ${year}`;
}

/** The register as .xlsx: title, header, a row per worker, the totals row. */
export function wageWorkbook(register: WageRegister): { fileName: string; buffer: Buffer } {
  const [year, number] = register.month.split('-').map(Number) as [number, number];
  const sheet = XLSX.utils.aoa_to_sheet([
    [`${wageRegisterTitle(register.month)} (${register.work.toUpperCase()})`],
    ['Name', 'Emp ID', 'Days', 'Wage per day', 'Amount'],
    ...register.rows.map((row) => [safeCell(row.name), safeCell(row.empid), row.days, row.wage ?? '', row.amount]),
    ['Total', '', register.totalDays, '', register.totalAmount],
  ]);
  sheet['!cols'] = [{ wch: 24 }, { wch: 12 }, { wch: 6 }, { wch: 12 }, { wch: 12 }];
  // amounts as rupees with two decimals
  const lastRow = register.rows.length + 3;
  for (let r = 3; r <= lastRow; r += 1) {
    for (const column of ['D', 'E']) {
      const cell = sheet[`${column}${r}`];
      if (cell && typeof cell.v === 'number') cell.z = '#,##0.00';
    }
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Wages');
  return { fileName: `Wages_${register.work}_${number}_${year}.xlsx`, buffer: XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer };
}
