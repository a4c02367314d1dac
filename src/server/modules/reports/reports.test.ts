import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XLSX_TYPE } from '../../../shared/api/reports.js';
import { MSG } from '../../../shared/messages.js';
import { ROLE } from '../../../shared/roles.js';
import { staff } from '../../db/schema.js';
import { buildStaff, buildUser, duty, uniqueAadhar, newSessionToken } from '../../../../test/helpers/factories.js';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.js';

// "now" is 20 November 2026, 15:30 in Kolkata
const NOW = new Date('2026-11-20T10:00:00Z');
const clock = { now: NOW };
let t: TestApp;
let managerToken: string;
let supervisorId: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  managerToken = await newSessionToken(t, { role: ROLE.manager });
  supervisorId = (await buildUser(t.deps.db, { role: ROLE.supervisor, work: 'mcc' })).id;
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token = managerToken) => t.app.inject({ url: `/api/v1${url}`, headers: { authorization: token } });

/** Creates an mcc duty with this crew and completes it at the given moment. */
async function completedAt(moment: string, workers: string[], work = 'mcc'): Promise<void> {
  clock.now = new Date(moment);
  await duty(t, managerToken, work === 'mcc' ? { trainno: '16301', supervisor: supervisorId, workers } : { work, workers }, { status: 'completed' });
  clock.now = NOW;
}

/** IST wall-clock time → the UTC instant. */
const ist = (day: string, time: string) => new Date(`${day}T${time}:00+05:30`).toISOString();

