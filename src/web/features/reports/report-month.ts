import { monthProblem } from '../../../shared/input-checks.js';

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
