import { isRouteErrorResponse } from 'react-router';
import { ApiError, NetworkError } from '../api/client.js';
import { isPageLoadFailure } from './chunk-reload.js';

/**
 * What the error screen says and does for a route's error (kept apart from the screen so
 * the rules are unit-tested):
 * - a page whose code could not load: "This page could not be loaded.", with the one
 *   network-error text when offline; Try again loads the page afresh (the router keeps a
 *   failed load, and a fresh load also brings a new release's files);
 * - an answer or a missing answer from the server (a route's data): the server's words or
 *   the network's, in the user's language; Try again runs the route again;
 * - anything else (a page that threw while drawing): "Something went wrong on this page.";
 *   Try again draws it again.
 */
export interface RouteErrorView {
  /** i18n key of the heading */
  title: 'pwa.pageFailed' | 'pwa.pageBroken';
  /**
   * what to say under it, put in words by the screen in the reader's language: the failed
   * call (errorText: the server's message by its code, or the network's), a MSG text by its
   * code, or an i18n key
   */
  detail: { error: ApiError | NetworkError } | { code: 'cannotReachServer' | 'notFound' | 'serverError' } | { key: 'pwa.pageFailedHint' | 'pwa.pageBrokenHint' };
  /** Try again: load the document afresh, or run the route again in place */
  retry: 'reload' | 'rerun';
}

export function describeRouteError(error: unknown, online: boolean): RouteErrorView {
  if (isPageLoadFailure(error)) {
    return { title: 'pwa.pageFailed', detail: online ? { key: 'pwa.pageFailedHint' } : { code: 'cannotReachServer' }, retry: online ? 'reload' : 'rerun' };
  }
  if (error instanceof NetworkError || error instanceof ApiError) {
    return { title: 'pwa.pageFailed', detail: { error }, retry: 'rerun' };
  }
  if (isRouteErrorResponse(error)) {
    return { title: 'pwa.pageFailed', detail: { code: error.status === 404 ? 'notFound' : 'serverError' }, retry: 'rerun' };
  }
  return { title: 'pwa.pageBroken', detail: { key: 'pwa.pageBrokenHint' }, retry: 'rerun' };
}

/** The signed-in areas' home pages, by the start of their addresses. */
const AREA_HOMES = ['/dashboard/admin', '/dashboard/manager', '/dashboard/user'] as const;

/** The home of the area an address belongs to; the site's home for a public page. */
export function areaHome(pathname: string): string {
  return AREA_HOMES.find((home) => pathname === home || pathname.startsWith(`${home}/`)) ?? '/';
}

/**
 * Where Go back goes: one step back when this tab came to the page from another of the
 * app's pages (the router numbers its history entries from 0), else the area's home — a
 * page opened straight from an address has nothing behind it in the app.
 */
export function backTarget(pathname: string, historyState: unknown): -1 | string {
  const index = historyState && typeof historyState === 'object' ? (historyState as { idx?: unknown }).idx : undefined;
  if (typeof index === 'number' && index > 0) return -1;
  const home = areaHome(pathname);
  return home === pathname.replace(/\/+$/, '') ? '/' : home;
}
