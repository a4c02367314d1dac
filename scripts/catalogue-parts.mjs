/**
 * The cut of a language's catalogue in two parts (decision 0029, "The public pages within
 * 150 KB"), in plain JavaScript so that both the build (vite.catalogues.ts) and the journeys'
 * Node hooks (e2e/asset-loader.mjs) make it the same way: `locales/<code>.json?site` is the
 * sections the public site shows (its pages, sign-in, the error screens), `?rest` the others.
 */

/** @type {readonly string[]} */
export const SITE_SECTIONS = ['common', 'language', 'auth', 'layout', 'pwa'];

/** `…/locales/<code>.json?site` or `?rest`: the file, then the part. */
export const CATALOGUE_PART = /^(.+[\\/]locales[\\/][\w-]+\.json)\?(site|rest)$/;

/**
 * The part's sections of a catalogue, as the source of a module that exports them.
 * @param {Record<string, unknown>} catalogue
 * @param {'site' | 'rest'} part
 * @returns {string}
 */
export function cataloguePartModule(catalogue, part) {
  const sections = Object.entries(catalogue).filter(([section]) => SITE_SECTIONS.includes(section) === (part === 'site'));
  return `export default ${JSON.stringify(Object.fromEntries(sections))};`;
}
