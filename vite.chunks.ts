/**
 * How the web app is cut into files (issue 15, decision 0023): a few chunks per area
 * instead of one file per shared module. On a Slow 3G phone every request costs about two
 * seconds of latency and the browser opens six at a time, so some 50 small files after sign-in
 * took longer than their bytes; a handful of larger files is faster.
 *
 * Rolldown's `output.codeSplitting.groups` (Vite 8) place each module by name:
 * - what the entry loads before any page (`$initial`): the libraries in `vendor`, our own
 *   code in `app` — the first download of every page, unchanged in what it holds;
 * - every other module by who needs it (static imports, followed up to a route's page or
 *   to a module loaded lazily): one area's alone in that area's chunk; what the first
 *   screens after sign-in (the three area layouts and the manager's dashboard) share in
 *   `signed-in`; what only later screens share with the supervisor's `supervisor` or,
 *   without them, `office`; what the account pages (register, forgotten password, the
 *   sign-in form's code) share with signed-in screens `forms`; what the toaster and the
 *   update prompt (loaded on any page, public ones too) share `controls`, their own code
 *   `toaster`; the little a public page shares with signed-in screens joins `app`.
 *   A public page thus loads no signed-in code, not even at its first tap, and a
 *   supervisor no manager or admin screen;
 * - a module nothing of the above reaches (the languages, the service worker's
 *   registration) stays with the bundler's automatic split, still fetched only when wanted.
 */
import path from 'node:path';

const WEB_ROOT = path.resolve(import.meta.dirname, 'src/web');

/** The route areas, by the page modules they own (paths under src/web; the first match wins). */
const ROUTE_AREAS: readonly { area: string; modules: readonly string[] }[] = [
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

/**
 * The first screens after signing in: the three area layouts (menu, guard, outbox) and the
 * manager's dashboard (paths under src/web). What they share is `signed-in`; what the
 * later screens share without them (the forms' inputs, date pickers, boards) is not, so
 * the manager's dashboard loads no form. The supervisor's live list and the admin's
 * dashboard are not listed: what they share goes with their area's chunk's neighbours,
 * which their first screen loads anyway (an area's chunk holds all its screens).
 */
const FIRST_SCREENS: readonly string[] = [
  'features/supervisor/user-area.tsx',
  'features/manager/manager-area.tsx',
  'features/manager/manager-dashboard-page.tsx',
  'features/admin/admin-area.tsx',
];

/**
 * Modules loaded lazily on any page, public ones included, that are no route's page: the
 * toaster (at the first tap or key press) and the new-version prompt. What they share with
 * signed-in screens may not wait in a signed-in chunk.
 */
const ANY_PAGE_LAZY: readonly string[] = ['layouts/toaster.tsx', 'pwa/update-prompt.tsx'];

/** The label of the modules of ANY_PAGE_LAZY (not a chunk's name). */
export const TOAST = 'toast';
/** A first screen's label is its area's with this mark: `manager*`. */
const FIRST_MARK = '*';

const relativeToWeb = (id: string, root: string) => path.relative(root, id).split(path.sep).join('/');

/** Whether a route page is one of FIRST_SCREENS. */
export function isFirstScreen(id: string, root = WEB_ROOT): boolean {
  return FIRST_SCREENS.includes(relativeToWeb(id, root));
}

/** The label of a route page: its area, marked when it is a first screen. */
export function pageLabel(id: string, root = WEB_ROOT): string | null {
  const area = areaOfPage(id, root);
  return area && isFirstScreen(id, root) ? area + FIRST_MARK : area;
}

/**
 * The chunk for a module needed by pages with these labels (their areas, `manager*` for a
 * first screen of the manager area, TOAST for ANY_PAGE_LAZY), or null (nothing reaches
 * it: the automatic split).
 */
export function chunkFor(labels: ReadonlySet<string>): string | null {
  const areas = new Set([...labels].map((label) => label.replace(FIRST_MARK, '')));
  const first = new Set([...labels].filter((label) => label.endsWith(FIRST_MARK)).map((label) => label.replace(FIRST_MARK, '')));
  const officeFirst = [...first].some((area) => area !== 'supervisor');
  if (areas.size === 0) return null;
  // what a public page shares with signed-in screens is small (the language switch, the
  // sign-in card): it joins the entry's own code rather than costing every page a request
  if (areas.has('public')) return areas.size === 1 ? 'public' : 'app';
  // the toaster's and the update prompt's code: alone, or with what only the office's later
  // screens share with it, in `toaster`; what a first screen, a form or the supervisor's
  // chunk (loaded with their first screen) needs too — buttons, transitions, the toasts'
  // store, the dialogs' scroll lock — in `controls`, small and free of signed-in code, so
  // a public page's first tap loads no signed-in chunk and the supervisor's first screen
  // not the toaster
  if (areas.has(TOAST)) return first.size > 0 || areas.has('account') || areas.has('supervisor') ? 'controls' : 'toaster';
  if (areas.has('account')) {
    if (areas.size === 1) return 'account';
    // what the forms share with signed-in screens (the schemas, inputs, selects) in `forms`;
    // the little an office's first screen needs of it (a few Mantine parts, the query
    // hooks) with `controls`, so the manager's dashboard loads no form
    return officeFirst ? 'controls' : 'forms';
  }
  if (areas.size === 1) return [...areas][0]!;
  if (officeFirst || first.size > 1) return 'signed-in';
  // shared by later screens only: with the supervisor's (their screens load it anyway, no
  // extra request) or, without them, the office's
  return areas.has('supervisor') ? 'supervisor' : 'office';
}

interface GraphModule {
  id: string;
  code: string | null;
  importers: readonly string[];
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
}

const NAMED_FROM = /(import|export)\s*(?:type\s*)?\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
const STAR_FROM = /(?:import|export)\s*\*\s*(?:as\s*[\w$]+\s*)?from\s*["']([^"']+)["']/g;
const BARE_IMPORT = /import\s*["'][^"']+["']/g;
const EXPORT_LIST = /export\s*\{[^}]*\}/g;

