/**
 * Months as the app names them in English ('November 2026', '21 Nov'), without any of
 * MSG: the web app's first download reads month names here (i18n/messages.ts, format.ts)
 * and must not carry the signed-in screens' texts (decision 0029).
 */
export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** The year and month number of a 'YYYY-MM' month. */
export function monthParts(month: string): { year: number; number: number } {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return { year, number };
}

/** 'November 2026' for '2026-11' (the text itself when it is not a month). */
export function monthLabel(month: string): string {
  const { year, number } = monthParts(month);
  const name = MONTH_NAMES[number - 1];
  return name && Number.isInteger(year) ? `${name} ${year}` : month;
}

/** '21 Nov' for '2026-11-21'. */
export function shortDayLabel(day: string): string {
  const { number } = monthParts(day);
  return `${Number(day.slice(8, 10))} ${MONTH_NAMES[number - 1]!.slice(0, 3)}`;
}

/** The month `delta` months after `month` ('2026-01', -1 → '2025-12'). */
export function shiftMonth(month: string, delta: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (number - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}
