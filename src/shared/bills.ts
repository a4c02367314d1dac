/** SPEC §3 and §9 bill statuses, in order: the one list the schemas, screens and SQL read. */
export const BILL_STATUSES = ['Processing', 'Passed to Division', 'Accounts', 'Bill Passed'] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];
export const BILL_PASSED = 'Bill Passed' satisfies BillStatus;

/** For counts a bill is passed, or pending (any other status). */
export function isBillPending(status: string | null | undefined): boolean {
  return status !== BILL_PASSED;
}
