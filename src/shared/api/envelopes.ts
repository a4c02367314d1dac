import { z } from 'zod';
import { MSG } from '../messages.js';
import { UUID } from '../input-checks.js';

/**
 * The answer shapes SPEC §7 clients read, shared by every contract: {msg} on every error
 * (some SPEC calls also carry success/message), {success, msg} and {success, message}
 * on success. Beside its message every answer carries the message's `code`, and `params`
 * when it takes values (decision 0030): SPEC §7 clients read msg/message as before, the
 * web translates by code.
 */

/** A message's stable key (MSG's key in src/shared/messages.ts): one code per message. */
const messageCode = z
  .string()
  .optional()
  .describe("The message's stable code (its key): the same whatever its words or language. Sent with every msg/message.");

/** A value of a message's placeholder: as English shows it, or another message (a field's name) by its code. */
const paramValue = z.union([z.string(), z.number(), z.object({ code: z.string() })]);

/** The values of a message's placeholders, by name ('0', '1', 'count'), as the catalogues' {{0}}, {{count}}. */
const messageParams = z
  .record(z.string(), paramValue)
  .optional()
  .describe('The values the message takes, by placeholder ({"0": 60}, {"count": 3}); a value that names a field is {"code": …}');

/** `code` and `params`, for any answer that carries a message (see withMessageCode). */
export const MESSAGE_CODE_FIELDS = { code: messageCode, params: messageParams };

/**
 * The schema of an answer with `code` and `params` declared when it carries a message
 * (msg or message); the response schemas drop undeclared keys, so defineRoute gives every
 * contract's answers these.
 */
export function withMessageCode<S>(schema: S): S {
  if (!(schema instanceof z.ZodObject)) return schema;
  const shape = schema.shape as Record<string, unknown>;
  if (!('msg' in shape || 'message' in shape) || 'code' in shape) return schema;
  const extended = schema.extend(MESSAGE_CODE_FIELDS);
  return (schema.description ? extended.describe(schema.description) : extended) as S;
}

/** Every error answer: {msg, code}; SPEC's calls that answer {success, message} carry those too. */
export const errorBody = z.object({
  msg: z.string().describe('What went wrong, in words a person can act on'),
  ...MESSAGE_CODE_FIELDS,
  success: z.boolean().optional(),
  message: z.string().optional(),
  ok: z.boolean().optional(),
});

export const successMsg = z.object({ success: z.literal(true), msg: z.string(), ...MESSAGE_CODE_FIELDS });

const ERROR_TEXT: Record<number, string> = {
  400: 'The request breaks a rule; msg says which (SPEC §5/§8 wording)',
  401: 'No valid session: the Authorization header is missing, unknown or expired',
  403: "The signed-in account's role may not do this",
  404: 'No such record',
  409: 'The record changed meanwhile, or the value is already taken',
  413: 'The upload is too large',
  415: 'The body is not of a type this call reads',
  422: 'The Idempotency-Key was already used, within 24 hours, for a different request (another route, record or body); nothing was changed',
  429: 'Too many attempts; wait and try again',
  500: 'A fault on our side; nothing was changed',
  503: 'The database or mail service is unavailable; retry after the Retry-After header',
};

/**
 * The error answers of a route: the given statuses plus 500 and 503, which any route may
 * answer. Each is {msg} (see errorBody), described for the API document.
 */
export function errorResponses<const S extends readonly number[]>(...statuses: S): { [K in S[number] | 500 | 503]: typeof errorBody } {
  const all = [...new Set([...statuses, 500, 503])];
  return Object.fromEntries(all.map((status) => [status, errorBody.describe(ERROR_TEXT[status] ?? 'Error')])) as never;
}

/** The errors of a guarded route that reads its input: invalid input, no session, wrong role. */
export const GUARDED = [400, 401, 403] as const;

/** A record id: a UUID in any letter case, answered lower-cased (ids are stored lower-case). */
export function idSchema(message: string) {
  return z
    .string()
    .trim()
    .regex(UUID, message)
    .transform((value) => value.toLowerCase())
    .meta({ format: 'uuid' });
}

/**
 * `{id}` path parameters. An id that is not a UUID names no record, so the route answers
 * 404 with its own "not found" message (the error handler answers every refused path
 * parameter 404), without a database round trip.
 */
export function idParams(notFoundMessage: string) {
  return z.object({ id: idSchema(notFoundMessage) });
}

/** An Idempotency-Key: 1 to 100 letters, digits, `.`, `_`, `:` or `-` (a UUID fits). */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{1,100}$/;

/**
 * The optional Idempotency-Key header of a write (decision 0017). The first request with a
 * key runs and its successful answer is kept 24 hours with the key; a repeat with the same
 * key and the same request answers that stored status and body again (header
 * `idempotent-replayed: true`) and changes nothing; the same key with another request
 * answers 422. A refused request (4xx) keeps no answer: the key may be sent again.
 */
export const idempotencyKeyHeaders = z
  .object({
    'idempotency-key': z
      .string()
      .regex(IDEMPOTENCY_KEY, MSG.idempotencyKeyInvalid)
      .optional()
      .describe(
        'A key the client makes for one intended change (e.g. a UUID), sent again unchanged when it repeats that change. Per account; kept 24 hours. ' +
          'A repeat of the same request answers the first answer (header idempotent-replayed: true) and changes nothing; the same key with a different request answers 422.',
      ),
  })
  .loose();
