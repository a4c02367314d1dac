import type { z } from 'zod';
import { DEFAULT_STAFFING_NORM, isTrainWork, requiredStaff } from '../../../shared/duties.js';
import { dayInZone, monthRange } from '../../../shared/time.js';
import { firstIssueText } from '../../forms/field-errors.js';

/**
 * Pure rules of the duty forms and boards, kept apart from the components so they are
 * unit-tested: the counters of Add Work Details, the form's first message, the Completed
 * board's default range.
 */

export interface StaffingNorm {
  work: string;
  perCoach: number;
}

/** The norm the server computes a work type's required staff with (GET /staffing-norms). */
export function normFor(norms: readonly StaffingNorm[] | undefined, work: string): number {
  return norms?.find((norm) => norm.work === work)?.perCoach ?? DEFAULT_STAFFING_NORM;
}

/**
 * The Required Staff counter of Add Work Details: the coaches typed so far times the
 * server's norm for the chosen work type, rounded as the server rounds (requiredStaff);
 * 0 for work types without coaches, and while the coaches are not a whole number.
 */
export function requiredStaffShown(work: string | null, totalcoach: string | number, norms: readonly StaffingNorm[] | undefined): number {
  if (!work || !isTrainWork(work)) return 0;
  const coaches = typeof totalcoach === 'number' ? totalcoach : /^\s*\d+\s*$/.test(totalcoach) ? Number(totalcoach) : 0;
  return Number.isInteger(coaches) ? requiredStaff(coaches, normFor(norms, work)) : 0;
}

/**
 * Reads a form through the request schema the server reads it with: the parsed request,
 * or the message the server would answer (a "required" one first, see first-message.ts).
 */
export function readDutyForm<S extends z.ZodType>(schema: S, value: z.input<S>): { ok: true; value: z.output<S> } | { ok: false; message: string } {
  const parsed = schema.safeParse(value);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, message: firstIssueText(parsed.error.issues) };
}

/** The Completed board's days until another range is picked: this month in the company's time zone. */
export function thisMonthRange(now: Date, timeZone: string): { from: string; to: string } {
  return monthRange(dayInZone(now, timeZone).slice(0, 7));
}
