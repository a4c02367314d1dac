/**
 * How the web app is cut into files (decision 0029, replacing 0023's graph reading): a few
 * groups of Rolldown's `output.codeSplitting` (Vite 8), each by module path, chosen by
 * measuring every route's gzipped JavaScript (`node --import tsx bench/route-js.ts`).
 * On a Slow 3G phone each request costs about two seconds, so a route should need a
 * handful of files, not the bundler's one per shared module.
 *
 * Rolldown places a module in the group of highest priority that takes it; a group with
 * `includeDependenciesRecursively` also takes, by the same priority, what its modules import.
 */
const LIBRARY = /[\\/]node_modules[\\/]/;
const OURS = /[\\/]src[\\/]/;
const web = (pattern: string) => new RegExp(`[\\\\/]src[\\\\/]web[\\\\/](?:${pattern})`);
/** Route pages and the other languages: each keeps a file of its own, loaded when wanted. */
const page = /-(?:page|area)\.tsx$|[\\/]locales[\\/]/;

const CHUNK_GROUPS = [
  // the first download, what the entry imports before any page: libraries and our code apart,
  // so a release that changes only ours keeps the libraries cached
  { name: 'vendor', test: LIBRARY, tags: ['$initial' as const], priority: 20, includeDependenciesRecursively: true },
  { name: 'app', test: OURS, tags: ['$initial' as const], priority: 20, includeDependenciesRecursively: true },
  // what the public pages share (the light pages anyone opens), with the little sign-in shares
  // with signed-in screens (the language switch, the return path)
  { name: 'public', test: (id: string) => !page.test(id) && web('pages[\\\\/]public[\\\\/]|auth[\\\\/]return-path|i18n[\\\\/]language-switch').test(id), priority: 13 },
  // loaded on any page at the first tap (the toaster) or with a new version (the prompt), with
  // what they need: the public pages' first tap loads no signed-in code
  { name: 'toaster', test: web('layouts[\\\\/]toaster|pwa[\\\\/]update-prompt'), priority: 12, includeDependenciesRecursively: true },
  // the first screens after sign-in (the area layouts, the manager's dashboard, the top bar's
  // Logout) with what they need, and nothing of the later screens' forms
  {
    name: 'signed-in',
    test: web('features[\\\\/](?:supervisor[\\\\/]user|manager[\\\\/]manager|admin[\\\\/]admin)-area|features[\\\\/]manager[\\\\/]manager-dashboard-page|layouts[\\\\/]signed-in-actions'),
    priority: 11,
    includeDependenciesRecursively: true,
  },
  // the forms' rules, which a form loads after its screen (src/web/forms/form-rules.ts): zod
  // and the shared request schemas, in a file of their own
  { name: 'forms', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]shared[\\/](?:schemas[\\/]|api[\\/]envelopes|company-profile\.ts)/, priority: 7 },
  // Mantine's NumberInput and its formatting library, for the office forms that use it
  { name: 'numbers', test: /[\\/]node_modules[\\/](?:react-number-format|@mantine[\\/]core[\\/]esm[\\/]components[\\/]NumberInput)[\\/]/, priority: 6 },
  // what later screens share (two pages or more): libraries apart from our code, and ours with
  // the office screens' part apart, so the supervisor's phone loads none of it
  { name: 'libs', test: LIBRARY, minShareCount: 2, priority: 5 },
  { name: (id: string) => (web('features[\\\\/](?:staff|admin|reports|bills|chat)[\\\\/]').test(id) ? 'shared-office' : 'shared'), test: (id: string) => !page.test(id) && OURS.test(id), minShareCount: 2, priority: 5 },
];

/** For comparison (decision 0029's table): the plain vendor group, everything else automatic. */
const PLAIN_VENDOR = [{ name: 'vendor', test: LIBRARY }];

/** The `codeSplitting` option; DUTYROLL_CHUNKS=plain builds with the plain vendor group instead. */
export function codeSplitting() {
  // a module a group does not take goes where the bundler's automatic split puts it
  return { includeDependenciesRecursively: false, groups: process.env.DUTYROLL_CHUNKS === 'plain' ? PLAIN_VENDOR : CHUNK_GROUPS };
}
