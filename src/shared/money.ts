const wholeRupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const rupeesAndPaise = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * ₹ with en-IN grouping (SPEC §2), as accounts write it: whole rupees without decimals
 * (₹12,34,567), otherwise always two (₹2,500.50, never ₹2,500.5).
 */
export function formatRupees(amount: number | string | null | undefined): string {
  const value = typeof amount === 'string' ? Number(amount) : (amount ?? 0);
  const finite = Number.isFinite(value) ? value : 0;
  return Number.isInteger(Math.round(finite * 100) / 100) ? wholeRupees.format(finite) : rupeesAndPaise.format(finite);
}

/** Whole-rupee digits an amount may have: bills store numeric(14, 2). */
const MONEY_WHOLE_DIGITS = 12;
/** The largest amount numeric(14, 2) holds. */
export const MONEY_MAX = 10 ** MONEY_WHOLE_DIGITS - 0.01;
/** An amount written as text: rupees, optionally a point and one or two digits of paise. */
export const MONEY_PATTERN = new RegExp(`^\\d{1,${MONEY_WHOLE_DIGITS}}(\\.\\d{1,2})?$`);

/**
 * Exact money text with two decimals, as PostgreSQL numeric(…, 2) reads it, of an amount
 * given as text (MONEY_PATTERN, trimmed) or as a number; null when it is not money.
 */
export function moneyText(value: unknown): string | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!MONEY_PATTERN.test(text)) return null;
  return Number(text).toFixed(2);
}

/** An amount as whole paise (exact integer arithmetic), or null when it is not money. */
export function moneyPaise(value: unknown): number | null {
  const text = moneyText(value);
  return text === null ? null : Number(text.replace('.', ''));
}

/**
 * Neutralises a spreadsheet cell that a spreadsheet program could read as a formula
 * (text starting with =, +, - or @) by prefixing an apostrophe.
 */
export function safeCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
