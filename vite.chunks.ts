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
/** Ours that two pages or more share: an office feature's in a file of that feature, the duty screens' in `shared`. */
const OFFICE = /[\\/]src[\\/]web[\\/]features[\\/](staff|admin|reports|bills|chat)[\\/]/;
const sharedFile = (id: string) => (OFFICE.test(id) ? `shared-${OFFICE.exec(id)![1]}` : 'shared');
const mantine = (pattern: string) => new RegExp(`[\\\\/]node_modules[\\\\/]@mantine[\\\\/](?:${pattern})`);

const CHUNK_GROUPS = [
  // the first download, what the entry imports before any page: libraries and our code apart,
  // so a release that changes only ours keeps the libraries cached
  { name: 'vendor', test: LIBRARY, tags: ['$initial' as const], priority: 20, includeDependenciesRecursively: true },
  { name: 'app', test: OURS, tags: ['$initial' as const], priority: 20, includeDependenciesRecursively: true },
  // the toaster, loaded on any page at the first tap (main.tsx): Mantine's Notifications with
  // their transitions, swipe and scroll lock (which the dialogs share), not their store
  {
    name: 'toaster',
    test: (id: string) =>
      web('layouts[\\\\/]toaster').test(id) ||
      /[\\/]node_modules[\\/](?:react-transition-group|react-remove-scroll(?:-bar)?|use-sidecar|react-style-singleton|use-callback-ref|tslib)[\\/]/.test(id) ||
      mantine('notifications[\\\\/]esm[\\\\/](?!notifications\\.store)|hooks[\\\\/]esm[\\\\/]use-drag[\\\\/]|core[\\\\/]esm[\\\\/]components[\\\\/]Notification[\\\\/]').test(id),
    priority: 14,
  },
  // what the public pages share (the light pages anyone opens), with the little sign-in shares
  // with signed-in screens (the language switch, the return path)
  { name: 'public', test: (id: string) => !page.test(id) && web('pages[\\\\/]public[\\\\/]|auth[\\\\/]return-path|i18n[\\\\/]language-switch').test(id), priority: 13 },
  // what the toaster and the update prompt need beyond it (buttons, portal, transitions, the
  // toasts' store), which every screen uses: a public page's first tap loads no signed-in
  // code, and a signed-in screen not the toaster
  { name: 'ui', test: web('layouts[\\\\/]toaster|pwa[\\\\/]update-prompt'), priority: 12, includeDependenciesRecursively: true },
  // the forms' rules, which a form loads after its screen (src/web/forms/form-rules.ts): zod
  // and the shared request schemas, in a file of their own; with the lists' sort parameter
  // (shared/list-view.ts) the schemas use, or this file would import `signed-in`, which imports
  // it: a cycle in which this file ran first and found the messages not yet there (issue 28)
  { name: 'forms', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]shared[\\/](?:schemas[\\/]|api[\\/]envelopes|company-profile\.ts|list-view\.ts)/, priority: 12 },
  // the manager's dashboard with its figures and charts, beside `signed-in`, so the other areas
  // load none of them
  { name: 'dashboard', test: web('features[\\\\/](?:manager[\\\\/]manager-dashboard-page|reports[\\\\/]dashboard-(?:summary|charts|chart-data))'), priority: 12 },
  // what every signed-in screen uses, with what it needs: the area layouts and the top bar's
  // Logout, the forms' helpers and the small components (not the lazy ones: the date pickers,
  // the floating layer, the dialog), the shared rules the entry does not hold; and what the
  // manager's dashboard needs of the libraries (its own code is in `dashboard`)
  {
    name: 'signed-in',
    test: (id: string) =>
      web('features[\\\\/](?:supervisor[\\\\/]user|manager[\\\\/]manager|admin[\\\\/]admin)-area|features[\\\\/]manager[\\\\/]manager-dashboard-page|layouts[\\\\/]signed-in-actions|forms[\\\\/]|components[\\\\/](?!date-pickers|floating|modal-parts|list[\\\\/]|download-button)').test(id) ||
      /[\\/]src[\\/]shared[\\/]/.test(id),
    priority: 11,
    includeDependenciesRecursively: true,
  },
  // what draws over a screen, loaded after it: the dialogs (components/app-modal.tsx), the phone's
  // menu, the searchable list and the actions menu (components/lazy-floating.tsx), the date
  // pickers' popover; not the chevron and option list the browser's select (NativeSelect) shares
  {
    name: 'overlays',
    test: mantine('hooks[\\\\/]esm[\\\\/]use-focus-|core[\\\\/]esm[\\\\/](?:utils[\\\\/]Floating|components[\\\\/](?:Popover|Select|Menu|Modal|ModalBase|Drawer|FocusTrap|Overlay)[\\\\/]|components[\\\\/]Combobox[\\\\/](?!ComboboxChevron|get-parsed|Combobox\\.module))'),
    priority: 6,
  },
  // what later screens share (two pages or more): libraries apart from our code, and ours by
  // area, so the supervisor's phone loads none of the office's and an office screen none of
  // the duty screens'
  // the password field and the pages' numbers, which only the account forms and office screens use,
  // and apart from them the growing text box (a long text: the company profile, a reason): so the
  // supervisor's screens, which load `libs`, load none of them, nor an office page more than it uses
  { name: 'libs-office', test: mantine('core[\\\\/]esm[\\\\/]components[\\\\/](?:PasswordInput|Pagination)[\\\\/]|hooks[\\\\/]esm[\\\\/]use-pagination[\\\\/]'), minShareCount: 2, priority: 6 },
  // the file button (the company's logo) goes with the text box the company profile loads anyway:
  // in `libs` it made the supervisor's Add Duty load it, over its 250 KB (issue 25)
  { name: 'libs-textarea', test: mantine('core[\\\\/]esm[\\\\/]components[\\\\/](?:Textarea|FileButton)[\\\\/]'), minShareCount: 2, priority: 6 },
  // with the lists' small parts (components/list: sorting headers, search, totals, export and print
  // buttons, and the download button), which the duty boards and the office lists share: in `shared`
  // they would make every office list load the duty screens' code, and a file of their own would
  // be one more request for the supervisor's screens
  { name: 'libs', test: (id: string) => LIBRARY.test(id) || web('components[\\\\/](?:list[\\\\/]|download-button)').test(id), minShareCount: 2, priority: 5 },
  { name: sharedFile, debugName: 'shared', test: (id: string) => !page.test(id) && OURS.test(id), minShareCount: 2, priority: 5 },
];

/** For comparison (decision 0029's table): the plain vendor group, everything else automatic. */
const PLAIN_VENDOR = [{ name: 'vendor', test: LIBRARY }];

/** The `codeSplitting` option; DUTYROLL_CHUNKS=plain builds with the plain vendor group instead. */
export function codeSplitting() {
  // a module a group does not take goes where the bundler's automatic split puts it
  return { includeDependenciesRecursively: false, groups: process.env.DUTYROLL_CHUNKS === 'plain' ? PLAIN_VENDOR : CHUNK_GROUPS };
}
