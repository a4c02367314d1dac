import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { catalogueParts } from './vite.catalogues.js';
import { codeSplitting } from './vite.chunks.js';
import { precompressed } from './vite.precompress.js';

const api = 'http://127.0.0.1:3000';

/**
 * react-i18next reads useSyncExternalStore through the `use-sync-external-store/shim`
 * package, a stand-in for React before 18 that hands over React's own hook on React 18
 * and later; the app's React 19 always takes that branch, so the build gives React's hook
 * directly and the first download carries no stand-in (0.7 KB; decision 0029).
 */
function reactsOwnSyncExternalStore(): Plugin {
  const id = '\0use-sync-external-store-shim';
  return {
    name: 'dutyroll:react-sync-external-store',
    enforce: 'pre',
    resolveId: (source) => (source === 'use-sync-external-store/shim' ? id : null),
    load: (loading) => (loading === id ? "export { useSyncExternalStore } from 'react';" : null),
  };
}

/**
 * The web app lives in src/web and builds into dist/web, which the server serves:
 * hashed files under dist/web/assets/ get a year-long cache, index.html is the fallback
 * of every page route. `npm run dev` proxies the API to the server on :3000.
 * A build also writes the installable app's manifest and service worker (vite.pwa.ts,
 * decision 0018), then a Brotli and a gzip copy of each text file, which the server sends
 * as they are (vite.precompress.ts); `vite` dev has none of them.
 */
export default defineConfig(async ({ command }) => ({
  root: 'src/web',
  plugins: [react(), catalogueParts(), reactsOwnSyncExternalStore(), ...(command === 'build' ? await import('./vite.pwa.js').then(({ pwaPlugins }) => pwaPlugins()) : []), precompressed()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    assetsDir: 'assets',
    // The server's CSP (script-src 'self') forbids inline scripts; keep every asset a file.
    assetsInlineLimit: 0,
    // one stylesheet (≈ 49 KB gzip, Mantine's 36 KB of it) with the entry: the few KB of the
    // later screens' CSS cost less than a request per chunk on a slow phone (decision 0029)
    cssCodeSplit: false,
    // a few chunks by declarative rules instead of one file per shared module (vite.chunks.ts, decision 0029)
    rolldownOptions: {
      output: { codeSplitting: codeSplitting() },
    },
  },
  server: {
    proxy: {
      '/api': api,
      '/healthz': api,
      '/readyz': api,
    },
  },
  preview: {
    proxy: {
      '/api': api,
      '/healthz': api,
      '/readyz': api,
    },
  },
}));
