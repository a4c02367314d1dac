/**
 * The browser features Mantine and the app use that happy-dom lacks or leaves to the
 * page: matchMedia (a 1280 px wide screen unless a test says otherwise), ResizeObserver,
 * scrollIntoView, document.fonts. Each test starts with an empty DOM and storage, and no toasts.
 */
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach } from 'vitest';

/** The viewport width media queries are answered for; a test may set it (phones: 360). */
export const viewport = { width: 1280 };

function matches(query: string): boolean {
  const min = /min-width:\s*([\d.]+)(em|px)/.exec(query);
  const max = /max-width:\s*([\d.]+)(em|px)/.exec(query);
  const px = (m: RegExpExecArray) => Number(m[1]) * (m[2] === 'em' ? 16 : 1);
  if (min && viewport.width < px(min)) return false;
  if (max && viewport.width > px(max)) return false;
  return Boolean(min || max);
}

Object.defineProperty(window, 'matchMedia', {
  configurable: true,
  value: (query: string) => ({
    media: query,
    matches: matches(query),
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) Object.defineProperty(window, 'ResizeObserver', { configurable: true, value: NoResizeObserver });
globalThis.ResizeObserver ??= NoResizeObserver as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
// Mantine's autosizing Textarea listens for web fonts loading
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { configurable: true, value: Object.assign(new EventTarget(), { ready: Promise.resolve() }) });

afterEach(() => {
  cleanup();
  // the toasts' store is a module's: a worker's next file (they share modules) starts with none
  notifications.clean();
  localStorage.clear();
  viewport.width = 1280;
});

// a screen's first render loads its code and asks the API: more than the default second on a shared CI machine
configure({ asyncUtilTimeout: 10_000 });
