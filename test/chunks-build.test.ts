import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { areaOfPage, chunkFor, createAreaFinder, importsAnyOf, isBarrel, isFirstScreen, namesFromBarrel, pageLabel, TOAST } from '../vite.chunks.js';

const WEB = path.join(fileURLToPath(new URL('..', import.meta.url)), 'src/web');
const web = (file: string) => path.join(WEB, file);
const NM = '/x/node_modules/ui/esm';

describe('which chunk a module goes to', () => {
  it('knows the area of each kind of route page', () => {
    expect(areaOfPage(web('features/duties/live-duty-page.tsx'))).toBe('supervisor');
    expect(areaOfPage(web('features/supervisor/user-area.tsx'))).toBe('supervisor');
    expect(areaOfPage(web('features/duties/live-works-page.tsx'))).toBe('manager-duties');
    expect(areaOfPage(web('features/manager/manager-dashboard-page.tsx'))).toBe('manager');
    expect(areaOfPage(web('features/admin/audit-page.tsx'))).toBe('admin');
    expect(areaOfPage(web('pages/public/about-page.tsx'))).toBe('public');
    expect(areaOfPage(web('pages/public/register-page.tsx'))).toBe('account');
    expect(areaOfPage(web('somewhere/else.tsx'))).toBeNull();
  });

  it('keeps public pages apart from signed-in code and the supervisor apart from the office', () => {
    expect(chunkFor(new Set())).toBeNull();
    expect(chunkFor(new Set(['public']))).toBe('public');
    expect(chunkFor(new Set(['public', 'supervisor']))).toBe('app');
    expect(chunkFor(new Set(['supervisor']))).toBe('supervisor');
    expect(chunkFor(new Set(['supervisor*', 'supervisor']))).toBe('supervisor');
    expect(chunkFor(new Set(['manager', 'admin']))).toBe('office');
  });

  it('marks the first screens after sign-in: the area layouts and the manager dashboard', () => {
    expect(isFirstScreen(web('features/manager/manager-dashboard-page.tsx'))).toBe(true);
    expect(isFirstScreen(web('features/supervisor/user-area.tsx'))).toBe(true);
    expect(isFirstScreen(web('features/duties/live-duty-page.tsx'))).toBe(false);
    expect(pageLabel(web('features/manager/manager-area.tsx'))).toBe('manager*');
    expect(pageLabel(web('features/duties/live-works-page.tsx'))).toBe('manager-duties');
  });

  it("puts in signed-in only what a first screen shares, so the manager's dashboard loads no form", () => {
    expect(chunkFor(new Set(['supervisor*', 'manager*']))).toBe('signed-in');
    expect(chunkFor(new Set(['manager*', 'manager-reports']))).toBe('signed-in');
    // the supervisor's own first screen with later screens: their chunk, loaded anyway
    expect(chunkFor(new Set(['supervisor*', 'manager-duties']))).toBe('supervisor');
    expect(chunkFor(new Set(['supervisor', 'manager-duties']))).toBe('supervisor');
    expect(chunkFor(new Set(['manager-reports', 'admin']))).toBe('office');
  });

  it('gives the account pages their forms without signed-in or supervisor code', () => {
    expect(chunkFor(new Set(['account']))).toBe('account');
    expect(chunkFor(new Set(['account', 'supervisor']))).toBe('forms');
    expect(chunkFor(new Set(['account', 'supervisor*', 'manager-staff']))).toBe('forms');
    // the little an office's first screen needs too goes with the controls, which it loads anyway
    expect(chunkFor(new Set(['account', 'manager*']))).toBe('controls');
  });

  it("keeps the toaster's dependencies out of signed-in chunks, so a public page's first tap loads none", () => {
    expect(chunkFor(new Set([TOAST]))).toBe('toaster');
    expect(chunkFor(new Set([TOAST, 'manager-reports', 'admin']))).toBe('toaster');
    expect(chunkFor(new Set([TOAST, 'manager*', 'supervisor*']))).toBe('controls');
    expect(chunkFor(new Set([TOAST, 'account']))).toBe('controls');
    // the supervisor's chunk is part of their first screen: what it shares with the toaster is too
    expect(chunkFor(new Set([TOAST, 'supervisor', 'manager-duties']))).toBe('controls');
    expect(chunkFor(new Set([TOAST, 'public']))).toBe('app');
  });
});

