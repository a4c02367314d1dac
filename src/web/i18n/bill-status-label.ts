import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { BILL_STATUSES, type BillStatus } from '../../shared/bills.js';

const STATUS_KEYS = {
  Processing: 'processing',
  'Passed to Division': 'passedToDivision',
  Accounts: 'accounts',
  'Bill Passed': 'billPassed',
} as const satisfies Record<BillStatus, string>;

/**
 * A bill status (SPEC §3: stored and sent as SPEC's English words) as the reader reads it;
 * a status the list does not know is shown as stored.
 */
export function useBillStatusLabel(): (status: string) => string {
  const { t } = useTranslation();
  return (status) => billStatusLabel(status, t);
}

/** A bill status as the reader reads it, for code that has `t` already (the audit trail's values). */
export function billStatusLabel(status: string, t: TFunction): string {
  return status in STATUS_KEYS ? t(`bills.statuses.${STATUS_KEYS[status as BillStatus]}`) : status;
}

/** The status select's options: SPEC's values, labelled in the reader's language. */
export function useBillStatusOptions(): { value: string; label: string }[] {
  const label = useBillStatusLabel();
  return BILL_STATUSES.map((status) => ({ value: status, label: label(status) }));
}
