import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, VisuallyHidden } from '@mantine/core';
import { errorText } from '../../api/error-text.js';
import type { AttendanceGrid as Grid } from './api.js';
import { FUTURE_DAY, isFutureDay, isPresent, type AttendanceCode } from '../../../shared/attendance.js';
import type { SortOrder } from '../../../shared/list-view.js';
import type { ATTENDANCE_SORT } from '../../../shared/report-views.js';
import { formatMonth, formatShortDay } from '../../i18n/format.js';
import { useMessages } from '../../i18n/messages.js';
import { ActionsMenu } from '../../components/lazy-floating.js';
import { DayMarksDialog, MARK_CHOICES, useMarkDays } from '../../components/day-marks.js';
import classes from './report-grid.module.css';
import { LandscapePages } from '../../components/print/landscape-pages.js';

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

type Worker = Grid['workers'][number];
type SortKey = (typeof ATTENDANCE_SORT)[number];

/** 'YYYY-MM-DD' of a day of the grid's month. */
const dayOf = (month: string, day: number) => `${month}-${String(day).padStart(2, '0')}`;

/**
 * SPEC §2 attendance grid: a row per worker, a column per day of the month, the Total
 * column, and a footer with the workers present per day and the grand total, then the
 * Total row (the workers' totals added up). The rows are `workers`, the page's view of the
 * grid (its search, filter and sort, issue 28); the footer adds up those rows. The codes and
 * totals come from the server. The codes (A, P, P2, P3) are SPEC's, the same in every language;
 * L, W and H (issue 26) are the days marked as leave, weekly off or holiday.
 *
 * With `canMark` (managers and admins) and the month's payroll not final, each day cell is a
 * button that opens a small menu: paid or unpaid leave, weekly off, holiday, clear, or
 * "Mark several days…" (a dialog with from and to).
 */
