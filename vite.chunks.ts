/**
 * How the web app is cut into files (issue 15, decision 0023): a few chunks per area
 * instead of one file per shared module. On a Slow 3G phone every request costs about two
 * seconds of latency and the browser opens six at a time, so some 50 small files after sign-in
 * took longer than their bytes; a handful of larger files is faster.
 *
 * Rolldown's `output.codeSplitting.groups` (Vite 8) place each module by name:
 * - what the entry loads before any page (`$initial`): the libraries in `vendor`, our own
 *   code in `app` — the first download of every page, unchanged in what it holds;
 * - every other module by the areas whose pages import it (statically, following imports
 *   up to a route's page): one area's alone in that area's chunk, the supervisor's and
 *   the office's together in `signed-in`; the little a public page shares with signed-in
 *   screens joins `app`.
 *   A public page thus loads no dashboard code, and a supervisor no manager or admin
 *   screen;
 * - a module no route page imports statically (the charts, the toaster, the languages,
 *   the service worker's registration: each loaded lazily on its own) stays with the
 *   bundler's automatic split, so it is still fetched only when wanted.
 */
import path from 'node:path';

const WEB_ROOT = path.resolve(import.meta.dirname, 'src/web');

/** The route areas, by the page modules they own (paths under src/web; the first match wins). */
export const ROUTE_AREAS: readonly { area: string; modules: readonly string[] }[] = [
  // the supervisor's screens, also opened by managers from their menu (Add Work, chat, details)
  {
    area: 'supervisor',
    modules: [
      'features/supervisor/',
      'features/duties/live-duty-page.tsx',
      'features/duties/add-duty-page.tsx',
      'features/duties/completed-duty-page.tsx',
      'features/duties/train-detail-page.tsx',
      'features/chat/chat-page.tsx',
    ],
  },
  { area: 'manager', modules: ['features/manager/'] },
  { area: 'manager-staff', modules: ['features/staff/'] },
  { area: 'manager-duties', modules: ['features/duties/'] },
  { area: 'manager-reports', modules: ['features/reports/', 'features/bills/'] },
  { area: 'admin', modules: ['features/admin/'] },
  // the forms that check input with the shared schemas (zod), like the signed-in screens
  { area: 'account', modules: ['pages/public/register-page.tsx', 'pages/public/forget-page.tsx'] },
  // the light pages anyone opens: a public page must not carry the schemas or dashboard code
  { area: 'public', modules: ['pages/public/'] },
];

/** The area of a route's page module (a module the router imports lazily), or null. */
export function areaOfPage(id: string, root = WEB_ROOT): string | null {
  const relative = path.relative(root, id).split(path.sep).join('/');
  return ROUTE_AREAS.find(({ modules }) => modules.some((module) => (module.endsWith('/') ? relative.startsWith(module) : relative === module)))?.area ?? null;
}

/** The chunk for a module reached from these areas (an empty set: leave it to the automatic split). */
export function chunkForAreas(areas: ReadonlySet<string>): string | null {
  if (areas.size === 0) return null;
  // what a public page shares with signed-in screens is small (the language switch, the
  // sign-in card): it joins the entry's own code rather than costing every page a request
  if (areas.has('public')) return areas.size === 1 ? 'public' : 'app';
  if (areas.size === 1) return [...areas][0]!;
  return areas.has('supervisor') ? 'signed-in' : 'office';
}

interface GraphModule {
  id: string;
  code: string | null;
  importers: readonly string[];
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
}

const NAMED_FROM = /(?:import|export)\s*(?:type\s*)?\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
const STAR_FROM = /(?:import|export)\s*\*\s*(?:as\s*[\w$]+\s*)?from\s*["']([^"']+)["']/g;
const BARE_IMPORT = /import\s*["'][^"']+["']/g;
const EXPORT_LIST = /export\s*\{[^}]*\}/g;

/** The names of an `{ a, b as c }` list, as the module that exports them calls them. */
const listNames = (list: string): string[] =>
  list
    .split(',')
    .map((item) => item.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]!.trim())
    .filter(Boolean);

/**
 * A library's index that only gathers other modules' exports (import … from, export { … }):
 * `import { NumberInput } from '@mantine/core'` goes through one, and every module importing
 * from the library would seem to use every component in it.
 */
