import { z } from 'zod';
import {
  fillPath,
  isFileResponse,
  queryString,
  SUCCESS_STATUSES,
  type InputOf,
  type RouteContract,
  type SuccessBody,
} from '../../shared/api/contract.js';
import { reportRefusedSession } from '../auth/active-session.js';
import { apiRequest, ApiError, API_BASE, REQUEST_TIMEOUT_MS, withTimeLimit } from './client.js';

/**
 * The one way the web calls the API: a contract (src/shared/api) and its typed parts. The
 * path, method and answer shape come from the contract, the answer is checked against the
 * contract's success schema, and errors reject as the client's ApiError / NetworkError
 * (RequestTimeoutError when no answer came within the time limit).
 */

type Part<C, K extends 'params' | 'query' | 'body'> = InputOf<C, K> extends undefined ? { [P in K]?: undefined } : undefined extends InputOf<C, K> ? { [P in K]?: InputOf<C, K> } : { [P in K]: InputOf<C, K> };

/** A multipart contract's body is the form itself (its file fields); the browser sets its type. */
type BodyPart<C> = C extends { multipart: true } ? { body: FormData } : Part<C, 'body'>;

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

/** The address of a call: API base-less path with its parameters and query filled in. */
export function contractPath(contract: RouteContract, input: { params?: unknown; query?: unknown }): string {
  return fillPath(contract.path, input.params as Record<string, unknown> | undefined) + queryString(input.query as Record<string, unknown> | undefined);
}

/**
 * The schema an answer is checked against: the success answer's, or, for a call with more
 * than one (POST /mcctrain/createbill: 201 added, 200 already there), any of theirs.
 */
function successSchema(contract: RouteContract): z.ZodType | undefined {
  const schemas: z.ZodType[] = [];
  for (const status of SUCCESS_STATUSES) {
    const answer = contract.responses[status];
    if (answer && !isFileResponse(answer)) schemas.push(answer);
  }
  if (schemas.length < 2) return schemas[0];
  return z.union(schemas as [z.ZodType, z.ZodType, ...z.ZodType[]]);
}

/** Calls the endpoint and resolves with its status, checked body and headers. */
export async function callApi<C extends RouteContract>(contract: C, input: CallInput<C>): Promise<CallAnswer<C>> {
  const answer = await apiRequest(contract.method, contractPath(contract, input), {
    token: input.token,
    body: input.body,
    signal: input.signal,
    headers: input.headers,
    timeoutMs: input.timeoutMs,
    schema: successSchema(contract),
  });
  return answer as CallAnswer<C>;
}

/** Calls the endpoint and resolves with its checked body only. */
export async function call<C extends RouteContract>(contract: C, input: CallInput<C>): Promise<SuccessBody<C>> {
  return (await callApi(contract, input)).data;
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
export async function download<C extends RouteContract>(contract: C, input: CallInput<C> & { fileName?: string }): Promise<string> {
  // the time limit covers the whole file: a report stalled half-way says so instead of spinning
  const { response, blob, body } = await withTimeLimit(input.timeoutMs ?? REQUEST_TIMEOUT_MS, input.signal, async (signal) => {
    const response = await fetch(`${API_BASE}${contractPath(contract, input)}`, {
      method: contract.method,
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
