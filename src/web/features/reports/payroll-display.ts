import { useTranslation } from 'react-i18next';
import { FLAG } from '../../../shared/payroll.js';
import { localeOf } from '../../i18n/format.js';
import { shiftMonth } from './report-month.js';

/**
 * How the payroll screens show what the server answers: the month a payroll page opens on,
 * the due date, and the flags (short English texts naming their subject, src/shared/payroll.ts)
 * in the reader's language.
 */

/**
 * The month shown: the address's, else the month before the current one, the month an office
 * closes at month end (a payroll can be finalised only once its month has ended).
 */
export function payrollMonth(fromAddress: string | null, currentMonth: string): string {
  return fromAddress ?? shiftMonth(currentMonth, -1);
}

/** '7 Dec 2026' ('YYYY-MM-DD', a calendar day: no time zone may move it) in the reader's language. */
export function formatDueDate(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  if (!year || !month || !date) return day;
  return new Intl.DateTimeFormat(localeOf(), { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year, month - 1, date, 12));
}

const FLAG_KEYS = Object.fromEntries(Object.entries(FLAG).map(([key, text]) => [text, key])) as Record<string, keyof typeof FLAG>;

/** A flag in the reader's language; a flag this app does not know yet (a newer server) as the server wrote it. */
export function useFlagLabel(): (flag: string) => string {
  const { t } = useTranslation();
  return (flag) => {
    const key = FLAG_KEYS[flag];
    return key ? t(`payroll.flags.${key}`) : flag;
  };
}
