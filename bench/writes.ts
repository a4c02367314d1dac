import { randomUUID } from 'node:crypto';
import { hasDutyType, isTrainWork, requiredStaff } from '../src/shared/duties.js';
import type { z } from 'zod';
import type { createDutyBody } from '../src/shared/schemas/duties.js';
import { signIn } from './session.js';

/**
 * The two writes of issue 16, as a supervisor's phone sends them: add a duty with six
 * workers (POST /mcctrain/create-mcctrain) and mark one completed (PUT
 * /mcctrain/update-mcctrain/{id}), each under a fresh Idempotency-Key as the web app's
 * outbox sends them (decision 0020).
 */

/** A seeded supervisor signed in, with the workers of their work type. */
export interface Writer {
  token: string;
  id: string;
  work: string;
  /** ids of the active staff of the writer's work type */
  staff: string[];
}

/** A live duty the bench added, to be marked completed by its supervisor. */
export interface LiveDuty {
  id: string;
  version: number;
  work: string;
  token: string;
}

/** Duties added by the bench and not yet completed, and what went wrong while writing. */
export class DutyPool {
  readonly live: LiveDuty[] = [];
  /** status and message of refused writes, counted: the bench reports them */
  readonly refusals = new Map<string, number>();

  private sequence = 0;

  /** Numbers the duties the bench adds, so each gets its own crew and train number. */
  next(): number {
    return this.sequence++;
  }

  take(): LiveDuty | undefined {
    return this.live.shift();
  }

  refused(what: string, status: number, body: string): void {
    let message = body.slice(0, 120);
    try {
      const parsed = JSON.parse(body) as { msg?: string; message?: string };
      message = parsed.message ?? parsed.msg ?? message;
    } catch {
      // not JSON: the first characters
    }
    const key = `${what} ${status} ${message}`;
    this.refusals.set(key, (this.refusals.get(key) ?? 0) + 1);
  }
}

/** A create-duty request body, as a client sends it. */
export type NewDutyBody = z.input<typeof createDutyBody>;

const CREW_SIZE = 6;
const COACHES = 18;

/**
 * The body Add Work Details sends for a supervisor (src/web/features/duties/add-duty-page.tsx):
 * their work type and their own id as supervisor, train fields only for train work, and the
 * required staff shown on the form (the server computes its own).
 */
export function newDutyBody(writer: Writer, workers: string[], trainNo: string): NewDutyBody {
  const train = isTrainWork(writer.work);
  return {
    work: writer.work,
    trainno: train ? trainNo : '',
    supervisor: writer.id,
    totalcoach: train ? String(COACHES) : '',
    type: hasDutyType(writer.work) ? 'Primary' : '',
    workers,
    status: 'processing',
    suppliedBedsheet: writer.work === 'acca' ? '120' : '',
    reqq: train ? requiredStaff(COACHES) : 0,
    used: workers.length,
  };
}

/**
 * The crew of a writer's n-th duty: six different workers of their work type, taken in
 * turn, so consecutive duties have different crews (a worker may be on two live duties
 * at once, the product only flags it, but a supervisor would not pick the same six again).
 */
export function crewOf(writer: Writer, n: number): string[] {
  return Array.from({ length: CREW_SIZE }, (_, k) => writer.staff[(n * CREW_SIZE + k) % writer.staff.length]!);
}

/** What the mark-completed button sends (src/web/features/duties/mark-completed-button.tsx). */
export function completionBody(duty: LiveDuty): Record<string, unknown> {
  return duty.work === 'acca' ? { status: 'completed', returned: 100, version: duty.version } : { status: 'completed', version: duty.version };
}

export function writeHeaders(token: string): Record<string, string> {
  return { 'content-type': 'application/json', authorization: token, 'idempotency-key': randomUUID() };
}

/** Reads a create's answer into the pool (a 201), or counts the refusal. */
export function recordCreated(pool: DutyPool, writer: Writer, status: number, body: string): void {
  if (status !== 201) {
    pool.refused('create', status, body);
    return;
  }
  const { duty } = JSON.parse(body) as { duty: { _id: string; version: number; work: string } };
  pool.live.push({ id: duty._id, version: duty.version, work: duty.work, token: writer.token });
}

/**
 * Signs in the seeded supervisors (one per work type at least), `concurrency` at a time, and
 * reads each work type's staff through the manager's GET /worker/get-workers.
 */
export async function signInWriters(baseUrl: string, managerToken: string, supervisors: { email: string; password: string }[], concurrency = 1): Promise<Writer[]> {
  const staffOf = new Map<string, Promise<string[]>>();
  const staffOfWork = (work: string): Promise<string[]> => {
    let found = staffOf.get(work);
    if (!found) {
      found = fetch(`${baseUrl}/api/v1/worker/get-workers?work=${encodeURIComponent(work)}&limit=5000`, { headers: { authorization: managerToken } }).then(async (response) => {
        if (!response.ok) throw new Error(`bench: get-workers ${work} answered ${response.status}`);
        const list = (await response.json()) as { _id: string; status: string }[];
        return list.filter((worker) => worker.status === 'Active').map((worker) => worker._id);
      });
      staffOf.set(work, found);
    }
    return found;
  };
  const writers: Writer[] = [];
  let next = 0;
  const one = async () => {
    for (let k = next++; k < supervisors.length; k = next++) {
      const account = supervisors[k]!;
      const session = await signIn(baseUrl, account);
      const work = session.user.work;
      if (!work) throw new Error(`bench: ${account.email} has no work type`);
      const staff = await staffOfWork(work);
      if (staff.length < CREW_SIZE) throw new Error(`bench: work type ${work} has only ${staff.length} active staff`);
      writers[k] = { token: session.token, id: session.user._id, work, staff };
    }
  };
  await Promise.all(Array.from({ length: concurrency }, one));
  return writers;
}

/**
 * Adds duties through the API, `concurrency` at a time, until the pool holds `target`
 * live duties; answers how many per second it added.
 */
export async function fillPool(baseUrl: string, writers: Writer[], pool: DutyPool, target: number, concurrency = 20): Promise<number> {
  const started = performance.now();
  let added = 0;
  const one = async (): Promise<void> => {
    while (pool.live.length < target) {
      const n = pool.next();
      const writer = writers[n % writers.length]!;
      const response = await fetch(`${baseUrl}/api/v1/mcctrain/create-mcctrain`, {
        method: 'POST',
        headers: writeHeaders(writer.token),
        body: JSON.stringify(newDutyBody(writer, crewOf(writer, Math.floor(n / writers.length)), String(10000 + (n % 90000)))),
      });
      const body = await response.text();
      if (response.status !== 201) throw new Error(`bench: adding a duty for the completion pool answered ${response.status}: ${body.slice(0, 200)}`);
      recordCreated(pool, writer, response.status, body);
      added += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, one));
  return added / ((performance.now() - started) / 1000);
}
