import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { catalogueParts } from './vite.catalogues.js';
import { codeSplitting } from './vite.chunks.js';

const api = 'http://127.0.0.1:3000';

/**
 * The web app lives in src/web and builds into dist/web, which the server serves:
 * hashed files under dist/web/assets/ get a year-long cache, index.html is the fallback
 * of every page route. `npm run dev` proxies the API to the server on :3000.
 * A build also writes the installable app's manifest and service worker (vite.pwa.ts,
 * decision 0018); `vite` dev has neither.
 */
export default defineConfig(async ({ command }) => ({
  root: 'src/web',
  plugins: [react(), catalogueParts(), ...(command === 'build' ? await import('./vite.pwa.js').then(({ pwaPlugins }) => pwaPlugins()) : [])],
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