describe('attendance', () => {
  let asha: { id: string };
  let bala: { id: string };
  let upper: { id: string };

  beforeAll(async () => {
    asha = await buildStaff(t.deps.db, { name: 'Asha', work: 'mcc', wage: '650.50' });
    bala = await buildStaff(t.deps.db, { name: 'Bala', work: 'mcc', wage: '500.00' });
    // a work type stored in another case is still mcc
    const [chitra] = await t.deps.db
      .insert(staff)
      .values({ name: 'Chitra', phone: '9876543210', aadhar: uniqueAadhar(), work: 'MCC', wage: '700.00' })
      .returning();
    upper = chitra!;
    await buildStaff(t.deps.db, { name: 'Other Work', work: 'acca' });

    await completedAt(ist('2026-11-03', '10:00'), [asha.id, bala.id]); // P for both
    for (let i = 0; i < 2; i += 1) await completedAt(ist('2026-11-05', `1${i}:00`), [asha.id]); // P2
    for (let i = 0; i < 3; i += 1) await completedAt(ist('2026-11-07', `1${i}:00`), [asha.id]); // P3
    for (let i = 0; i < 4; i += 1) await completedAt(ist('2026-11-09', `1${i}:00`), [asha.id]); // 4 or more: P
    await completedAt(ist('2026-11-11', '23:50'), [bala.id]); // late evening: day 11
    await completedAt(ist('2026-11-12', '00:10'), [upper.id]); // just after midnight: day 12
    await completedAt('2026-10-31T19:00:00Z', [bala.id]); // 00:30 IST on 1 November
    await completedAt(ist('2026-10-31', '23:00'), [bala.id]); // October
  });

  it('answers every code of SPEC §4, totals, per-day counts and the grand total', async () => {
    const response = await get('/attendance?work=mcc&month=2026-11');
    expect(response.statusCode).toBe(200);
    const grid = response.json();
    expect(grid).toMatchObject({ work: 'mcc', month: '2026-11', days: 30, today: '2026-11-20' });
    const byName = Object.fromEntries(grid.workers.map((w: { name: string }) => [w.name, w]));
    expect(Object.keys(byName)).toEqual(['Asha', 'Bala', 'Chitra']);

    const ashaCodes = byName.Asha.codes as string[];
    expect(ashaCodes).toHaveLength(30);
    expect(ashaCodes[2]).toBe('P');
    expect(ashaCodes[4]).toBe('P2');
    expect(ashaCodes[6]).toBe('P3');
    expect(ashaCodes[8]).toBe('P');
    expect(ashaCodes[0]).toBe('A');
    expect(ashaCodes[19]).toBe('A'); // today, nothing completed yet
    expect(ashaCodes.slice(20)).toEqual(new Array(10).fill('-'));
    expect(byName.Asha.total).toBe(1 + 2 + 3 + 1);

    expect(byName.Bala.codes[0]).toBe('P'); // 00:30 IST on 1 November
    expect(byName.Bala.codes[10]).toBe('P'); // 23:50 IST on 11 November
    expect(byName.Bala.codes[11]).toBe('A');
    expect(byName.Bala.total).toBe(3);
    expect(byName.Chitra.codes[11]).toBe('P'); // 00:10 IST on 12 November
    expect(byName.Chitra.codes[10]).toBe('A');

    expect(grid.dayTotals[0]).toBe(1);
    expect(grid.dayTotals[2]).toBe(2);
    expect(grid.dayTotals[4]).toBe(1);
    expect(grid.dayTotals[25]).toBe(0);
    expect(grid.grandTotal).toBe(grid.dayTotals.reduce((a: number, b: number) => a + b, 0));
    expect(grid.grandTotal).toBe(8);
  });

  it('keeps each month to its own days', async () => {
    const october = (await get('/attendance?work=mcc&month=2026-10')).json();
    const bala = october.workers.find((w: { name: string }) => w.name === 'Bala');
    expect(october.days).toBe(31);
    expect(bala.codes[30]).toBe('P');
    expect(bala.total).toBe(1);
    expect(october.workers.find((w: { name: string }) => w.name === 'Asha').total).toBe(0);
  });

  it('follows a completed duty that is reopened, completed again, or given another crew', async () => {
    const dina = await buildStaff(t.deps.db, { name: 'Dina', work: 'pftr' });
    const esha = await buildStaff(t.deps.db, { name: 'Esha', work: 'pftr' });
    const codeOn = async (name: string, day: number) => {
      const grid = (await get('/attendance?work=pftr&month=2026-11')).json();
      return grid.workers.find((w: { name: string }) => w.name === name).codes[day - 1] as string;
    };
    const put = (id: string, payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/v1/mcctrain/update-mcctrain/${id}`, headers: { authorization: managerToken }, payload });

    clock.now = new Date(ist('2026-11-14', '09:00'));
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/mcctrain/create-mcctrain',
      headers: { authorization: managerToken },
      payload: { work: 'pftr', workers: [dina.id] },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().duty._id as string;
    expect(await codeOn('Dina', 14)).toBe('A'); // live, not yet completed
    expect((await put(id, { status: 'completed' })).statusCode).toBe(200);
    expect(await codeOn('Dina', 14)).toBe('P');

    // a manager reopens it: the day is no longer worked
    expect((await put(id, { status: 'processing', workers: [dina.id] })).statusCode).toBe(200);
    expect(await codeOn('Dina', 14)).toBe('A');

    // completed again on the 15th, then the crew is corrected to Esha
    clock.now = new Date(ist('2026-11-15', '09:00'));
    expect((await put(id, { status: 'completed' })).statusCode).toBe(200);
    expect(await codeOn('Dina', 15)).toBe('P');
    expect((await put(id, { status: 'completed', workers: [esha.id] })).statusCode).toBe(200);
    expect(await codeOn('Dina', 15)).toBe('A');
    expect(await codeOn('Esha', 15)).toBe('P');
    clock.now = NOW;
  });

  it('refuses bad queries and non-managers', async () => {
    expect((await get('/attendance?work=kitchen&month=2026-11')).statusCode).toBe(400);
    expect((await get('/attendance?work=mcc&month=2026-13')).json().msg).toBe(MSG.monthInvalid);
    for (const query of ['work=mcc&month=1999-12', 'work=mcc&month=2101-01', 'work=mcc&month=0000-01']) {
      const response = await get(`/attendance?${query}`);
      expect([response.statusCode, response.json().msg], query).toEqual([400, MSG.monthOutOfRange]);
    }
    for (const query of ['month=2026-11', 'work=kitchen', 'work=']) {
      const response = await get(`/wages?${query}`);
      expect([response.statusCode, response.json().msg], query).toEqual([400, MSG.workInvalid]);
    }
    // a blank month is the current one (APP_TZ); the work type in any case
    expect((await get('/attendance?work=MCC&month=')).json()).toMatchObject({ work: 'mcc', month: '2026-11' });
    const supervisor = await newSessionToken(t, { role: ROLE.supervisor });
    expect((await get('/attendance?work=mcc&month=2026-11', supervisor)).statusCode).toBe(403);
    expect((await get('/attendance/export?work=mcc&month=2026-11', supervisor)).statusCode).toBe(403);
  });

  it('exports exactly SPEC’s file, read back cell by cell', async () => {
    const response = await get('/attendance/export?work=mcc&month=2026-11');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_TYPE);
    expect(response.headers['content-disposition']).toContain('Attendance_mcc_11_2026.xlsx');
    const book = XLSX.read(response.rawPayload, { type: 'buffer', cellStyles: true });
    expect(book.SheetNames).toEqual(['Attendance']);
    const sheet = book.Sheets.Attendance!;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, defval: null });
    expect(rows[0]![0]).toBe('Attendance - November 2026');
    expect(rows[1]).toEqual(['Name', ...Array.from({ length: 30 }, (_, i) => i + 1), 'Total']);
    expect(rows[2]![0]).toBe('Asha');
    expect(rows[2]![3]).toBe('P');
    expect(rows[2]![5]).toBe('P2');
    expect(rows[2]![7]).toBe('P3');
    expect(rows[2]![30]).toBe('-');
    expect(rows[2]![31]).toBe(7);
    expect(rows).toHaveLength(5);
    const widths = (sheet['!cols'] ?? []).map((col) => col.wch);
    expect(widths[0]).toBe(20);
    expect(widths.slice(1, 31).every((w) => w === 4)).toBe(true);
    expect(widths[31]).toBe(6);
  });

  it('neutralises names that a spreadsheet could read as a formula', async () => {
    await buildStaff(t.deps.db, { name: '=HYPERLINK("http://evil")', work: 'bio' });
    await buildStaff(t.deps.db, { name: '@SUM(A1)', work: 'bio' });
    const response = await get('/attendance/export?work=bio&month=2026-11');
    const book = XLSX.read(response.rawPayload, { type: 'buffer', cellFormula: true });
    const sheet = book.Sheets.Attendance!;
    const names = [sheet.A3, sheet.A4].map((cell) => cell?.v);
    expect(names.sort()).toEqual(["'=HYPERLINK(\"http://evil\")", "'@SUM(A1)"]);
    expect(sheet.A3?.f).toBeUndefined();
  });
});

describe('wage register', () => {
  it('multiplies each worker’s attendance total by the wage, exactly, with the totals', async () => {
    const response = await get('/wages?work=mcc&month=2026-11');
    expect(response.statusCode).toBe(200);
    const register = response.json();
    const asha = register.rows.find((row: { name: string }) => row.name === 'Asha');
    expect(asha).toMatchObject({ days: 7, wage: 650.5, amount: 4553.5 });
    const bala = register.rows.find((row: { name: string }) => row.name === 'Bala');
    expect(bala).toMatchObject({ days: 3, wage: 500, amount: 1500 });
    expect(register.totalDays).toBe(7 + 3 + 1);
    expect(register.totalAmount).toBe(4553.5 + 1500 + 700);

    const file = await get('/wages/export?work=mcc&month=2026-11');
    expect(file.headers['content-disposition']).toContain('Wages_mcc_11_2026.xlsx');
    const book = XLSX.read(file.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(rows[1]).toEqual(['Name', 'Emp ID', 'Days', 'Wage per day', 'Amount']);
    expect(rows.at(-1)).toEqual(['Total', '', 11, '', 6753.5]);
  });
});

/** A list view's .xlsx read back: its rows as values, and the sheet for the cells' types and formats. */
function sheetOf(payload: Buffer) {
  const book = XLSX.read(payload, { type: 'buffer', cellNF: true });
  const sheet = book.Sheets[book.SheetNames[0]!]!;
  return { sheet, rows: XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, defval: null }) };
}

describe('the month lists’ view exports (issue 28)', () => {
  type WageRow = { name: string; empid: string; days: number; wage: number | null; amount: number };
  let idle: { id: string; empId: string };

  beforeAll(async () => {
    // on the register without a day this month
    idle = await buildStaff(t.deps.db, { name: 'Zubin Idle', work: 'mcc', wage: '612.25' });
  });

  it('exports the wage register as the page shows it: search, filter and sort, money as ₹ with two decimals, the Total row', async () => {
    const register = (await get('/wages?work=mcc&month=2026-11')).json() as { rows: WageRow[] };
    const response = await get('/wages/view-export?work=mcc&month=2026-11&sort=-amount');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_TYPE);
    expect(response.headers['content-disposition']).toContain('Wage_register_2026-11-20.xlsx');
    const { sheet, rows } = sheetOf(response.rawPayload);
    expect(rows[0]![0]).toBe('Wage register — Work type: MCC · Month: November 2026');
    expect(rows[1]).toEqual(['Name', 'Emp ID', 'Days', 'Wage per day', 'Amount']);
    // every worker of the register, the largest amount first
    const byAmount = [...register.rows].sort((a, b) => b.amount - a.amount);
    expect(rows.slice(2, -1).map((row) => row[0])).toEqual(byAmount.map((row) => row.name));
    expect(rows.slice(2, -1).map((row) => row[1])).toEqual(byAmount.map((row) => row.empid));
    // a money cell is a number with the ₹ format
    expect(sheet.E3).toMatchObject({ t: 'n', v: byAmount[0]!.amount, z: '"₹"#,##0.00' });
    // the Total row against a plain second sum in paise
    const totalPaise = register.rows.reduce((sum, row) => sum + Math.round(row.amount * 100), 0);
    const total = rows.at(-1)!;
    expect(total[0]).toBe('Total');
    expect(total[2]).toBe(register.rows.reduce((sum, row) => sum + row.days, 0));
    expect(Math.round((total[4] as number) * 100)).toBe(totalPaise);
    expect(total[4]).toBe(4553.5 + 1500 + 700);
  });

  it('searches by name or Emp ID and filters by days, naming both in the title row', async () => {
    const search = sheetOf((await get('/wages/view-export?work=mcc&month=2026-11&q=%20AS%20')).rawPayload);
    expect(search.rows[0]![0]).toBe('Wage register — Work type: MCC · Month: November 2026 · Search: AS');
    expect(search.rows.slice(2, -1).map((row) => row[0])).toEqual(['Asha']);
    expect(search.rows.at(-1)).toEqual(['Total', null, 7, null, 4553.5]);

    const byEmpId = sheetOf((await get(`/wages/view-export?work=mcc&month=2026-11&q=${encodeURIComponent(idle.empId)}`)).rawPayload);
    expect(byEmpId.rows.slice(2, -1).map((row) => row[0])).toEqual(['Zubin Idle']);

    const without = sheetOf((await get('/wages/view-export?work=mcc&month=2026-11&days=without')).rawPayload);
    expect(without.rows[0]![0]).toContain('Workers: Without days');
    expect(without.rows.slice(2, -1).map((row) => row[0])).toEqual(['Zubin Idle']);
    expect(without.rows.at(-1)).toEqual(['Total', null, 0, null, 0]);
    const withDays = sheetOf((await get('/wages/view-export?work=mcc&month=2026-11&days=with&sort=name')).rawPayload);
    expect(withDays.rows.slice(2, -1).map((row) => row[0])).not.toContain('Zubin Idle');
  });

  it('exports the attendance view: a column per day, per-day present counts and the days in the Total row', async () => {
    const grid = (await get('/attendance?work=mcc&month=2026-11')).json() as { workers: { name: string; codes: string[]; total: number }[] };
    const response = await get('/attendance/view-export?work=mcc&month=2026-11&sort=-days&days=with');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('Attendance_2026-11-20.xlsx');
    const { rows } = sheetOf(response.rawPayload);
    expect(rows[0]![0]).toBe('Attendance — Work type: MCC · Month: November 2026 · Workers: With days');
    expect(rows[1]).toEqual(['Name', 'Emp ID', ...Array.from({ length: 30 }, (_, i) => String(i + 1)), 'Total']);
    const shown = grid.workers.filter((worker) => worker.total > 0).sort((a, b) => b.total - a.total);
    expect(rows.slice(2, -1).map((row) => row[0])).toEqual(shown.map((worker) => worker.name));
    expect(rows[2]![2 + 4]).toBe('P2'); // Asha, the 5th
    const total = rows.at(-1)!;
    expect(total[0]).toBe('Total');
    // the 3rd: Asha and Bala present
    expect(total[2 + 2]).toBe(shown.filter((worker) => ['P', 'P2', 'P3'].includes(worker.codes[2]!)).length);
    expect(total[2 + 2]).toBe(2);
    expect(total[32]).toBe(shown.reduce((sum, worker) => sum + worker.total, 0));
  });

  it('refuses an unknown sort or filter (400) and supervisors (403)', async () => {
    const badSort = await get('/wages/view-export?work=mcc&month=2026-11&sort=aadhar');
    expect([badSort.statusCode, badSort.json().msg]).toEqual([400, MSG.lists.sortInvalid]);
    const badDays = await get('/attendance/view-export?work=mcc&month=2026-11&days=some');
    expect([badDays.statusCode, badDays.json().msg]).toEqual([400, MSG.reportLists.daysInvalid]);
    const long = await get(`/wages/view-export?work=mcc&month=2026-11&q=${'a'.repeat(101)}`);
    expect([long.statusCode, long.json().msg]).toEqual([400, MSG.reportLists.searchTooLong]);
    const supervisor = await newSessionToken(t, { role: ROLE.supervisor });
    for (const path of ['/wages/view-export?work=mcc&month=2026-11', '/attendance/view-export?work=mcc&month=2026-11']) {
      expect((await get(path, supervisor)).statusCode, path).toBe(403);
    }
  });
});

describe('the API document', () => {
  it('states the report query and the exports’ media type', async () => {
    type Operation = { parameters?: { name: string; required?: boolean; schema: { enum?: unknown[]; anyOf?: unknown[] } }[]; responses: Record<string, { content?: object }> };
    const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
    for (const path of ['/api/v1/attendance/export', '/api/v1/wages/export']) {
      expect(Object.keys(doc.paths[path]!.get!.responses['200']!.content!), path).toEqual([XLSX_TYPE]);
    }
    const parameters = doc.paths['/api/v1/attendance']!.get!.parameters!;
    expect(parameters.find((p) => p.name === 'work')).toMatchObject({ required: true, schema: { enum: ['mcc', 'acca', 'bio', 'laundry', 'pftr', 'pit & yard'] } });
    expect(parameters.find((p) => p.name === 'month')).toMatchObject({
      required: false,
      schema: { anyOf: [{ enum: [''] }, { pattern: '^\\d{4}-(0[1-9]|1[0-2])$' }] },
    });
  });
});
