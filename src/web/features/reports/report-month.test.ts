import { describe, expect, it } from 'vitest';
import { monthLabel } from '../../../shared/months.js';
import { isMonth, shiftMonth } from './report-month.js';

describe('report months', () => {
  it('steps across year boundaries', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2025-12', 1)).toBe('2026-01');
    expect(shiftMonth('2026-05', -13)).toBe('2025-04');
    expect(shiftMonth('2026-05', 0)).toBe('2026-05');
  });

  it('names a month with its year', () => {
    expect(monthLabel('2026-11')).toBe('November 2026');
  });

  it('accepts only YYYY-MM months', () => {
    expect(isMonth('2026-11')).toBe(true);
    expect(isMonth('2026-13')).toBe(false);
    expect(isMonth('2026-1')).toBe(false);
    expect(isMonth(null)).toBe(false);
  });

  it('accepts only the months the server reports on (2000–2100), so the address cannot ask for a 400', () => {
    expect(isMonth('2000-01')).toBe(true);
    expect(isMonth('1999-12')).toBe(false);
    expect(isMonth('0000-01')).toBe(false);
    expect(isMonth('2101-01')).toBe(false);
  });
});
