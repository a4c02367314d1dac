/**
 * Node module hooks for the journeys: a journey may import web modules that import
 * images as Vite does (`./logo.svg`, `./logo.svg?inline`); in Node such an import is the
 * file's URL, which is all a journey needs of it. A part of a catalogue
 * (`locales/en.json?site`, `?rest`) is cut as the build cuts it (scripts/catalogue-parts.mjs).
 * Registered by playwright.config.ts.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { CATALOGUE_PART, cataloguePartModule } from '../scripts/catalogue-parts.mjs';

const ASSET = /\.(svg|png|jpe?g|webp)(\?[^/]*)?$/;

export async function resolve(specifier, context, nextResolve) {
  if ((ASSET.test(specifier) || CATALOGUE_PART.test(specifier)) && context.parentURL) {
    return { url: new URL(specifier, context.parentURL).href, format: 'module', shortCircuit: true };
  }
  return nextResolve(specifier, context);
}

export async function load(url, context, nextLoad) {
  if (ASSET.test(url)) {
    return { format: 'module', source: `export default ${JSON.stringify(url.replace(/\?.*$/, ''))};`, shortCircuit: true };
  }
  const part = CATALOGUE_PART.exec(url);
  if (part) {
    const catalogue = JSON.parse(await readFile(fileURLToPath(part[1]), 'utf8'));
    return { format: 'module', source: cataloguePartModule(catalogue, part[2]), shortCircuit: true };
  }
  return nextLoad(url, context);
}
