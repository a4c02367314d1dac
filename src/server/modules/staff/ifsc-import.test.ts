import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvRecords, importIfscCsv } from './ifsc-import.js';
import { lookupIfsc } from './ifsc.service.js';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function* chunks(...parts: string[]) {
  yield* parts;
}

describe('csvRecords', () => {
  it('reads quoted fields, doubled quotes and newlines inside quotes across chunks', async () => {
    const records = [];
    for await (const record of csvRecords(chunks('a,"b, with comma",c\r\n"multi', '\nline","say ""hi""",\n', 'last,row,x'))) {
      records.push(record);
    }
    expect(records).toEqual([
      ['a', 'b, with comma', 'c'],
      ['multi\nline', 'say "hi"', ''],
      ['last', 'row', 'x'],
    ]);
  });
});

describe('importIfscCsv', () => {
  it('loads branches from the dataset so lookups need no network', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dutyroll-ifsc-'));
    const file = path.join(dir, 'IFSC.csv');
    writeFileSync(
      file,
      [
        'BANK,IFSC,BRANCH,CENTRE,DISTRICT,STATE,ADDRESS,CONTACT,IMPS,RTGS,CITY,ISO3166,NEFT,MICR,UPI,SWIFT',
        'State Bank of India,SBIN0000002,"KOLKATA, SAMRIDDHI BHAWAN",KOLKATA,KOLKATA,WEST BENGAL,"1 STRAND ROAD",,true,true,KOLKATA,IN-WB,true,,true,',
        'HDFC Bank,HDFC0000002,MUMBAI - FORT,MUMBAI,MUMBAI,MAHARASHTRA,"FORT, MUMBAI",,true,true,MUMBAI,IN-MH,true,,true,',
        'Nobody Bank,ZZZZ0000001,NOWHERE,,,,,,,,,,,,,',
        '',
      ].join('\n'),
    );
    const result = await importIfscCsv(t.deps.db, file);
    expect(result).toEqual({ imported: 2, skipped: 1 });
    const details = await lookupIfsc(t.deps.db, 'sbin0000002', { upstreamUrl: undefined, timeoutMs: 100 });
    expect(details).toEqual({ BANK: 'State Bank of India', BRANCH: 'KOLKATA, SAMRIDDHI BHAWAN' });
    // importing again replaces, never duplicates
    expect(await importIfscCsv(t.deps.db, file)).toEqual({ imported: 2, skipped: 1 });
  });
});
