/**
 * The shortcuts of Add Work Details (issue 15): who of the crew is on a live duty, the
 * crew of the supervisor's last duty, and the train numbers they entered lately. All are
 * read from lists the phone already has (the live and completed boards, with the outbox's
 * queued adds and completions applied), so they work offline from the saved copies.
 */

/** A duty as the boards hold it: the fields these shortcuts read. */
export interface KnownDuty {
  _id: string;
  work: string;
  status: string;
  trainno: string | null;
  supervisor: string | null;
  createdAt: string;
  workerDetails: readonly { _id: string; name: string; empid?: string | undefined }[];
}

export interface CrewPick {
  _id: string;
  name: string;
  empid?: string | undefined;
}

const sameId = (a: string | null | undefined, b: string) => (a ?? '').toLowerCase() === b.toLowerCase();

/** Newest first by creation; ties keep the lists' order. */
function newestFirst<T extends KnownDuty>(duties: readonly T[]): T[] {
  return duties
    .map((duty, index) => ({ duty, index, at: Date.parse(duty.createdAt) || 0 }))
    .sort((a, b) => b.at - a.at || a.index - b.index)
    .map((item) => item.duty);
}

/** The same duty may be in two lists (live, then completed): each once. */
function distinctDuties<T extends KnownDuty>(duties: readonly T[]): T[] {
  const seen = new Set<string>();
  return duties.filter((duty) => (seen.has(duty._id) ? false : (seen.add(duty._id), true)));
}

/**
 * Who is on a live duty, by worker id → the duty's train number (or its work type in
 * capitals when it has none), from the live duties shown on the phone. Completed ones,
 * including completions still waiting in the outbox, free their crew.
 */
export function liveDutyByWorker(duties: readonly KnownDuty[]): Map<string, string> {
  const onDuty = new Map<string, string>();
  for (const duty of duties) {
    if (duty.status === 'completed') continue;
    for (const worker of duty.workerDetails) if (!onDuty.has(worker._id)) onDuty.set(worker._id, duty.trainno || duty.work.toUpperCase());
  }
  return onDuty;
}

/** The supervisor's most recent duty of a work type (live or completed), or null. */
export function lastDutyOf<T extends KnownDuty>(duties: readonly T[], options: { work: string; supervisor: string }): T | null {
  const own = duties.filter((duty) => duty.work === options.work && sameId(duty.supervisor, options.supervisor) && duty.workerDetails.length > 0);
  return newestFirst(own)[0] ?? null;
}

/**
 * "Same crew as last duty": that duty's crew, in its order, keeping only those still in
 * the active crew of the work type (a worker resigned or moved since would be refused).
 */
export function crewOfDuty(duty: KnownDuty, activeCrew: readonly CrewPick[]): CrewPick[] {
  const active = new Map(activeCrew.map((worker) => [worker._id, worker]));
  const seen = new Set<string>();
  const crew: CrewPick[] = [];
  for (const worker of duty.workerDetails) {
    const current = active.get(worker._id);
    if (!current || seen.has(current._id)) continue;
    seen.add(current._id);
    crew.push({ _id: current._id, name: current.name, empid: current.empid });
  }
  return crew;
}

/** How many recent train numbers Add Work Details offers. */
const RECENT_TRAINS = 5;

/**
 * The last few distinct train numbers of a work type's duties, newest first: the
 * supervisor's own when `supervisor` is given (a manager without a chosen supervisor sees
 * the work type's).
 */
export function recentTrainNumbers(duties: readonly KnownDuty[], options: { work: string; supervisor?: string | null; limit?: number }): string[] {
  const limit = options.limit ?? RECENT_TRAINS;
  const trains: string[] = [];
  for (const duty of newestFirst(duties)) {
    if (duty.work !== options.work || (options.supervisor && !sameId(duty.supervisor, options.supervisor))) continue;
    const train = duty.trainno?.trim();
    if (!train || trains.includes(train)) continue;
    trains.push(train);
    if (trains.length === limit) break;
  }
  return trains;
}

/** Live and completed duties as one list (each duty once, the live copy first). */
export function knownDuties<T extends KnownDuty>(live: readonly T[], completed: readonly T[]): T[] {
  return distinctDuties([...live, ...completed]);
}

/**
 * The crew checklist of Add Work Details: the active staff of the chosen work type (the
 * same pool the search suggests from), by name, chosen ones included (shown ticked).
 */
export function crewChecklist<T extends { _id: string; name: string; work: string | null }>(crew: readonly T[], work: string): T[] {
  const type = work.toLowerCase();
  return crew.filter((worker) => (worker.work ?? '').toLowerCase() === type).sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a._id.localeCompare(b._id));
}

/**
 * The crew checklist in two groups (issue 28): who is free first, then who is on a live duty
 * already (`liveDutyOf` says which), each keeping the checklist's order.
 */
export function freeThenBusy<T extends { _id: string }>(crew: readonly T[], liveDutyOf: (worker: T) => string | null): { free: T[]; busy: T[] } {
  const free: T[] = [];
  const busy: T[] = [];
  for (const worker of crew) (liveDutyOf(worker) ? busy : free).push(worker);
  return { free, busy };
}

/**
 * The crew a duty's supervisor chooses from: everyone but the supervisor's own staff record
 * (the record linked to their account, `userId`): they are not their own crew (issue 28).
 */
export function withoutSupervisor<T extends { _id: string; userId?: string | null | undefined }>(crew: readonly T[], supervisorId: string | null | undefined): readonly T[] {
  return supervisorId ? crew.filter((worker) => worker.userId !== supervisorId) : crew;
}
