/**
 * What each route of the web app loads, read from a real build (decision 0029): for every
 * route in src/web/router.tsx, the JS and CSS files it needs before its first screen (the
 * entry, the route's layout and page with their static imports, and for a signed-in route
 * the top bar's lazy name and Logout) and their gzipped JavaScript; and the files it may
 * load later (its lazy parts: dialogs, the toaster, the other languages), which the
 * service worker's precache must hold for the public pages, sign-in and the supervisor.
 *
 *   node --import tsx bench/route-js.ts          builds into a temporary folder, prints the table
 *   node --import tsx bench/route-js.ts --json   the same as JSON (route, files, gzip bytes)
 *
 * test/pwa-build.test.ts uses the same reading of the build.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WEB = path.join(ROOT, 'src/web');

/** A chunk of the build, as Vite's bundle describes it. */
export interface BuiltChunk {
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: string[];
  imports: string[];
  dynamicImports: string[];
  css: string[];
  assets: string[];
}

export interface Build {
  outDir: string;
  chunks: Map<string, BuiltChunk>;
}

/** Builds the web app (vite.config.ts, the service worker included) into `outDir`. */
export async function buildWeb(outDir: string): Promise<Build> {
  const { build } = await import('vite');
  // a production build, also under a test runner (NODE_ENV=test drops the service worker's code)
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  let result: unknown;
  try {
    result = await build({ configFile: path.join(ROOT, 'vite.config.ts'), root: WEB, mode: 'production', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  const outputs = (Array.isArray(result) ? result : [result]) as { output?: unknown[] }[];
  const chunks = new Map<string, BuiltChunk>();
  for (const item of outputs.flatMap((one) => one.output ?? []) as Record<string, unknown>[]) {
    if (item.type !== 'chunk') continue;
    const meta = item.viteMetadata as { importedCss: Set<string>; importedAssets: Set<string> } | undefined;
    chunks.set(item.fileName as string, {
      fileName: item.fileName as string,
      isEntry: item.isEntry as boolean,
      facadeModuleId: (item.facadeModuleId as string | null) ?? null,
      moduleIds: (item.moduleIds as string[]) ?? [],
      imports: item.imports as string[],
      dynamicImports: item.dynamicImports as string[],
      css: [...(meta?.importedCss ?? [])],
      assets: [...(meta?.importedAssets ?? [])],
    });
  }
  return { outDir, chunks };
}

type Area = 'public' | 'user' | 'manager' | 'admin';

/**
 * Issue 25's budget of gzipped JavaScript to a route's first screen, in KB: 150 for the
 * light pages anyone opens (the marketing pages, the 404 page, sign-in), 250 for the
 * signed-in screens and the account forms (forgotten password, registration), which load
 * the forms' code the signed-in screens share.
 */
export function budgetKb(route: { path: string; area: Area }): 150 | 250 {
  return route.area === 'public' && !/forget|register/.test(route.path) ? 150 : 250;
}

/** A route of router.tsx: its address, its area, and the modules (under src/web) the router loads for it. */
export interface Route {
  path: string;
  area: Area;
  modules: string[];
}

/**
 * The routes of router.tsx, read from its text: the public ones (a lazy page, or the landing
 * page in the entry), and under each `dashboard/<area>` its layout and each child page.
 */
async function routesOf(routerFile = path.join(WEB, 'router.tsx')): Promise<Route[]> {
  const source = await readFile(routerFile, 'utf8');
  const routes: Route[] = [
    { path: '/', area: 'public', modules: [] },
  ];
  let area: { path: string; area: Area; layout: string | null } | null = null;
  for (const line of source.split('\n')) {
    const base = /path: 'dashboard\/(user|manager|admin)'/.exec(line);
    if (base) {
      area = { path: `/dashboard/${base[1]}`, area: base[1] as Area, layout: null };
      continue;
    }
    const lazy = /import\('\.\/([^']+)\.js'\)/.exec(line);
    const module = lazy ? `${lazy[1]}.tsx` : null;
    if (area && module && !area.layout) {
      area.layout = module;
      continue;
    }
    const child = /^\s*\{ (?:index: true|path: '([^']*)')/.exec(line);
    if (!module || !child) continue;
    const indent = line.length - line.trimStart().length;
    if (area && indent > 8) routes.push({ path: child[1] === undefined ? area.path : `${area.path}/${child[1]}`, area: area.area, modules: [area.layout!, module] });
    else {
      area = null;
      routes.push({ path: child[1] === '*' ? '/(not found)' : `/${child[1]}`, area: 'public', modules: [module] });
    }
  }
  return routes;
}

/** Loaded by the site's top bar when someone is signed in (layouts/site-layout.tsx). */
const SIGNED_IN_EXTRAS = ['layouts/signed-in-actions.tsx'];

/** The chunk that starts a module (its facade), or the chunk holding it. */
function chunkOfModule(built: Build, module: string): BuiltChunk {
  const id = path.join(WEB, module);
  const chunks = [...built.chunks.values()];
  const chunk = chunks.find((item) => item.facadeModuleId === id) ?? chunks.find((item) => item.moduleIds.includes(id));
  if (!chunk) throw new Error(`${module} is in no chunk of the build`);
  return chunk;
}

/** The route pages of router.tsx, by the chunk that starts each. */
function routePageChunks(built: Build, routes: Route[]): Set<string> {
  return new Set(routes.flatMap((route) => route.modules).map((module) => chunkOfModule(built, module).fileName));
}

/**
 * The files (JS, CSS, images) that start from these chunks: their static imports, and with
 * `lazy` their dynamic imports too, except into another route's page (`stopAt`), which is
 * that route's to load (the sign-in page's prefetch of the manager's home, the entry's pages).
 */
function filesFrom(built: Build, starts: string[], options: { lazy: boolean; stopAt?: ReadonlySet<string> }): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = built.chunks.get(fileName);
    if (!chunk || seen.has(fileName)) return;
    seen.add(fileName);
    files.add(fileName);
    chunk.css.forEach((file) => files.add(file));
    chunk.assets.forEach((file) => files.add(file));
    chunk.imports.forEach(visit);
    if (options.lazy) for (const next of chunk.dynamicImports) if (!options.stopAt?.has(next)) visit(next);
  };
  starts.forEach(visit);
  return files;
}

