import { BILL_PASSED, isBillPending } from '../../../shared/bills.js';
import { moneyPaise } from '../../../shared/money.js';
import type { Bill } from '../../../shared/schemas/bills.js';

/** Sums in paise, so 0.1 + 0.2 adds up to exactly 0.30 rupees. */
function sumRupees(values: number[]): number {
  return values.reduce((total, value) => total + Math.round(value * 100), 0) / 100;
}

export interface BillSummary {
  billValue: number;
  netAmount: number;
  penalty: number;
  /** of the first bill in the tab, or null (shown as a dash) */
  contractPeriod: string | null;
  /** 'YYYY-MM' of the newest passed bill, or null */
  lastPassedMonth: string | null;
  pending: number;
}

/**
 * The cards of a Bill Details tab (SPEC §2). 'Last Passed Bill Month' is the newest month
 * among the passed bills: the list is newest first, so that is the first passed one.
 */
export function summarizeBills(bills: Bill[]): BillSummary {
  const passed = bills.filter((bill) => bill.status === BILL_PASSED).map((bill) => bill.month);
  passed.sort((a, b) => b.localeCompare(a));
  return {
    billValue: sumRupees(bills.map((bill) => bill.billvalue)),
    netAmount: sumRupees(bills.map((bill) => bill.netamount)),
    penalty: sumRupees(bills.map((bill) => bill.penalty)),
    contractPeriod: bills[0]?.contractperiod?.trim() || null,
    lastPassedMonth: passed[0] ?? null,
    pending: bills.filter((bill) => isBillPending(bill.status)).length,
  };
}

/**
 * The net amount the form prefills: bill value minus penalty, exact to the paisa; '' when
 * either is not an amount yet (the manager may still type any net amount).
 */
export function netAmountText(billValue: string, penalty: string): string {
  const value = moneyPaise(billValue);
  const minus = moneyPaise(penalty === '' ? '0' : penalty);
  if (value === null || minus === null) return '';
  const net = value - minus;
  const sign = net < 0 ? '-' : '';
  const abs = Math.abs(net);
  const rupees = Math.floor(abs / 100);
  const rest = abs % 100;
  return rest === 0 ? `${sign}${rupees}` : `${sign}${rupees}.${String(rest).padStart(2, '0')}`;
}
