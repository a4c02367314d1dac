import type { TFunction } from 'i18next';
import { ROLE } from '../../../shared/roles.js';
import { BILL_STATUSES } from '../../../shared/bills.js';
import { BILL_UNITS } from '../../../shared/bill-draft.js';
import { DUTY_STATUSES, DUTY_TYPES } from '../../../shared/duties.js';
import { DOC_LANGUAGES, GENDERS, SKILLS } from '../../../shared/payroll.js';
import { DESIGNATIONS, STAFF_STATUS, STAFF_STATUSES } from '../../../shared/staff.js';
import { billStatusLabel } from '../../i18n/bill-status-label.js';
import { formatDateTime } from '../../i18n/format.js';

/** Role values, each with the catalogue key of the name people know it by. */
const ROLES = [
  { value: String(ROLE.supervisor), key: 'supervisor' },
  { value: String(ROLE.manager), key: 'manager' },
  { value: String(ROLE.admin), key: 'admin' },
] as const;

export const ROLE_VALUES: readonly string[] = ROLES.map((role) => role.value);

/** The roles for a select, named in the reader's language (call during render). */
export function roleOptions(t: TFunction): { value: string; label: string }[] {
  return ROLES.map((role) => ({ value: role.value, label: t(`admin.roles.${role.key}`) }));
}

export function roleLabel(role: number, t: TFunction): string {
  return roleOptions(t).find((option) => option.value === String(role))?.label ?? t('admin.roles.unknown', { role });
}

/** A staff record's status (stored in English, SPEC's words) in the reader's language. */
export function staffStatusLabel(status: string, t: TFunction): string {
  if (status === STAFF_STATUS.active) return t('admin.staffStatus.active');
  if (status === STAFF_STATUS.onLeave) return t('admin.staffStatus.onLeave');
  if (status === STAFF_STATUS.resigned) return t('admin.staffStatus.resigned');
  return status;
}

/** The audit trail's areas: the `entity` values the server records. */
export const AUDIT_AREAS = ['staff', 'account', 'duty', 'bill', 'state', 'company', 'staffing-norm', 'contract-period', 'contract-terms', 'bill-penalty'] as const;

/** The audit trail's areas by name, in the reader's language; an area added later shows as recorded. */
export function areaLabel(area: string, t: TFunction): string {
  return (AUDIT_AREAS as readonly string[]).includes(area) ? t(`admin.audit.areas.${area as (typeof AUDIT_AREAS)[number]}`) : area;
}

/** The audit trail's column names in the reader's language (the live train page's history shares them). */
export function auditColumns(t: TFunction) {
  return {
    when: t('admin.audit.columns.when'),
    who: t('admin.audit.columns.who'),
    action: t('admin.audit.columns.action'),
    record: t('admin.audit.columns.record'),
    beforeAfter: t('admin.audit.columns.beforeAfter'),
  };
}

/**
 * Detail timestamps as SPEC §9 has them (en-GB: 05/03/2025, 14:07:09, a 24-hour clock
 * with seconds), in the reader's language and the company's time zone.
 */
const DETAIL_TIMESTAMP: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' };

export function detailDateTime(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '—';
  return formatDateTime(iso, timeZone, DETAIL_TIMESTAMP);
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

/**
 * The fields the audit trail records (the server's copies of duties, bills, staff,
 * accounts, the company profile, norms and contract periods), each with its catalogue key
 * under admin.audit.fields; a field recorded later shows by its recorded name.
 */
const AUDIT_FIELDS = {
  _id: 'id',
  trainno: 'trainno',
  status: 'status',
  work: 'work',
  supervisor: 'supervisor',
  totalcoach: 'totalcoach',
  type: 'type',
  reqq: 'reqq',
  used: 'used',
  suppliedBedsheet: 'suppliedBedsheet',
  returned: 'returned',
  completedAt: 'completedAt',
  completedDay: 'completedDay',
  workers: 'workers',
  version: 'version',
  createdBy: 'createdBy',
  createdAt: 'createdAt',
  updatedAt: 'updatedAt',
  month: 'month',
  billvalue: 'billvalue',
  penalty: 'penalty',
  netamount: 'netamount',
  consumedcoach: 'consumedcoach',
  contractperiod: 'contractperiod',
  name: 'name',
  phone: 'phone',
  aadhar: 'aadhar',
  empid: 'empid',
  designation: 'designation',
  category: 'category',
  wage: 'wage',
  bank: 'bank',
  branch: 'branch',
  ifsccode: 'ifsccode',
  acnumber: 'acnumber',
  uanno: 'uanno',
  esino: 'esino',
  email: 'email',
  role: 'role',
  disabled: 'disabled',
  staffId: 'staffId',
  userId: 'userId',
  liveDuty: 'liveDuty',
  perCoach: 'perCoach',
  period: 'period',
  shortName: 'shortName',
  logo: 'logo',
  address: 'address',
  established: 'established',
  satisfaction: 'satisfaction',
  counters: 'counters',
  testimonials: 'testimonials',
  faq: 'faq',
  // the staff payroll fields (issue 26)
  dob: 'dob',
  gender: 'gender',
  guardianName: 'guardianName',
  joined: 'joined',
  skill: 'skill',
  language: 'language',
  pfMember: 'pfMember',
  esiMember: 'esiMember',
  onLeaveFrom: 'onLeaveFrom',
  leftOn: 'leftOn',
  // the contract terms, the bill made from the duties and its penalties (issue 27)
  effectiveFrom: 'effectiveFrom',
  unit: 'unit',
  rate: 'rate',
  penaltyPerMissingWorker: 'penaltyPerMissingWorker',
  contractPeriod: 'contractPeriod',
  amount: 'amount',
  reason: 'reason',
  fromDuties: 'fromDuties',
} as const;

/** A recorded field's label in the reader's language ('trainno' → 'Train No'). */
export function fieldLabel(field: string, t: TFunction): string {
  return Object.hasOwn(AUDIT_FIELDS, field) ? t(`admin.audit.fields.${AUDIT_FIELDS[field as keyof typeof AUDIT_FIELDS]}`) : field;
}

/** Recorded instants (ISO text in UTC), shown as the company's wall time. */
const INSTANT_FIELDS = new Set(['completedAt', 'createdAt', 'updatedAt']);
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** Recorded fields that hold the id of a person (a staff record or an account), shown by name when the page knows it. */
const PERSON_FIELDS = new Set(['workers', 'supervisor', 'createdBy', 'userId', 'staffId']);

const includes = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);
const DESIGNATION_KEYS = { Manager: 'manager', Supervisor: 'supervisor', 'Cleaning Staff': 'cleaningStaff' } as const;
const SKILL_KEYS = { unskilled: 'unskilled', 'semi-skilled': 'semiSkilled', skilled: 'skilled', 'highly-skilled': 'highlySkilled' } as const;