export function AttendanceGrid({
  grid,
  workers,
  categoryLabel,
  canMark = false,
  order,
  onSort,
}: {
  grid: Grid;
  workers: Worker[];
  categoryLabel: string;
  canMark?: boolean;
  order: SortOrder<SortKey> | null;
  onSort: (key: SortKey) => void;
}) {
  const { t } = useTranslation();
  const m = useMessages();
  const days = Array.from({ length: grid.days }, (_, index) => index + 1);
  const todayNumber = grid.today.startsWith(grid.month) ? Number(grid.today.slice(8, 10)) : 0;
  const dayClass = (day: number) => (day === todayNumber ? `${classes.day} ${classes.today}` : classes.day);
  const isFuture = (day: number) => isFutureDay(grid.month, day, grid.today);
  const scroller = useRef<HTMLDivElement>(null);
  const holidays = new Map(grid.holidays.map((holiday) => [holiday.day, holiday.name]));
  const marking = canMark && !grid.final;
  // the cell whose menu is open, the range dialog's worker and first day, and the cell focus returns to
  const [menuAt, setMenuAt] = useState<{ worker: Worker; day: number } | null>(null);
  const [rangeFor, setRangeFor] = useState<{ worker: Worker; day: number } | null>(null);
  const [focusCell, setFocusCell] = useState<string | null>(null);
  const mark = useMarkDays();
  // the workers shown present on each day, their sum, and their totals added up
  const dayTotals = days.map((day) => workers.filter((worker) => isPresent(worker.codes[day - 1]!)).length);
  const presentTotal = dayTotals.reduce((sum, count) => sum + count, 0);
  const total = workers.reduce((sum, worker) => sum + worker.total, 0);
  const sortHead = (key: SortKey, label: string) => {
    const direction = order?.key === key ? (order.desc ? 'descending' : 'ascending') : undefined;
    return {
      'aria-sort': direction,
      children: (
        <button type="button" className={classes.sortButton} onClick={() => onSort(key)}>
          {label}
          <span className={classes.sortArrow} aria-hidden>
            {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
          </span>
        </button>
      ),
    } as const;
  };

  useEffect(() => {
    if (!focusCell || menuAt) return;
    scroller.current?.querySelector<HTMLElement>(`[data-cell="${focusCell}"]`)?.focus();
    setFocusCell(null);
  }, [focusCell, menuAt]);

  function dayCell(worker: Worker, code: AttendanceCode, day: number) {
    const cellKey = `${worker._id}:${day}`;
    const label = t('payroll.marks.cellLabel', { name: worker.name, day: formatShortDay(dayOf(grid.month, day)), code });
    const button = (props: { onClick?: () => void }) => (
      <button type="button" className={classes.cellButton} data-cell={cellKey} aria-label={label} aria-haspopup="menu" disabled={mark.isPending} {...props}>
        {code}
      </button>
    );
    if (menuAt?.worker._id !== worker._id || menuAt.day !== day) return button({ onClick: () => setMenuAt({ worker, day }) });
    const on = dayOf(grid.month, day);
    return (
      <ActionsMenu
        defaultOpened
        onClose={() => {
          setMenuAt(null);
          setFocusCell(cellKey);
        }}
        target={button}
        actions={[
          ...MARK_CHOICES.map((choice) => ({
            label: t(choice.label),
            color: choice.kind === 'clear' ? 'red' : undefined,
            onClick: () => mark.mutate({ staffId: worker._id, from: on, to: on, kind: choice.kind }),
          })),
          { label: t('payroll.marks.several'), onClick: () => setRangeFor({ worker, day }) },
        ]}
      />
    );
  }

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
    <>
    <LandscapePages />
    {mark.isError && (
      <Alert color="red" variant="light" role="alert" mb="sm">
        {errorText(mark.error, 'somethingWentWrong')}
      </Alert>
    )}
    <div ref={scroller} className={`${classes.scroll} print-table`} tabIndex={0} role="region" aria-label={t('reports.attendanceOf', { category: categoryLabel, month: formatMonth(grid.month) })}>
      <table className={classes.grid}>
        <thead>
          <tr>
            <th scope="col" className={classes.name} {...sortHead('name', m('columnName'))} />
            {days.map((day) => (
              <th
                key={day}
                scope="col"
                className={holidays.has(day) ? `${dayClass(day)} ${classes.holiday}` : dayClass(day)}
                aria-current={day === todayNumber ? 'date' : undefined}
                title={holidays.get(day)}
              >
                {day}
                {holidays.has(day) && <VisuallyHidden>{` ${holidays.get(day)}`}</VisuallyHidden>}
              </th>
            ))}
            <th scope="col" className={classes.total} {...sortHead('days', m('columnTotal'))} />
          </tr>
        </thead>
        <tbody>
          {workers.map((worker) => (
            <tr key={worker._id}>
              <th scope="row" className={classes.name}>
                {worker.name}
                <span className={classes.empid}>{worker.empid}</span>
              </th>
              {worker.codes.map((code, index) => (
                <td key={index} className={`${dayClass(index + 1)} ${codeClass[code] ?? ''}`}>
                  {marking ? dayCell(worker, code, index + 1) : code}
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
            {dayTotals.map((count, index) => (
              <td key={index} className={isFuture(index + 1) ? `${dayClass(index + 1)} ${classes.codeFuture}` : dayClass(index + 1)}>
                {isFuture(index + 1) ? FUTURE_DAY : count}
              </td>
            ))}
            <td className={classes.total}>{presentTotal}</td>
          </tr>
          <tr data-totals-row>
            <th scope="row" className={classes.name}>
              {m('columnTotal')}
            </th>
            <td colSpan={grid.days} />
            <td className={classes.total}>{total}</td>
          </tr>
        </tfoot>
      </table>
    </div>
    {rangeFor && (
      <DayMarksDialog
        opened
        onClose={() => {
          setFocusCell(`${rangeFor.worker._id}:${rangeFor.day}`);
          setRangeFor(null);
        }}
        staffId={rangeFor.worker._id}
        name={rangeFor.worker.name}
        first={dayOf(grid.month, rangeFor.day)}
      />
    )}
    </>
  );
}