/** The names of an `{ a, b as c }` list as [name, as]: [a, a], [b, c]. */
const listPairs = (list: string): [string, string][] =>
  list
    .split(',')
    .map((item) => item.trim().replace(/^type\s+/, '').split(/\s+as\s+/).map((name) => name.trim()))
    .filter(([name]) => Boolean(name))
    .map(([name, as]) => [name!, as || name!]);

/** The names of an `{ a, b as c }` list, as the module that exports them calls them: a, b. */
const listNames = (list: string): string[] => listPairs(list).map(([name]) => name);

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

/**
 * The names under which a barrel gives what it takes from one module (what its users
 * import), or null when it takes them all (export *): `export { default as Group } from
 * './Group'` gives Group, `import { transitions } from './transitions'` with
 * `export { transitions as MANTINE_TRANSITIONS }` gives MANTINE_TRANSITIONS.
 */
export function namesFromBarrel(barrel: Pick<GraphModule, 'id' | 'code'>, target: string): Set<string> | null {
  const names = new Set<string>();
  // './exports' names exports.js (or exports/index.js): compared without the extension
  const bare = (id: string) => id.split('?')[0]!.replace(/(?:[\\/]index)?\.[cm]?js$/, '');
  // a package by its name (Mantine's index imports RemoveScroll from 'react-remove-scroll'):
  // any module of that package, which may take a few names too many, never too few
  const same = (specifier: string) =>
    specifier.startsWith('.') ? bare(path.resolve(path.dirname(barrel.id), specifier)) === bare(target) : target.split('?')[0]!.replaceAll('\\', '/').includes(`/node_modules/${specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/')}/`);
  const code = barrel.code ?? '';
  for (const match of code.matchAll(STAR_FROM)) if (same(match[1]!)) return null;
  // the barrel's own export lists (export { a as b }), by local name
  const exportedAs = new Map<string, string[]>();
  for (const list of code.replace(NAMED_FROM, '').matchAll(EXPORT_LIST)) {
    for (const [local, as] of listPairs(list[0].replace(/^export\s*\{|\}$/g, ''))) exportedAs.set(local, [...(exportedAs.get(local) ?? []), as]);
  }
  for (const [, keyword, list, specifier] of code.matchAll(NAMED_FROM)) {
    if (!same(specifier!)) continue;
    for (const [, as] of listPairs(list!)) (keyword === 'export' ? [as] : (exportedAs.get(as) ?? [])).forEach((name) => names.add(name));
  }
  return names;
}

/** The names a module imports from libraries (bare specifiers), or null when it takes a whole library (import *). */
function libraryImports(module: Pick<GraphModule, 'code'>): Set<string> | null {
  if (module.code === null) return null;
  for (const match of module.code.matchAll(STAR_FROM)) if (!match[1]!.startsWith('.')) return null;
  const names = new Set<string>();
  for (const match of module.code.matchAll(NAMED_FROM)) if (!match[3]!.startsWith('.')) listNames(match[2]!).forEach((name) => names.add(name));
  return names;
}

