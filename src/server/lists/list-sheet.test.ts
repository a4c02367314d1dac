import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { LIST_EXPORT_MAX_ROWS, parseSortText, sortParam, type ListSheet } from '../../shared/list-view.js';
import { listWorkbook, sheetTitle } from './list-sheet.js';

const sheet: ListSheet = {
  sheetName: 'Completed works',
  title: 'Completed works',
  filters: ['Work type: MCC', 'From 01-10-2026 to 31-10-2026'],
  columns: [
    { header: 'Train No', kind: 'text' },
    { header: 'Completed', kind: 'date' },
    { header: 'At', kind: 'datetime' },
    { header: 'Coaches', kind: 'number' },
    { header: 'Value', kind: 'money' },
  ],
  rows: [
    ['01234', '2026-10-05', '2026-10-05T18:45:00.000Z', 22, 770_050],
    ['=HYPERLINK("x")', '2026-10-31', null, 0, 1],
  ],
  totals: [null, null, null, 22, 770_051],
};

function read(buffer: Buffer) {
  const book = XLSX.read(buffer, { type: 'buffer', cellNF: true });
  return book.Sheets[book.SheetNames[0]!]!;
}

describe('an office list as a spreadsheet', () => {
  it('writes the title with the filters, the header, plain cells and the totals row', () => {
    const ws = read(listWorkbook(sheet, 'Asia/Kolkata'));
    expect(ws.A1?.v).toBe('Completed works — Work type: MCC · From 01-10-2026 to 31-10-2026');
    expect(['A2', 'B2', 'C2', 'D2', 'E2'].map((ref) => ws[ref]?.v)).toEqual(['Train No', 'Completed', 'At', 'Coaches', 'Value']);
    // the train number keeps its leading zero as text
    expect(ws.A3).toMatchObject({ t: 's', v: '01234' });
    // 2026-10-05 is serial 46300 in the 1900 date system
    expect(ws.B3).toMatchObject({ t: 'n', v: 46300, z: 'dd-mm-yyyy' });
    // 18:45 UTC is 00:15 the next day in India
    expect(ws.C3?.t).toBe('n');
    expect(ws.C3!.v as number).toBeCloseTo(46301 + 15 / 1440, 8);
    expect(ws.D3).toMatchObject({ t: 'n', v: 22 });
    expect(ws.E3).toMatchObject({ t: 'n', v: 7700.5, z: '"₹"#,##0.00' });
    // text a spreadsheet would run as a formula is neutralised; empty cells stay empty
    expect(ws.A4?.v).toBe(`'=HYPERLINK("x")`);
    expect(ws.C4).toBeUndefined();
    expect(ws.A5?.v).toBe('Total');
    expect(ws.D5?.v).toBe(22);
    expect(ws.E5?.v).toBe(7700.51);
  });

  it('names no filters when the view has none, and refuses a view too large to export', () => {
    expect(sheetTitle({ title: 'Staff', filters: [] })).toBe('Staff');
    const huge = { ...sheet, rows: Array.from({ length: LIST_EXPORT_MAX_ROWS + 1 }, () => ['x', null, null, 1, 1]) };
    expect(() => listWorkbook(huge, 'Asia/Kolkata')).toThrow(/too many rows/);
  });
});

describe('the sort parameter', () => {
  const schema = sortParam(['name', 'empid'] as const);
  it('reads a column ascending or descending and refuses any other', () => {
    expect(schema.parse('name')).toEqual({ key: 'name', desc: false });
    expect(schema.parse('-empid')).toEqual({ key: 'empid', desc: true });
    expect(schema.parse(undefined)).toBeUndefined();
    expect(schema.safeParse('aadhar').error?.issues[0]?.message).toBe("Sort by one of the list's columns");
    expect(schema.safeParse('--name').success).toBe(false);
    expect(parseSortText('-name', ['name'])).toEqual({ key: 'name', desc: true });
    expect(parseSortText('phone', ['name'])).toBeNull();
  });
});
