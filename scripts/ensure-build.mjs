// Builds the server (tsc) and the web app (vite) when their output is missing or older
// than their inputs (scripts/build-inputs.mjs), so `npm start` works on a fresh clone, starts
// fast afterwards and never serves a build made before a source or a build config changed.
// `--server` checks the server only (the command-line tools need nothing else).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildInputs, staleBuilds } from './build-inputs.mjs';

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const builds = buildInputs(root);

for (const name of staleBuilds(root, { serverOnly: process.argv.includes('--server') })) {
  const script = builds[name].script;
  console.log(`> building (${script})`);
  const result = spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
