import { monthProblem } from '../../../shared/input-checks.js';

/** A 'YYYY-MM' month the server answers for (the shared rule: a real month, 2000–2100). */
export function isMonth(value: string | null | undefined): value is string {
  return typeof value === 'string' && monthProblem(value) === null;
}

/** The month `delta` months after `month` (the shared rule). */
export { shiftMonth } from '../../../shared/months.js';
