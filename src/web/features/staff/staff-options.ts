import { useTranslation } from 'react-i18next';
import { SKILLS, type Skill } from '../../../shared/payroll.js';
import { DESIGNATIONS, STAFF_STATUSES, WORKER_DESIGNATIONS, type Designation, type StaffStatus } from '../../../shared/staff.js';
import { WORK_TYPES, WORK_TYPE_SELECT_LABELS } from '../../../shared/work-types.js';

/** Select options shared by the staff forms (SPEC §9 constants). Work types are SPEC's fixed names in every language. */
export const workOptions = WORK_TYPES.map((work) => ({ value: work, label: WORK_TYPE_SELECT_LABELS[work] }));

const DESIGNATION_KEYS = { Manager: 'manager', Supervisor: 'supervisor', 'Cleaning Staff': 'cleaningStaff' } as const satisfies Record<Designation, string>;
export const SKILL_KEYS = { unskilled: 'unskilled', 'semi-skilled': 'semiSkilled', skilled: 'skilled', 'highly-skilled': 'highlySkilled' } as const satisfies Record<Skill, string>;
const STATUS_KEYS = { Active: 'active', 'On Leave': 'onLeave', Resigned: 'resigned' } as const satisfies Record<StaffStatus, string>;

/**
 * The stored values (SPEC's English words, sent to the server as they are) with labels in
 * the reader's language; a value the lists do not know is shown as stored.
 */
export function useStaffLabels() {
  const { t } = useTranslation();
  const designation = (value: string) => (value in DESIGNATION_KEYS ? t(`staff.designations.${DESIGNATION_KEYS[value as Designation]}`) : value);
  const status = (value: string) => (value in STATUS_KEYS ? t(`staff.statuses.${STATUS_KEYS[value as StaffStatus]}`) : value);
  const skill = (value: string) => (value in SKILL_KEYS ? t(`staff.payroll.skills.${SKILL_KEYS[value as Skill]}`) : value);
  return {
    designation,
    status,
    skill,
    workerDesignationOptions: WORKER_DESIGNATIONS.map((value) => ({ value, label: designation(value) })),
    designationOptions: DESIGNATIONS.map((value) => ({ value, label: designation(value) })),
    statusOptions: STAFF_STATUSES.map((value) => ({ value, label: status(value) })),
    skillOptions: SKILLS.map((value) => ({ value, label: skill(value) })),
  };
}
