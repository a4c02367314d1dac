import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { areaOfPage, chunkForAreas, createAreaFinder, importsAnyOf, isBarrel, namesFromBarrel } from '../vite.chunks.js';

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
    expect(chunkForAreas(new Set())).toBeNull();
    expect(chunkForAreas(new Set(['public']))).toBe('public');
    expect(chunkForAreas(new Set(['public', 'supervisor']))).toBe('app');
    expect(chunkForAreas(new Set(['supervisor']))).toBe('supervisor');
    expect(chunkForAreas(new Set(['supervisor', 'manager']))).toBe('signed-in');
    expect(chunkForAreas(new Set(['account', 'supervisor']))).toBe('signed-in');
    expect(chunkForAreas(new Set(['manager', 'admin']))).toBe('office');
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
});
