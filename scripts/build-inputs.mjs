// What `npm start` (scripts/ensure-build.mjs) compares the built output with: a build is
// stale when any of its inputs changed after it was made. Every build configuration at the
// top of the project counts by name, so a new one (vite.pwa.ts, a tsconfig.*.json) needs no
// listing here.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function newest(root, paths) {
  let latest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const stat = statSync(p);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(p)) visit(path.join(p, entry));
    } else if (stat.mtimeMs > latest) {
      latest = stat.mtimeMs;
    }
  };
  paths.forEach((p) => visit(path.join(root, p)));
  return latest;
}

function stampOf(root, file) {
  const p = path.join(root, file);
  return existsSync(p) ? statSync(p).mtimeMs : 0;
}

/** The inputs of each build: its sources, the shared code, the package lists and its configs. */
export function buildInputs(root) {
  const configs = (pattern) => readdirSync(root).filter((name) => pattern.test(name));
  const common = ['src/shared', 'package.json', 'package-lock.json', ...configs(/^tsconfig.*\.json$/)];
  return {
    server: { output: 'dist/server/main.js', inputs: ['src/server', ...common], script: 'build:server' },
    web: { output: 'dist/web/index.html', inputs: ['src/web', ...configs(/^vite\..*\.[cm]?[jt]s$/), ...common], script: 'build:web' },
  };
}

/** The builds ('server', 'web') whose output is missing or older than one of their inputs. */
export function staleBuilds(root, { serverOnly = false } = {}) {
  const builds = buildInputs(root);
  return Object.entries(builds)
    .filter(([name]) => !serverOnly || name === 'server')
    .filter(([, build]) => stampOf(root, build.output) < newest(root, build.inputs))
    .map(([name]) => name);
}
