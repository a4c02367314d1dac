import type { z } from 'zod';
import { MSG } from '../../shared/messages.js';
import { API_BASE } from './base.js';
import { takeEarlyGet } from './early-requests.js';

export { API_BASE };

/** The server answered with an error status; `message` is its {msg} (or {message}). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The request never got an answer (offline, DNS, server down, aborted). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super(MSG.somethingWentWrong, { cause });
    this.name = 'NetworkError';
  }
}

export interface RequestOptions<T> {
  /** The session token; sent as the Authorization header value itself (SPEC §7). */
  token?: string | null;
  body?: unknown;
  /** Checks the success answer's shape; the parsed value is returned. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  /** Extra request headers, e.g. Idempotency-Key. */
  headers?: Record<string, string>;
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
 * One call to the API (the transport under src/web/api/call.ts, which every feature uses
 * with a contract). Resolves with the status and body of a 2xx answer; rejects with
 * ApiError for any other status and with NetworkError when no answer came.
 */
export async function apiRequest<T = unknown>(method: string, path: string, options: RequestOptions<T> = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
  if (options.token) headers.authorization = options.token;
  // No content-type without a body: the server refuses an empty JSON body. A form
  // (multipart upload) goes as it is, with the boundary the browser writes.
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['content-type'] = 'application/json';

  // a route loader may have asked already, while this code was loading (early-requests.ts)
  const early = method === 'GET' && options.body === undefined && !options.headers ? takeEarlyGet(path, options.token) : null;
  let response: Response;
  try {
    response = early ? await untilAborted(early, options.signal) : await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  const body = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, messageOf(body), body);
  const data = options.schema ? options.schema.parse(body) : (body as T);
  return { status: response.status, data, headers: response.headers };
}
