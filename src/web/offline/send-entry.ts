import { createDuty, updateDuty } from '../../shared/api/duties.js';
import { call, type CallInput } from '../api/call.js';
import type { OutboxEntry, SentAnswer } from './outbox-types.js';

/** A send that has no answer after this long counts as one without network (tried again later). */
export const SEND_TIMEOUT_MS = 20_000;

/**
 * Sends one outbox entry with its Idempotency-Key: a repeat of the same key (after a lost
 * answer, or from a second tab) answers the first result and changes nothing (decision 0017).
 */
export async function sendEntry(entry: OutboxEntry, token: string | null): Promise<SentAnswer> {
  const headers = { 'idempotency-key': entry.idempotencyKey };
  const signal = AbortSignal.timeout(SEND_TIMEOUT_MS);
  if (entry.kind === 'create') {
    const body = entry.body as CallInput<typeof createDuty>['body'];
    const answer = await call(createDuty, { body, token, headers, signal });
    return { message: answer.message, duty: answer.duty };
  }
  const body = entry.body as CallInput<typeof updateDuty>['body'];
  const answer = await call(updateDuty, { params: { id: entry.dutyRef }, body, token, headers, signal });
  return { message: answer.message, duty: answer.duty };
}
