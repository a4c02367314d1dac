import { ApiError, NetworkError } from '../api/client.js';
import { isLocalId, LOCAL_ID_PREFIX, refusalOf, type EnteredSummary, type OutboxEntry, type OutboxKind, type OutboxStore, type SentAnswer } from './outbox-types.js';

/**
 * The offline outbox (decision 0020): duty writes kept on the phone and sent in order,
 * each with its own Idempotency-Key, when the network allows. The browser parts (storage,
 * the network, the cross-tab lock, timers) are passed in, so the rules below are
 * unit-tested with an in-memory store and a fake server.
 *
 * - First in, first out; a write that fails for lack of network (no answer, 5xx, a
 *   timeout) stays where it is and the queue is tried again later, with a growing pause.
 * - A duty added offline has a local id; a later change of it waits for the add, then goes
 *   with the server id (and, for a crew edit, the version) from the add's answer.
 * - A refusal (400/403/404/409/422) is kept as refused, with the server's message, until
 *   the supervisor fixes or discards it; later changes of the same duty wait behind it.
 * - 401: nothing is sent until the person signs in again; nothing is dropped.
 */

export interface NewWrite {
  kind: OutboxKind;
  /** the duty's server or local id (a create makes its own local id when left out) */
  dutyRef?: string;
  body: Record<string, unknown>;
  entered: EnteredSummary;
}

export type SubmitResult =
  | { kind: 'sent'; answer: SentAnswer; entry: OutboxEntry }
  | { kind: 'queued'; entry: OutboxEntry }
  | { kind: 'refused'; error: ApiError | Error; entry: OutboxEntry; kept: boolean };

export interface OutboxStatus {
  entries: OutboxEntry[];
  /** an entry is on its way now (in this tab) */
  sending: boolean;
  /** the server answered 401: the session ended; sending waits for a new sign-in */
  needsSignIn: boolean;
  /** writes this tab sent so far (the lists reload when it grows) */
  sent: number;
  /** local id of a duty added offline → the server's id, once this tab sent the add */
  resolvedIds: Readonly<Record<string, string>>;
}

export interface OutboxDeps {
  store: OutboxStore;
  userId: string;
  /** Sends one entry (with its Idempotency-Key); resolves with the server's answer. */
  send: (entry: OutboxEntry) => Promise<SentAnswer>;
  /** Runs fn while no other tab sends (Web Locks); the key would make a double send harmless anyway. */
  lock: <T>(fn: () => Promise<T>) => Promise<T>;
  isOnline: () => boolean;
  /** Calls fn after ms; returns a cancel function. */
  schedule: (fn: () => void, ms: number) => () => void;
  newId: () => string;
  now: () => number;
  /** Told after every change of the stored entries (to wake other tabs). */
  onStored?: () => void;
}

/** Pauses between tries after a network failure: 2 s, 4 s, 8 s … at most a minute. */
const RETRY_BASE_MS = 2_000;
const RETRY_MAX_MS = 60_000;

export function retryDelay(failures: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, failures - 1));
}

/** How a failed send is treated: tried again later, waiting for a sign-in, or refused. */
function classifyFailure(error: unknown): 'retry' | 'signIn' | 'refused' {
  if (error instanceof NetworkError) return 'retry';
  if (error instanceof ApiError) {
    if (error.status === 401) return 'signIn';
    if (error.status >= 500 || error.status === 408 || error.status === 429) return 'retry';
    return 'refused';
  }
  if (error instanceof DOMException && (error.name === 'AbortError' || error.name === 'TimeoutError')) return 'retry';
  return 'refused';
}

/** Whether an entry may be sent now, given the entries before it. */
function blockedBy(entry: OutboxEntry, earlier: OutboxEntry[]): OutboxEntry | undefined {
  // a change of a duty waits behind an earlier change of the same duty that was refused
  // (or, for a duty added offline, behind its add until that is sent)
  return earlier.find((other) => other.dutyRef === entry.dutyRef && (other.state === 'refused' || (isLocalId(entry.dutyRef) && other.kind === 'create')));
}

/** The entries a refused one holds back: later changes of the same duty. */
export function dependantsOf(entry: OutboxEntry, entries: OutboxEntry[]): OutboxEntry[] {
  return entries.filter((other) => other.seq > entry.seq && other.dutyRef === entry.dutyRef);
}

