import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectedIfscDataText, readInstalledIfscPackage } from '../../../../scripts/generate-ifsc-data.js';
import { ROOT_DIR } from '../../paths.js';
import { branchCode, decodeBranches, IFSC_DATA_FILE, readIfscDataFile } from './ifsc-data.js';
import { bankNameOf, isValidIfsc } from './ifsc.service.js';

describe('the shipped IFSC data', () => {
  it('equals what the installed ifsc package publishes (run scripts/generate-ifsc-data.ts after an upgrade)', () => {
    expect(readFileSync(IFSC_DATA_FILE, 'utf8')).toBe(expectedIfscDataText());
  });

  it('decodes to exactly the branch codes of the package, bank by bank', () => {
    const installed = readInstalledIfscPackage();
    const shipped = readIfscDataFile();
    expect(shipped.source).toBe(`ifsc@${installed.version}`);
    expect(Object.keys(shipped.branches).sort()).toEqual(Object.keys(installed.branches).sort());
    for (const [bank, list] of Object.entries(installed.branches)) {
      const expected = new Set(list.map(branchCode));
      const decoded = decodeBranches(shipped.branches[bank]!);
      expect(decoded.size, bank).toBe(expected.size);
      expect([...expected].filter((code) => !decoded.has(code)), bank).toEqual([]);
    }
    expect(Object.entries(shipped.customSublets)).toEqual(Object.entries(installed.customSublets));
  });

  it('validates codes and names banks from the shipped file', () => {
    expect(isValidIfsc('sbin0000001')).toBe(true);
    expect(isValidIfsc('ABHY0065033')).toBe(false); // the gap in a numeric run
    expect(isValidIfsc('ABHY0065034')).toBe(true);
    expect(isValidIfsc('ADCC00000SC')).toBe(true);
    expect(bankNameOf('HDFC0000001')).toBe('HDFC Bank');
  });
});

describe('the production code', () => {
  it('never loads the ifsc package (a devDependency: its `request` must not reach production)', () => {
    const serverDir = path.join(ROOT_DIR, 'src', 'server');
    const offenders = readdirSync(serverDir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) => /(?:from\s+|require\(|import\()\s*['"]ifsc(?:\/|['"])/.test(readFileSync(path.join(serverDir, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