function entryChunk(built: Build): BuiltChunk {
  const entries = [...built.chunks.values()].filter((chunk) => chunk.isEntry);
  if (entries.length === 1) return entries[0]!;
  return chunkOfModule(built, 'main.tsx');
}

/** The files a route needs before its first screen, and those it may load later (its lazy parts). */
function routeFiles(built: Build, route: Route, stopAt: ReadonlySet<string>): { toScreen: Set<string>; all: Set<string> } {
  const modules = [...route.modules, ...(route.area === 'public' ? [] : SIGNED_IN_EXTRAS)];
  const starts = [entryChunk(built).fileName, ...modules.map((module) => chunkOfModule(built, module).fileName)];
  // the route's own pages are not stops: their lazy parts are this route's
  const own = new Set(starts);
  const stops = new Set([...stopAt].filter((file) => !own.has(file)));
  return { toScreen: filesFrom(built, starts, { lazy: false }), all: filesFrom(built, starts, { lazy: true, stopAt: stops }) };
}

/** The gzipped bytes (default level) of the JavaScript among these files. */
export async function gzipJs(built: Build, files: Iterable<string>): Promise<number> {
  let total = 0;
  for (const file of files) if (file.endsWith('.js')) total += gzipSync(await readFile(path.join(built.outDir, file))).length;
  return total;
}

interface RouteRow {
  route: string;
  area: Area;
  'files to screen': number;
  'JS gzip KB to screen': number;
  'JS gzip KB with lazy parts': number;
  /** the JS files before the first screen, without their hashes */
  files: string;
}

/** The routes of router.tsx and, for each, the files it loads in this build (routeFiles). */
export async function routesOfBuild(built: Build): Promise<{ routes: Route[]; filesOf: (route: Route) => { toScreen: Set<string>; all: Set<string> } }> {
  const routes = await routesOf();
  const stopAt = routePageChunks(built, routes);
  return { routes, filesOf: (route) => routeFiles(built, route, stopAt) };
}

async function routeTable(built: Build): Promise<RouteRow[]> {
  const { routes, filesOf } = await routesOfBuild(built);
  const rows: RouteRow[] = [];
  for (const route of routes) {
    const { toScreen, all } = filesOf(route);
    rows.push({
      route: route.path,
      area: route.area,
      'files to screen': [...toScreen].filter((file) => /\.(?:js|css)$/.test(file)).length,
      'JS gzip KB to screen': kb(await gzipJs(built, toScreen)),
      'JS gzip KB with lazy parts': kb(await gzipJs(built, all)),
      files: [...toScreen].filter((file) => file.endsWith('.js')).map((file) => file.replace(/^assets\//, '').replace(/-[\w-]{8}\.js$/, '')).join(' '),
    });
  }
  return rows;
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'dutyroll-route-js-'));
  try {
    const built = await buildWeb(path.join(outDir, 'web'));
    const rows = await routeTable(built);
    if (process.argv.includes('--json')) console.log(JSON.stringify(rows));
    else {
      const js = [...built.chunks.keys()];
      const css = new Set([...built.chunks.values()].flatMap((chunk) => chunk.css));
      console.log(`${js.length} JS files, ${css.size} CSS files built; gzip of JS only, 1 KB = 1024 bytes`);
      console.table(rows.map(({ files: _files, ...row }) => row));
      if (process.argv.includes('--files')) for (const row of rows) console.log(`${row.route}: ${row.files}`);
      const worst = (budget: number) => Math.max(...rows.filter((row) => budgetKb({ path: row.route, area: row.area }) === budget).map((row) => row['JS gzip KB to screen']));
      console.log(`largest to screen: light public pages and sign-in ${worst(150)} KB (target 150), signed-in screens and account forms ${worst(250)} KB (target 250)`);
    }
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}