describe("a library's index", () => {
  const index = { id: `${NM}/index.mjs`, code: `'use client';\nimport { Select } from "./Select.mjs";\nimport { Button } from "./Button.mjs";\nexport { Button, Select };\n` };
  const component = { id: `${NM}/Select.mjs`, code: 'import { useState } from "react";\nexport function Select() { return useState(0); }\n' };

  it('is told from a module with code of its own', () => {
    expect(isBarrel(index)).toBe(true);
    expect(isBarrel(component)).toBe(false);
    expect(isBarrel({ id: web('layouts/index.ts'), code: "export { a } from './a.js';" })).toBe(false);
  });

  it('gives a module under the names its users import', () => {
    const renaming = {
      id: `${NM}/index.mjs`,
      code: 'import { transitions } from "./transitions.mjs";\nimport { RemoveScroll } from "react-remove-scroll";\nexport { default as Group } from "./Group.mjs";\nexport { transitions as MANTINE_TRANSITIONS, RemoveScroll };\n',
    };
    expect(isBarrel(renaming)).toBe(true);
    expect(namesFromBarrel(renaming, `${NM}/Group.mjs`)).toEqual(new Set(['Group']));
    expect(namesFromBarrel(renaming, `${NM}/transitions.mjs`)).toEqual(new Set(['MANTINE_TRANSITIONS']));
    // a package imported by its name: any of its modules
    expect(namesFromBarrel(renaming, '/x/node_modules/react-remove-scroll/dist/es2015/index.js')).toEqual(new Set(['RemoveScroll']));
    expect(namesFromBarrel(renaming, '/x/node_modules/react-remove-scroll-bar/dist/es2015/index.js')).toEqual(new Set());
  });

  it('is crossed only towards the modules that import the names it takes from a module', () => {
    expect(namesFromBarrel(index, `${NM}/Select.mjs`)).toEqual(new Set(['Select']));
    expect(importsAnyOf({ code: "import { Button, Select as Pick } from 'ui';" }, new Set(['Select']))).toBe(true);
    expect(importsAnyOf({ code: "import { Button } from 'ui';" }, new Set(['Select']))).toBe(false);
    expect(importsAnyOf({ code: "import { Select } from './select.js';" }, new Set(['Select']))).toBe(false);
    expect(importsAnyOf({ code: null }, new Set(['Select']))).toBe(true);
  });

  it('gives a component only the areas of the pages that use it', () => {
    const modules = new Map([
      [index.id, { ...index, importers: [web('about.tsx'), web('add-duty.tsx'), web('main.tsx')], importedIds: [], dynamicallyImportedIds: [] }],
      [component.id, { ...component, importers: [index.id], importedIds: [], dynamicallyImportedIds: [] }],
      [`${NM}/Button.mjs`, { id: `${NM}/Button.mjs`, code: 'export const Button = 1;', importers: [index.id], importedIds: [], dynamicallyImportedIds: [] }],
      [web('about.tsx'), { id: web('about.tsx'), code: "import { Button } from 'ui';", importers: [], importedIds: [], dynamicallyImportedIds: [] }],
      [web('add-duty.tsx'), { id: web('add-duty.tsx'), code: "import { Button, Select } from 'ui';", importers: [], importedIds: [], dynamicallyImportedIds: [] }],
      [web('main.tsx'), { id: web('main.tsx'), code: "import { Provider } from 'ui';", importers: [], importedIds: [], dynamicallyImportedIds: [] }],
    ]);
    const areasOf = createAreaFinder((id) => modules.get(id) ?? null, new Map([[web('about.tsx'), 'public'], [web('add-duty.tsx'), 'supervisor']]));
    expect(areasOf(component.id)).toEqual(new Set(['supervisor']));
    expect(areasOf(`${NM}/Button.mjs`)).toEqual(new Set(['public', 'supervisor']));
  });

  it('follows a module one page loads lazily up to the pages that import it statically', () => {
    const module = (id: string, importers: string[]) => [id, { id, code: '', importers, importedIds: [], dynamicallyImportedIds: [] }] as const;
    const modules = new Map([module(web('api.ts'), [web('guard.tsx')]), module(web('guard.tsx'), [web('area.tsx')]), module(web('area.tsx'), [])]);
    const areasOf = createAreaFinder((id) => modules.get(id) ?? null, new Map([[web('api.ts'), 'account'], [web('area.tsx'), 'manager*']]));
    expect(areasOf(web('api.ts'))).toEqual(new Set(['account', 'manager*']));
  });
});
