import { currentLanguage, type Language } from './i18n.js';
import { monthLabel, shortDayLabel } from '../../shared/months.js';
import { formatRupees } from '../../shared/money.js';

/**
 * Numbers, dates and times in the reader's language, with Indian digit grouping
 * (12,34,567): every locale is the language's Indian variant. Western digits are kept in
 * every language, as on Indian railway documents and bills.
 */
const LOCALES: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN', ml: 'ml-IN' };

export function localeOf(language: Language = currentLanguage()): string {
  return LOCALES[language];
}

/**
 * A number with Indian grouping (12,34,567) and Western digits in every language: ICU's
 * ml-IN pattern groups 1,234,567, so numbers always use the en-IN pattern.
 */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat('en-IN', options).format(value);
}

/** A date and time in the company's time zone, e.g. 23/11/2026, 5:35 pm. */
export function formatDateTime(value: string | Date, timeZone: string, options?: Intl.DateTimeFormatOptions, language?: Language): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return new Intl.DateTimeFormat(localeOf(language), {
    timeZone,
    ...(options ?? { day: '2-digit', month: '2-digit', year: 'numeric', hour: 'numeric', minute: '2-digit' }),
  }).format(date);
}

/** A date only, e.g. 23/11/2026 (in the company's time zone). */
export function formatDate(value: string | Date, timeZone: string, options?: Intl.DateTimeFormatOptions, language?: Language): string {
  return formatDateTime(value, timeZone, options ?? { day: '2-digit', month: '2-digit', year: 'numeric' }, language);
}

/**
 * Rupees as accounts write them: ₹ and Indian grouping, whole rupees without decimals
 * (₹12,34,567), otherwise always two (₹2,500.50). The same in every language: Hindi and
 * Malayalam documents write amounts with Western digits too, and ml-IN's own number pattern
 * would group 1,234,567, so every language uses the en-IN pattern here.
 */
export function formatMoney(amount: number | string | null | undefined): string {
  return formatRupees(amount);
}

/** A calendar day or month ('YYYY-MM-DD', 'YYYY-MM') as a date at noon UTC, so no time zone can move it to a neighbouring day. */
function calendarDate(text: string): Date | null {
  const [year, month, day = 1] = text.split('-').map(Number) as [number, number, number?];
  if (!Number.isInteger(year) || !Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(day)) return null;
  return new Date(Date.UTC(year, month - 1, day, 12));
}

/**
 * A report month ('YYYY-MM', already the company's month: the server reckons it in the
 * company's time zone) in the reader's language: 'November 2026', 'नवंबर 2026',
 * '2026 നവംബർ'. English keeps SPEC's words exactly (monthLabel).
 */
export function formatMonth(month: string, language: Language = currentLanguage()): string {
  const date = calendarDate(month);
  if (language === 'en' || !date) return monthLabel(month);
  return new Intl.DateTimeFormat(localeOf(language), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** A short day ('YYYY-MM-DD', a company's calendar day) for chart axes: '21 Nov', '21 नव॰', 'നവം 21'. */
export function formatShortDay(day: string, language: Language = currentLanguage()): string {
  const date = calendarDate(day);
  if (language === 'en' || !date) return shortDayLabel(day);
  return new Intl.DateTimeFormat(localeOf(language), { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(date);
}
