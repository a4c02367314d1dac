import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { fillPath, type RouteContract, type SuccessBody } from '../shared/api/contract.js';
import { IDEMPOTENCY_KEY } from '../shared/api/envelopes.js';
import { MSG } from '../shared/messages.js';
import type { ContractRequest } from './contract-route.js';
import type { Database } from './db/connect.js';
import { requestKeys } from './db/schema.js';
import type { AppDeps } from './deps.js';
import { HttpError } from './http-error.js';

/**
 * Idempotency keys of writes (docs/decisions/0017-idempotent-writes.md). A phone that
 * queued a change offline may send it twice (the first answer lost on the way); with the
 * same Idempotency-Key the second send answers what the first one did and changes nothing.
 */

/** How long a key and its answer are kept. */
const REQUEST_KEY_HOURS = 24;
const REQUEST_KEY_MS = REQUEST_KEY_HOURS * 3_600_000;

/** The request a key was used for: a repeat must name the same one. */
export interface RequestFingerprint {
  method: string;
  /** the path with its parameters filled in (as parsed: ids lower-cased) */
  route: string;
  /** SHA-256 (hex) of the parsed body as canonical JSON */
  bodyHash: string;
}

export interface Answer<B> {
  status: number;
  body: B;
}

/**
 * JSON with the keys of every object in sorted order, so two bodies that differ only in
 * the order of their keys read the same. Array order is kept: it may mean something.
 */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, item: unknown) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return item;
    const record = item as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(record)
        .sort()
        .map((key) => [key, record[key]]),
    );
  });
}

/**
 * The fingerprint of a request as its route's schemas parsed it: `totalcoach: "18"` and
 * `18`, or an id in capitals and in small letters, are the same request.
 */
function fingerprintOf(contract: RouteContract, params: unknown, body: unknown): RequestFingerprint {
  return {
    method: contract.method,
    route: fillPath(contract.path, (params ?? undefined) as Record<string, unknown> | undefined),
    bodyHash: createHash('sha256').update(canonicalJson(body)).digest('hex'),
  };
}

/**
 * Runs a write once per account and key, on the write's own transaction `tx` (the one
 * serve() opened for the request, decision 0031). Without a key it simply runs (SPEC §7
 * clients send none). With one, the key is claimed on `tx` and the write's answer is
 * stored on it: a committed write always has its answer stored, a rolled-back one (a
 * refusal, a fault, a failed commit) never, so its key stays free.
 *
 * A request that finds the key taken waits for the transaction holding it (the claim's
 * insert waits on the key's row), then answers the stored answer when its request is the
 * same, or 422 when it is another. A key older than 24 hours is claimed afresh.
 *
 * `mayReplay` is asked before a stored answer is given again: the caller's permissions
 * may have changed since (a supervisor moved to another work type), and it throws the
 * refusal a new request would get when they may no longer see what the answer names.
 */
export async function once<B>(
  tx: Database,
  now: Date,
  userId: string,
  key: string | undefined,
  request: RequestFingerprint,
  write: () => Promise<Answer<B>>,
  mayReplay: (stored: Answer<B>) => void = () => {},
): Promise<Answer<B> & { replayed: boolean }> {
  if (key === undefined) return { ...(await write()), replayed: false };
  const cutoff = new Date(now.getTime() - REQUEST_KEY_MS);
  const thisKey = and(eq(requestKeys.userId, userId), eq(requestKeys.key, key));
  const [claimed] = await tx
    .insert(requestKeys)
    .values({ userId, key, ...request, createdAt: now })
    .onConflictDoUpdate({
      target: [requestKeys.userId, requestKeys.key],
      set: { ...request, statusCode: null, response: null, createdAt: now },
      setWhere: lt(requestKeys.createdAt, cutoff),
    })
    .returning({ key: requestKeys.key });
  if (!claimed) {
    // the conflict left the key's row locked by this transaction, and committed with its answer
    const [earlier] = await tx.select().from(requestKeys).where(thisKey);
    if (!earlier || earlier.statusCode === null) throw new Error('A committed request key has no answer');
    if (earlier.method !== request.method || earlier.route !== request.route || earlier.bodyHash !== request.bodyHash) {
      throw new HttpError(422, MSG.idempotencyKeyReused, { success: false, message: MSG.idempotencyKeyReused });
    }
    const stored = { status: earlier.statusCode, body: earlier.response as B };
    mayReplay(stored);
    return { ...stored, replayed: true };
  }
  const answer = await write();
  await tx.update(requestKeys).set({ statusCode: answer.status, response: answer.body }).where(thisKey);
  return { ...answer, replayed: false };
}

/**
 * A route's write, once per Idempotency-Key (the contract's `idempotency-key` header,
 * already checked by its schema), on the request's transaction `tx`: answers the write's
 * body with its status set, or the stored ones with the header `idempotent-replayed: true`
 * — when `mayReplay` lets the caller, as they are now, see them (see once()).
 */
export async function answerOnce<C extends RouteContract>(
  deps: Pick<AppDeps, 'now'>,
  tx: Database,
  request: ContractRequest<C>,
  reply: FastifyReply,
  contract: C,
  write: () => Promise<Answer<SuccessBody<C>>>,
  mayReplay?: (stored: Answer<SuccessBody<C>>) => void,
): Promise<SuccessBody<C>> {
  const header = (request.headers as Record<string, unknown>)['idempotency-key'];
  if (header !== undefined && (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header))) {
    // the contract's header schema refuses it first; a route without it must not run unkeyed
    throw new HttpError(400, MSG.idempotencyKeyInvalid, { success: false, message: MSG.idempotencyKeyInvalid });
  }
  const key = header;
  const answer = await once(tx, deps.now(), request.user!.id, key, fingerprintOf(contract, request.params, request.body), write, mayReplay);
  if (answer.replayed) reply.header('idempotent-replayed', 'true');
  reply.status(answer.status);
  return answer.body;
}

/** Deletes keys older than 24 hours (run with the hourly housekeeping). */
export async function pruneRequestKeys(db: Database, now: Date): Promise<void> {
  await db.delete(requestKeys).where(lt(requestKeys.createdAt, new Date(now.getTime() - REQUEST_KEY_MS)));
}
