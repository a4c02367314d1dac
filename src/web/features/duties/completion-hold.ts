/**
 * Undo for Mark as Completed (issue 15, decision 0021): a completion is held on the phone
 * for UNDO_WINDOW_MS before it is sent, and Undo in that time withdraws it, so nothing
 * reaches the server. Leaving the page (or the app going to the background) sends what is
 * held at once. The server stays the authority: it applies its own rules when the
 * completion arrives, and there is no way to undo a completion it has recorded.
 */

export const UNDO_WINDOW_MS = 10_000;

export interface HoldDeps {
  /** Calls fn after ms; returns a cancel function. */
  schedule: (fn: () => void, ms: number) => () => void;
  windowMs?: number;
}

const browserSchedule = (fn: () => void, ms: number) => {
  const timer = setTimeout(fn, ms);
  return () => clearTimeout(timer);
};

interface Held {
  send: () => void;
  cancel: () => void;
}

export class CompletionHold {
  private readonly held = new Map<string, Held>();
  private readonly listeners = new Set<() => void>();
  private snapshot: ReadonlySet<string> = new Set();

  constructor(private readonly deps: HoldDeps = { schedule: browserSchedule }) {}

  /** Duty ids whose completion is held now (a new set after every change, for useSyncExternalStore). */
  getHeld = (): ReadonlySet<string> => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private changed() {
    this.snapshot = new Set(this.held.keys());
    for (const listener of this.listeners) listener();
  }

  /** Holds a duty's completion; `send` runs once the window ends. False when one is already held. */
  hold(dutyId: string, send: () => void): boolean {
    if (this.held.has(dutyId)) return false;
    const cancel = this.deps.schedule(() => this.release(dutyId), this.deps.windowMs ?? UNDO_WINDOW_MS);
    this.held.set(dutyId, { send, cancel });
    this.changed();
    return true;
  }

  /** Withdraws a held completion: true when it was still held (so never sent), false when it is gone already. */
  undo(dutyId: string): boolean {
    const held = this.held.get(dutyId);
    if (!held) return false;
    held.cancel();
    this.held.delete(dutyId);
    this.changed();
    return true;
  }

  /** Sends one held completion now, or all of them (the page is left). */
  release(dutyId?: string): void {
    const ids = dutyId === undefined ? [...this.held.keys()] : [dutyId];
    const sends: (() => void)[] = [];
    for (const id of ids) {
      const held = this.held.get(id);
      if (!held) continue;
      held.cancel();
      this.held.delete(id);
      sends.push(held.send);
    }
    if (sends.length === 0) return;
    this.changed();
    for (const send of sends) send();
  }
}
