import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository root, found from this file's place, so the server finds its migrations
 * and the built web app whether it runs from src/ (tsx, tests) or from dist/.
 */
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('package.json not found above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
}

export const ROOT_DIR = findRoot();
export const MIGRATIONS_DIR = path.join(ROOT_DIR, 'drizzle');
export const WEB_DIST_DIR = path.join(ROOT_DIR, 'dist', 'web');
/**
 * The wage slips' Noto fonts (OFL, fonts/OFL.txt), read from the sources also by the built
 * server, as ifsc-data.json is: tsc emits no assets, and one copy cannot go stale.
 */
export const SLIP_FONTS_DIR = path.join(ROOT_DIR, 'src', 'server', 'modules', 'payroll', 'fonts');
