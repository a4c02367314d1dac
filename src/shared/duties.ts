import type { WorkType } from './work-types.js';

/** SPEC §3 train job statuses and types. */
export const DUTY_STATUSES = ['processing', 'completed'] as const;
export type DutyStatus = (typeof DUTY_STATUSES)[number];
export const DUTY_TYPES = ['Primary', 'Secondary'] as const;
export type DutyType = (typeof DUTY_TYPES)[number];

/** Work types whose duties are trains: train number, coaches (tanks for bio), type. */
export const TRAIN_WORK_TYPES: readonly WorkType[] = ['mcc', 'bio', 'acca'];
export function isTrainWork(work: string): boolean {
  return (TRAIN_WORK_TYPES as readonly string[]).includes(work);
}
/** Type (Primary or Secondary) is asked for every train type except bio (SPEC §2). */
export function hasDutyType(work: string): boolean {
  return work === 'mcc' || work === 'acca';
}

/** DESIGN.md: required staff per coach, a per-work-type norm the admin can change. */
export const DEFAULT_STAFFING_NORM = 0.6;
export const MAX_COACHES = 500;
export const MAX_BEDSHEETS = 100_000;

/** Required staff = round(norm × total coaches), 0 when there are none. */
export function requiredStaff(totalCoach: number | null | undefined, norm: number = DEFAULT_STAFFING_NORM): number {
  if (!totalCoach || totalCoach <= 0) return 0;
  return Math.round(norm * totalCoach);
}

/** Manpower excess/short = assigned workers − required (negative shown red, positive green). */
export function manpowerDifference(workerCount: number, reqq: number | null | undefined): number {
  return workerCount - (reqq ?? 0);
}

/** Bedsheet excess/short = supplied − returned (positive shown red, negative green). */
export function bedsheetDifference(supplied: number | null | undefined, returned: number | null | undefined): number {
  return (supplied ?? 0) - (returned ?? 0);
}
