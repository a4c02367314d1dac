import { describeMessage, type DescribedMessage } from '../shared/message-template.js';

/**
 * An error meant for the person who made the request: its status and message are sent
 * as they are ({msg, code, params, ...extra}). Anything else that is thrown is a fault and
 * answers 500. The message is one of MSG's (src/shared/messages.ts): its code and values
 * are taken when the error is made (decision 0030).
 */
export class HttpError extends Error {
  /** The message's code and values, as the answer sends them beside msg. */
  readonly described: DescribedMessage | undefined;

  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.described = describeMessage(message);
  }
}

/** PostgreSQL's unique_violation, as both drivers report it. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    if (typeof current === 'object' && (current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The name of the unique index or constraint a unique_violation broke, when known. */
export function violatedConstraint(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    if (typeof current === 'object') {
      const record = current as { code?: unknown; constraint_name?: unknown; constraint?: unknown };
      if (record.code === '23505') {
        const name = record.constraint_name ?? record.constraint;
        return typeof name === 'string' ? name : undefined;
      }
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Seconds a client should wait before retrying when a dependency is briefly unavailable. */
export const RETRY_AFTER_SECONDS = 5;

export interface ServiceUnavailableOptions {
  cause?: unknown;
  /** More fields of the answer besides {msg}, e.g. SPEC's {success: false, message}. */
  extra?: Record<string, unknown>;
}

/**
 * A dependency we cannot reach (the database, the mail server): not the caller's fault and
 * not a bug. Answers 503 with `Retry-After` so clients and load balancers try again later.
 */
export class ServiceUnavailableError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds = RETRY_AFTER_SECONDS,
    options: ServiceUnavailableOptions = {},
  ) {
    super(503, message, options.extra);
    this.name = 'ServiceUnavailableError';
    if (options.cause !== undefined) (this as { cause?: unknown }).cause = options.cause;
  }
}
