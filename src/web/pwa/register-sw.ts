import { Workbox } from 'workbox-window';

/**
 * The service worker's registration and its updates (issue 14, decision 0018). Loaded
 * after the page has loaded, in production builds only (main.tsx), so it costs the first
 * screen nothing.
 *
 * A new version never replaces the running one on its own: its worker waits, and the
 * person sees "A new version is available" with a Reload button. Reload tells the waiting
 * worker to take over and reloads this tab once it has. Other open tabs keep their
 * version until they reload; a chunk they no longer find makes them reload once
 * (src/web/pwa/chunk-reload.ts).
 */

/** What watchForUpdates uses of workbox-window's Workbox (a fake in the tests). */
export interface UpdatableWorker {
  addEventListener(type: 'waiting', listener: () => void): void;
  register(): Promise<ServiceWorkerRegistration | undefined>;
  update(): Promise<unknown>;
  messageSkipWaiting(): void;
}

export interface UpdateWatch {
  workbox: UpdatableWorker;
  /** navigator.serviceWorker: says when the new worker controls this tab */
  container: Pick<EventTarget, 'addEventListener'>;
  /** shows the prompt; `apply` switches to the new version */
  prompt: (apply: () => void) => void;
  reload: () => void;
  isOnline?: () => boolean;
  /** how often a long-open tab asks the server for a new worker */
  checkEveryMs?: number;
  setInterval?: (callback: () => void, ms: number) => unknown;
}

export const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** Registers the worker and prompts when a new one waits. Resolves with the registration. */
export async function watchForUpdates(watch: UpdateWatch): Promise<ServiceWorkerRegistration | undefined> {
  const { workbox, container, prompt, reload } = watch;
  const isOnline = watch.isOnline ?? (() => true);
  // filled once register() answers; the prompt may appear before that
  const state: { registration?: ServiceWorkerRegistration; applying: boolean } = { applying: false };

  const apply = () => {
    if (state.applying) return;
    state.applying = true;
    if (state.registration?.waiting) {
      container.addEventListener('controllerchange', () => reload(), { once: true });
      workbox.messageSkipWaiting();
    } else {
      // another tab already switched to the new version: this tab only needs a reload
      reload();
    }
  };
  workbox.addEventListener('waiting', () => prompt(apply));

  state.registration = await workbox.register();
  // a supervisor keeps the app open for a whole shift: look for a new version now and then
  (watch.setInterval ?? globalThis.setInterval)(() => {
    if (isOnline()) workbox.update().catch(() => {});
  }, watch.checkEveryMs ?? UPDATE_CHECK_MS);
  return state.registration;
}

/** The browser's wiring: /sw.js for the whole site, the prompt as a notification. */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  await watchForUpdates({
    workbox: new Workbox('/sw.js', { scope: '/' }),
    container: navigator.serviceWorker,
    prompt: (apply) => {
      void import('./update-prompt.js').then(({ showUpdatePrompt }) => showUpdatePrompt(apply));
    },
    reload: () => window.location.reload(),
    isOnline: () => navigator.onLine,
  });
}
