/** SPEC §3 and §9 bill statuses, in order. */
export const BILL_STATUSES = ['Processing', 'Passed to Division', 'Accounts', 'Bill Passed'] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];
export const BILL_PASSED: BillStatus = 'Bill Passed';

/** For counts a bill is passed, or pending (any other status). */
export function isBillPending(status: string | null | undefined): boolean {
  return status !== BILL_PASSED;
}
