import * as XLSX from '@e965/xlsx';
import { wageRegisterTitle, wagesFileName } from '../../../shared/attendance.js';
import { moneyPaise, safeCell } from '../../../shared/money.js';
import type { WageRegister } from '../../../shared/schemas/reports.js';
import type { AttendanceGrid } from './attendance.service.js';

/** Multiplies exact money text by whole days, in paise, so no binary fraction creeps in. */
function amountOf(wage: string | null, days: number): number {
  return ((wage ? moneyPaise(wage) : null) ?? 0) * days / 100;
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

/** The register as .xlsx: title, header, a row per worker, the totals row. */
export function wageWorkbook(register: WageRegister): { fileName: string; buffer: Buffer } {
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
  return { fileName: wagesFileName(register.work, register.month), buffer: XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer };
}
