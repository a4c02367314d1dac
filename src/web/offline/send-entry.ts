import { API } from '../../shared/api/addresses.js';
import type { createDuty, updateDuty } from '../../shared/api/duties.js';
import { MSG } from '../../shared/messages.js';
import { call, type CallInput } from '../api/call.js';
import { ApiError } from '../api/client.js';
import type { ActiveSession } from '../auth/active-session.js';
import type { OutboxEntry, SentAnswer } from './outbox-types.js';

/** A send that has no answer after this long counts as one without network (tried again later). */
export const SEND_TIMEOUT_MS = 20_000;

/**
 * Sends one outbox entry with its Idempotency-Key: a repeat of the same key (after a lost
 * answer, or from a second tab) answers the first result and changes nothing (decision 0017).
 *
 * Only with the session of the account that made it: an entry of another account (a
 * session ended, someone else signed in on this phone) is not sent at all and counts as a
 * 401 — it waits for its own account to sign in again (issue 24).
 */
export async function sendEntry(entry: OutboxEntry, session: ActiveSession | null): Promise<SentAnswer> {
  if (!session || session.userId !== entry.userId) throw new ApiError(401, MSG.notSignedIn, null);
  const { token } = session;
  const headers = { 'idempotency-key': entry.idempotencyKey };
  const signal = AbortSignal.timeout(SEND_TIMEOUT_MS);
  if (entry.kind === 'create') {
    const body = entry.body as CallInput<typeof createDuty>['body'];
    const answer = await call(API.createDuty, { body, token, headers, signal });
    return { message: answer.message, duty: answer.duty };
  }
  const body = entry.body as CallInput<typeof updateDuty>['body'];
  const answer = await call(API.updateDuty, { params: { id: entry.dutyRef }, body, token, headers, signal });
  return { message: answer.message, duty: answer.duty };
}
