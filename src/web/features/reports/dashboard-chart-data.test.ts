import { describe, expect, it } from 'vitest';
import { shortDayLabel } from '../../../shared/months.js';
import { billStatusRows, compactRupees, completedChartRows, dayLabelStep, lastDays, niceTicks } from './dashboard-chart-data.js';

describe('dashboard chart data', () => {
  it('lists the last days across a month and year boundary', () => {
    expect(lastDays('2026-01-02', 4)).toEqual(['2025-12-30', '2025-12-31', '2026-01-01', '2026-01-02']);
    expect(lastDays('2026-03-01', 2)).toEqual(['2026-02-28', '2026-03-01']);
    expect(lastDays('2026-11-21', 30)).toHaveLength(30);
  });

  it('labels days shortly', () => {
    expect(shortDayLabel('2026-11-05')).toBe('5 Nov');
  });

  it('puts every day in the chart, with a count per work type', () => {
    const rows = completedChartRows(
      [
        { day: '2026-11-20', work: 'mcc', count: 2 },
        { day: '2026-11-20', work: 'Pit & Yard', count: 1 },
        { day: '2026-11-21', work: 'acca', count: 3 },
        { day: '2026-10-01', work: 'mcc', count: 9 },
        { day: '2026-11-21', work: 'unknown', count: 4 },
      ],
      '2026-11-21',
      3,
    );
    expect(rows).toEqual([
      { day: '2026-11-19', label: '19 Nov', mcc: 0, acca: 0, bio: 0, laundry: 0, pftr: 0, 'pit & yard': 0 },
      { day: '2026-11-20', label: '20 Nov', mcc: 2, acca: 0, bio: 0, laundry: 0, pftr: 0, 'pit & yard': 1 },
      { day: '2026-11-21', label: '21 Nov', mcc: 0, acca: 3, bio: 0, laundry: 0, pftr: 0, 'pit & yard': 0 },
    ]);
  });

  it('orders bill statuses as SPEC does and keeps every status', () => {
    expect(billStatusRows([{ status: 'Bill Passed', count: 2, amount: 1500.5 }, { status: 'Accounts', count: 1, amount: 10 }])).toEqual([
      { status: 'Processing', count: 0, amount: 0 },
      { status: 'Passed to Division', count: 0, amount: 0 },
      { status: 'Accounts', count: 1, amount: 10 },
      { status: 'Bill Passed', count: 2, amount: 1500.5 },
    ]);
  });

  it('writes short rupee axis ticks in lakhs and crores', () => {
    expect(compactRupees(0)).toBe('₹0');
    expect(compactRupees(50000)).toBe('₹50K');
    expect(compactRupees(250000)).toBe('₹2.5L');
    expect(compactRupees(12000000)).toBe('₹1.2Cr');
    expect(compactRupees(100000000)).toBe('₹10Cr');
  });

  it('writes the units in the words it is given', () => {
    const units = { thousand: (n: string) => `₹${n} हज़ार`, lakh: (n: string) => `₹${n} लाख`, crore: (n: string) => `₹${n} करोड़` };
    expect(compactRupees(50000, units)).toBe('₹50 हज़ार');
    expect(compactRupees(250000, units)).toBe('₹2.5 लाख');
    expect(compactRupees(12000000, units)).toBe('₹1.2 करोड़');
    expect(compactRupees(900, units)).toBe('₹900');
  });

  it('labels the chart days with the reader words when given', () => {
    const rows = completedChartRows([], '2026-11-21', 2, (day) => `day ${day.slice(8)}`);
    expect(rows.map((row) => row.label)).toEqual(['day 20', 'day 21']);
  });

  it('draws whole-number axis ticks in steps of 1, 2 or 5', () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(3)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(23)).toEqual([0, 5, 10, 15, 20, 25]);
    expect(niceTicks(180)).toEqual([0, 50, 100, 150, 200]);
  });

  it('labels as many days as fit without overlapping', () => {
    expect(dayLabelStep(30, 900, 56)).toBe(2);
    expect(dayLabelStep(30, 280, 56)).toBe(6);
    expect(dayLabelStep(30, 2000, 56)).toBe(1);
    expect(dayLabelStep(0, 300, 56)).toBe(1);
  });
});
