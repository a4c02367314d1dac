import type { Duty } from '../../shared/schemas/duties.js';
import { isLocalId, type OutboxEntry } from './outbox-types.js';

/**
 * The boards as the supervisor expects them while writes wait in the outbox: a duty added
 * offline is on the live list at once, a queued completion or crew edit shows on its duty,
 * each marked as waiting to send (decision 0020). Refused entries are not applied: they
 * are in the refused list, and the board shows the server's copy.
 */

/** How a duty on screen differs from the server's copy. */
export type PendingChange = 'added' | 'completed' | 'edited';
export type ShownDuty = Duty & { pending?: PendingChange };

const numberOrNull = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
};

/** The duty a queued add will become, as far as the phone knows it. */
function dutyOfQueuedAdd(entry: OutboxEntry): ShownDuty {
  const { entered } = entry;
  const crew = entered.crew ?? [];
  const supervisor = typeof entry.body.supervisor === 'string' && entry.body.supervisor ? entry.body.supervisor : null;
  return {
    _id: entry.dutyRef,
    trainno: entered.trainno ? String(entered.trainno) : null,
    status: 'processing',
    work: entered.work,
    workers: crew.map((worker) => worker._id),
    workerDetails: crew.map((worker) => ({ _id: worker._id, name: worker.name, empid: worker.empid ?? '' })),
    workerCount: crew.length,
    supervisor,
    supervisorName: entered.supervisorName ?? null,
    totalcoach: numberOrNull(entered.totalcoach),
    type: entered.type ?? null,
    reqq: entered.reqq ?? 0,
    used: crew.length,
    suppliedBedsheet: numberOrNull(entered.suppliedBedsheet),
    returned: null,
    createdAt: entry.createdAt,
    updatedAt: entry.createdAt,
    completedAt: null,
    completedDay: null,
    version: 0,
    pending: 'added',
  };
}

/** A duty with one queued change applied. */
function applied(duty: ShownDuty, entry: OutboxEntry): ShownDuty {
  if (entry.kind === 'complete') {
    return { ...duty, status: 'completed', returned: entry.entered.returned ?? duty.returned, pending: duty.pending === 'added' ? 'added' : 'completed' };
  }
  // a crew edit: an added duty stays 'added', a completed one 'completed'
  const pending: PendingChange = duty.pending ?? 'edited';
  const crew = entry.entered.crew ?? duty.workerDetails;
  return {
    ...duty,
    trainno: entry.entered.trainno === undefined ? duty.trainno : entry.entered.trainno ? String(entry.entered.trainno) : null,
    totalcoach: entry.entered.totalcoach === undefined ? duty.totalcoach : numberOrNull(entry.entered.totalcoach),
    status: entry.entered.status === 'completed' ? 'completed' : entry.entered.status === 'processing' ? 'processing' : duty.status,
    workers: crew.map((worker) => worker._id),
    workerDetails: crew.map((worker) => ({ _id: worker._id, name: worker.name, empid: worker.empid ?? '' })),
    workerCount: crew.length,
    used: crew.length,
    pending,
  };
}

const applies = (entry: OutboxEntry) => entry.state !== 'refused';

/** One duty with the changes queued for it (null for a local id whose add is gone). */
export function withQueuedChanges(duty: Duty | null, id: string, entries: readonly OutboxEntry[]): ShownDuty | null {
  let shown: ShownDuty | null = duty;
  for (const entry of entries) {
    if (entry.dutyRef !== id || !applies(entry)) continue;
    if (entry.kind === 'create') shown = dutyOfQueuedAdd(entry);
    else if (shown) shown = applied(shown, entry);
  }
  return shown;
}

/**
 * A live board's duties with the outbox applied: queued adds of this work type first
 * (newest first, as the server lists), queued completions and crew edits on their duty.
 */
export function liveBoardWithQueued(duties: readonly Duty[], entries: readonly OutboxEntry[], work: string): ShownDuty[] {
  const added = entries
    .filter((entry) => entry.kind === 'create' && applies(entry) && entry.entered.work === work)
    .map((entry) => withQueuedChanges(null, entry.dutyRef, entries))
    .filter((duty): duty is ShownDuty => duty !== null)
    .reverse();
  const touched = new Set(entries.filter((entry) => applies(entry) && !isLocalId(entry.dutyRef)).map((entry) => entry.dutyRef));
  const server = duties.map((duty) => (touched.has(duty._id) ? (withQueuedChanges(duty, duty._id, entries) ?? duty) : duty));
  return [...added, ...server];
}
