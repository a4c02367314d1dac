import { shortDayLabel } from '../../../shared/months.js';
import { BILL_STATUSES } from '../../../shared/bills.js';
import { DASHBOARD_CHART_DAYS } from '../../../shared/limits.js';
import { toWorkType, WORK_TYPES, type WorkType } from '../../../shared/work-types.js';

export type CompletedDayRow = { day: string; label: string } & Record<WorkType, number>;

/** The `count` days ending on `today` ('YYYY-MM-DD'), oldest first. */
export function lastDays(today: string, count: number): string[] {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.UTC(year, month - 1, day - (count - 1 - index)));
    return date.toISOString().slice(0, 10);
  });
}

/**
 * One chart row per day of the server's chart period (days without completions included, so the time
 * axis is even), with a count per work type; the server sends only non-empty groups. Days are
 * labelled by `dayLabel` (the reader's language on screen).
 */
export function completedChartRows(
  perDay: { day: string; work: string; count: number }[],
  today: string,
  count = DASHBOARD_CHART_DAYS,
  dayLabel: (day: string) => string = shortDayLabel,
): CompletedDayRow[] {
  const rows = new Map<string, CompletedDayRow>();
  for (const day of lastDays(today, count)) {
    const row = { day, label: dayLabel(day) } as CompletedDayRow;
    for (const work of WORK_TYPES) row[work] = 0;
    rows.set(day, row);
  }
  for (const entry of perDay) {
    const row = rows.get(entry.day);
    const work = toWorkType(entry.work);
    if (row && work) row[work] += entry.count;
  }
  return [...rows.values()];
}

/** Bill amounts by status in SPEC's status order (every status shown, 0 when none), then any other. */
export function billStatusRows(byStatus: { status: string; count: number; amount: number }[]): { status: string; count: number; amount: number }[] {
  const known = BILL_STATUSES.map((status) => {
    const found = byStatus.find((entry) => entry.status === status);
    return { status, count: found?.count ?? 0, amount: found?.amount ?? 0 };
  });
  const others = byStatus.filter((entry) => !(BILL_STATUSES as readonly string[]).includes(entry.status));
  return [...known, ...others];
}

/** How a short amount is written in thousands, lakhs and crores ({{value}} is the number). */
export interface CompactUnits {
  thousand: (value: string) => string;
  lakh: (value: string) => string;
  crore: (value: string) => string;
}

const ENGLISH_UNITS: CompactUnits = { thousand: (n) => `₹${n}K`, lakh: (n) => `₹${n}L`, crore: (n) => `₹${n}Cr` };

/** Short rupee axis ticks in the Indian way: ₹0, ₹50K, ₹2.5L, ₹1.2Cr (or the reader's words for them). */
export function compactRupees(value: number, units: CompactUnits = ENGLISH_UNITS): string {
  const abs = Math.abs(value);
  const short = (n: number) => String(Number(n.toFixed(1)));
  if (abs >= 1e7) return units.crore(short(value / 1e7));
  if (abs >= 1e5) return units.lakh(short(value / 1e5));
  if (abs >= 1e3) return units.thousand(short(value / 1e3));
  return `₹${short(value)}`;
}

/**
 * The value axis of a count chart: whole-number ticks from 0 in steps of 1, 2 or 5 times a
 * power of ten, at most `most` + 1 of them, the last at or above `max`.
 */
export function niceTicks(max: number, most = 5): number[] {
  const top = Math.max(1, Math.ceil(max));
  let step = 1;
  for (let power = 1; ; power *= 10) {
    const found = [1, 2, 5].map((factor) => factor * power).find((candidate) => Math.ceil(top / candidate) <= most);
    if (found) {
      step = found;
      break;
    }
  }
  const count = Math.ceil(top / step);
  return Array.from({ length: count + 1 }, (_, index) => index * step);
}

/** Label every `step`-th day (counted back from today) so labels of `labelWidth` px never overlap. */
export function dayLabelStep(days: number, plotWidth: number, labelWidth: number): number {
  if (days <= 0 || plotWidth <= 0) return 1;
  const fit = Math.max(1, Math.floor(plotWidth / labelWidth));
  return Math.max(1, Math.ceil(days / fit));
}
