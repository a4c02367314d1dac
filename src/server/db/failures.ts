/**
 * What the error handler (plugins/errors.ts) needs to know about a node-postgres failure
 * besides its SQLSTATE: where it came from (decision 0011). The same code means an outage
 * or a bug depending on where it was raised — 55000 while connecting is "the database
 * does not accept connections", raised by a query (`currval` before `nextval`) it is a bug
 * — so the pool marks every error it raises while handing out a connection.
 */

const connectFailures = new WeakSet<object>();

/** Marks an error raised while the pool opened (or waited for) a connection; answers it. */
export function markConnectFailure<T>(error: T): T {
  if (error && typeof error === 'object') connectFailures.add(error);
  return error;
}

/** True for an error the pool raised while opening or waiting for a connection. */
export function isConnectFailure(error: unknown): boolean {
  return Boolean(error) && typeof error === 'object' && connectFailures.has(error as object);
}

/** serialization_failure and deadlock_detected: the transaction lost a race and may simply run again. */
const CONFLICT_SQLSTATE = new Set(['40001', '40P01']);
const MAX_CAUSE_DEPTH = 6;

/** True when the error (or one it wraps, as Drizzle does) is a serialization failure or a deadlock. */
export function isTransactionConflict(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < MAX_CAUSE_DEPTH; depth += 1) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string' && CONFLICT_SQLSTATE.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** node-postgres's error for a statement that got no answer within its `query_timeout`. */
export const QUERY_TIMEOUT_MESSAGE = 'Query read timeout';

export function isQueryTimeout(error: unknown): boolean {
  return error instanceof Error && error.message === QUERY_TIMEOUT_MESSAGE;
}
