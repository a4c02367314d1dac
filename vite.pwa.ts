/**
 * The installable app (issue 14, decision 0018): the web app manifest and the service
 * worker, built by vite-plugin-pwa with Workbox's generateSW.
 *
 * What the worker precaches is the supervisor's app, not the whole build: the app shell
 * (index.html, the entry script and everything it imports without waiting, its CSS), the
 * screens of the supervisor area (the modules listed in OFFLINE_MODULES, each with the
 * chunks, styles and images it needs, including its own lazy parts), the Hindi and
 * Malayalam catalogues, the icons. Manager and admin screens are kept in a runtime cache
 * once opened (hashed files never change), so a manager's phone has what it used.
 * The API is never cached by the worker: its answers carry personal data that must not
 * outlive a sign-out (the offline lists live in IndexedDB, cleared at sign-out).
 */
import path from 'node:path';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import type { ManifestTransform } from 'workbox-build';
import { DEFAULT_COMPANY_PROFILE } from './src/shared/company-profile-defaults.js';

const WEB_ROOT = path.resolve(import.meta.dirname, 'src/web');

/**
 * The modules (under src/web) whose chunks a supervisor's phone keeps for offline use,
 * besides the entry. A build fails when one of them is no longer a chunk of its own
 * (renamed, moved or no longer lazy), so the list cannot silently go stale.
 */
const OFFLINE_MODULES = [
  // the supervisor area (/dashboard/user/*) and its screens
  'features/supervisor/user-area.tsx',
  'features/duties/live-duty-page.tsx',
  'features/duties/add-duty-page.tsx',
  'features/duties/completed-duty-page.tsx',
  'features/duties/train-detail-page.tsx',
  'features/chat/chat-page.tsx',
  // what every signed-in screen may need: the sign-in page, the 404 page, the toaster, the
  // top bar's name and Logout (loaded lazily by the entry's layout, so not reached through
  // the entry's static imports), and what ends a session on the phone (active-session.ts)
  'pages/public/login-page.tsx',
  'pages/public/not-found-page.tsx',
  'layouts/toaster.tsx',
  'layouts/signed-in-actions.tsx',
  'offline/session-end.ts',
  // the languages other than English (English is in the entry)
  'i18n/locales/hi.json',
  'i18n/locales/ml.json',
  // the update prompt (the worker's registration is part of the entry, main.tsx)
  'pwa/update-prompt.tsx',
] as const;

/**
 * Navigations (path and query) the worker never answers with the app's page: the API and
 * its documents (/api/docs), the health checks, and anything that looks like a file.
 */
export const NAVIGATION_DENYLIST = [/^\/api(?:[/?]|$)/, /^\/(?:healthz|readyz)(?:\?|$)/, /^\/assets\//, /^[^?]*\/[^/?]+\.[a-z0-9]+(?:\?|$)/i];

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
  viteMetadata?: { importedCss: Set<string>; importedAssets: Set<string> };
}

/**
 * The build's files a supervisor's phone needs offline, from the bundle's import graph:
 * the entry with its static imports, and each offline module with its static and dynamic
 * imports, each chunk with the CSS and assets it imports.
 */
export function offlineFiles(bundle: Record<string, { type: string }>, modules: readonly string[], root = WEB_ROOT): Set<string> {
  const chunks = Object.values(bundle).filter((item): item is ChunkLike => item.type === 'chunk') as ChunkLike[];
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files = new Set<string>();
  const visit = (fileName: string, followDynamic: boolean) => {
    const chunk = byFile.get(fileName);
    if (!chunk || files.has(fileName)) return;
    files.add(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const asset of chunk.viteMetadata?.importedAssets ?? []) files.add(asset);
    for (const next of chunk.imports) visit(next, followDynamic);
    if (followDynamic) for (const next of chunk.dynamicImports) visit(next, true);
  };
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk.fileName, false);
  const missing: string[] = [];
  for (const module of modules) {
    const id = path.join(root, module);
    const chunk = chunks.find((item) => item.facadeModuleId === id);
    if (!chunk) missing.push(module);
    // visited afresh: a chunk the entry imports may itself lazily import more
    else {
      files.delete(chunk.fileName);
      visit(chunk.fileName, true);
    }
  }
  if (missing.length) throw new Error(`vite.pwa.ts OFFLINE_MODULES: no chunk of its own for ${missing.join(', ')}`);
  return files;
}

