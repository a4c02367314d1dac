import { describe, expect, it } from 'vitest';
import { formatMoney, formatMonth, formatShortDay } from './format.js';

describe('money, months and days in the reader language', () => {
  it('writes rupees with Indian grouping: whole rupees bare, paise always two digits', () => {
    expect(formatMoney(1234567)).toBe('₹12,34,567');
    expect(formatMoney('2500.5')).toBe('₹2,500.50');
    expect(formatMoney(98765432.1)).toBe('₹9,87,65,432.10');
    expect(formatMoney(null)).toBe('₹0');
  });

  it('names a report month in each language, English as SPEC writes it', () => {
    expect(formatMonth('2026-11', 'en')).toBe('November 2026');
    expect(formatMonth('2026-09', 'en')).toBe('September 2026');
    expect(formatMonth('2026-11', 'hi')).toBe('नवंबर 2026');
    expect(formatMonth('2026-11', 'ml')).toBe('2026 നവംബർ');
  });

  it('keeps the month and day whatever the time zone (calendar days are not instants)', () => {
    expect(formatMonth('2027-01', 'hi')).toBe('जनवरी 2027');
    expect(formatShortDay('2026-12-31', 'hi')).toBe('31 दिस॰');
    expect(formatShortDay('2026-01-01', 'ml')).toBe('ജനു 1');
  });

  it('labels chart days shortly', () => {
    expect(formatShortDay('2026-11-05', 'en')).toBe('5 Nov');
    expect(formatShortDay('2026-09-21', 'en')).toBe('21 Sep');
    expect(formatShortDay('2026-11-05', 'hi')).toBe('5 नव॰');
    expect(formatShortDay('2026-11-05', 'ml')).toBe('നവം 5');
  });

  it('shows a text that is not a month as it is', () => {
    expect(formatMonth('soon', 'hi')).toBe('soon');
  });
});