/**
 * A recorded code (SPEC's English words or the API's values: a status, a duty type, a
 * designation, a gender…) in the reader's language; undefined for any other value.
 */
function codeLabel(field: string, value: string, t: TFunction): string | undefined {
  if (field === 'status') {
    if (includes(STAFF_STATUSES, value)) return staffStatusLabel(value, t);
    if (includes(DUTY_STATUSES, value)) return t(`duties.statusLabel.${value}`);
    if (includes(BILL_STATUSES, value)) return billStatusLabel(value, t);
  }
  if (field === 'type' && includes(DUTY_TYPES, value)) return t(`duties.dutyTypes.${value}`);
  if (field === 'designation' && includes(DESIGNATIONS, value)) return t(`staff.designations.${DESIGNATION_KEYS[value]}`);
  if (field === 'gender' && includes(GENDERS, value)) return t(`staff.payroll.genders.${value}`);
  if (field === 'skill' && includes(SKILLS, value)) return t(`staff.payroll.skills.${SKILL_KEYS[value]}`);
  if (field === 'language' && includes(DOC_LANGUAGES, value)) return t(`staff.payroll.languages.${value}`);
  if (field === 'unit' && includes(BILL_UNITS, value)) return t(`admin.contractTerms.units.${value}`);
  return undefined;
}

/**
 * One recorded value of `field` as a person reads it: instants in the company's time zone
 * (not the UTC text the server stored), a role by its name, statuses, types and other codes
 * in the reader's language, yes or no for a switch, people by name (`names`: ids to names,
 * a crew's from the server and the accounts'), everything else as displayValue.
 */
export function fieldValue(field: string, value: unknown, t: TFunction, timeZone: string, names: ReadonlyMap<string, string> = new Map()): string {
  if (INSTANT_FIELDS.has(field) && typeof value === 'string' && ISO_INSTANT.test(value)) return detailDateTime(value, timeZone);
  if (field === 'role' && typeof value === 'number') return roleLabel(value, t);
  if (typeof value === 'boolean') return t(value ? 'admin.diff.yes' : 'admin.diff.no');
  if (PERSON_FIELDS.has(field)) {
    if (typeof value === 'string') return names.get(value) ?? value;
    if (Array.isArray(value) && value.every((id) => typeof id === 'string')) return value.length === 0 ? '—' : value.map((id: string) => names.get(id) ?? id).join(', ');
  }
  if (typeof value === 'string') return codeLabel(field, value, t) ?? value;
  return displayValue(value);
}

/** A duty's train number as the audit trail names it: the server's, else the one the entry recorded. */
export function auditTrainNo(entry: { trainNo?: string | null; before: unknown; after: unknown }): string | null {
  if (entry.trainNo) return entry.trainNo;
  for (const side of [entry.after, entry.before]) {
    const trainno = isRecord(side) ? side.trainno : null;
    if (typeof trainno === 'string' && trainno) return trainno;
  }
  return null;
}

/** One value of a diff as short readable text. */
export function displayValue(value: unknown): string {
  if (value === undefined) return '';
  if (value === null) return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * The recorded actions as a sentence fragment, from the catalogue's admin.audit.actions
 * (an action 'duty.create' is the key admin.audit.actions.duty.create); an action added
 * later shows as recorded.
 */
const ACTIONS = [
  'account.create',
  'account.update',
  'account.send-reset',
  'account.end-sessions',
  'bill.create',
  'bill.update',
  'bill.delete',
  'bill.from-duties',
  'bill-penalty.add',
  'bill-penalty.remove',
  'company.update',
  'contract.update',
  'contract-terms.update',
  'duty.create',
  'duty.update',
  'duty.complete',
  'duty.status',
  'norm.update',
  'staff.create',
  'staff.update',
  'staff.import',
  'state.create',
  'state.update',
  'state.delete',
] as const;

export function actionLabel(action: string, t: TFunction): string {
  return (ACTIONS as readonly string[]).includes(action) ? t(`admin.audit.actions.${action as (typeof ACTIONS)[number]}`) : action;
}