/** Entries that will not go without the supervisor: refused ones and those waiting behind them. */
export function isHeldBack(entry: OutboxEntry, entries: OutboxEntry[]): boolean {
  if (entry.state === 'refused') return true;
  return entries.some((other) => other.seq < entry.seq && other.dutyRef === entry.dutyRef && other.state === 'refused');
}

export class Outbox {
  private status: OutboxStatus = { entries: [], sending: false, needsSignIn: false, sent: 0, resolvedIds: {} };
  private readonly listeners = new Set<() => void>();
  /** the forms waiting for their entry's outcome (this tab only) */
  private readonly waiters = new Map<string, (result: SubmitResult) => void>();
  /** entries whose form gets the refusal itself (not kept as refused) */
  private readonly interactive = new Set<string>();
  private flushing: Promise<void> | null = null;
  private again = false;
  private failures = 0;
  private cancelRetry: (() => void) | null = null;
  private stopped = false;

  constructor(private readonly deps: OutboxDeps) {}

  /** The latest entries and sending state (for useSyncExternalStore). */
  getStatus = (): OutboxStatus => this.status;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private emit(patch: Partial<OutboxStatus>) {
    this.status = { ...this.status, ...patch };
    for (const listener of this.listeners) listener();
  }

  /** Reads the stored entries again (after a change here or in another tab). */
  async refresh(): Promise<OutboxEntry[]> {
    const entries = await this.deps.store.list(this.deps.userId);
    if (!this.stopped) this.emit({ entries });
    return entries;
  }

  private async commit(change: { remove?: string[]; put?: OutboxEntry[] }) {
    await this.deps.store.commit(change);
    this.deps.onStored?.();
    await this.refresh();
  }

  /** Keeps a write in the outbox (at the place of a refused one it replaces, with a new key). */
  async enqueue(write: NewWrite, options: { replaces?: string } = {}): Promise<OutboxEntry> {
    const entries = await this.deps.store.list(this.deps.userId);
    const replaced = options.replaces ? entries.find((entry) => entry.id === options.replaces) : undefined;
    const lastSeq = entries.reduce((max, entry) => Math.max(max, entry.seq), 0);
    const dutyRef = write.dutyRef ?? replaced?.dutyRef ?? `${LOCAL_ID_PREFIX}${this.deps.newId()}`;
    const seq = replaced?.seq ?? Math.max(this.deps.now(), lastSeq + 1);
    const body = { ...write.body };
    let versionFrom: 'previous' | undefined;
    if (write.kind !== 'create') {
      // made on a copy that showed an earlier queued change of this duty: its version comes
      // from that change's answer
      const earlier = entries.some((entry) => entry.dutyRef === dutyRef && entry.seq < seq && entry.id !== replaced?.id);
      if (earlier || isLocalId(dutyRef)) versionFrom = 'previous';
    }
    const entry: OutboxEntry = {
      id: this.deps.newId(),
      userId: this.deps.userId,
      seq,
      idempotencyKey: this.deps.newId(),
      kind: write.kind,
      dutyRef,
      body,
      ...(versionFrom ? { versionFrom } : {}),
      entered: write.entered,
      createdAt: new Date(this.deps.now()).toISOString(),
      state: 'waiting',
      attempts: 0,
    };
    await this.commit({ remove: replaced ? [replaced.id] : [], put: [entry] });
    return entry;
  }

  /**
   * A form's write: kept, then sent at once when nothing is before it and the network is
   * there. Resolves 'sent' with the answer, 'queued' when it waits (offline, no answer,
   * behind other writes), or 'refused'. A fresh form's refusal is handed back to the form
   * (not kept), so the person fixes it where they are; a Fix's refusal is kept as well.
   */
  async submit(write: NewWrite, options: { replaces?: string } = {}): Promise<SubmitResult> {
    const entry = await this.enqueue(write, options);
    if (!this.deps.isOnline() || this.status.needsSignIn) {
      void this.flush();
      return { kind: 'queued', entry };
    }
    if (!options.replaces) this.interactive.add(entry.id);
    const outcome = new Promise<SubmitResult>((resolve) => this.waiters.set(entry.id, resolve));
    await this.flush();
    this.interactive.delete(entry.id);
    if (this.waiters.delete(entry.id)) return { kind: 'queued', entry };
    return outcome;
  }

  private settle(id: string, result: SubmitResult) {
    const resolve = this.waiters.get(id);
    if (!resolve) return;
    this.waiters.delete(id);
    resolve(result);
  }

