/**
 * Calendar days in the company's time zone (APP_TZ, DESIGN.md). Days are 'YYYY-MM-DD'
 * text, the form PostgreSQL's date type reads and writes.
 */

/**
 * APP_TZ's default. The web app uses it where the server has not told it the day; with
 * another APP_TZ the server still decides (its answers carry "today" where it matters).
 */
export const DEFAULT_APP_TZ = 'Asia/Kolkata';

const formatters = new Map<string, Intl.DateTimeFormat>();

function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The calendar day of a moment in a time zone, e.g. 2026-11-21T19:00Z in Asia/Kolkata → 2026-11-22. */
export function dayInZone(moment: Date, timeZone: string): string {
  return dayFormatter(timeZone).format(moment);
}

/** 'YYYY-MM' of a moment in a time zone. */
export function monthInZone(moment: Date, timeZone: string): string {
  return dayInZone(moment, timeZone).slice(0, 7);
}

/** The number of days in a 'YYYY-MM' month. */
export function daysInMonth(month: string): number {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
}

/** First and last day of a 'YYYY-MM' month. */
export function monthRange(month: string): { from: string; to: string } {
  return { from: `${month}-01`, to: `${month}-${String(daysInMonth(month)).padStart(2, '0')}` };
}

/**
 * Whether a text is a real calendar day 'YYYY-MM-DD' (years 0001–9999; 2026-02-30 is not).
 * setUTCFullYear, because Date.UTC reads the years 0–99 as 1900–1999.
 */
export function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  if (year < 1) return false;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A month as 'YYYY-MM' (months 01–12); isMonth also refuses the year 0000. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Whether a text is a month 'YYYY-MM' (years 0001–9999, months 01–12). */
export function isMonth(value: string): boolean {
  return MONTH_PATTERN.test(value) && value.slice(0, 4) !== '0000';
}

/** Whole days from one 'YYYY-MM-DD' to another (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
