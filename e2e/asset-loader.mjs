/**
 * Node module hooks for the journeys: a journey may import web modules that import
 * images as Vite does (`./logo.svg`, `./logo.svg?inline`); in Node such an import is the
 * file's URL, which is all a journey needs of it. Registered by playwright.config.ts.
 */
const ASSET = /\.(svg|png|jpe?g|webp)(\?[^/]*)?$/;

export async function resolve(specifier, context, nextResolve) {
  if (ASSET.test(specifier) && context.parentURL) {
    return { url: new URL(specifier, context.parentURL).href, format: 'module', shortCircuit: true };
  }
  return nextResolve(specifier, context);
}

export async function load(url, context, nextLoad) {
  if (ASSET.test(url)) {
    return { format: 'module', source: `export default ${JSON.stringify(url.replace(/\?.*$/, ''))};`, shortCircuit: true };
  }
  return nextLoad(url, context);
}