  /** Sends what can be sent, in order; joins a send already under way. */
  flush(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.flushing) {
      this.again = true;
      return this.flushing;
    }
    this.flushing = (async () => {
      try {
        do {
          this.again = false;
          await this.deps.lock(() => this.sendAll());
        } while (this.again && !this.stopped);
      } finally {
        this.flushing = null;
        if (!this.stopped) this.emit({ sending: false });
      }
    })();
    return this.flushing;
  }

  /** The network is back (or the person signed in again): try at once, from the first pause. */
  wake(): Promise<void> {
    this.failures = 0;
    this.cancelRetry?.();
    this.cancelRetry = null;
    this.emit({ needsSignIn: false });
    return this.flush();
  }

  private async sendAll(): Promise<void> {
    for (;;) {
      if (this.stopped || !this.deps.isOnline() || this.status.needsSignIn) return;
      // read afresh each time: another tab may have sent or discarded entries meanwhile
      const entries = await this.deps.store.list(this.deps.userId);
      const next = entries.find((entry, index) => entry.state !== 'refused' && !blockedBy(entry, entries.slice(0, index)));
      if (!next) {
        if (!this.stopped) this.emit({ entries });
        return;
      }
      const sending: OutboxEntry = { ...next, state: 'sending' };
      await this.deps.store.commit({ put: [sending] });
      this.emit({ entries: entries.map((entry) => (entry.id === next.id ? sending : entry)), sending: true });

      let answer: SentAnswer;
      try {
        answer = await this.deps.send(sending);
      } catch (error) {
        const verdict = classifyFailure(error);
        if (verdict === 'refused') {
          const refusal = refusalOf(error);
          const keep = !this.interactive.has(next.id);
          if (keep) await this.commit({ put: [{ ...next, state: 'refused', refusal }] });
          else await this.commit({ remove: [next.id] });
          this.settle(next.id, { kind: 'refused', error: error instanceof Error ? error : new Error(String(error)), entry: next, kept: keep });
          continue;
        }
        await this.commit({ put: [{ ...next, state: 'waiting', attempts: next.attempts + 1 }] });
        this.settle(next.id, { kind: 'queued', entry: next });
        if (verdict === 'signIn') {
          this.emit({ needsSignIn: true });
        } else {
          this.failures += 1;
          this.retryLater();
        }
        return;
      }

      // sent: out of the outbox; later changes of the same duty now name the server's id
      // and (a crew edit made on the queued copy) the version the server answered
      this.failures = 0;
      const later = entries.filter((entry) => entry.seq > next.seq && entry.dutyRef === next.dutyRef);
      const rewritten = later.map((entry) => ({
        ...entry,
        dutyRef: answer.duty._id,
        body: entry.versionFrom === 'previous' ? { ...entry.body, version: answer.duty.version } : entry.body,
      }));
      await this.commit({ remove: [next.id], put: rewritten });
      this.emit({
        sent: this.status.sent + 1,
        ...(isLocalId(next.dutyRef) ? { resolvedIds: { ...this.status.resolvedIds, [next.dutyRef]: answer.duty._id } } : {}),
      });
      this.settle(next.id, { kind: 'sent', answer, entry: next });
    }
  }

  private retryLater() {
    this.cancelRetry?.();
    this.cancelRetry = this.deps.schedule(() => {
      this.cancelRetry = null;
      void this.flush();
    }, retryDelay(this.failures));
  }

  /** Removes a refused (or waiting) entry and the changes of the same duty queued after it. */
  async discard(id: string): Promise<void> {
    const entries = await this.deps.store.list(this.deps.userId);
    const entry = entries.find((candidate) => candidate.id === id);
    if (!entry || entry.state === 'sending') return;
    const gone = [entry, ...(entry.kind === 'create' ? dependantsOf(entry, entries) : [])];
    await this.commit({ remove: gone.map((candidate) => candidate.id) });
    // a later change held back by this one may go now
    void this.flush();
  }

  /** Every entry of the account (sign-out after the warning). */
  async clear(): Promise<void> {
    await this.deps.store.clear(this.deps.userId);
    this.deps.onStored?.();
    await this.refresh();
  }

  /** Stops sending (the account signed out in this tab); start() resumes. */
  stop() {
    this.stopped = true;
    this.cancelRetry?.();
    this.cancelRetry = null;
  }

  start() {
    this.stopped = false;
  }
}
