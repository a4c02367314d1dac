import { createReadStream } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.js';
import { ifscBranches } from '../../db/schema.js';
import { isValidIfsc } from './ifsc.service.js';

/**
 * Splits CSV text into records (RFC 4180: quoted fields, doubled quotes, newlines inside
 * quotes), chunk by chunk, so a 40 MB file is never held whole.
 */
export async function* csvRecords(chunks: AsyncIterable<string>): AsyncGenerator<string[]> {
  let field = '';
  let record: string[] = [];
  let quoted = false;
  let pendingQuote = false;
  for await (const chunk of chunks) {
    for (let i = 0; i < chunk.length; i += 1) {
      const c = chunk[i]!;
      if (quoted) {
        if (pendingQuote) {
          pendingQuote = false;
          if (c === '"') {
            field += '"';
            continue;
          }
          quoted = false;
        } else if (c === '"') {
          pendingQuote = true;
          continue;
        } else {
          field += c;
          continue;
        }
      }
      if (c === '"' && field === '') quoted = true;
      else if (c === ',') {
        record.push(field);
        field = '';
      } else if (c === '\n') {
        record.push(field.endsWith('\r') ? field.slice(0, -1) : field);
        yield record;
        record = [];
        field = '';
      } else field += c;
    }
  }
  if (pendingQuote) quoted = false;
  if (field !== '' || record.length) {
    record.push(field);
    yield record;
  }
}

export interface IfscImportResult {
  imported: number;
  skipped: number;
}

/**
 * Loads branch details from the published IFSC dataset (IFSC.csv, with the columns BANK,
 * IFSC, BRANCH, ADDRESS, CITY, STATE, …) into the local table, replacing earlier rows.
 */
export async function importIfscCsv(db: Database, file: string): Promise<IfscImportResult> {
  const records = csvRecords(createReadStream(file, { encoding: 'utf8' }));
  const first = await records.next();
  if (first.done) throw new Error(`${file} is empty`);
  const header = first.value.map((name) => name.trim().toUpperCase());
  const column = (name: string) => header.indexOf(name);
  const at = { ifsc: column('IFSC'), bank: column('BANK'), branch: column('BRANCH'), address: column('ADDRESS'), city: column('CITY'), state: column('STATE') };
  if (at.ifsc === -1 || at.bank === -1 || at.branch === -1) {
    throw new Error(`${file} does not look like the IFSC dataset: it needs the columns IFSC, BANK and BRANCH`);
  }
  let imported = 0;
  let skipped = 0;
  let batch: (typeof ifscBranches.$inferInsert)[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await db
      .insert(ifscBranches)
      .values(batch)
      .onConflictDoUpdate({
        target: ifscBranches.ifsc,
        set: {
          bank: sql`excluded.bank`,
          branch: sql`excluded.branch`,
          address: sql`excluded.address`,
          city: sql`excluded.city`,
          state: sql`excluded.state`,
          source: sql`excluded.source`,
          updatedAt: sql`now()`,
        },
      });
    imported += batch.length;
    batch = [];
  };
  const seen = new Set<string>();
  for await (const record of records) {
    const value = (index: number) => (index === -1 ? '' : (record[index] ?? '').trim());
    const ifsc = value(at.ifsc).toUpperCase();
    if (!ifsc || seen.has(ifsc) || !isValidIfsc(ifsc) || !value(at.branch)) {
      if (record.some((cell) => cell.trim() !== '')) skipped += 1;
      continue;
    }
    seen.add(ifsc);
    batch.push({
      ifsc,
      bank: value(at.bank),
      branch: value(at.branch),
      address: value(at.address) || null,
      city: value(at.city) || null,
      state: value(at.state) || null,
      source: 'import',
    });
    if (batch.length >= 1000) await flush();
  }
  await flush();
  return { imported, skipped };
}
