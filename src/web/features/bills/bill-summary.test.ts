import { describe, expect, it } from 'vitest';
import type { BillStatus } from '../../../shared/bills.js';
import type { Bill } from '../../../shared/schemas/bills.js';
import { netAmountText, summarizeBills } from './bill-summary.js';

function bill(month: string, status: BillStatus, billvalue: number, penalty: number, netamount: number, contractperiod: string | null = null): Bill {
  return { _id: month, month, work: 'mcc', status, billvalue, penalty, netamount, consumedcoach: null, contractperiod, fromDuties: false, createdAt: '', updatedAt: '' };
}

describe('bill summary cards', () => {
  it('sums the tab exactly and counts pending bills', () => {
    const summary = summarizeBills([
      bill('2026-11', 'Processing', 100000.1, 0.2, 99999.9, '2024-2027'),
      bill('2026-10', 'Bill Passed', 0.2, 0.1, 0.1),
      bill('2026-09', 'Bill Passed', 50, 0, 50, 'other'),
      bill('2026-08', 'Accounts', 1, 0, 1),
    ]);
    expect(summary).toEqual({ billValue: 100051.3, netAmount: 100051, penalty: 0.3, contractPeriod: '2024-2027', lastPassedMonth: '2026-10', pending: 2 });
  });

  it('has no contract period and no passed month for an empty tab', () => {
    expect(summarizeBills([])).toEqual({ billValue: 0, netAmount: 0, penalty: 0, contractPeriod: null, lastPassedMonth: null, pending: 0 });
    expect(summarizeBills([bill('2026-01', 'Processing', 1, 0, 1, '  ')]).contractPeriod).toBeNull();
  });
});

describe('net amount prefill', () => {
  it('is the bill value minus the penalty, to the paisa', () => {
    expect(netAmountText('1000', '250.5')).toBe('749.50');
    expect(netAmountText('0.3', '0.1')).toBe('0.20');
    expect(netAmountText('100000', '')).toBe('100000');
    expect(netAmountText('100', '150')).toBe('-50');
  });

  it('is empty until the amounts are numbers', () => {
    expect(netAmountText('', '10')).toBe('');
    expect(netAmountText('12a', '0')).toBe('');
    expect(netAmountText('10', 'x')).toBe('');
    // the server's rule (MONEY_PATTERN): digits and a point, as the amount box keeps them
    expect(netAmountText('1,00,000', '')).toBe('');
  });
});
