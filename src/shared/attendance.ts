/** SPEC §4 attendance day codes and their values. */
export const ATTENDANCE_CODES = ['A', 'P', 'P2', 'P3'] as const;
export type AttendanceCode = (typeof ATTENDANCE_CODES)[number] | '-';

/** The code of a day: future '-'; 0 duties A, 1 P, 2 P2, 3 P3, 4 or more P (SPEC §4). */
export function attendanceCode(completedDuties: number, isFuture: boolean): AttendanceCode {
  if (isFuture) return '-';
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

/** Totals count P as 1, P2 as 2, P3 as 3, A (and '-') as 0. */
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

export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** 'Attendance - November 2026' (SPEC §2). */
export function attendanceTitle(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return `Attendance - ${MONTH_NAMES[monthNumber - 1]} ${year}`;
}

/** Attendance_{category}_{month number}_{year}.xlsx (SPEC §9). */
export function attendanceFileName(category: string, month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return `Attendance_${category}_${monthNumber}_${year}.xlsx`;
}
