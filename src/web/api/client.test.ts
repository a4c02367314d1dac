import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../shared/messages.js';
import { ApiError, apiRequest, NetworkError, REQUEST_TIMEOUT_MS, RequestTimeoutError, UPLOAD_TIMEOUT_MS } from './client.js';
import { download } from './call.js';
import { errorText } from './error-text.js';
import { API } from '../../shared/api/addresses.js';

function answer(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/**
 * A fetch that never answers on its own, as on a connection that went quiet: it settles
 * only when its signal aborts (rejecting with the signal's reason, as browsers do).
 */
function silentFetch() {
  return vi.fn(
    (_url: unknown, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        const signal = init?.signal;
        if (signal?.aborted) reject(signal.reason);
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      }),
  );
}

/** Settles `promise` into a value, so a pending check can be made while timers are fake. */
function outcome<T>(promise: Promise<T>) {
  const state: { settled: boolean; value?: T; error?: unknown } = { settled: false };
  promise.then(
    (value) => Object.assign(state, { settled: true, value }),
    (error: unknown) => Object.assign(state, { settled: true, error }),
  );
  return state;
}

describe('api client', () => {
  it('sends the token itself as Authorization, JSON bodies, under /api/v1', async () => {
    const fetchMock = vi.fn(async (..._args: unknown[]) => answer(201, { success: true, msg: 'ok' }));
    vi.stubGlobal('fetch', fetchMock);
    const result = await apiRequest('POST', '/auth/register', { token: 'abc', body: { a: 1 } });
    expect(result).toMatchObject({ status: 201, data: { success: true, msg: 'ok' } });
    expect(result.headers).toBeInstanceOf(Headers);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/auth/register');
    expect(init.headers).toMatchObject({ authorization: 'abc', 'content-type': 'application/json' });
    expect(init.body).toBe('{"a":1}');
  });

  it('sends no content-type without a body', async () => {
    const fetchMock = vi.fn(async (..._args: unknown[]) => answer(200, { success: true, msg: 'bye' }));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('POST', '/auth/logout', { token: 't' });
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init.headers).not.toHaveProperty('content-type');
    expect(init.body).toBeUndefined();
  });

  it("carries the server's msg, else its message, on an error status", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(401, { msg: 'Invalid email or password' })));
    await expect(apiRequest('POST', '/auth/login')).rejects.toMatchObject({ status: 401, message: 'Invalid email or password' });
    vi.stubGlobal('fetch', vi.fn(async () => answer(404, { success: false, message: 'User not found' })));
    const error = await apiRequest('POST', '/auth/forgetpswd').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('User not found');
  });

  it('turns a failed fetch into a NetworkError', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(apiRequest('GET', '/auth/setup')).rejects.toBeInstanceOf(NetworkError);
  });

  it('says the server cannot be reached, in the one network-error text, when no answer came', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const error = await apiRequest('GET', '/auth/setup').catch((e: unknown) => e);
    expect((error as Error).message).toBe(MSG.cannotReachServer);
    expect(errorText(error)).toBe(MSG.cannotReachServer);
  });

  it('gives up after the time limit with its own message, and not a moment before', async () => {
    vi.useFakeTimers();
    const fetchMock = silentFetch();
    vi.stubGlobal('fetch', fetchMock);
    const request = outcome(apiRequest('POST', '/duty/create', { body: { a: 1 } }));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(request.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(request.settled).toBe(true);
    expect(request.error).toBeInstanceOf(RequestTimeoutError);
    // a kind of NetworkError: the offline outbox keeps the write and tries again later
    expect(request.error).toBeInstanceOf(NetworkError);
    expect((request.error as Error).message).toBe(MSG.requestTimedOut);
    expect(errorText(request.error)).toBe(MSG.requestTimedOut);
    // the request itself was stopped, not left running
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init.signal?.aborted).toBe(true);
  });

  it('counts the body in the time limit: an answer that stalls half-way times out too', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: unknown, init?: RequestInit) => {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"duties": ['));
            init?.signal?.addEventListener('abort', () => controller.error(init.signal?.reason), { once: true });
          },
        });
        return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    const request = outcome(apiRequest('GET', '/duty/live'));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(request.error).toBeInstanceOf(RequestTimeoutError);
  });

  it('takes a time limit per request, and gives a file upload longer by default', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', silentFetch());
    const short = outcome(apiRequest('GET', '/auth/setup', { timeoutMs: 5_000 }));
    const upload = outcome(apiRequest('POST', '/staff/bulk', { body: new FormData() }));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(short.error).toBeInstanceOf(RequestTimeoutError);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(upload.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(UPLOAD_TIMEOUT_MS - REQUEST_TIMEOUT_MS - 5_000);
    expect(upload.error).toBeInstanceOf(RequestTimeoutError);
  });

  it("stops at once, as a NetworkError and not a timeout, when the caller aborts; an answer in time clears the timer", async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', silentFetch());
    const controller = new AbortController();
    const aborted = outcome(apiRequest('GET', '/duty/live', { signal: controller.signal }));
    controller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(aborted.error).toBeInstanceOf(NetworkError);
    expect(aborted.error).not.toBeInstanceOf(RequestTimeoutError);

    vi.stubGlobal('fetch', vi.fn(async () => answer(200, { ok: true })));
    await expect(apiRequest('GET', '/duty/live')).resolves.toMatchObject({ data: { ok: true } });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('gives a file download the same time limit', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', silentFetch());
    const saving = outcome(download(API.wagesExport, { query: { month: '2026-10', work: 'mcc' }, token: 't' }));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(saving.error).toBeInstanceOf(RequestTimeoutError);
  });
});
