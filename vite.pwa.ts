/**
 * The installable app (issue 14, decision 0018): the web app manifest and the service
 * worker, built by vite-plugin-pwa with Workbox's generateSW.
 *
 * What the worker precaches is the public site, sign-in and the supervisor's app, not the
 * whole build (decision 0029): the app shell (index.html, the entry script with everything
 * it loads, its CSS), the public pages, sign-in and the screens of the supervisor area (the
 * modules listed in OFFLINE_MODULES, each with the chunks, styles and images it needs,
 * including its own lazy parts), the Hindi and Malayalam catalogues, the icons. Manager and
 * admin screens are kept in a runtime cache once opened (hashed files never change), so a
 * manager's phone has what it used.
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
 * The modules (under src/web) whose chunks every phone keeps for offline use, besides the
 * entry: the public pages, sign-in and the supervisor's screens (issue 25, decision 0029).
 * Each comes with all it loads, its lazy parts included, except another route's page: the
 * manager's and admin's screens are cached when first opened (the runtime cache below).
 * A build fails when one of them is no longer a chunk of its own (renamed, moved or no
 * longer lazy), so the list cannot silently go stale; test/pwa-build.test.ts holds it to
 * router.tsx on the real build.
 */
const OFFLINE_MODULES = [
  // the supervisor area (/dashboard/user/*) and its screens
  'features/supervisor/user-area.tsx',
  'features/duties/live-duty-page.tsx',
  'features/duties/add-duty-page.tsx',
  'features/duties/completed-duty-page.tsx',
  'features/duties/train-detail-page.tsx',
  'features/chat/chat-page.tsx',
  // the public pages (the landing page is part of the entry), sign-in and the 404 page
  'pages/public/login-page.tsx',
  'pages/public/forget-page.tsx',
  'pages/public/register-page.tsx',
  'pages/public/about-page.tsx',
  'pages/public/contact-page.tsx',
  'pages/public/policy-page.tsx',
  'pages/public/not-found-page.tsx',
  // loaded lazily by the entry on any page or any signed-in page (also reached through the
  // entry's lazy imports, listed so that a move is noticed): the toaster, the top bar's name
  // and Logout, what ends a session on the phone, the other languages, the update prompt
  'layouts/toaster.tsx',
  'layouts/signed-in-actions.tsx',
  'offline/session-end.ts',
  'i18n/locales/hi.json',
  'i18n/locales/ml.json',
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
 * The build's files a phone keeps offline, from the bundle's import graph: the entry and
 * each offline module, each with its static and dynamic imports and each chunk with the CSS
 * and assets it imports, except a dynamic import of a route page (`routePages`) that is not
 * an offline module: the entry imports every area's pages, the sign-in page prefetches the
 * manager's home.
 */
export function offlineFiles(bundle: Record<string, { type: string }>, modules: readonly string[], routePages: readonly string[] = [], root = WEB_ROOT): Set<string> {
  const chunks = Object.values(bundle).filter((item): item is ChunkLike => item.type === 'chunk') as ChunkLike[];
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const offline = new Set(modules.map((module) => path.join(root, module)));
  const elsewhere = new Set(chunks.filter((chunk) => chunk.facadeModuleId && routePages.includes(chunk.facadeModuleId) && !offline.has(chunk.facadeModuleId)).map((chunk) => chunk.fileName));
  const files = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = byFile.get(fileName);
    if (!chunk || files.has(fileName)) return;
    files.add(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const asset of chunk.viteMetadata?.importedAssets ?? []) files.add(asset);
    for (const next of chunk.imports) visit(next);
    for (const next of chunk.dynamicImports) if (!elsewhere.has(next)) visit(next);
  };
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk.fileName);
  const missing: string[] = [];
  for (const module of modules) {
    const chunk = chunks.find((item) => item.facadeModuleId === path.join(root, module));
    if (!chunk) missing.push(module);
    else visit(chunk.fileName);
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
      // the route pages: what router.tsx loads lazily
      const routePages = this.getModuleInfo(path.join(WEB_ROOT, 'router.tsx'))?.dynamicallyImportedIds ?? [];
      if (routePages.length === 0) throw new Error('vite.pwa.ts: router.tsx loads no page lazily (moved?)');
      offline = offlineFiles(bundle, OFFLINE_MODULES, routePages);
    },
  };
  const themeColourMeta: Plugin = {
    name: 'dutyroll:theme-colour',
    transformIndexHtml: (html) => html.replace(/(<meta name="theme-color" content=")[^"]*(")/, `$1${colours.theme}$2`),
  };
  /** Precaches built files under assets/ only when the public pages, sign-in or the supervisor's app need them. */
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
          // the office's (manager, admin) hashed files, once opened: a hashed name never changes content
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
