import { currentLanguage, type Language } from './i18n.js';

/**
 * Numbers, dates and times in the reader's language, with Indian digit grouping
 * (12,34,567): every locale is the language's Indian variant. Western digits are kept in
 * every language, as on Indian railway documents and bills.
 */
const LOCALES: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN', ml: 'ml-IN' };

export function localeOf(language: Language = currentLanguage()): string {
  return LOCALES[language];
}

export function formatNumber(value: number, options?: Intl.NumberFormatOptions, language?: Language): string {
  return new Intl.NumberFormat(localeOf(language), options).format(value);
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
