import { monthProblem } from '../../../shared/schemas/input-rules.js';
import { toWorkType, type WorkType } from '../../../shared/work-types.js';

/** A 'YYYY-MM' month the server answers for (the shared rule: a real month, 2000–2100). */
export function isMonth(value: string | null | undefined): value is string {
  return typeof value === 'string' && monthProblem(value) === null;
}

/** The month `delta` months after `month` ('2026-01', -1 → '2025-12'). */
export function shiftMonth(month: string, delta: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (number - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * The six category tabs of the attendance and wage pages, in SPEC §2's tab order
 * (the same labels as the Bill Details tabs).
 */
export const REPORT_TABS: { value: WorkType; label: string }[] = [
  { value: 'mcc', label: 'MCC' },
  { value: 'acca', label: 'ACCA' },
  { value: 'bio', label: 'BIO' },
  { value: 'pftr', label: 'PFTR' },
  { value: 'laundry', label: 'Laundry' },
  { value: 'pit & yard', label: 'Pit & Yard' },
];

/** The work type named in the address, else the first tab (SPEC: first selected). */
export function tabFromParam(value: string | null): WorkType {
  return toWorkType(value) ?? REPORT_TABS[0]!.value;
}
