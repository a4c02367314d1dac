import type { WorkType } from './work-types.js';

/** SPEC §3 train job statuses and types. */
export const DUTY_STATUSES = ['processing', 'completed'] as const;
export const DUTY_TYPES = ['Primary', 'Secondary'] as const;
export type DutyType = (typeof DUTY_TYPES)[number];

/** Work types whose duties are trains: train number, coaches (tanks for bio), type. */
const TRAIN_WORK_TYPES: readonly WorkType[] = ['mcc', 'bio', 'acca'];
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
/** The most workers one duty may have. */
export const MAX_CREW = 500;

/** Norms are kept to three decimals (staffing_norms.per_coach numeric(6,3)). */
const NORM_SCALE = 1000;

/**
 * Required staff = round(norm × total coaches), halves up, 0 when there are none. The
 * server stores it and Add Work Details shows it with this one function. Counted in
 * thousandths of the norm, so 1.15 × 10 is 11.5 and rounds to 12 (in binary floating
 * point it is 11.4999… and would round to 11).
 */
export function requiredStaff(totalCoach: number | null | undefined, norm: number = DEFAULT_STAFFING_NORM): number {
  if (!totalCoach || totalCoach <= 0) return 0;
  return Math.round((Math.round(norm * NORM_SCALE) * totalCoach) / NORM_SCALE);
}

/** Manpower excess/short = assigned workers − required (negative shown red, positive green). */
export function manpowerDifference(workerCount: number, reqq: number | null | undefined): number {
  return workerCount - (reqq ?? 0);
}

/** Bedsheet excess/short = supplied − returned (positive shown red, negative green). */
export function bedsheetDifference(supplied: number | null | undefined, returned: number | null | undefined): number {
  return (supplied ?? 0) - (returned ?? 0);
}
