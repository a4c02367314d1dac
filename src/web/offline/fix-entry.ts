import { useLocation } from 'react-router';
import type { OutboxEntry, OutboxKind } from './outbox-types.js';

/**
 * "Fix" of a refused change: the form it came from opens with what was entered; saving
 * replaces the refused entry (same place in the queue, a new Idempotency-Key).
 */
export interface FixState {
  fix: OutboxEntry;
}

/** Where a refused change is fixed: Add Duty for an add, the duty's page for a completion or crew edit. */
export function fixPath(entry: OutboxEntry, pathname: string): string {
  const manager = pathname.startsWith('/dashboard/manager');
  if (entry.kind === 'create') return manager ? '/dashboard/manager/addwork' : '/dashboard/user/addduty';
  return manager ? `/dashboard/manager/traindetail/${entry.dutyRef}` : `/dashboard/user/traindetails/${entry.dutyRef}`;
}

/** The refused entry this page was opened to fix, if it is of this kind. */
export function useFixEntry(kinds: readonly OutboxKind[]): OutboxEntry | null {
  const state = useLocation().state as Partial<FixState> | null;
  const entry = state?.fix;
  return entry && kinds.includes(entry.kind) ? entry : null;
}
