import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '../../paths.js';

/**
 * The IFSC reference data the server ships (decision 0013): generated from the `ifsc`
 * package by scripts/generate-ifsc-data.ts and committed, so the production install needs
 * neither that package nor its deprecated `request` dependency. A test checks the file
 * still equals what the installed package holds.
 */
export const IFSC_DATA_FILE = path.join(ROOT_DIR, 'src', 'server', 'modules', 'staff', 'ifsc-data.json');

/** What the `ifsc` package publishes in its src/*.json files (the parts we use). */
export interface IfscPackageData {
  version: string;
  /** bank code → branch codes; numeric ones are numbers without their leading zeros */
  branches: Record<string, (string | number)[]>;
  bankNames: Record<string, string>;
  sublets: Record<string, string>;
  customSublets: Record<string, string>;
}

/** The committed file: branch lists as compact comma-separated ranges ("65001-65032,0000SC"). */
export interface IfscDataFile {
  source: string;
  branches: Record<string, string>;
  bankNames: Record<string, string>;
  sublets: Record<string, string>;
  customSublets: Record<string, string>;
}

/** A branch code as it appears in an IFSC: six characters, numeric ones zero-padded. */
export function branchCode(code: string | number): string {
  return typeof code === 'number' ? String(code).padStart(6, '0') : code;
}

/** Encodes one bank's branch list: runs of consecutive numeric codes become "a-b". */
function encodeBranches(list: (string | number)[]): string {
  const numbers = new Set<number>();
  const others = new Set<string>();
  for (const code of list) {
    const text = branchCode(code);
    if (/^\d{6}$/.test(text)) numbers.add(Number(text));
    else others.add(text);
  }
  const sorted = [...numbers].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j += 1;
    parts.push(i === j ? String(sorted[i]) : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return [...parts, ...[...others].sort()].join(',');
}

/** The set of six-character branch codes of one encoded list. */
export function decodeBranches(encoded: string): Set<string> {
  const codes = new Set<string>();
  if (!encoded) return codes;
  for (const part of encoded.split(',')) {
    const range = /^(\d+)-(\d+)$/.exec(part);
    if (range) {
      for (let n = Number(range[1]); n <= Number(range[2]); n += 1) codes.add(branchCode(n));
    } else {
      codes.add(/^\d+$/.test(part) ? branchCode(Number(part)) : part);
    }
  }
  return codes;
}

/** The committed file's content for the given package data (deterministic: sorted keys). */
export function encodeIfscData(data: IfscPackageData): IfscDataFile {
  const sortedEntries = <T>(record: Record<string, T>) => Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return {
    source: `ifsc@${data.version}`,
    branches: sortedEntries(Object.fromEntries(Object.entries(data.branches).map(([bank, list]) => [bank, encodeBranches(list)]))),
    bankNames: sortedEntries(data.bankNames),
    sublets: sortedEntries(data.sublets),
    customSublets: data.customSublets,
  };
}

/** The file as text: one bank per line, so an upgrade's diff shows which banks changed. */
export function formatIfscDataFile(file: IfscDataFile): string {
  const block = (record: Record<string, string>) =>
    '{\n' + Object.entries(record).map(([key, value]) => `    ${JSON.stringify(key)}: ${JSON.stringify(value)}`).join(',\n') + '\n  }';
  return (
    '{\n' +
    `  "source": ${JSON.stringify(file.source)},\n` +
    `  "branches": ${block(file.branches)},\n` +
    `  "bankNames": ${block(file.bankNames)},\n` +
    `  "sublets": ${block(file.sublets)},\n` +
    `  "customSublets": ${block(file.customSublets)}\n` +
    '}\n'
  );
}

/** Reads the committed file. */
export function readIfscDataFile(file = IFSC_DATA_FILE): IfscDataFile {
  return JSON.parse(readFileSync(file, 'utf8')) as IfscDataFile;
}
