import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { firstMessage } from '../../shared/api/first-message.js';
import { describeMessage } from '../../shared/message-template.js';
import { MSG } from '../../shared/messages.js';
import { isConnectFailure, QUERY_TIMEOUT_MESSAGE } from '../db/failures.js';
import { HttpError, RETRY_AFTER_SECONDS, ServiceUnavailableError } from '../http-error.js';

/** Socket-level failures: the database cannot be reached or the connection broke. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED']);
/**
 * SQLSTATEs of an outage rather than a bug, wherever they are raised (decision 0011):
 * admin_shutdown, crash_shutdown, cannot_connect_now, database_dropped,
 * idle_session_timeout, query_canceled (statement timeout), read_only_sql_transaction (a
 * write on a standby or a database set read-only), idle_in_transaction_session_timeout,
 * serialization_failure and deadlock_detected (after the transaction's one retry),
 * invalid_catalog_name (the database was renamed or dropped); and, by class below,
 * 08 (connection exceptions), 28 (the role may not log in, a wrong password) and 53
 * (insufficient resources: disk full, out of memory, too many connections).
 */
const UNAVAILABLE_SQLSTATE = new Set(['57P01', '57P02', '57P03', '57P04', '57P05', '57014', '25006', '25P03', '40001', '40P01', '3D000']);
const UNAVAILABLE_CLASS = /^(08|28|53)[0-9A-Z]{3}$/;
/**
 * The database refused this server's own settings (role, password, database name, the
 * right to connect): it stays so until an operator acts, so it is logged as an error.
 */
const CONFIG_FAULT = /^(28[0-9A-Z]{3}|3D000|42501)$/;
/** Messages node-postgres, pg-pool and PGlite use for a dead or closed connection. */
const UNAVAILABLE_MESSAGE = [
  /^Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /not queryable/i,
  /Cannot use a pool after calling end/i,
  /^PGlite is closed/i,
  new RegExp(`^${QUERY_TIMEOUT_MESSAGE}`),
];

export interface DatabaseFailure {
  kind: 'unavailable' | 'invalid-data';
  /**
   * The database refused the server's own connection settings (class 28, 3D000, 42501
   * while connecting): an outage for the caller (503) that only an operator can end.
   */
  misconfigured?: boolean;
  /** The driver's code (SQLSTATE or socket code), safe to log. */
  code: string | undefined;
  /** The driver's own message for an outage (never the query or its parameters). */
  reason: string | undefined;
  /**
   * Our own 503 (the embedded database's bounded wait, a busy import) that Drizzle wrapped:
   * answered with its own message, Retry-After and fields.
   */
  own?: ServiceUnavailableError;
}

const MAX_CAUSE_DEPTH = 6;

/**
 * Drizzle's wrapper around a driver error. Its message is "Failed query: <sql>\nparams:
 * <values>": the values are the caller's text, so it is never matched against the outage
 * messages nor logged. (DrizzleQueryError sets no `name`; the constructor and the message's
 * fixed start tell it.)
 */
function isQueryWrapper(error: object): boolean {
  const ctor = (error as { constructor?: unknown }).constructor;
  if (typeof ctor === 'function' && ctor.name === 'DrizzleQueryError') return true;
  if ((error as { name?: unknown }).name === 'DrizzleQueryError') return true;
  const { message } = error as { message?: unknown };
  return typeof message === 'string' && message.startsWith('Failed query:');
}

/**
 * Every error of the cause chain, outermost first; for an AggregateError (Node's refused
 * connection to every address of a host) its first inner error follows it.
 */
function causeChain(error: unknown): object[] {
  const chain: object[] = [];
  const visit = (value: unknown, depth: number) => {
    let current = value;
    for (let level = depth; current && typeof current === 'object' && level < MAX_CAUSE_DEPTH; level += 1) {
      if (chain.includes(current)) return;
      chain.push(current);
      const inner = (current as { errors?: unknown }).errors;
      if (Array.isArray(inner) && inner.length > 0) visit(inner[0], level + 1);
      current = (current as { cause?: unknown }).cause;
    }
  };
  visit(error, 0);
  return chain;
}

function driverReason(error: object): string | undefined {
  if (isQueryWrapper(error)) return undefined;
  const { message } = error as { message?: unknown };
  return typeof message === 'string' ? message.slice(0, 200) : undefined;
}

function codeOf(error: object): string | undefined {
  const { code } = error as { code?: unknown };
  return typeof code === 'string' ? code : undefined;
}

function outage(code: string | undefined, error: object): DatabaseFailure {
  const failure: DatabaseFailure = { kind: 'unavailable', code, reason: driverReason(error) };
  return code !== undefined && CONFIG_FAULT.test(code) ? { ...failure, misconfigured: true } : failure;
}

