import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiRequest, NetworkError } from './client.js';

function answer(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('sends the token itself as Authorization, JSON bodies, under /api/v1', async () => {
    const fetchMock = vi.fn(async (..._args: unknown[]) => answer(201, { success: true, msg: 'ok' }));
    vi.stubGlobal('fetch', fetchMock);
    const result = await apiRequest('POST', '/auth/register', { token: 'abc', body: { a: 1 }, schema: z.object({ success: z.boolean(), msg: z.string() }) });
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
});