/** Whether a module imports any of these names from a library (null: any name), judged from its code. */
export function importsAnyOf(module: Pick<GraphModule, 'code'>, names: Set<string> | null, imported = libraryImports(module)): boolean {
  if (names === null || imported === null) return true;
  for (const name of names) if (imported.has(name)) return true;
  return false;
}

/**
 * The labels of the pages that reach a module through static imports. `pages` maps each
 * page (a module imported lazily: a route's page, the toaster) to its label (its area). A
 * library's index is crossed only towards the modules that import this module's names from it.
 */
export function createAreaFinder(getModule: (id: string) => GraphModule | null, pages: ReadonlyMap<string, string>) {
  const memo = new Map<string, Set<string>>();
  const barrels = new Map<string, boolean>();
  /** The names each library index takes from a module (by index and module). */
  const taken = new Map<string, Set<string> | null>();
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
      // a page is where its area starts; the walk goes on past it only for a module that
      // is also imported statically (the sign-in form's schema: the account pages import it)
      if (page) areas.add(page);
      const done = memo.get(current);
      if (done && current !== id) {
        done.forEach((area) => areas.add(area));
        continue;
      }
      for (const importer of getModule(current)?.importers ?? []) {
        const index = barrel(importer);
        // a library's index loaded lazily (import('some-library')) is a page too
        if (!index || pages.has(importer)) visit(importer);
        if (!index) continue;
        const pair = `${index.id}\0${current}`;
        if (!taken.has(pair)) taken.set(pair, namesFromBarrel(index, current));
        const names = taken.get(pair)!;
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
 * lazy imports; a build fails when one of them belongs to no area of ROUTE_AREAS, when a
 * module of FIRST_SCREENS is not a route's page, or one of ANY_PAGE_LAZY not in the build.
 */
export function codeSplitting() {
  let finder: ((id: string) => Set<string>) | null = null;
  const labelsOf = (id: string, ctx: ChunkingContext): Set<string> => {
    if (!finder) {
      const router = ctx.getModuleInfo(ROUTER);
      if (!router) throw new Error('vite.chunks.ts: src/web/router.tsx is not in the build');
      const pages = new Map<string, string>();
      const unplaced: string[] = [];
      for (const page of router.dynamicallyImportedIds) {
        const label = pageLabel(page);
        if (label) pages.set(page, label);
        else unplaced.push(path.relative(WEB_ROOT, page));
      }
      if (unplaced.length) throw new Error(`vite.chunks.ts ROUTE_AREAS: no area for the route page(s) ${unplaced.join(', ')}`);
      const missing = FIRST_SCREENS.filter((page) => !pages.has(path.join(WEB_ROOT, page)));
      if (missing.length) throw new Error(`vite.chunks.ts FIRST_SCREENS: not a route's page: ${missing.join(', ')}`);
      // what a public page loads lazily (the sign-in form's schema, API client, toasts) is the account pages' kind of code
      for (const [page, label] of [...pages]) {
        if (label !== 'public') continue;
        for (const lazy of ctx.getModuleInfo(page)?.dynamicallyImportedIds ?? []) if (!pages.has(lazy)) pages.set(lazy, 'account');
      }
      for (const module of ANY_PAGE_LAZY) {
        const id = path.join(WEB_ROOT, module);
        if (!ctx.getModuleInfo(id)) throw new Error(`vite.chunks.ts ANY_PAGE_LAZY: ${module} is not in the build`);
        pages.set(id, TOAST);
      }
      finder = createAreaFinder((module) => ctx.getModuleInfo(module), pages);
    }
    return finder(id);
  };
  const chunkOf = (id: string, ctx: ChunkingContext): string | null => {
    const chunk = chunkFor(labelsOf(id, ctx));
    // a stylesheet of the first screens (the area shell's) joins the entry's, so `signed-in`
    // is one file, not two: a few hundred bytes on every page for a request less after sign-in
    return chunk === 'signed-in' && /\.css(?:\?|$)/.test(id) ? 'app' : chunk;
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
        // (and the first screens' stylesheet)
        name: (id: string, ctx: ChunkingContext) => (initialOf(ctx).has(id) ? 'app' : chunkOf(id, ctx)),
        priority: 10,
        // each module goes where its own areas say, not with the module that imports it
        includeDependenciesRecursively: false,
      },
    ],
  };
}
