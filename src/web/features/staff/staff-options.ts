import { DESIGNATIONS, STAFF_STATUSES, WORKER_DESIGNATIONS } from '../../../shared/staff.js';
import { WORK_TYPES, WORK_TYPE_SELECT_LABELS } from '../../../shared/work-types.js';

/** Select options shared by the staff forms (SPEC §9 constants). */
export const workOptions = WORK_TYPES.map((work) => ({ value: work, label: WORK_TYPE_SELECT_LABELS[work] }));
export const workerDesignationOptions = [...WORKER_DESIGNATIONS];
export const designationOptions = [...DESIGNATIONS];
export const statusOptions = [...STAFF_STATUSES];
