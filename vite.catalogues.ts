import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';
import { CATALOGUE_PART, cataloguePartModule } from './scripts/catalogue-parts.mjs';

export { SITE_SECTIONS } from './scripts/catalogue-parts.mjs';

/**
 * A language's catalogue in two parts (decision 0029, "The public pages within 150 KB"):
 * `locales/<code>.json?site` is the sections the public site shows (its pages, sign-in, the
 * error screens), part of the web app's first download; `locales/<code>.json?rest` is the
 * others, which come with the screens after sign-in and the account forms
 * (src/web/i18n/english.ts). The translators keep one file per language: the cut is made
 * here, by top-level section, when the app is built or tested (vitest.config.ts), and by
 * the journeys' Node hooks (e2e/asset-loader.mjs), with scripts/catalogue-parts.mjs.
 * Only English is cut: the other languages load whole when chosen.
 */
export function catalogueParts(): Plugin {
  return {
    name: 'dutyroll:catalogue-parts',
    enforce: 'pre',
    async load(id) {
      const match = CATALOGUE_PART.exec(id);
      if (!match) return null;
      const [, file, part] = match as unknown as [string, string, 'site' | 'rest'];
      this.addWatchFile(file);
      const catalogue = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      return { code: cataloguePartModule(catalogue, part), moduleType: 'js' };
    },
  };
}
