import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttendanceGrid as Grid } from './api.js';
import { FUTURE_DAY, isFutureDay, type AttendanceCode } from '../../../shared/attendance.js';
import { formatMonth } from '../../i18n/format.js';
import { useMessages } from '../../i18n/messages.js';
import classes from './report-grid.module.css';

const codeClass: Record<AttendanceCode, string | undefined> = {
  A: classes.codeA,
  P: classes.codeP,
  P2: classes.codeMulti,
  P3: classes.codeMulti,
  L: classes.codeLeave,
  W: classes.codeLeave,
  H: classes.codeLeave,
  [FUTURE_DAY]: classes.codeFuture,
};

/**
 * SPEC §2 attendance grid: a row per worker, a column per day of the month, the Total
 * column, and a footer with the workers present per day and the grand total. Every figure
 * comes from the server. The codes (A, P, P2, P3) are SPEC's, the same in every language.
 */
export function AttendanceGrid({ grid, categoryLabel }: { grid: Grid; categoryLabel: string }) {
  const { t } = useTranslation();
  const m = useMessages();
  const days = Array.from({ length: grid.days }, (_, index) => index + 1);
  const todayNumber = grid.today.startsWith(grid.month) ? Number(grid.today.slice(8, 10)) : 0;
  const dayClass = (day: number) => (day === todayNumber ? `${classes.day} ${classes.today}` : classes.day);
  const isFuture = (day: number) => isFutureDay(grid.month, day, grid.today);
  const scroller = useRef<HTMLDivElement>(null);

  // Late in the month today's column may be off screen: bring it into view, right of centre.
  useEffect(() => {
    const box = scroller.current;
    const cell = box?.querySelector<HTMLElement>('th[aria-current="date"]');
    if (!box || !cell) return;
    // Already in view (early in the month, or a wide screen): leave the grid at day 1.
    if (cell.offsetLeft + cell.offsetWidth <= box.clientWidth) return;
    const nameWidth = box.querySelector<HTMLElement>('thead th')?.offsetWidth ?? 0;
    const target = cell.offsetLeft - nameWidth - (box.clientWidth - nameWidth) * 0.6;
    box.scrollLeft = Math.max(0, target);
  }, [grid.month, grid.work, todayNumber]);

  return (
    <div ref={scroller} className={classes.scroll} tabIndex={0} role="region" aria-label={t('reports.attendanceOf', { category: categoryLabel, month: formatMonth(grid.month) })}>
      <table className={classes.grid}>
        <thead>
          <tr>
            <th scope="col" className={classes.name}>
              {m('columnName')}
            </th>
            {days.map((day) => (
              <th key={day} scope="col" className={dayClass(day)} aria-current={day === todayNumber ? 'date' : undefined}>
                {day}
              </th>
            ))}
            <th scope="col" className={classes.total}>
              {m('columnTotal')}
            </th>
          </tr>
        </thead>
        <tbody>
          {grid.workers.map((worker) => (
            <tr key={worker._id}>
              <th scope="row" className={classes.name}>
                {worker.name}
                <span className={classes.empid}>{worker.empid}</span>
              </th>
              {worker.codes.map((code, index) => (
                <td key={index} className={`${dayClass(index + 1)} ${codeClass[code] ?? ''}`}>
                  {code}
                </td>
              ))}
              <td className={classes.total}>{worker.total}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className={classes.name}>
              {m('presentPerDay')}
            </th>
            {grid.dayTotals.map((count, index) => (
              <td key={index} className={isFuture(index + 1) ? `${dayClass(index + 1)} ${classes.codeFuture}` : dayClass(index + 1)}>
                {isFuture(index + 1) ? FUTURE_DAY : count}
              </td>
            ))}
            <td className={classes.total}>{grid.grandTotal}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