export function isBarrel(module: Pick<GraphModule, 'id' | 'code'>): boolean {
  if (!module.code || !/[\\/]node_modules[\\/]/.test(module.id)) return false;
  const rest = module.code
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/[^\n]*/g, '')
    .replace(/^\s*["']use client["'];?/, '')
    .replace(NAMED_FROM, '')
    .replace(STAR_FROM, '')
    .replace(BARE_IMPORT, '')
    .replace(EXPORT_LIST, '');
  return /^[\s;]*$/.test(rest);
}

/** The names a barrel takes from one module, or null when it takes them all (export *). */
export function namesFromBarrel(barrel: Pick<GraphModule, 'id' | 'code'>, target: string): Set<string> | null {
  const names = new Set<string>();
  // './exports' names exports.js (or exports/index.js): compared without the extension
  const bare = (id: string) => id.split('?')[0]!.replace(/(?:[\\/]index)?\.[cm]?js$/, '');
  const same = (specifier: string) => specifier.startsWith('.') && bare(path.resolve(path.dirname(barrel.id), specifier)) === bare(target);
  for (const match of (barrel.code ?? '').matchAll(STAR_FROM)) if (same(match[1]!)) return null;
  for (const match of (barrel.code ?? '').matchAll(NAMED_FROM)) if (same(match[2]!)) listNames(match[1]!).forEach((name) => names.add(name));
  return names;
}

/** The names a module imports from libraries (bare specifiers), or null when it takes a whole library (import *). */
export function libraryImports(module: Pick<GraphModule, 'code'>): Set<string> | null {
  if (module.code === null) return null;
  for (const match of module.code.matchAll(STAR_FROM)) if (!match[1]!.startsWith('.')) return null;
  const names = new Set<string>();
  for (const match of module.code.matchAll(NAMED_FROM)) if (!match[2]!.startsWith('.')) listNames(match[1]!).forEach((name) => names.add(name));
  return names;
}

/** Whether a module imports any of these names from a library (null: any name), judged from its code. */
export function importsAnyOf(module: Pick<GraphModule, 'code'>, names: Set<string> | null, imported = libraryImports(module)): boolean {
  if (names === null || imported === null) return true;
  for (const name of names) if (imported.has(name)) return true;
  return false;
}

/**
 * The areas whose route pages reach a module through static imports. `pages` maps each
 * route page (a module the router imports lazily) to its area. A library's index is
 * crossed only towards the modules that import this module's names from it.
 */
export function createAreaFinder(getModule: (id: string) => GraphModule | null, pages: ReadonlyMap<string, string>) {
  const memo = new Map<string, Set<string>>();
  const barrels = new Map<string, boolean>();
  const imports = new Map<string, Set<string> | null>();
  const importsOf = (module: GraphModule) => {
    if (!imports.has(module.id)) imports.set(module.id, libraryImports(module));
    return imports.get(module.id)!;
  };
  const barrel = (id: string): GraphModule | null => {
    const module = getModule(id);
    if (!module) return null;
    if (!barrels.has(id)) barrels.set(id, isBarrel(module));
    return barrels.get(id) ? module : null;
  };
  return function areasOf(id: string): Set<string> {
    const known = memo.get(id);
    if (known) return known;
    const areas = new Set<string>();
    const seen = new Set<string>([id]);
    const queue = [id];
    const visit = (next: string) => {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    };
    while (queue.length) {
      const current = queue.pop()!;
      const page = pages.get(current);
      if (page) {
        areas.add(page);
        continue; // a page is where its area starts: who imports it does not matter
      }
      const done = memo.get(current);
      if (done && current !== id) {
        done.forEach((area) => areas.add(area));
        continue;
      }
      for (const importer of getModule(current)?.importers ?? []) {
        const index = barrel(importer);
        if (!index) {
          visit(importer);
          continue;
        }
        const names = namesFromBarrel(index, current);
        for (const user of index.importers) {
          const module = getModule(user);
          if (module && importsAnyOf(module, names, importsOf(module))) visit(user);
        }
      }
    }
    memo.set(id, areas);
    return areas;
  };
}

const ROUTER = path.join(WEB_ROOT, 'router.tsx');
const ENTRY = path.join(WEB_ROOT, 'main.tsx');

interface ChunkingContext {
  getModuleInfo(id: string): GraphModule | null;
}

/**
 * The `codeSplitting` option of the build. The route pages are read from router.tsx's
 * lazy imports; a build fails when one of them belongs to no area of ROUTE_AREAS.
 */
export function codeSplitting() {
  let finder: ((id: string) => Set<string>) | null = null;
  const areasOf = (id: string, ctx: ChunkingContext): Set<string> => {
    if (!finder) {
      const router = ctx.getModuleInfo(ROUTER);
      if (!router) throw new Error('vite.chunks.ts: src/web/router.tsx is not in the build');
      const pages = new Map<string, string>();
      const unplaced: string[] = [];
      for (const page of router.dynamicallyImportedIds) {
        const area = areaOfPage(page);
        if (area) pages.set(page, area);
        else unplaced.push(path.relative(WEB_ROOT, page));
      }
      if (unplaced.length) throw new Error(`vite.chunks.ts ROUTE_AREAS: no area for the route page(s) ${unplaced.join(', ')}`);
      finder = createAreaFinder((module) => ctx.getModuleInfo(module), pages);
    }
    return finder(id);
  };
  let initial: Set<string> | null = null;
  /** Our modules the entry imports before any page (the libraries among them go to `vendor` first). */
  const initialOf = (ctx: ChunkingContext): Set<string> => {
    if (!initial) {
      initial = new Set([ENTRY]);
      const queue = [ENTRY];
      while (queue.length) {
        for (const next of ctx.getModuleInfo(queue.pop()!)?.importedIds ?? []) {
          if (!initial.has(next) && !/[\\/]node_modules[\\/]/.test(next)) {
            initial.add(next);
            queue.push(next);
          }
        }
      }
    }
    return initial;
  };
  return {
    groups: [
      // the first download: libraries and our code apart, so a release that changes only ours keeps the libraries cached
      { name: 'vendor', tags: ['$initial' as const], test: /[\\/]node_modules[\\/]/, priority: 30 },
      {
        debugName: 'app and route areas',
        // our code the entry imports before any page goes to `app`, as does what a public page shares with signed-in screens
        name: (id: string, ctx: ChunkingContext) => (initialOf(ctx).has(id) ? 'app' : chunkForAreas(areasOf(id, ctx))),
        priority: 10,
        // each module goes where its own areas say, not with the module that imports it
        includeDependenciesRecursively: false,
      },
    ],
  };
}
