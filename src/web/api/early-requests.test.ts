import { afterEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../shared/api/addresses.js';
import { AREA_CHECKS } from '../auth/areas.js';
import { LIVE_PAGE_SIZE } from '../features/duties/keys.js';
import { liveListPath } from '../route-prefetch.js';
import { checkArea } from './auth.js';
import { callApi } from './call.js';
import { apiRequest, NetworkError } from './client.js';
import { EARLY_KEEP_MS, forgetEarlyGets, startEarlyGet, takeEarlyGet } from './early-requests.js';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  forgetEarlyGets();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('calls started before their code has loaded', () => {
  it('hands the answer to the one call that wants the same address with the same session', async () => {
    const fetchMock = vi.fn(async (..._args: unknown[]) => json({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    startEarlyGet('/auth/userauth', 'session-1');
    startEarlyGet('/auth/userauth', 'session-1'); // already on its way: not asked twice
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]).toEqual(['/api/v1/auth/userauth', expect.objectContaining({ method: 'GET', headers: { accept: 'application/json', authorization: 'session-1' } })]);

    await expect(callApi(API.userGuard, { token: 'session-1' })).resolves.toMatchObject({ status: 200, data: { ok: true } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // taken once: the next call asks the server
    await callApi(API.userGuard, { token: 'session-1' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('never hands an answer to another session, another address or a write', async () => {
    const fetchMock = vi.fn(async (..._args: unknown[]) => json({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    startEarlyGet('/auth/userauth', 'session-1');
    await apiRequest('GET', '/auth/userauth', { token: 'session-2' });
    await apiRequest('GET', '/auth/managerauth', { token: 'session-1' });
    await apiRequest('POST', '/auth/userauth', { token: 'session-1', body: {} });
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(takeEarlyGet('/auth/userauth', 'session-1')).not.toBeNull();
  });

  it('fails the taker as its own request would when no answer came (offline)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    startEarlyGet('/auth/userauth', 'session-1');
    await expect(apiRequest('GET', '/auth/userauth', { token: 'session-1' })).rejects.toBeInstanceOf(NetworkError);
  });

  it('gives up when the taker is cancelled before the answer comes', async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))));
    startEarlyGet('/auth/userauth', 'session-1');
    const controller = new AbortController();
    const call = apiRequest('GET', '/auth/userauth', { token: 'session-1', signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toBeInstanceOf(NetworkError);
    answer(json({ ok: true }));
  });

  it('forgets an answer nobody took, and everything at sign-out', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', vi.fn(async () => json({ ok: true })));
    startEarlyGet('/auth/userauth', 'session-1');
    await vi.advanceTimersByTimeAsync(EARLY_KEEP_MS);
    expect(takeEarlyGet('/auth/userauth', 'session-1')).toBeNull();
    startEarlyGet('/auth/userauth', 'session-1');
    forgetEarlyGets();
    expect(takeEarlyGet('/auth/userauth', 'session-1')).toBeNull();
  });
});

describe("the loaders ask what the screens' calls then take", () => {
  it("hands each area's check to the guard's own call", async () => {
    const fetchMock = vi.fn(async (..._args: unknown[]) => json({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    for (const area of ['user', 'manager', 'admin'] as const) {
      startEarlyGet(AREA_CHECKS[area].path, 'session-1');
      await expect(checkArea(area, 'session-1')).resolves.toBe(true);
    }
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("hands the live list to useLiveDuties' first page, for every work type", async () => {
    const fetchMock = vi.fn(async (..._args: unknown[]) => json([]));
    vi.stubGlobal('fetch', fetchMock);
    for (const work of ['mcc', 'pit & yard']) {
      startEarlyGet(liveListPath(work), 'session-1');
      // as features/duties/api.ts asks for the first page (no cursor yet)
      await callApi(API.liveDuties, { query: { work, limit: LIVE_PAGE_SIZE, cursor: undefined }, token: 'session-1' });
    }
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
