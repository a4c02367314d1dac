import type { MessageParams } from '../../shared/message-template.js';
import { ApiError } from '../api/errors.js';

/**
 * What the offline outbox keeps (decision 0020): one entry per duty write the supervisor
 * made, with the Idempotency-Key it is sent with every time, so a repeat never makes a
 * second duty or a second completion.
 */

export type OutboxKind = 'create' | 'complete' | 'editCrew';

/** waiting: to be sent; sending: on its way now; refused: the server said no (kept until Fix or Discard). */
type OutboxState = 'waiting' | 'sending' | 'refused';

/** A crew member as the form showed them (no personal data: name and Emp ID only). */
interface EnteredWorker {
  _id: string;
  name: string;
  empid?: string | undefined;
}

/** What the supervisor entered, in words they recognise, for the waiting and refused lists. */
export interface EnteredSummary {
  work: string;
  trainno?: string | null;
  totalcoach?: string | number | null;
  type?: string | null;
  suppliedBedsheet?: string | number | null;
  /** the supervisor the duty was added for (a manager's choice) */
  supervisor?: string | null;
  supervisorName?: string | null;
  crew?: EnteredWorker[];
  /** acca: the returned bedsheets entered when completing */
  returned?: number | null;
  /** the duty's status chosen in the crew edit */
  status?: string;
  /** the server copy the change was made on (kept to show a queued change on the boards) */
  reqq?: number;
}

export interface OutboxEntry {
  id: string;
  /** the signed-in account the entry belongs to */
  userId: string;
  /** sending order (first in, first out) */
  seq: number;
  idempotencyKey: string;
  kind: OutboxKind;
  /**
   * The duty: its server id, or for a duty added offline and not sent yet, its local id
   * (LOCAL_ID_PREFIX…); a create's own local id. Rewritten to the server id once known.
   */
  dutyRef: string;
  /** the request body as it will be sent (a crew edit's version filled in from the previous answer) */
  body: Record<string, unknown>;
  /**
   * 'previous': a completion or crew edit made on a copy that already showed an earlier
   * queued change of the same duty; it is sent with the version the server answered for
   * that change. Otherwise the body carries the version of the copy it was made on, so a
   * duty changed meanwhile (a manager completed it) answers 409 instead of a silent no-op.
   */
  versionFrom?: 'previous';
  entered: EnteredSummary;
  createdAt: string;
  state: OutboxState;
  /** failed sends for lack of network so far */
  attempts: number;
  /** the server's refusal (state refused) */
  refusal?: Refusal;
}

/**
 * A refusal as kept: the server's words, and the code (and values) it sent beside them, by
 * which it is shown in the reader's language (translateAnswer). A refusal kept before codes
 * has only the words, shown as they came.
 */
export interface Refusal {
  status: number;
  message: string;
  code?: string;
  params?: MessageParams;
}

/** The refusal to keep for a failed send. */
export function refusalOf(error: unknown): Refusal {
  if (error instanceof ApiError) return { status: error.status, message: error.message, ...(error.code ? { code: error.code } : {}), ...(error.params ? { params: error.params } : {}) };
  return { status: 0, message: error instanceof Error ? error.message : '' };
}

/** Local ids of duties added offline: never a UUID, so never confused with a server id. */
export const LOCAL_ID_PREFIX = 'local-';

export function isLocalId(id: string): boolean {
  return id.startsWith(LOCAL_ID_PREFIX);
}

/** The duty as the server answered a write (create or update). */
export interface SentAnswer {
  message: string;
  duty: { _id: string; version: number };
}

/** Where entries are kept: IndexedDB in the browser (idb-store.ts), memory in tests. */
export interface OutboxStore {
  /** The account's entries, in sending order. */
  list(userId: string): Promise<OutboxEntry[]>;
  /** Removes and writes entries in one step (a sent entry out, its dependants rewritten). */
  commit(change: { remove?: string[]; put?: OutboxEntry[] }): Promise<void>;
  /** Every entry of the account. */
  clear(userId: string): Promise<void>;
}
