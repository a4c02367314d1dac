import { and, asc, inArray, isNull, lte } from 'drizzle-orm';
import { WAGE_FROM_FUTURE_DAYS, WAGE_FROM_PAST_DAYS } from '../../../shared/limits.js';
import { MSG } from '../../../shared/messages.js';
import { daysBetween } from '../../../shared/time.js';
import type { Database } from '../../db/connect.js';
import { staff, wageRevisions } from '../../db/schema.js';
import { recordAudit } from '../audit/audit.service.js';
import { auditCopy } from './staff.service.js';

/**
 * A worker's daily wage from a day (issue 28). A revision effective today or earlier is the
 * worker's wage when it is made (bulk-change.service.ts); a later one waits in
 * wage_revisions until its day comes in the company's time zone and is then applied here:
 * at server start, on a timer, and before the payroll reads wages.
 */

/** Why a wage may not start on `from` (today is the company's day), or null. */
export function wageFromProblem(from: string, today: string): string | null {
  const ahead = daysBetween(today, from);
  if (ahead < -WAGE_FROM_PAST_DAYS) return MSG.staffBulk.fromTooEarly(WAGE_FROM_PAST_DAYS);
  if (ahead > WAGE_FROM_FUTURE_DAYS) return MSG.staffBulk.fromTooLate(WAGE_FROM_FUTURE_DAYS);
  return null;
}

/**
 * Applies every pending revision whose day has come (`today`, the company's day): each
 * worker's wage becomes that of their latest due revision (by day, then by when it was
 * made), with one audit entry per worker changed, in one transaction. Idempotent: applied
 * revisions are marked, and rows another run holds are skipped (it applies them). Answers
 * how many workers' wages changed.
 */
export async function applyDueWageRevisions(db: Database, today: string, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: wageRevisions.id, staffId: wageRevisions.staffId, wage: wageRevisions.wage })
      .from(wageRevisions)
      .where(and(isNull(wageRevisions.appliedAt), lte(wageRevisions.effectiveFrom, today)))
      .orderBy(asc(wageRevisions.staffId), asc(wageRevisions.effectiveFrom), asc(wageRevisions.createdAt))
      .for('update', { skipLocked: true });
    if (due.length === 0) return 0;
    // the last of each worker's due revisions (ordered by day, then by when made) is their wage now
    const latest = new Map<string, string>();
    for (const revision of due) latest.set(revision.staffId, revision.wage);
    const befores = await tx
      .select()
      .from(staff)
      .where(inArray(staff.id, [...latest.keys()]))
      .orderBy(asc(staff.id))
      .for('update');
    const entries = [];
    for (const before of befores) {
      const wage = latest.get(before.id)!;
      if (before.wage !== null && Number(before.wage) === Number(wage)) continue;
      const [after] = await tx.update(staff).set({ wage, updatedAt: now }).where(inArray(staff.id, [before.id])).returning();
      entries.push({ action: 'staff.update', entity: 'staff', entityId: before.id, before: auditCopy(before), after: auditCopy(after!) });
    }
    await tx
      .update(wageRevisions)
      .set({ appliedAt: now })
      .where(inArray(wageRevisions.id, due.map((revision) => revision.id)));
    await recordAudit(tx, null, entries);
    return entries.length;
  });
}
