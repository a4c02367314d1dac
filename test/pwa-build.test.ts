import { readFileSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { routesOfBuild, type Route } from '../bench/route-js.js';
import { theWebBuild } from './helpers/web-build.js';
import { maskableSvg } from '../scripts/generate-icons.js';
import { NAVIGATION_DENYLIST, offlineFiles } from '../vite.pwa.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WEB = path.join(ROOT, 'src/web');

/** A chunk of a Vite bundle, as generateBundle sees it. */
function chunk(fileName: string, source: string | null, options: { isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] } = {}) {
  return {
    type: 'chunk' as const,
    fileName,
    isEntry: options.isEntry ?? false,
    facadeModuleId: source ? path.join(WEB, source) : null,
    imports: options.imports ?? [],
    dynamicImports: options.dynamicImports ?? [],
    viteMetadata: { importedCss: new Set(options.css ?? []), importedAssets: new Set<string>() },
  };
}

function bundleOf(...chunks: ReturnType<typeof chunk>[]) {
  return Object.fromEntries(chunks.map((item) => [item.fileName, item]));
}

describe('what the service worker precaches', () => {
  const bundle = bundleOf(
    chunk('assets/index.js', 'main.tsx', { isEntry: true, imports: ['assets/react.js'], dynamicImports: ['assets/user-area.js', 'assets/manager-area.js', 'assets/hi.js'], css: ['assets/index.css'] }),
    chunk('assets/react.js', null),
    chunk('assets/user-area.js', 'features/supervisor/user-area.tsx', { imports: ['assets/Button.js'] }),
    chunk('assets/add-duty-page.js', 'features/duties/add-duty-page.tsx', { imports: ['assets/Button.js', 'assets/NumberInput.js'], dynamicImports: ['assets/crew-dialog.js'] }),
    chunk('assets/crew-dialog.js', null, { css: ['assets/crew-dialog.css'] }),
    chunk('assets/Button.js', null),
    chunk('assets/NumberInput.js', null),
    chunk('assets/manager-area.js', 'features/manager/manager-area.tsx', { imports: ['assets/charts.js'] }),
    chunk('assets/charts.js', null),
    chunk('assets/hi.js', 'i18n/locales/hi.json'),
  );

  const routePages = ['features/supervisor/user-area.tsx', 'features/duties/add-duty-page.tsx', 'features/manager/manager-area.tsx'].map((page) => path.join(WEB, page));

  it("takes the entry and the listed screens with all they load, their lazy parts included, but no other route's page", () => {
    const files = offlineFiles(bundle, ['features/supervisor/user-area.tsx', 'features/duties/add-duty-page.tsx'], routePages);
    expect([...files].sort()).toEqual(
      [
        'assets/index.js',
        'assets/index.css',
        'assets/react.js',
        'assets/user-area.js',
        'assets/Button.js',
        'assets/add-duty-page.js',
        'assets/NumberInput.js',
        'assets/crew-dialog.js',
        'assets/crew-dialog.css',
        'assets/hi.js',
      ].sort(),
    );
  });

  it("follows the entry's lazy imports into a route page only when it is listed", () => {
    expect(offlineFiles(bundle, [], routePages)).toEqual(new Set(['assets/index.js', 'assets/index.css', 'assets/react.js', 'assets/hi.js']));
    expect(offlineFiles(bundle, ['features/manager/manager-area.tsx'], routePages)).toContain('assets/charts.js');
  });

  it('fails the build when a listed screen is no longer a chunk of its own', () => {
    expect(() => offlineFiles(bundle, ['features/duties/renamed-page.tsx'])).toThrow(/renamed-page\.tsx/);
  });
});

