import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { lazy, StrictMode, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { MantineProvider } from '@mantine/core';
import { AuthProvider } from './auth/auth-context.js';
import { ErrorBoundary } from './components/error-boundary.js';
import { AppErrorScreen } from './pwa/app-error-screen.js';
import { router } from './router.js';
import { useTranslation } from 'react-i18next';
import { cssVariablesResolver, themeWithCloseLabel } from './theme.js';
import { startLanguage } from './i18n/i18n.js';
import { registerServiceWorker } from './pwa/register-sw.js';

// The toaster's code (and its transition library) is not needed to show a page: it loads
// at the first tap or key press (toasts answer something the person did), or else when
// the browser has been idle a while after the load. A toast shown before it is in waits
// in its store and appears when it mounts. This keeps / within its phone budget (issue 3).
const Toaster = lazy(() => import('./layouts/toaster.js'));
const TOASTER_IDLE_DELAY_MS = 3000;

function DeferredToaster() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const events = ['pointerdown', 'keydown', 'touchstart'] as const;
    events.forEach((name) => window.addEventListener(name, want, { capture: true, once: true, passive: true }));
    const timer = window.setTimeout(want, TOASTER_IDLE_DELAY_MS);
    return () => {
      events.forEach((name) => window.removeEventListener(name, want, { capture: true }));
      window.clearTimeout(timer);
    };
  }, [wanted]);
  // its code not loading (offline on a first visit) costs the toasts, not the app
  return wanted ? (
    <ErrorBoundary fallback={null}>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </ErrorBoundary>
  ) : null;
}

/** Mantine with the theme (decision 0024), its close buttons named in the reader's language. */
function ThemedMantine({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const close = t('common.close');
  const theme = useMemo(() => themeWithCloseLabel(close), [close]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      {children}
    </MantineProvider>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The device's language is applied before the first paint, so nobody sees English flash
// before their own language (its catalogue is one small cached file).
await startLanguage();

// The service worker (installable app, offline screens, the "new version" prompt) is a
// production feature, registered after the page has loaded, so it costs the first screen
// nothing. Its registration code (≈ 0.7 KB gzipped) comes with the entry rather than as a
// file of its own: every page fetched it right after the load anyway, and a request less
// is a round trip less on a slow phone (decision 0023). Never in `vite` dev or the unit tests.
if (import.meta.env.PROD) {
  const registerWorker = () => void registerServiceWorker().catch(() => {});
  if (document.readyState === 'complete') registerWorker();
  else window.addEventListener('load', registerWorker, { once: true });
}

createRoot(root).render(
  <StrictMode>
    <ThemedMantine>
      {/* the last resort: the routes have their own error screens (router.tsx) */}
      <ErrorBoundary fallback={<AppErrorScreen />}>
        <DeferredToaster />
        {/* no query cache here: the parts that read through it provide it (query-client.tsx) */}
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </ErrorBoundary>
    </ThemedMantine>
  </StrictMode>,
);
