import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

/**
 * A language's catalogue in two parts (decision 0029, "The public pages within 150 KB"):
 * `locales/<code>.json?site` is the sections the public site shows (its pages, sign-in, the
 * error screens), part of the web app's first download; `locales/<code>.json?rest` is the
 * others, which come with the screens after sign-in and the account forms
 * (src/web/i18n/english.ts). The translators keep one file per language: the cut is made
 * here, by top-level section, when the app is built or tested (vitest.config.ts).
 * Only English is cut: the other languages load whole when chosen.
 */
export const SITE_SECTIONS: readonly string[] = ['common', 'language', 'auth', 'layout', 'pwa'];

const PART = /^(.+[\\/]locales[\\/][\w-]+\.json)\?(site|rest)$/;

export function catalogueParts(): Plugin {
  return {
    name: 'dutyroll:catalogue-parts',
    enforce: 'pre',
    async load(id) {
      const match = PART.exec(id);
      if (!match) return null;
      const [, file, part] = match as unknown as [string, string, 'site' | 'rest'];
      this.addWatchFile(file);
      const catalogue = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      const sections = Object.entries(catalogue).filter(([section]) => SITE_SECTIONS.includes(section) === (part === 'site'));
      return { code: `export default ${JSON.stringify(Object.fromEntries(sections))};`, moduleType: 'js' };
    },
  };
}
