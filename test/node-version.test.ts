import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * The README's "Requires Node.js X or newer" is true for every package npm installs: each
 * one's `engines.node` admits X (issue 25: two packages once wanted Node 22, pinned back
 * through package.json's overrides). Optional packages are left out: npm skips them on a
 * Node they do not support (platform builds of a tool's native helper).
 */
const root = new URL('..', import.meta.url);
const readme = readFileSync(new URL('README.md', root), 'utf8');
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as {
  packages: Record<string, { version?: string; optional?: boolean; engines?: { node?: string } | string[] }>;
};

const stated = /Requires Node\.js (\d+\.\d+(?:\.\d+)?) or newer/.exec(readme)?.[1];

describe('the Node.js version the README states', () => {
  it('is the lowest version package.json admits', () => {
    expect(stated).toBeDefined();
    expect(semver.minVersion(pkg.engines.node)?.version).toBe(semver.coerce(stated)?.version);
  });

  it('is admitted by every package the lock installs', () => {
    const version = semver.coerce(stated)!.version;
    const refusing = Object.entries(lock.packages)
      .filter(([where, entry]) => where !== '' && !entry.optional)
      .map(([where, entry]) => ({ where, wants: Array.isArray(entry.engines) ? undefined : entry.engines?.node }))
      .filter(({ wants }) => wants !== undefined && !semver.satisfies(version, wants, { includePrerelease: true }))
      .map(({ where, wants }) => `${where} wants Node ${wants}`);
    expect(refusing).toEqual([]);
  });
});
