import type { SortOrder } from './sort-order.js';
import type { PayrollRow } from './schemas/payroll.js';

/**
 * The month lists' views (issue 28, part "reports"): attendance, the wage register and the
 * payroll load a whole month of one work type (a few hundred workers), so the page searches,
 * filters and sorts them itself, and the server's view exports apply these same rules to the
 * same rows: what is exported is exactly what the page shows.
 */

/** The columns each list sorts by (?sort=). */
export const ATTENDANCE_SORT = ['name', 'empid', 'days'] as const;
export const WAGES_SORT = ['name', 'empid', 'days', 'wage', 'amount'] as const;
export const PAYROLL_SORT = ['name', 'empid', 'days', 'gross', 'epf', 'esi', 'other', 'net'] as const;

/** Attendance and wage register: everyone, only those with days in the month, or only those without. */
export const DAYS_FILTERS = ['with', 'without'] as const;
export type DaysFilter = (typeof DAYS_FILTERS)[number];

/** Payroll: EPF deducted or not, ESI deducted or not, with other deductions, flagged. */
export const PAYROLL_SHOWS = ['epf', 'noEpf', 'esi', 'noEsi', 'deductions', 'flagged'] as const;
export type PayrollShow = (typeof PAYROLL_SHOWS)[number];

/** Reads a filter from the address: one of `values`, else none. */
export function choiceFrom<const V extends string>(value: string | null | undefined, values: readonly V[]): V | null {
  return value && (values as readonly string[]).includes(value) ? (value as V) : null;
}

/** Rupees (at most two decimals, as the answers carry them) as whole paise. */
export const paiseOf = (rupees: number | null): number => (rupees === null ? 0 : Math.round(rupees * 100));

/** Whether a worker's name or Emp ID holds the search text (ignoring case and spaces around). */
function matchesWorker(row: { name: string; empid: string }, q: string | null | undefined): boolean {
  const needle = q?.trim().toLowerCase();
  if (!needle) return true;
  return row.name.toLowerCase().includes(needle) || row.empid.toLowerCase().includes(needle);
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * Rows sorted by a column; ties (and no order) keep the list's own order (by name, as the
 * server answers). Text columns compare as people read them (case-insensitive, E-2 before
 * E-10); number columns by value.
 */
function sortRows<T, K extends string>(rows: readonly T[], order: SortOrder<K> | null, valueOf: (row: T, key: K) => string | number | null): T[] {
  if (!order) return [...rows];
  const sign = order.desc ? -1 : 1;
  return rows
    .map((row, index) => ({ row, index, value: valueOf(row, order.key) }))
    .sort((a, b) => {
      const x = a.value;
      const y = b.value;
      let by = 0;
      if (x === null || y === null) by = x === y ? 0 : x === null ? -1 : 1;
      else if (typeof x === 'number' && typeof y === 'number') by = x - y;
      else by = collator.compare(String(x), String(y));
      return by * sign || a.index - b.index;
    })
    .map(({ row }) => row);
}

// ---- attendance ----

interface AttendanceViewRow {
  name: string;
  empid: string;
  total: number;
}

export interface DaysView<K extends string> {
  q?: string | null | undefined;
  days?: DaysFilter | null | undefined;
  sort?: SortOrder<K> | null | undefined;
}

const keepDays = (days: number, filter: DaysFilter | null | undefined) => (filter === 'with' ? days > 0 : filter === 'without' ? days === 0 : true);

export function attendanceView<T extends AttendanceViewRow>(workers: readonly T[], view: DaysView<(typeof ATTENDANCE_SORT)[number]>): T[] {
  const kept = workers.filter((row) => matchesWorker(row, view.q) && keepDays(row.total, view.days));
  return sortRows(kept, view.sort ?? null, (row, key) => (key === 'days' ? row.total : row[key]));
}

// ---- wage register ----

interface WageViewRow {
  name: string;
  empid: string;
  days: number;
  wage: number | null;
  amount: number;
}

export function wagesView<T extends WageViewRow>(rows: readonly T[], view: DaysView<(typeof WAGES_SORT)[number]>): T[] {
  const kept = rows.filter((row) => matchesWorker(row, view.q) && keepDays(row.days, view.days));
  return sortRows(kept, view.sort ?? null, (row, key) => (key === 'wage' || key === 'amount' ? (row[key] === null ? null : paiseOf(row[key])) : row[key]));
}

/** The register's totals in whole paise: days and amount. */
export function wagesTotals(rows: readonly WageViewRow[]): { days: number; amountPaise: number } {
  return rows.reduce((sum, row) => ({ days: sum.days + row.days, amountPaise: sum.amountPaise + paiseOf(row.amount) }), { days: 0, amountPaise: 0 });
}

// ---- payroll ----

type PayrollViewRow = Pick<PayrollRow, 'name' | 'empid' | 'days' | 'gross' | 'pfEmployee' | 'esiEmployee' | 'otherDeductions' | 'net' | 'flags'>;

export interface PayrollView {
  q?: string | null | undefined;
  show?: PayrollShow | null | undefined;
  sort?: SortOrder<(typeof PAYROLL_SORT)[number]> | null | undefined;
}

function keepPayroll(row: PayrollViewRow, show: PayrollShow | null | undefined): boolean {
  switch (show) {
    case 'epf':
      return row.pfEmployee > 0;
    case 'noEpf':
      return row.pfEmployee <= 0;
    case 'esi':
      return row.esiEmployee > 0;
    case 'noEsi':
      return row.esiEmployee <= 0;
    case 'deductions':
      return row.otherDeductions > 0;
    case 'flagged':
      return row.flags.length > 0;
    default:
      return true;
  }
}

const PAYROLL_MONEY = { gross: 'gross', epf: 'pfEmployee', esi: 'esiEmployee', other: 'otherDeductions', net: 'net' } as const;

export function payrollView<T extends PayrollViewRow>(rows: readonly T[], view: PayrollView): T[] {
  const kept = rows.filter((row) => matchesWorker(row, view.q) && keepPayroll(row, view.show));
  return sortRows(kept, view.sort ?? null, (row, key) => (key === 'name' || key === 'empid' || key === 'days' ? row[key] : paiseOf(row[PAYROLL_MONEY[key]])));
}

/** The payroll view's totals: days, and gross, EPF, ESI, other deductions and net in whole paise. */
export function payrollTotals(rows: readonly PayrollViewRow[]) {
  const totals = { days: 0, gross: 0, epf: 0, esi: 0, other: 0, net: 0 };
  for (const row of rows) {
    totals.days += row.days;
    totals.gross += paiseOf(row.gross);
    totals.epf += paiseOf(row.pfEmployee);
    totals.esi += paiseOf(row.esiEmployee);
    totals.other += paiseOf(row.otherDeductions);
    totals.net += paiseOf(row.net);
  }
  return totals;
}

/** The filters' names in an exported file's title row (the files are in English, as the others). */
export const DAYS_FILTER_TITLES: Record<DaysFilter, string> = { with: 'With days', without: 'Without days' };
export const PAYROLL_SHOW_TITLES: Record<PayrollShow, string> = {
  epf: 'With EPF',
  noEpf: 'Without EPF',
  esi: 'With ESI',
  noEsi: 'Without ESI',
  deductions: 'With other deductions',
  flagged: 'Flagged',
};
