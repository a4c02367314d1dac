import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script without types
import { staleBuilds } from '../scripts/build-inputs.mjs';

/** `npm start` rebuilds what a change made stale: sources, shared code, package lists, any build config. */
describe('the builds npm start makes again', () => {
  let root: string;
  const at = (seconds: number) => new Date(Date.UTC(2026, 10, 1, 0, 0, seconds));
  const file = (name: string, seconds: number) => {
    const where = path.join(root, name);
    mkdirSync(path.dirname(where), { recursive: true });
    writeFileSync(where, '');
    utimesSync(where, at(seconds), at(seconds));
  };

  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'dutyroll-build-inputs-'));
    for (const name of ['src/server/main.ts', 'src/web/main.tsx', 'src/shared/roles.ts', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.server.json', 'vite.config.ts', 'vite.pwa.ts', 'vitest.config.ts']) file(name, 0);
    file('dist/server/main.js', 10);
    file('dist/web/index.html', 10);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('none when both builds are newer than everything', () => {
    expect(staleBuilds(root)).toEqual([]);
  });

  it('both when there is no build yet', () => {
    rmSync(path.join(root, 'dist'), { recursive: true });
    expect(staleBuilds(root)).toEqual(['server', 'web']);
  });

  it.each([
    ['vite.pwa.ts', ['web']],
    ['vite.config.ts', ['web']],
    ['vite.workers.mts', ['web']],
    ['tsconfig.server.json', ['server', 'web']],
    ['package-lock.json', ['server', 'web']],
    ['src/shared/roles.ts', ['server', 'web']],
    ['src/web/main.tsx', ['web']],
    ['src/server/main.ts', ['server']],
    ['vitest.config.ts', []],
  ])('after %s changed: %j', (changed, stale) => {
    file(changed, 20);
    expect(staleBuilds(root)).toEqual(stale);
  });

  it('only the server with --server', () => {
    file('vite.pwa.ts', 20);
    file('src/server/main.ts', 20);
    expect(staleBuilds(root, { serverOnly: true })).toEqual(['server']);
  });
});
