import { CALENDAR_YEAR_MAX, CALENDAR_YEAR_MIN } from './limits.js';
import { MSG } from './messages.js';
import { isMonth } from './time.js';

/**
 * The input checks that need no schema library, for the server's request schemas
 * (schemas/input-rules.ts) and for screens that check an address or a month without
 * loading the forms' rules (decision 0029).
 */

/** A record id: a UUID in any letter case (ids are stored lower-case). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A staffing norm as typed: digits with an optional decimal part ("0.6", "2"), no sign or exponent. */
export const STAFFING_NORM_TEXT = /^\d+(?:\.\d+)?$/;

/** Whether the year of a 'YYYY-MM…' text lies within the years people may ask for. */
function yearInRange(value: string): boolean {
  const year = Number(value.slice(0, 4));
  return year >= CALENDAR_YEAR_MIN && year <= CALENDAR_YEAR_MAX;
}

/** The problem with a 'YYYY-MM' month, or null when it is a month people may ask for. */
export function monthProblem(value: string): string | null {
  // a well-formed month of year 0000 gets the message about the years, which says more
  if (!isMonth(value.replace(/^0000/, '2000'))) return MSG.monthInvalid;
  if (!yearInRange(value)) return MSG.monthOutOfRange;
  return null;
}