/**
 * Recognises a database outage (answered 503) or a value PostgreSQL refused as data
 * (class 22, 54000: answered 400). Drizzle wraps the driver's error, so the whole cause
 * chain is read. First our own 503s; then where the error came from: anything raised
 * while the pool opened or waited for a connection (marked by db/failures.ts) means the
 * database cannot be reached, whatever its SQLSTATE (55000 there is "not accepting
 * connections"; raised by a query it stays a bug). Then the drivers' codes (SQLSTATE or
 * socket code), which decide when present; only when no error in the chain has a code
 * are the drivers' messages for a dead connection matched, and never the wrapper's (it
 * quotes user data).
 */
export function classifyDatabaseError(error: unknown): DatabaseFailure | null {
  const chain = causeChain(error);
  for (const current of chain) {
    if (current instanceof ServiceUnavailableError) {
      return { kind: 'unavailable', code: undefined, reason: current.message, own: current };
    }
  }
  const connecting = chain.findIndex(isConnectFailure);
  if (connecting >= 0) {
    // the driver's own error: the marked one or the one it wraps
    const inner = chain.slice(connecting);
    const source = inner.find((current) => codeOf(current) !== undefined) ?? inner.find((current) => !isQueryWrapper(current)) ?? chain[connecting]!;
    return outage(codeOf(source), source);
  }
  let coded = false;
  for (const current of chain) {
    const code = codeOf(current);
    if (code === undefined) continue;
    coded = true;
    if (UNREACHABLE.has(code) || UNAVAILABLE_SQLSTATE.has(code) || UNAVAILABLE_CLASS.test(code)) return outage(code, current);
    if (/^22[0-9A-Z]{3}$/.test(code) || code === '54000') return { kind: 'invalid-data', code, reason: undefined };
  }
  // an error with a code was answered by the database (or the socket): it decided
  if (coded) return null;
  for (const current of chain) {
    if (isQueryWrapper(current)) continue;
    const { message } = current as { message?: unknown };
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.some((pattern) => pattern.test(message))) {
      return { kind: 'unavailable', code: undefined, reason: message.slice(0, 200) };
    }
  }
  return null;
}

/**
 * An answer with its message's `code` (and `params`) beside msg/message (decision 0030):
 * the message is one of MSG's, known by its exact words (a text a MSG template built, a
 * schema's message included). An answer that already names its code, or that carries no
 * message, is left as it is.
 */
export function withMessageCode(payload: unknown): unknown {
  if (!payload || typeof payload !== 'object' || Array.isArray(payload) || Buffer.isBuffer(payload)) return payload;
  const body = payload as Record<string, unknown>;
  if (typeof body.code === 'string') return payload;
  const text = typeof body.msg === 'string' ? body.msg : typeof body.message === 'string' ? body.message : undefined;
  const described = text === undefined ? undefined : describeMessage(text);
  return described ? { ...body, ...described } : payload;
}

/** Fastify's own refusals of a request's body, in the app's words. */
function clientErrorMessage(error: FastifyError, status: number): string {
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) return MSG.bodyNotJson;
  if (status === 413) return MSG.bodyTooLarge;
  if (status === 415) return MSG.bodyTypeUnsupported;
  // Fastify's words are known when a route threw one of MSG's texts with a status
  return error.message && describeMessage(error.message) ? error.message : MSG.invalidRequest;
}

/**
 * One error shape for the whole API: {msg, code} with an honest status. Input mistakes
 * answer 4xx with the reason; a database outage answers 503 with Retry-After; real faults
 * are logged and answer 500 without internals. Every answer that carries a message, a
 * success included, gets the message's code here (withMessageCode).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.addHook('preSerialization', async (_request, _reply, payload) => withMessageCode(payload));
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const unavailable = (own: ServiceUnavailableError) => {
      request.log.warn({ reason: own.message }, 'dependency unavailable');
      return reply
        .status(503)
        .header('retry-after', String(own.retryAfterSeconds))
        .send({ ...own.extra, msg: own.message, ...own.described });
    };
    if (error instanceof ServiceUnavailableError) return unavailable(error);
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ ...error.extra, msg: error.message, ...error.described });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // the schemas' own messages (MSG's); a schema library's default words are not shown
      const first = firstMessage(error.validation);
      const msg = first && describeMessage(first) ? first : MSG.invalidRequest;
      // a path that names no record (e.g. an id that is not one) is not found, not a mistake in a form
      return reply.status(error.validationContext === 'params' ? 404 : 400).send({ msg });
    }
    const failure = classifyDatabaseError(error);
    if (failure?.own) return unavailable(failure.own);
    if (failure?.kind === 'unavailable') {
      // the driver's code and message only: Drizzle's own message carries the parameters
      // (a driver's message names a role or a database, never a password)
      if (failure.misconfigured) request.log.error({ code: failure.code, reason: failure.reason }, 'database refused this server’s connection settings');
      else request.log.warn({ code: failure.code, reason: failure.reason }, 'database unavailable');
      return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ msg: MSG.serviceUnavailable });
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
      return reply.status(status).send({ msg: clientErrorMessage(error, status) });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ msg: MSG.serverError });
  });
}
