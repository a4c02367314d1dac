/**
 * A page's code that cannot be loaded — most often a tab opened before a release asking
 * for a chunk the new release no longer has (the server answers 404, never the page, for
 * a missing file) — reloads the page once, which brings the new version. A second failure
 * on the same address soon after is shown instead of reloading again, so a real fault
 * (or a chunk missing from both versions) cannot make the page reload forever.
 */

export const CHUNK_RELOAD_KEY = 'dutyroll.chunkReload';
/** Within this time, the same address is not reloaded twice. */
export const CHUNK_RELOAD_WINDOW_MS = 5 * 60 * 1000;

export interface ReloadEnvironment {
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** the page's address now */
  href: () => string;
  /** loads this address afresh from the server (the current one: a reload) */
  reload: (href: string) => void;
  online: () => boolean;
  now: () => number;
  /** set once this page has asked for a reload: other failures meanwhile wait for it */
  reloading?: boolean;
}

/** Failures of a page's code to load, as importOrReload rethrew them (for the error screen). */
const pageLoadFailures = new WeakSet<object>();

/**
 * The browsers' words for a module that could not be fetched (Chromium, Firefox, Safari)
 * and Vite's for a page's stylesheet: a part of a page loaded later (React.lazy) failing.
 */
const MODULE_LOAD_FAILURE = /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

/**
 * Whether a route's error is code that could not be loaded (no network, or a chunk
 * missing after a release) — a page's, or a part's inside it: the error screen then says
 * so, and its Try again loads the page afresh (the router and React keep a failed load, so
 * only a fresh load asks again).
 */
export function isPageLoadFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  return pageLoadFailures.has(error) || (error instanceof Error && MODULE_LOAD_FAILURE.test(error.message));
}

function pageLoadFailure(error: unknown): unknown {
  if (typeof error === 'object' && error !== null) pageLoadFailures.add(error);
  return error;
}

let browser: ReloadEnvironment | null = null;

function browserEnvironment(): ReloadEnvironment {
  if (browser) return browser;
  let storage: ReloadEnvironment['storage'] = null;
  try {
    storage = window.sessionStorage;
  } catch {
    // storage disabled: no reload, the failure is shown
  }
  browser = {
    storage,
    href: () => window.location.href,
    reload: (href) => {
      if (href === window.location.href) window.location.reload();
      else window.location.assign(href);
    },
    online: () => navigator.onLine,
    now: () => Date.now(),
  };
  return browser;
}

/** Whether this failure may reload the page at `href`; if so, remembers that it did. */
function claimReload(env: ReloadEnvironment, href: string): boolean {
  // offline, a reload brings nothing new (the worker would serve the same version)
  if (!env.online() || !env.storage) return false;
  try {
    const last = JSON.parse(env.storage.getItem(CHUNK_RELOAD_KEY) ?? 'null') as { href?: unknown; at?: unknown } | null;
    if (last && last.href === href && typeof last.at === 'number' && env.now() - last.at < CHUNK_RELOAD_WINDOW_MS) return false;
  } catch {
    // a broken entry counts as none
  }
  try {
    env.storage.setItem(CHUNK_RELOAD_KEY, JSON.stringify({ href, at: env.now() }));
  } catch {
    return false; // without the guard, never reload
  }
  return true;
}

/**
 * Loads a page's module; when that fails and a reload may help, loads the page afresh
 * (the returned promise then never settles: the page is going away), else rethrows.
 * `destination` is the address being opened: during an in-app navigation the address
 * bar still shows the previous page until the new one's code has loaded.
 */
export async function importOrReload<T>(load: () => Promise<T>, destination?: () => string, env: ReloadEnvironment = browserEnvironment()): Promise<T> {
  try {
    return await load();
  } catch (error) {
    // two chunks of one page (an area and its screen) fail together: one reload
    if (!env.reloading) {
      let href = env.href();
      try {
        href = destination?.() ?? href;
      } catch {
        // no destination known: the current address
      }
      if (!claimReload(env, href)) throw pageLoadFailure(error);
      env.reloading = true;
      env.reload(href);
    }
    return new Promise<T>(() => {});
  }
}
