import { MSG } from './messages.js';
import { monthLabel, monthParts } from './months.js';
import type { DayMarkKind } from './payroll.js';

/** SPEC §4 attendance day codes and their values, and the month labels of the reports. */
const ATTENDANCE_CODES = ['A', 'P', 'P2', 'P3'] as const;
/** A day's code; '-' for a day still to come. */
export const FUTURE_DAY = '-';
/**
 * Days that are not duties (issue 26): L leave (paid or unpaid, or an On Leave spell), W
 * weekly off, H holiday. A day with a duty keeps its P; these count 0 in SPEC's total.
 */
const NON_DUTY_CODES = ['L', 'W', 'H'] as const;
export type NonDutyCode = (typeof NON_DUTY_CODES)[number];
export type AttendanceCode = (typeof ATTENDANCE_CODES)[number] | NonDutyCode | typeof FUTURE_DAY;
/** Every code a grid cell may show, for the API document. */
export const DAY_CODES = [...ATTENDANCE_CODES, ...NON_DUTY_CODES, FUTURE_DAY] as const;

/** The code of a day: future '-'; 0 duties A, 1 P, 2 P2, 3 P3, 4 or more P (SPEC §4). */
export function attendanceCode(completedDuties: number, isFuture: boolean): AttendanceCode {
  if (isFuture) return FUTURE_DAY;
  switch (completedDuties) {
    case 0:
      return 'A';
    case 2:
      return 'P2';
    case 3:
      return 'P3';
    default:
      return 'P';
  }
}

/** The grid's code of a manager's mark: leave (paid or unpaid) L, weekly off W, holiday H. */
export function markCode(kind: DayMarkKind): NonDutyCode {
  if (kind === 'weekly-off') return 'W';
  if (kind === 'holiday') return 'H';
  return 'L';
}

/** Whether day `day` (1–31) of a 'YYYY-MM' month comes after `today` ('YYYY-MM-DD'): it shows '-'. */
export function isFutureDay(month: string, day: number, today: string): boolean {
  return `${month}-${String(day).padStart(2, '0')}` > today;
}

/** Totals count P as 1, P2 as 2, P3 as 3, A, L, W, H (and '-') as 0. */
export function attendanceValue(code: AttendanceCode): number {
  switch (code) {
    case 'P':
      return 1;
    case 'P2':
      return 2;
    case 'P3':
      return 3;
    default:
      return 0;
  }
}

/** Whether a day's code counts the worker as present (the grid's per-day footer). */
export function isPresent(code: AttendanceCode): boolean {
  return attendanceValue(code) > 0;
}

/** 'Attendance - November 2026' (SPEC §2). */
export function attendanceTitle(month: string): string {
  return MSG.attendancePageTitle(monthLabel(month));
}

/** Attendance_{category}_{month number}_{year}.xlsx (SPEC §9). */
export function attendanceFileName(category: string, month: string): string {
  const { year, number } = monthParts(month);
  return `Attendance_${category}_${number}_${year}.xlsx`;
}

/** 'Wage Register - November 2026' (ours): the page title and the sheet's title row. */
export function wageRegisterTitle(month: string): string {
  return `${MSG.wageRegister} - ${monthLabel(month)}`;
}

/** Wages_{category}_{month number}_{year}.xlsx, named like the attendance file. */
export function wagesFileName(category: string, month: string): string {
  const { year, number } = monthParts(month);
  return `Wages_${category}_${number}_${year}.xlsx`;
}
