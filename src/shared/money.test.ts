import { describe, expect, it } from 'vitest';
import { formatRupees } from './money.js';

describe('formatRupees', () => {
  it('groups the en-IN way and shows paise with two digits', () => {
    expect(formatRupees(125000)).toBe('₹1,25,000');
    expect(formatRupees(122499.5)).toBe('₹1,22,499.50');
    expect(formatRupees(9875543.21)).toBe('₹98,75,543.21');
    expect(formatRupees(0)).toBe('₹0');
    expect(formatRupees(Number.NaN)).toBe('₹0');
  });
});
