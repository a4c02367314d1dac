import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG } from '../../shared/messages.js';
import { HttpError, ServiceUnavailableError } from '../http-error.js';

/** Socket-level failures: the database cannot be reached or the connection broke. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED']);
/**
 * SQLSTATEs of an outage rather than a bug: admin_shutdown, crash_shutdown,
 * cannot_connect_now, too_many_connections, query_canceled (statement timeout), and
 * class 08 (connection exceptions).
 */
const UNAVAILABLE_SQLSTATE = new Set(['57P01', '57P02', '57P03', '53300', '57014']);
/** Messages node-postgres, pg-pool and PGlite use for a dead or closed connection. */
const UNAVAILABLE_MESSAGE = [
  /^Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /not queryable/i,
  /Cannot use a pool after calling end/i,
  /^PGlite is closed/i,
];

export interface DatabaseFailure {
  kind: 'unavailable' | 'invalid-data';
  /** The driver's code (SQLSTATE or socket code), safe to log. */
  code: string | undefined;
  /** The driver's own message for an outage (never the query or its parameters). */
  reason: string | undefined;
}

/**
 * Recognises a database outage (answered 503) or a value PostgreSQL refused as data
 * (class 22, 54000: answered 400). Walks the `cause` chain, because Drizzle wraps the
 * driver's error (whose own message holds the query and its parameters) in another.
 */
export function classifyDatabaseError(error: unknown): DatabaseFailure | null {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 6; depth += 1) {
    // our own bounded wait (embedded database), wrapped by Drizzle like a driver error
    if (current instanceof ServiceUnavailableError) return { kind: 'unavailable', code: undefined, reason: current.message };
    const { code, message } = current as { code?: unknown; message?: unknown };
    const text = typeof message === 'string' ? message : '';
    if (typeof code === 'string') {
      if (UNREACHABLE.has(code) || UNAVAILABLE_SQLSTATE.has(code) || /^08[0-9A-Z]{3}$/.test(code)) {
        return { kind: 'unavailable', code, reason: text.slice(0, 200) };
      }
      if (/^22[0-9A-Z]{3}$/.test(code) || code === '54000') return { kind: 'invalid-data', code, reason: undefined };
    }
    if (UNAVAILABLE_MESSAGE.some((pattern) => pattern.test(text))) return { kind: 'unavailable', code: typeof code === 'string' ? code : undefined, reason: text.slice(0, 200) };
    // Node reports a refused connection to every address of a host as an AggregateError
    const inner = (current as { errors?: unknown }).errors;
    if (Array.isArray(inner) && inner.length > 0) {
      const found = classifyDatabaseError(inner[0]);
      if (found) return found;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** Seconds a client should wait before retrying after a database outage. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

/**
 * One error shape for the whole API: {msg} with an honest status. Input mistakes answer
 * 4xx with the reason; a database outage answers 503 with Retry-After; real faults are
 * logged and answer 500 without internals.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ServiceUnavailableError) {
      request.log.warn({ reason: error.message }, 'dependency unavailable');
      return reply.status(503).header('retry-after', String(error.retryAfterSeconds)).send({ msg: error.message });
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ ...error.extra, msg: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const msg = first?.message || MSG.invalidRequest;
      return reply.status(400).send({ msg });
    }
    const failure = classifyDatabaseError(error);
    if (failure?.kind === 'unavailable') {
      // the driver's code and message only: Drizzle's own message carries the parameters
      request.log.warn({ code: failure.code, reason: failure.reason }, 'database unavailable');
      return reply.status(503).header('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS)).send({ msg: MSG.serviceUnavailable });
    }
    if (failure?.kind === 'invalid-data') {
      // a safety net behind the schemas; the code only, as the message may quote the value
      request.log.info({ code: failure.code }, 'database refused a value');
      return reply.status(400).send({ msg: MSG.invalidRequest });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ msg: MSG.tooManyRequests });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type)
      const msg = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? 'The request body is not valid JSON'
        : error.message || MSG.invalidRequest;
      return reply.status(status).send({ msg });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ msg: MSG.serverError });
  });
}
