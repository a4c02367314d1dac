import { describe, expect, it, vi } from 'vitest';
import { MSG } from '../../shared/messages.js';
import { ApiError, NetworkError, RequestTimeoutError } from '../api/client.js';
import { importOrReload, type ReloadEnvironment } from './chunk-reload.js';
import { errorText } from '../api/error-text.js';
import { messageText } from '../i18n/messages.js';
import { areaHome, backTarget, describeRouteError, type RouteErrorView } from './route-error-model.js';

/** What the screen says for a view's detail, in English (the screen puts it in words by code). */
function said(detail: RouteErrorView['detail']): string {
  return 'error' in detail ? errorText(detail.error) : 'code' in detail ? messageText(detail.code) : detail.key;
}

/** A page load that failed the way the router sees it: through importOrReload, offline. */
async function pageLoadFailure(): Promise<unknown> {
  const env: ReloadEnvironment = { storage: null, href: () => 'http://phone.test/dashboard/manager/attendance', reload: vi.fn(), online: () => false, now: () => 0 };
  return importOrReload(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')), undefined, env).catch((error: unknown) => error);
}

describe('the error screen', () => {
  it("says a page could not load, with the one network-error text when offline, and tries again in place until the network is back", async () => {
    const failure = await pageLoadFailure();
    expect(describeRouteError(failure, false)).toEqual({ title: 'pwa.pageFailed', detail: { code: 'cannotReachServer' }, retry: 'rerun' });
    expect(said(describeRouteError(failure, false).detail)).toBe(MSG.cannotReachServer);
    // online (a chunk missing after a release, already reloaded once): a fresh load
    expect(describeRouteError(failure, true)).toEqual({ title: 'pwa.pageFailed', detail: { key: 'pwa.pageFailedHint' }, retry: 'reload' });
  });

  it("states the server's or the network's words for a route's data", () => {
    expect(said(describeRouteError(new NetworkError(null), true).detail)).toBe(MSG.cannotReachServer);
    expect(said(describeRouteError(new RequestTimeoutError(20_000), true).detail)).toBe(MSG.requestTimedOut);
    expect(said(describeRouteError(new ApiError(403, MSG.forbidden, {}), true).detail)).toBe(MSG.forbidden);
    expect(said(describeRouteError(new ApiError(500, '', {}), true).detail)).toBe(MSG.serverError);
  });

  it('says something went wrong on the page for an error while drawing it, never its internals', () => {
    const view = describeRouteError(new TypeError("Cannot read properties of undefined (reading 'map')"), true);
    expect(view).toEqual({ title: 'pwa.pageBroken', detail: { key: 'pwa.pageBrokenHint' }, retry: 'rerun' });
  });

  it("goes back one step within the app, else to the area's home (the site's home from there)", () => {
    expect(backTarget('/dashboard/manager/attendance', { idx: 3, key: 'k', usr: null })).toBe(-1);
    expect(backTarget('/dashboard/manager/attendance', { idx: 0 })).toBe('/dashboard/manager');
    expect(backTarget('/dashboard/user/traindetails/42', null)).toBe('/dashboard/user');
    expect(backTarget('/dashboard/admin/audit', undefined)).toBe('/dashboard/admin');
    expect(backTarget('/dashboard/manager', { idx: 0 })).toBe('/');
    expect(backTarget('/dashboard/manager/', null)).toBe('/');
    expect(backTarget('/about', null)).toBe('/');
    expect(areaHome('/dashboard/managerx')).toBe('/');
  });
});
