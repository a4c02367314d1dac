import { MSG } from '../../shared/messages.js';
import type { MessageParams } from '../../shared/message-template.js';
import { reportRefusedSession } from '../auth/active-session.js';
import type { AnswerCheck } from './answer-shape.js';
import { API_BASE } from './base.js';
import { takeEarlyGet } from './early-requests.js';

export { API_BASE };

/** The server answered with an error status; `message` is its {msg} (or {message}). */
export class ApiError extends Error {
  /** The message's code the server sent beside its words (decision 0030), when it sent one. */
  readonly code: string | undefined;
  /** The message's values ({"0": 60}, {"count": 3}), when it takes some. */
  readonly params: MessageParams | undefined;

  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
    const { code, params } = (body && typeof body === 'object' ? body : {}) as { code?: unknown; params?: unknown };
    this.code = typeof code === 'string' ? code : undefined;
    this.params = params && typeof params === 'object' && !Array.isArray(params) ? (params as MessageParams) : undefined;
  }
}

/**
 * The request never got an answer (offline, DNS, server down, aborted). Its message is the
 * one text the app shows for a connection that is not there, wherever it happens.
 */
export class NetworkError extends Error {
  constructor(cause: unknown, message: string = MSG.cannotReachServer) {
    super(message, { cause });
    this.name = 'NetworkError';
  }
}

/**
 * No answer came within the request's time limit: a kind of NetworkError (the offline
 * outbox tries it again later), with its own message, so a button stops spinning and says
 * what happened instead of waiting for ever on a connection that went quiet.
 */
export class RequestTimeoutError extends NetworkError {
  constructor(readonly timeoutMs: number) {
    super(new DOMException(`No answer within ${timeoutMs} ms`, 'TimeoutError'), MSG.requestTimedOut);
    this.name = 'RequestTimeoutError';
  }
}

/** How long a request may wait for its whole answer before it fails with RequestTimeoutError. */
export const REQUEST_TIMEOUT_MS = 20_000;
/** A file upload (a form body: up to 5 MB of spreadsheet) gets longer on a slow phone line. */
export const UPLOAD_TIMEOUT_MS = 120_000;

export interface RequestOptions<T> {
  /** The session token; sent as the Authorization header value itself (SPEC §7). */
  token?: string | null;
  body?: unknown;
  /** Checks the success answer's shape (a contract's zod schema, or an answer-shape.ts check); the parsed value is returned. */
  schema?: AnswerCheck<T>;
  signal?: AbortSignal;
  /** Extra request headers, e.g. Idempotency-Key. */
  headers?: Record<string, string>;
  /** The time limit for the whole answer (default REQUEST_TIMEOUT_MS, UPLOAD_TIMEOUT_MS for a form). */
  timeoutMs?: number;
}

export interface ApiResponse<T> {
  status: number;
  data: T;
  /** paging and range headers (x-total-count, x-next-cursor, x-range-from/to) */
  headers: Headers;
}

/** The text a person should see for an error answer: {msg}, else {message}, else ''. */
function messageOf(body: unknown): string {
  if (body && typeof body === 'object') {
    const { msg, message } = body as { msg?: unknown; message?: unknown };
    if (typeof msg === 'string' && msg) return msg;
    if (typeof message === 'string' && message) return message;
  }
  return '';
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** An answer started elsewhere, given up (as fetch would) when the caller's signal aborts first. */
function untilAborted(response: Promise<Response>, signal: AbortSignal | undefined): Promise<Response> {
  if (!signal) return response;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    response.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/**
 * A fetch with a time limit: `run` fetches and reads the answer with a signal that aborts
 * when the caller's signal does or when `timeoutMs` has passed. Any failure of `run` is a
 * missing answer: it rejects as RequestTimeoutError once the limit has passed, else as
 * NetworkError (offline, refused, aborted by the caller).
 */
export async function withTimeLimit<T>(timeoutMs: number, callerSignal: AbortSignal | undefined, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException(`No answer within ${timeoutMs} ms`, 'TimeoutError'));
  }, timeoutMs);
  const onCallerAbort = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) onCallerAbort();
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  try {
    return await run(controller.signal);
  } catch (error) {
    throw timedOut ? new RequestTimeoutError(timeoutMs) : new NetworkError(error);
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', onCallerAbort);
  }
}

/**
 * One call to the API (the transport under src/web/api/call.ts, which every feature uses
 * with a contract). Resolves with the status and body of a 2xx answer; rejects with
 * ApiError for any other status, with NetworkError when no answer came, and with
 * RequestTimeoutError when the whole answer did not come within the time limit.
 */
export async function apiRequest<T = unknown>(method: string, path: string, options: RequestOptions<T> = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
  if (options.token) headers.authorization = options.token;
  // No content-type without a body: the server refuses an empty JSON body. A form
  // (multipart upload) goes as it is, with the boundary the browser writes.
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  const timeoutMs = options.timeoutMs ?? (isForm ? UPLOAD_TIMEOUT_MS : REQUEST_TIMEOUT_MS);

  // a route loader may have asked already, while this code was loading (early-requests.ts)
  const early = method === 'GET' && options.body === undefined && !options.headers ? takeEarlyGet(path, options.token) : null;
  const { response, body } = await withTimeLimit(timeoutMs, options.signal, async (signal) => {
    const response = early ? await untilAborted(early, signal) : await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
      signal,
      credentials: 'same-origin',
    });
    // the body under the same limit: an answer can stall half-way on a weak signal
    return { response, body: await readBody(response) };
  });
  // a session the server no longer takes (revoked, expired, account disabled) has ended here too
  if (response.status === 401 && options.token) reportRefusedSession(options.token);
  if (!response.ok) throw new ApiError(response.status, messageOf(body), body);
  const data = options.schema ? options.schema.parse(body) : (body as T);
  return { status: response.status, data, headers: response.headers };
}