/** The colours of the manifest, from the app's Mantine theme (src/web/theme.ts). */
async function themeColours(): Promise<{ theme: string; background: string }> {
  const [{ DEFAULT_THEME, mergeMantineTheme }, { theme }] = await Promise.all([import('@mantine/core'), import('./src/web/theme.js')]);
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const shade = typeof merged.primaryShade === 'number' ? merged.primaryShade : merged.primaryShade.light;
  const primary = merged.colors[merged.primaryColor]?.[shade];
  // the page background of the light scheme (global.css: --mantine-color-gray-0)
  const background = merged.colors.gray[0];
  if (!primary || !background) throw new Error('theme colours not found');
  return { theme: primary, background };
}

/** The plugins: the worker and manifest, the offline file list, the theme colour in index.html. */
export async function pwaPlugins(): Promise<Plugin[]> {
  const colours = await themeColours();
  let offline: Set<string> | null = null;

  const offlinePlan: Plugin = {
    name: 'dutyroll:offline-files',
    apply: 'build',
    generateBundle(_options, bundle) {
      offline = offlineFiles(bundle, OFFLINE_MODULES);
    },
  };
  const themeColourMeta: Plugin = {
    name: 'dutyroll:theme-colour',
    transformIndexHtml: (html) => html.replace(/(<meta name="theme-color" content=")[^"]*(")/, `$1${colours.theme}$2`),
  };
  /** Precaches built files under assets/ only when the supervisor's app needs them. */
  const keepOffline: ManifestTransform = (entries) => {
    if (!offline) throw new Error('the offline file list was not made (generateBundle did not run)');
    const plan = offline;
    return { manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || plan.has(entry.url)), warnings: [] };
  };

  const pwa = VitePWA({
    strategies: 'generateSW',
    registerType: 'prompt',
    // registered by src/web/pwa/register-sw.ts, after the page has loaded
    injectRegister: false,
    filename: 'sw.js',
    manifestFilename: 'manifest.webmanifest',
    includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
    manifest: {
      id: '/',
      name: DEFAULT_COMPANY_PROFILE.name,
      short_name: DEFAULT_COMPANY_PROFILE.shortName,
      description: 'Duties, crews and work records for railway and hotel cleaning teams.',
      lang: 'en',
      dir: 'ltr',
      // the landing page sends a signed-in person to their own area (SPEC §2)
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: colours.theme,
      background_color: colours.background,
      categories: ['business', 'productivity'],
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      // the icons, the favicon and the manifest come from includeAssets and the manifest
      globPatterns: ['index.html', 'assets/**/*.{js,css,svg,png,webp,woff2}'],
      manifestTransforms: [keepOffline],
      // one file, one request: the Workbox runtime inside sw.js
      inlineWorkboxRuntime: true,
      // the first worker takes the open page at once; later ones wait for the prompt
      clientsClaim: true,
      skipWaiting: false,
      cleanupOutdatedCaches: true,
      navigateFallback: '/index.html',
      navigateFallbackDenylist: NAVIGATION_DENYLIST,
      runtimeCaching: [
        {
          // other screens' hashed files (manager, admin, public pages), once opened
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
          handler: 'CacheFirst',
          options: {
            cacheName: 'dutyroll-assets',
            expiration: { maxEntries: 300, maxAgeSeconds: 60 * 60 * 24 * 60 },
            cacheableResponse: { statuses: [200] },
          },
        },
      ],
    },
  });
  return [offlinePlan, themeColourMeta, ...pwa];
}