describe('the precache of the real build (decision 0029)', () => {
  let outDir = '';
  let routes: Route[];
  let precached: Set<string>;
  /** Every file a route loads, its lazy parts included (another route's page aside). */
  let loads: (route: Route) => Set<string>;

  beforeAll(async () => {
    const built = theWebBuild();
    outDir = built.outDir;
    const table = await routesOfBuild(built);
    routes = table.routes;
    loads = (route) => table.filesOf(route).all;
    const worker = await readFile(path.join(built.outDir, 'sw.js'), 'utf8');
    precached = new Set([...worker.matchAll(/\{url:"([^"]+)",revision:/g)].map((match) => match[1]!));
  });

  const offline = (route: Route) => route.area === 'public' || route.area === 'user';

  it('holds every file the public pages, sign-in and the supervisor screens load, their lazy parts included', () => {
    const checked = routes.filter(offline);
    expect(checked.map((route) => route.path)).toEqual(expect.arrayContaining(['/', '/about', '/login', '/dashboard/user', '/dashboard/user/addduty', '/dashboard/user/connect']));
    for (const route of checked) {
      const missing = [...loads(route)].filter((file) => !precached.has(file));
      expect(missing, route.path).toEqual([]);
    }
    expect(precached).toContain('index.html');
  });

  it('holds none of the compressed copies, which the build writes beside every text file of 1 KB or more (vite.precompress.ts)', async () => {
    expect([...precached].filter((file) => /\.(?:br|gz)$/.test(file))).toEqual([]);
    const files = await readdir(path.join(outDir, 'assets'));
    const scripts = files.filter((file) => /\.(?:js|css)$/.test(file));
    expect(scripts.length).toBeGreaterThan(20);
    for (const file of scripts) {
      const { size } = await stat(path.join(outDir, 'assets', file));
      const copies = [`${file}.br`, `${file}.gz`].filter((copy) => files.includes(copy));
      expect(copies, file).toEqual(size < 1024 ? [] : [`${file}.br`, `${file}.gz`]);
    }
    const vendor = scripts.find((file) => file.startsWith('vendor-'))!;
    const original = await readFile(path.join(outDir, 'assets', vendor));
    expect(brotliDecompressSync(await readFile(path.join(outDir, 'assets', `${vendor}.br`))).equals(original)).toBe(true);
    expect(gunzipSync(await readFile(path.join(outDir, 'assets', `${vendor}.gz`))).equals(original)).toBe(true);
  });

  it("holds no file that only the manager's and admin's screens load: those are cached when first used", () => {
    const supervisorAndPublic = new Set(routes.filter(offline).flatMap((route) => [...loads(route)]));
    const officeOnly = new Set(routes.filter((route) => !offline(route)).flatMap((route) => [...loads(route)].filter((file) => !supervisorAndPublic.has(file))));
    // the manager's and admin's screens do have files of their own
    expect(officeOnly.size).toBeGreaterThan(5);
    expect([...officeOnly].filter((file) => precached.has(file))).toEqual([]);
  });
});

describe('navigations the worker answers with the app', () => {
  const served = (pathAndQuery: string) => !NAVIGATION_DENYLIST.some((pattern) => pattern.test(pathAndQuery));

  it('serves the app for its pages', () => {
    for (const page of ['/', '/login', '/dashboard/user', '/dashboard/user/addduty', '/dashboard/user/traindetails/0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d', '/dashboard/manager/livework?tab=mcc', '/dashboard/user?file=a.pdf']) {
      expect(served(page), page).toBe(true);
    }
  });

  it('never for the API, its documents, the health checks or files', () => {
    for (const other of ['/api', '/api/v1/duties', '/api?x=1', '/api/docs', '/api/docs/static/index.html', '/healthz', '/readyz', '/readyz?probe=1', '/assets/nope.js', '/sw.js', '/manifest.webmanifest', '/icons/icon-192.png', '/robots.txt']) {
      expect(served(other), other).toBe(false);
    }
  });
});

describe('the app icons', () => {
  /** width and height from a PNG's IHDR chunk */
  const pngSize = (file: string) => {
    const data = readFileSync(path.join(WEB, 'public/icons', file));
    expect(data.subarray(1, 4).toString('latin1'), file).toBe('PNG');
    return [data.readUInt32BE(16), data.readUInt32BE(20)];
  };

  it('are committed at the sizes the manifest and index.html name', () => {
    expect(pngSize('icon-192.png')).toEqual([192, 192]);
    expect(pngSize('icon-512.png')).toEqual([512, 512]);
    expect(pngSize('icon-maskable-512.png')).toEqual([512, 512]);
    expect(pngSize('apple-touch-icon.png')).toEqual([180, 180]);
  });

  it('the maskable drawing fills the square with the favicon’s colour and keeps its mark', () => {
    const favicon = readFileSync(path.join(WEB, 'public/favicon.svg'), 'utf8');
    const svg = maskableSvg(favicon);
    const colour = /<rect\b[^>]*fill="(#[0-9a-f]+)"/i.exec(favicon)?.[1];
    expect(svg).toContain(`<rect width="64" height="64" fill="${colour}"/>`);
    expect(svg).not.toMatch(/rx=/);
    for (const mark of favicon.match(/<path\b[^>]*\/>/g) ?? []) expect(svg).toContain(mark);
  });
});
