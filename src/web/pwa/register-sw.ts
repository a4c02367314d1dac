/**
 * The service worker's registration and its updates (issue 14, decision 0018). Run
 * after the page has loaded, in production builds only (main.tsx), so it costs the first
 * screen nothing; its code is part of the entry (decision 0023). The worker itself is Workbox's, generated at build time (vite.pwa.ts);
 * registering it needs only the browser's own API, so no more code is sent for it.
 *
 * A new version never replaces the running one on its own: its worker waits, and the
 * person sees "A new version is available" with a Reload button. Reload tells the waiting
 * worker to take over (Workbox's SKIP_WAITING message) and reloads this tab once it has.
 * Other open tabs keep their version until they reload; a chunk they no longer find makes
 * them reload once (src/web/pwa/chunk-reload.ts).
 */

/** The parts of a ServiceWorker, ServiceWorkerRegistration and ServiceWorkerContainer used here (fakes in the tests). */
export interface WorkerLike {
  readonly state: string;
  postMessage(message: unknown): void;
  addEventListener(type: 'statechange', listener: () => void): void;
}

export interface RegistrationLike {
  readonly waiting: WorkerLike | null;
  readonly installing: WorkerLike | null;
  update(): Promise<unknown>;
  addEventListener(type: 'updatefound', listener: () => void): void;
}

export interface ContainerLike {
  readonly controller: unknown;
  register(url: string, options: { scope: string }): Promise<RegistrationLike>;
  addEventListener(type: 'controllerchange', listener: () => void, options?: { once?: boolean }): void;
}

export interface UpdateWatch {
  container: ContainerLike;
  /** shows the prompt; `apply` switches to the new version */
  prompt: (apply: () => void) => void;
  reload: () => void;
  isOnline?: () => boolean;
  /** how often a long-open tab asks the server for a new worker */
  checkEveryMs?: number;
  setInterval?: (callback: () => void, ms: number) => unknown;
}

export const SERVICE_WORKER_URL = '/sw.js';
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** Registers the worker and prompts whenever a new one waits. Resolves with the registration. */
export async function watchForUpdates(watch: UpdateWatch): Promise<RegistrationLike> {
  const { container, prompt, reload } = watch;
  const isOnline = watch.isOnline ?? (() => true);
  const registration = await container.register(SERVICE_WORKER_URL, { scope: '/' });
  let applying = false;

  const apply = () => {
    if (applying) return;
    applying = true;
    const waiting = registration.waiting;
    if (!waiting) {
      // another tab already switched to the new version: this tab only needs a reload
      reload();
      return;
    }
    container.addEventListener('controllerchange', () => reload(), { once: true });
    waiting.postMessage({ type: 'SKIP_WAITING' });
  };
  // Only a worker waiting behind one that controls this page is a new version; the very
  // first worker takes the page by itself (clientsClaim).
  const offer = () => {
    if (!registration.waiting || !container.controller) return;
    applying = false;
    prompt(apply);
  };

  offer(); // a version that was already waiting when the page opened
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offer();
    });
  });
  // a supervisor keeps the app open for a whole shift: look for a new version now and then
  (watch.setInterval ?? globalThis.setInterval)(() => {
    if (isOnline()) registration.update().catch(() => {});
  }, watch.checkEveryMs ?? UPDATE_CHECK_MS);
  return registration;
}

/** The browser's wiring: /sw.js for the whole site, the prompt as a notification. */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  await watchForUpdates({
    container: navigator.serviceWorker,
    prompt: (apply) => {
      void import('./update-prompt.js').then(({ showUpdatePrompt }) => showUpdatePrompt(apply));
    },
    reload: () => window.location.reload(),
    isOnline: () => navigator.onLine,
  });
}
