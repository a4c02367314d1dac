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

/** Exact money text with two decimals, as PostgreSQL numeric(…, 2) reads it; null when not money. */
export function moneyText(value: unknown): string | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim().replace(/,/g, '') : '';
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(text)) return null;
  return Number(text).toFixed(2);
}

/**
 * Neutralises a spreadsheet cell that a spreadsheet program could read as a formula
 * (text starting with =, +, - or @) by prefixing an apostrophe.
 */
export function safeCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
