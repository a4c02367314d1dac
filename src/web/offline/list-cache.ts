import { useSyncExternalStore } from 'react';
import type { Duty } from '../../shared/schemas/duties.js';
import type { Worker } from '../../shared/schemas/staff.js';
import { ApiError, NetworkError } from '../api/errors.js';
import { activeSession } from '../auth/current-session.js';
import { readList, readLists, saveList } from './idb-store.js';

/**
 * The lists a supervisor needs on a platform without network (their live and completed
 * duties, their work type's active staff), kept from the last online visit. A list is
 * saved each time it loads; when a load finds no network, the saved copy is shown with
 * its age. Only the fields the screens read are kept (decision 0013): never Aadhaar,
 * bank account, IFSC or phone numbers. A list is saved only while its account is the one
 * signed in (an answer that arrives after the session ended is not kept), is deleted when
 * the session ends (auth/active-session.ts) and is not shown after three days (idb-store.ts).
 */

/** A crew candidate as the crew search shows it: name, Emp ID and the live duty flag. */
export type CrewListMember = Pick<Worker, '_id' | 'name' | 'empid' | 'work' | 'liveDuty' | 'status' | 'userId'>;

/** The staff record fields the crew search reads; everything else (Aadhaar, bank, phone…) is dropped. */
export function crewListMemberOf(worker: Worker): CrewListMember {
  return { _id: worker._id, name: worker.name, empid: worker.empid, work: worker.work, liveDuty: worker.liveDuty ?? null, status: worker.status, userId: worker.userId ?? null };
}

/** A duty with exactly the fields the boards and the train page read (names and Emp IDs of its crew only). */
export function savedDutyOf(duty: Duty): Duty {
  return {
    _id: duty._id,
    trainno: duty.trainno,
    status: duty.status,
    work: duty.work,
    workers: duty.workers,
    workerDetails: duty.workerDetails.map((worker) => ({ _id: worker._id, name: worker.name, empid: worker.empid })),
    workerCount: duty.workerCount,
    supervisor: duty.supervisor,
    supervisorName: duty.supervisorName,
    totalcoach: duty.totalcoach,
    type: duty.type,
    reqq: duty.reqq,
    used: duty.used,
    suppliedBedsheet: duty.suppliedBedsheet,
    returned: duty.returned,
    createdAt: duty.createdAt,
    updatedAt: duty.updatedAt,
    completedAt: duty.completedAt,
    completedDay: duty.completedDay,
    version: duty.version,
  };
}

/** The names of saved lists. */
export const savedListName = {
  live: (work: string) => `live:${work}`,
  completed: (work: string, from: string, to: string) => `completed:${work}:${from}:${to}`,
  crew: (work: string) => `crew:${work}`,
};

/** A load that found no answer: no network, or the server unavailable. */
function isUnreachable(error: unknown): boolean {
  return error instanceof NetworkError || (error instanceof ApiError && error.status >= 500);
}

// Which lists on screen are saved copies, and from when (this tab; one account at a time).
const shownSaved = new Map<string, number>();
const listeners = new Set<() => void>();
let version = 0;
function changed() {
  version += 1;
  for (const listener of listeners) listener();
}

/** Forgets which lists on screen were saved copies (the session ended). */
export function forgetShownSaved(): void {
  if (shownSaved.size === 0) return;
  shownSaved.clear();
  changed();
}

/**
 * Loads a list (already cut to what the screen needs) and saves it; without network, answers the saved
 * copy (and marks it as saved at its time), or the load's error when there is none.
 */
export async function loadWithSavedCopy<T>(userId: string | undefined, name: string, load: () => Promise<T>): Promise<T> {
  try {
    const value = await load();
    if (shownSaved.delete(name)) changed();
    if (userId && activeSession()?.userId === userId) void saveList(userId, name, value).catch(() => {});
    return value;
  } catch (error) {
    if (!userId || !isUnreachable(error)) throw error;
    const saved = await readList(userId, name).catch(() => undefined);
    if (!saved) throw error;
    shownSaved.set(name, saved.savedAt);
    changed();
    return saved.data as T;
  }
}

/** A duty from the saved lists (the train page without network). */
async function savedDuty(userId: string, id: string): Promise<{ duty: Duty; savedAt: number } | null> {
  const lists = [...(await readLists(userId, 'live:')), ...(await readLists(userId, 'completed:'))];
  for (const list of lists.sort((a, b) => b.savedAt - a.savedAt)) {
    const pages = Array.isArray(list.data) ? list.data : [list.data];
    for (const page of pages) {
      const duties = (page as { duties?: Duty[] } | null)?.duties;
      const duty = duties?.find((candidate) => candidate._id === id);
      if (duty) return { duty, savedAt: list.savedAt };
    }
  }
  return null;
}

/** The name a duty shown from the saved lists is marked under (its age on the train page). */
export const savedDutyName = (id: string) => `duty:${id}`;

/** Loads one duty; without network, the duty as the newest saved list holds it. */
export async function loadSavedDuty(userId: string | undefined, id: string, load: () => Promise<Duty>): Promise<Duty> {
  try {
    const duty = await load();
    if (shownSaved.delete(savedDutyName(id))) changed();
    return duty;
  } catch (error) {
    if (!userId || !isUnreachable(error)) throw error;
    const saved = await savedDuty(userId, id).catch(() => null);
    if (!saved) throw error;
    shownSaved.set(savedDutyName(id), saved.savedAt);
    changed();
    return saved.duty;
  }
}

/** When the list on screen was saved, if it is a saved copy; null when it is fresh. */
export function useShownSavedAt(name: string | null): number | null {
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => version,
  );
  return name ? (shownSaved.get(name) ?? null) : null;
}
