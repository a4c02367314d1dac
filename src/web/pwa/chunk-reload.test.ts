import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY, CHUNK_RELOAD_WINDOW_MS, importOrReload, isPageLoadFailure, type ReloadEnvironment } from './chunk-reload.js';

function environment(overrides: Partial<ReloadEnvironment> = {}) {
  const items = new Map<string, string>();
  let now = 1_000_000;
  const env: ReloadEnvironment & { advance(ms: number): void } = {
    storage: { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) },
    href: () => 'http://phone.test/dashboard/user/addduty',
    reload: vi.fn(),
    online: () => true,
    now: () => now,
    advance: (ms) => (now += ms),
    ...overrides,
  };
  return { env, items };
}

const gone = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/add-duty-page-old.js'));
/** settles within the test, or reports that it did not */
const settled = (promise: Promise<unknown>) => Promise.race([promise.then(() => 'resolved', () => 'rejected'), new Promise((resolve) => setImmediate(() => resolve('pending')))]);

describe('a page chunk that cannot be loaded', () => {
  it('loads normally when it can', async () => {
    const { env } = environment();
    await expect(importOrReload(async () => ({ default: 'page' }), undefined, env)).resolves.toEqual({ default: 'page' });
    expect(env.reload).not.toHaveBeenCalled();
  });

  it('reloads the page once (the new version), and the failed load never settles meanwhile', async () => {
    const { env, items } = environment();
    expect(await settled(importOrReload(gone, undefined, env))).toBe('pending');
    expect(env.reload).toHaveBeenCalledTimes(1);
    expect(env.reload).toHaveBeenCalledWith('http://phone.test/dashboard/user/addduty');
    expect(JSON.parse(items.get(CHUNK_RELOAD_KEY)!)).toMatchObject({ href: 'http://phone.test/dashboard/user/addduty' });
  });

  it('during an in-app navigation, loads the address being opened, not the one being left', async () => {
    const { env, items } = environment({ href: () => 'http://phone.test/dashboard/user' });
    const opening = () => 'http://phone.test/dashboard/user/completedduty';
    expect(await settled(importOrReload(gone, opening, env))).toBe('pending');
    expect(env.reload).toHaveBeenCalledWith('http://phone.test/dashboard/user/completedduty');
    // the reloaded page fails on that address again: shown, not reloaded
    const reloaded: ReloadEnvironment = { ...env, href: opening, reloading: false, reload: vi.fn() };
    await expect(importOrReload(gone, undefined, reloaded)).rejects.toThrow(TypeError);
    expect(items.size).toBe(1);
  });

  it('after that reload, the same failure is shown instead of reloading again', async () => {
    const { env } = environment();
    await settled(importOrReload(gone, undefined, env));
    // the reloaded page: a new environment, the same session storage
    const reloaded: ReloadEnvironment = { ...env, reloading: false, reload: vi.fn() };
    await expect(importOrReload(gone, undefined, reloaded)).rejects.toThrow(/dynamically imported module/);
    expect(reloaded.reload).not.toHaveBeenCalled();
  });

  it('two chunks of one page failing together reload once', async () => {
    const { env } = environment();
    const both = [importOrReload(gone, undefined, env), importOrReload(gone, undefined, env)];
    expect(await settled(Promise.race(both))).toBe('pending');
    expect(env.reload).toHaveBeenCalledTimes(1);
  });

  it('another release later may reload the same address again', async () => {
    const { env } = environment();
    await settled(importOrReload(gone, undefined, env));
    env.advance(CHUNK_RELOAD_WINDOW_MS + 1);
    const later: ReloadEnvironment = { ...env, reloading: false, reload: vi.fn() };
    expect(await settled(importOrReload(gone, undefined, later))).toBe('pending');
    expect(later.reload).toHaveBeenCalledTimes(1);
  });

  it('offline, or without session storage, never reloads: the failure is shown', async () => {
    for (const overrides of [{ online: () => false }, { storage: null }]) {
      const { env } = environment(overrides);
      await expect(importOrReload(gone, undefined, env)).rejects.toThrow(TypeError);
      expect(env.reload).not.toHaveBeenCalled();
    }
  });

  it('marks the failure it shows as a page that could not load, for the error screen', async () => {
    const { env } = environment({ online: () => false });
    const failure = await importOrReload(gone, undefined, env).catch((error: unknown) => error);
    expect(isPageLoadFailure(failure)).toBe(true);
    // a part of a page loaded later (React.lazy) that could not be fetched is one too
    expect(isPageLoadFailure(new TypeError('Failed to fetch dynamically imported module: http://phone.test/assets/dashboard-charts-1a2b.js'))).toBe(true);
    expect(isPageLoadFailure(new TypeError('Importing a module script failed.'))).toBe(true);
    // an error of the page itself (its code loaded, then threw) is not one
    expect(isPageLoadFailure(new TypeError('Cannot read properties of undefined'))).toBe(false);
    expect(isPageLoadFailure(null)).toBe(false);
  });
});
