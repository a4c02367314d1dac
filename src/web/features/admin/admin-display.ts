import { ROLE } from '../../../shared/roles.js';

/** Role values and the names people know them by. */
export const ROLE_OPTIONS = [
  { value: String(ROLE.supervisor), label: 'Supervisor' },
  { value: String(ROLE.manager), label: 'Manager' },
  { value: String(ROLE.admin), label: 'Admin' },
];

export function roleLabel(role: number): string {
  return ROLE_OPTIONS.find((option) => option.value === String(role))?.label ?? `Role ${role}`;
}

/** The audit trail's areas: the `entity` values the server records. */
export const AUDIT_AREAS = ['staff', 'account', 'duty', 'bill', 'state', 'company', 'staffing-norm', 'contract-period'] as const;

/** Detail timestamps in en-GB (SPEC §9: detail timestamps), e.g. 05/03/2025, 14:07:09. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString('en-GB');
}

export interface DiffRow {
  key: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Lines up an audit entry's before and after by key, marking the keys whose values
 * differ, so the page can show them side by side with the changes highlighted. A created
 * record has no before and a removed one no after: every key counts as changed then.
 */
export function diffRows(before: unknown, after: unknown): DiffRow[] {
  const left = isRecord(before) ? before : {};
  const right = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(left), ...Object.keys(right)])];
  return keys.map((key) => ({
    key,
    before: left[key],
    after: right[key],
    changed: JSON.stringify(left[key]) !== JSON.stringify(right[key]),
  }));
}

/** One value of a diff as short readable text. */
export function displayValue(value: unknown): string {
  if (value === undefined) return '';
  if (value === null) return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The recorded actions as a sentence fragment; an action added later shows as recorded. */
const ACTION_LABELS: Record<string, string> = {
  'account.create': 'Account created',
  'account.update': 'Account changed',
  'account.send-reset': 'Reset code sent',
  'account.end-sessions': 'Sessions ended',
  'bill.create': 'Bill added',
  'bill.update': 'Bill changed',
  'bill.delete': 'Bill deleted',
  'company.update': 'Company profile changed',
  'contract.update': 'Contract period changed',
  'duty.create': 'Duty added',
  'duty.update': 'Duty edited',
  'duty.complete': 'Duty completed',
  'duty.status': 'Duty status changed',
  'norm.update': 'Staffing norm changed',
  'staff.create': 'Staff added',
  'staff.update': 'Staff changed',
  'staff.import': 'Staff imported',
  'state.create': 'State added',
  'state.update': 'State renamed',
  'state.delete': 'State removed',
};

export function actionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action;
}
