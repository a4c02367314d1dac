import type { Address } from '../../shared/api/addresses.js';
import { pathOf, type InputOf, type RouteContract, type SuccessBody } from '../../shared/api/contract.js';
import type { AnyContract } from '../../shared/api/index.js';
import { reportRefusedSession } from '../auth/active-session.js';
import { apiRequest, ApiError, API_BASE, REQUEST_TIMEOUT_MS, withTimeLimit } from './client.js';

/**
 * The one way the web calls the API: an address of the shared table
 * (src/shared/api/addresses.ts: `call(API.login, { body })`) and its typed parts. The types
 * are the address's contract's (found by method and path, type-only: no schema is loaded);
 * the answer is the server's, which checks it against the contract's schema before sending
 * it. Errors reject as the client's ApiError / NetworkError (RequestTimeoutError when no
 * answer came within the time limit).
 */

/** The contract at an address (by its method and path), for the types of a call. */
export type ContractAt<A extends Address> = Extract<AnyContract, { method: A['method']; path: A['path'] }>;

type Part<C, K extends 'params' | 'query' | 'body'> = InputOf<C, K> extends undefined ? { [P in K]?: undefined } : undefined extends InputOf<C, K> ? { [P in K]?: InputOf<C, K> } : { [P in K]: InputOf<C, K> };

/** A multipart contract's body is the form itself (its file fields); the browser sets its type. */
type BodyPart<C> = C extends { multipart: true } ? { body: FormData } : Part<C, 'body'>;

/** What a call of contract C takes (`CallInput<typeof createDuty>['body']`, with `import type`). */
export type CallInput<C extends RouteContract> = Part<C, 'params'> &
  Part<C, 'query'> &
  BodyPart<C> & {
    /** The session token, sent as the Authorization header value itself (SPEC §7). */
    token?: string | null;
    signal?: AbortSignal;
    /** extra request headers, e.g. Idempotency-Key */
    headers?: Record<string, string>;
    /** the time limit for the whole answer (the client's default when left out) */
    timeoutMs?: number;
  };

export interface CallAnswer<C extends RouteContract> {
  status: number;
  data: SuccessBody<C>;
  /** paging and range headers (x-next-cursor, x-range-from/to) */
  headers: Headers;
}

/** Calls the endpoint and resolves with its status, body and headers. */
export async function callApi<const A extends Address>(address: A, input: CallInput<ContractAt<A>>): Promise<CallAnswer<ContractAt<A>>> {
  return apiRequest<SuccessBody<ContractAt<A>>>(address.method, pathOf(address, input), {
    token: input.token,
    body: input.body,
    signal: input.signal,
    headers: input.headers,
    timeoutMs: input.timeoutMs,
  });
}

/** Calls the endpoint and resolves with its body only. */
export async function call<const A extends Address>(address: A, input: CallInput<ContractAt<A>>): Promise<SuccessBody<ContractAt<A>>> {
  return (await callApi(address, input)).data;
}

/**
 * The file name a Content-Disposition header gives: the RFC 5987 `filename*` (which keeps
 * spaces and '&', as in 'Attendance_pit & yard_11_2026.xlsx') before the plain `filename`.
 */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // a malformed escape: fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || null;
}

/**
 * Downloads a file endpoint's answer and saves it in the browser. A plain link cannot be
 * used: the session token travels in the Authorization header, never in the address. The
 * file is saved under `fileName` when given, else under the server's name.
 */
export async function download<const A extends Address>(address: A, input: CallInput<ContractAt<A>> & { fileName?: string }): Promise<string> {
  // the time limit covers the whole file: a report stalled half-way says so instead of spinning
  const { response, blob, body } = await withTimeLimit(input.timeoutMs ?? REQUEST_TIMEOUT_MS, input.signal, async (signal) => {
    const response = await fetch(`${API_BASE}${pathOf(address, input)}`, {
      method: address.method,
      headers: { ...input.headers, ...(input.token ? { authorization: input.token } : {}) },
      credentials: 'same-origin',
      signal,
    });
    if (response.ok) return { response, blob: await response.blob(), body: null };
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      // not JSON
    }
    return { response, blob: null, body };
  });
  if (!response.ok || !blob) {
    if (response.status === 401 && input.token) reportRefusedSession(input.token);
    const msg = body && typeof body === 'object' && typeof (body as { msg?: unknown }).msg === 'string' ? (body as { msg: string }).msg : '';
    throw new ApiError(response.status, msg, body);
  }
  const name = input.fileName || fileNameFromDisposition(response.headers.get('content-disposition')) || 'export.xlsx';
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
