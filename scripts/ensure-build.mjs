// Builds the server (tsc) and the web app (vite) when their output is missing or older
// than their sources, so `npm start` works on a fresh clone and starts fast afterwards.
// `--server` checks the server only (the command-line tools need nothing else).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const serverOnly = process.argv.includes('--server');

function newest(paths) {
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

function stampOf(file) {
  const p = path.join(root, file);
  return existsSync(p) ? statSync(p).mtimeMs : 0;
}

function run(script) {
  console.log(`> building (${script})`);
  const result = spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const common = ['src/shared', 'package.json', 'package-lock.json'];
if (stampOf('dist/server/main.js') < newest(['src/server', 'tsconfig.json', 'tsconfig.server.json', ...common])) {
  run('build:server');
}
if (!serverOnly && stampOf('dist/web/index.html') < newest(['src/web', 'vite.config.ts', ...common])) {
  run('build:web');
}
