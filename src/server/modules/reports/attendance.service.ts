import { sql } from 'drizzle-orm';
import * as XLSX from '@e965/xlsx';
import { attendanceCode, attendanceFileName, attendanceTitle, attendanceValue, isFutureDay, isPresent } from '../../../shared/attendance.js';
import { safeCell } from '../../../shared/money.js';
import type { AttendanceGrid as SharedGrid } from '../../../shared/schemas/reports.js';
import { dayInZone, daysInMonth, monthRange } from '../../../shared/time.js';
import type { WorkType } from '../../../shared/work-types.js';
import { rowsOf, type Database } from '../../db/connect.js';

/** A worker's row of the grid (GET /attendance's shape) with the wage per day the wage register reads. */
type AttendanceRow = SharedGrid['workers'][number] & {
  /** wage per day, exact text; null when not set */
  wage: string | null;
};

/** GET /attendance's answer, each worker with their wage (left out of the answer). */
export type AttendanceGrid = Omit<SharedGrid, 'workers'> & { workers: AttendanceRow[] };

/**
 * The attendance grid of a work type and month (SPEC §4). SQL counts, for each worker and
 * day, the duties completed that day (APP_TZ) with the worker on them; the day codes and
 * totals then come from the shared rule (attendanceCode, attendanceValue) that the web and
 * the tests read too. Workers are matched on their work type ignoring case; Resigned staff
 * appear only in months they worked.
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
    )
    select c.id, c.name, c.emp_id, c.wage,
      array_agg(coalesce(m.n, 0) order by days.day) as counts
    from crew c
    cross join days
    left join month_duties m on m.staff_id = c.id and m.day = days.day
    group by c.id, c.name, c.emp_id, c.wage
    order by lower(c.name), c.emp_id`);
  const rows = rowsOf<{ id: string; name: string; emp_id: string; wage: string | null; counts: number[] | string }>(result);
  const days = daysInMonth(month);
  const isFuture = Array.from({ length: days }, (_, index) => isFutureDay(month, index + 1, today));
  const dayTotals = new Array<number>(days).fill(0);
  const workers = rows.map((row) => {
    const codes = parseCounts(row.counts).map((count, index) => attendanceCode(count, isFuture[index]!));
    codes.forEach((code, index) => {
      if (isPresent(code)) dayTotals[index]! += 1;
    });
    const total = codes.reduce((sum, code) => sum + attendanceValue(code), 0);
    return { _id: row.id, name: row.name, empid: row.emp_id, wage: row.wage, codes, total };
  });
  return { work, month, days, today, workers, dayTotals, grandTotal: dayTotals.reduce((sum, n) => sum + n, 0) };
}

/** int[] arrives as an array from node-postgres and PGlite; older drivers send '{0,2}'. */
function parseCounts(value: number[] | string): number[] {
  if (Array.isArray(value)) return value.map(Number);
  return value.replace(/^\{|\}$/g, '').split(',').map(Number);
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
