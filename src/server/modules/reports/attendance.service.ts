import { sql } from 'drizzle-orm';
import * as XLSX from '@e965/xlsx';
import { attendanceFileName, attendanceTitle, type AttendanceCode } from '../../../shared/attendance.js';
import { safeCell } from '../../../shared/money.js';
import { dayInZone, daysInMonth, monthRange } from '../../../shared/time.js';
import type { WorkType } from '../../../shared/work-types.js';
import { rowsOf, type Database } from '../../db/connect.js';

export interface AttendanceRow {
  _id: string;
  name: string;
  empid: string;
  /** wage per day, exact text; null when not set */
  wage: string | null;
  codes: AttendanceCode[];
  total: number;
}

export interface AttendanceGrid {
  work: WorkType;
  month: string;
  days: number;
  today: string;
  workers: AttendanceRow[];
  /** workers present (P, P2 or P3) on each day */
  dayTotals: number[];
  /** the footer row's own total: the sum of the per-day counts */
  grandTotal: number;
}

/**
 * The attendance grid of a work type and month, computed in SQL (SPEC §4): for each
 * worker and day, the duties completed that day (APP_TZ) with the worker on them give
 * A, P, P2, P3 (4 or more: P); future days are '-'. Workers are matched on their work
 * type ignoring case; Resigned staff appear only in months they worked.
 */
export async function attendanceGrid(db: Database, work: WorkType, month: string, now: Date, timeZone: string): Promise<AttendanceGrid> {
  const { from, to } = monthRange(month);
  const today = dayInZone(now, timeZone);
  const result = await db.execute(sql`
    with staff_of_work as (
      select s.id, s.name, s.emp_id, s.wage::text as wage, s.status
      from staff s
      where lower(s.work) = ${work}
    ),
    -- the crew rows carry their duty's completed day: one index range per worker
    month_duties as (
      select dw.staff_id, dw.completed_day as day, count(*)::int as n
      from duty_workers dw
      where dw.staff_id in (select id from staff_of_work)
        and dw.completed_day between ${from}::date and ${to}::date
      group by dw.staff_id, dw.completed_day
    ),
    crew as (
      select c.id, c.name, c.emp_id, c.wage
      from staff_of_work c
      where c.status <> 'Resigned' or exists (select 1 from month_duties m where m.staff_id = c.id)
    ),
    days as (
      select generate_series(${from}::date, ${to}::date, interval '1 day')::date as day
    ),
    cells as (
      select c.id, days.day,
        case
          when days.day > ${today}::date then '-'
          when coalesce(m.n, 0) = 0 then 'A'
          when m.n = 2 then 'P2'
          when m.n = 3 then 'P3'
          else 'P'
        end as code
      from crew c
      cross join days
      left join month_duties m on m.staff_id = c.id and m.day = days.day
    )
    select c.id, c.name, c.emp_id, c.wage,
      array_agg(cells.code order by cells.day) as codes,
      sum(case cells.code when 'P' then 1 when 'P2' then 2 when 'P3' then 3 else 0 end)::int as total
    from crew c
    join cells on cells.id = c.id
    group by c.id, c.name, c.emp_id, c.wage
    order by lower(c.name), c.emp_id`);
  const rows = rowsOf<{ id: string; name: string; emp_id: string; wage: string | null; codes: AttendanceCode[] | string; total: number }>(result);
  const days = daysInMonth(month);
  const dayTotals = new Array<number>(days).fill(0);
  const workers = rows.map((row) => {
    const codes = parseArray(row.codes);
    codes.forEach((code, index) => {
      if (code === 'P' || code === 'P2' || code === 'P3') dayTotals[index]! += 1;
    });
    return { _id: row.id, name: row.name, empid: row.emp_id, wage: row.wage, codes, total: Number(row.total) };
  });
  return { work, month, days, today, workers, dayTotals, grandTotal: dayTotals.reduce((sum, n) => sum + n, 0) };
}

/** text[] arrives as an array from node-postgres and PGlite; older drivers send '{A,P}'. */
function parseArray(value: AttendanceCode[] | string): AttendanceCode[] {
  if (Array.isArray(value)) return value;
  return value.replace(/^\{|\}$/g, '').split(',').map((code) => code.replace(/"/g, '')) as AttendanceCode[];
}

/**
 * SPEC's attendance file: one sheet 'Attendance'; the title row; the header row (Name, the
 * day numbers, Total); a row per worker; column widths 20, 4 and 6.
 */
export function attendanceWorkbook(grid: AttendanceGrid): { fileName: string; buffer: Buffer } {
  const header = ['Name', ...Array.from({ length: grid.days }, (_, i) => i + 1), 'Total'];
  const rows = grid.workers.map((worker) => [safeCell(worker.name), ...worker.codes, worker.total]);
  const sheet = XLSX.utils.aoa_to_sheet([[attendanceTitle(grid.month)], header, ...rows]);
  sheet['!cols'] = [{ wch: 20 }, ...Array.from({ length: grid.days }, () => ({ wch: 4 })), { wch: 6 }];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Attendance');
  return {
    fileName: attendanceFileName(grid.work, grid.month),
    buffer: XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer,
  };
}
