import * as XLSX from '@e965/xlsx';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import { ROLE } from '../../../shared/roles.js';
import { uniqueAadhar, workerPayload, newSessionToken } from '../../../../test/helpers/factories.js';
import { multipartFile, multipartParts, type MultipartPart } from '../../../../test/helpers/multipart.js';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.js';
import { auditLog } from '../../db/schema.js';
import { sheetParsesRunning } from './sheet-reader.js';

let t: TestApp;
let managerToken: string;
let supervisorToken: string;

beforeAll(async () => {
  t = await createTestApp();
  managerToken = await newSessionToken(t, { role: ROLE.manager });
  supervisorToken = await newSessionToken(t, { role: ROLE.supervisor });
});
afterAll(async () => {
  await t.close();
});

const HEADER = ['Name', 'Work', 'Phone', 'Aadhar', 'Emp ID', 'Wage', 'AC Number', 'IFSC Code', 'Bank', 'Branch', 'UAN No', 'ESI No', 'Designation', 'Notes'];

/** A workbook whose first sheet holds the rows under the header row. */
function workbook(rows: unknown[][], options: { bookType?: XLSX.BookType; header?: unknown[] } = {}): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([options.header ?? HEADER, ...rows]), 'Staff');
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['ignored second sheet']]), 'Other');
  return XLSX.write(book, { type: 'buffer', bookType: options.bookType ?? 'xlsx' }) as Buffer;
}

function row(name: string, overrides: Partial<Record<'work' | 'phone' | 'aadhar' | 'empid' | 'wage', unknown>> = {}): unknown[] {
  return [
    name,
    overrides.work ?? 'MCC',
    overrides.phone ?? '9876543210',
    overrides.aadhar ?? uniqueAadhar(),
    overrides.empid ?? '',
    overrides.wage ?? 600,
    '00012345',
    '',
    '',
    '',
    '',
    '',
    'Cleaning Staff',
    'anything',
  ];
}

function upload(file: Buffer, filename = 'workers.xlsx', token = managerToken) {
  const { payload, headers } = multipartFile(filename, file);
  return t.app.inject({ method: 'POST', url: '/api/v1/worker/uploadbulkdata', payload, headers: { ...headers, authorization: token } });
}

async function countByName(prefix: string): Promise<number> {
  const response = await t.app.inject({ url: `/api/v1/worker/get-workers?q=${encodeURIComponent(prefix)}&limit=1`, headers: { authorization: managerToken } });
  return Number(response.headers['x-total-count']);
}

describe('POST /worker/uploadbulkdata', () => {
  it('imports every row of a valid file, reading numbers as text', async () => {
    const aadhar = uniqueAadhar();
    const response = await upload(workbook([row('Valid One', { aadhar: Number(aadhar) }), row('Valid Two', { work: 'Pit & Yard' }), [], row('Valid Three', { empid: 'V-3' })]));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, msg: '3 workers uploaded successfully, 0 skipped', imported: 3, skipped: [] });
    const list = (await t.app.inject({ url: '/api/v1/worker/get-workers?q=Valid', headers: { authorization: managerToken } })).json();
    expect(list.map((w: { name: string }) => w.name).sort()).toEqual(['Valid One', 'Valid Three', 'Valid Two']);
    expect(list.find((w: { name: string }) => w.name === 'Valid Two').work).toBe('pit & yard');
    expect(list.find((w: { name: string }) => w.name === 'Valid Three').empid).toBe('V-3');
    expect(list.find((w: { name: string }) => w.name === 'Valid One')).toMatchObject({ acnumber: '00012345', wage: 600 });
  });

  it('rejects the whole file when any row is invalid, naming row, column and reason', async () => {
    const response = await upload(
      workbook([row('Bad Batch A'), row('Bad Batch B', { phone: '12345' }), row('Bad Batch C'), row('', { aadhar: '99' }), row('Bad Batch E', { work: 'kitchen' })]),
    );
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.msg).toBe(MSG.bulkRowsInvalid(3));
    // the count and each row's reason by code too, so the web says them in the reader's language
    expect(body).toMatchObject({ code: 'bulkRowsInvalid', params: { count: 3 } });
    expect(body.errors).toEqual([
      { row: 3, column: 'phone', reason: MSG.phoneDigits, code: 'phoneDigits' },
      { row: 5, column: 'name', reason: MSG.fillAllRequired, code: 'fillAllRequired' },
      { row: 6, column: 'work', reason: MSG.workInvalid, code: 'workInvalid' },
    ]);
    expect(await countByName('Bad Batch')).toBe(0);
  });

  it('skips Aadhaar numbers already registered or repeated in the file, and lists them', async () => {
    const known = uniqueAadhar();
    await t.app.inject({ method: 'POST', url: '/api/v1/worker/create-worker', payload: workerPayload({ aadhar: known, name: 'Already There' }), headers: { authorization: managerToken } });
    const repeated = uniqueAadhar();
    const response = await upload(workbook([row('Dup A', { aadhar: repeated }), row('Dup B', { aadhar: known }), row('Dup C', { aadhar: repeated }), row('Dup D')]));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.msg).toBe('2 workers uploaded successfully, 2 skipped');
    expect(body.skipped).toEqual([
      { row: 3, aadhar: `XXXX XXXX ${known.slice(-4)}`, reason: 'Aadhar already registered', code: 'aadharAlreadyRegistered' },
      { row: 4, aadhar: `XXXX XXXX ${repeated.slice(-4)}`, reason: 'Aadhar repeats row 2', code: 'aadharRepeatsRow', params: { 0: 2 } },
    ]);
    expect(await countByName('Dup ')).toBe(2);
  });

  it('reads .xls files too', async () => {
    const response = await upload(workbook([row('Old Format One'), row('Old Format Two')], { bookType: 'biff8' }), 'workers.xls');
    expect(response.statusCode).toBe(200);
    expect(response.json().imported).toBe(2);
  });

  it('refuses a corrupt file, missing headers, an empty sheet and no file', async () => {
    const corrupt = await upload(Buffer.from('PK\u0003\u0004 this is not really a workbook'), 'broken.xlsx');
    expect(corrupt.statusCode).toBe(400);
    expect(corrupt.json().msg).toBe(MSG.bulkInvalidFile);

    const noHeaders = await upload(workbook([row('Headless')], { header: ['Full Name', 'Phone'] }));
    expect(noHeaders.statusCode).toBe(400);
    expect(noHeaders.json().msg).toBe(MSG.bulkMissingHeaders('name, work, aadhar'));

    const empty = await upload(workbook([]));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toBe(MSG.bulkEmpty);

    const none = await t.app.inject({ method: 'POST', url: '/api/v1/worker/uploadbulkdata', payload: {}, headers: { authorization: managerToken } });
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toBe(MSG.selectExcelFile);
  });

  it('refuses files over 5 MB and over 10,000 rows', async () => {
    const big = await upload(Buffer.alloc(5 * 1024 * 1024 + 10, 1), 'big.xlsx');
    expect(big.statusCode).toBe(413);
    expect(big.json().msg).toBe(MSG.bulkTooLarge);

    const rows = Array.from({ length: 10_001 }, (_, i) => [`Many ${i}`, 'mcc', '9876543210', String(100000000000 + i)]);
    const many = await upload(workbook(rows, { header: ['name', 'work', 'phone', 'aadhar'] }));
    expect(many.statusCode).toBe(400);
    expect(many.json().msg).toBe(MSG.bulkTooManyRows);
    expect(await countByName('Many ')).toBe(0);
  });

  it('refuses a sheet far over the row limit by its extent, naming the limit, while /healthz keeps answering', async () => {
    const rows = Array.from({ length: 30_000 }, (_, i) => ['Flood Row', 'mcc', 9876543210, 100000000000 + i]);
    const file = workbook(rows, { header: ['name', 'work', 'phone', 'aadhar'] });
    expect(file.length).toBeLessThan(5 * 1024 * 1024);
    let uploadDone = false;
    const uploading = upload(file).finally(() => {
      uploadDone = true;
    });
    // wait until the parse is under way, then ask the server something else
    const deadline = Date.now() + 20_000;
    while (sheetParsesRunning() === 0 && !uploadDone && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(sheetParsesRunning()).toBeGreaterThan(0);
    const health = await t.app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(uploadDone).toBe(false);

    const refused = await uploading;
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe(MSG.bulkTooManyRows);
    expect(refused.json().msg).toContain('10,000');
    expect(await countByName('Flood ')).toBe(0);
  });

  it('generates Emp IDs around ones typed by hand, in the register and in the same file', async () => {
    const probe = await t.app.inject({ method: 'POST', url: '/api/v1/worker/create-worker', payload: workerPayload({ name: 'Probe Seq' }), headers: { authorization: managerToken } });
    const next = Number(String(probe.json().worker.empid).slice(3)) + 1;
    const empId = (n: number) => `EMP${String(n).padStart(5, '0')}`;
    const typed = await t.app.inject({ method: 'POST', url: '/api/v1/worker/create-worker', payload: workerPayload({ name: 'Typed Seq', empid: empId(next) }), headers: { authorization: managerToken } });
    expect(typed.statusCode).toBe(201);

    const response = await upload(workbook([row('Seq Gen A'), row('Seq Typed B', { empid: empId(next + 1) }), row('Seq Gen C'), row('Seq Gen D')]));
    expect(response.statusCode).toBe(200);
    expect(response.json().imported).toBe(4);
    const list = (await t.app.inject({ url: '/api/v1/worker/get-workers?q=Seq', headers: { authorization: managerToken } })).json() as { empid: string }[];
    const ids = list.map((w) => w.empid);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain(empId(next));
    expect(ids).toContain(empId(next + 1));
  });

  describe('an upload of more than one file, or with many form fields (issue 24 point 8)', () => {
    const send = (parts: MultipartPart[]) => {
      const { payload, headers } = multipartParts(parts);
      return t.app.inject({ method: 'POST', url: '/api/v1/worker/uploadbulkdata', payload, headers: { ...headers, authorization: managerToken } });
    };
    const fields = (count: number) => Array.from({ length: count }, (_, i) => ({ field: `note${i}`, value: `note ${i}` }));

    it('refuses a second file instead of importing the first alone, and imports nothing', async () => {
      const first = { field: 'file', filename: 'a.xlsx', content: workbook([row('Twofile First')]) };
      const second = { field: 'file', filename: 'b.xlsx', content: workbook([row('Twofile Second')]) };
      for (const parts of [[first, second], [first, { ...second, field: 'other' }]]) {
        const response = await send(parts);
        expect([response.statusCode, response.json().msg]).toEqual([400, MSG.bulkOneFile]);
      }
      expect(await countByName('Twofile ')).toBe(0);
    });

    it("refuses too many form fields with the app's message, not the library's", async () => {
      const file = { field: 'file', filename: 'a.xlsx', content: workbook([row('Fields Many')]) };
      for (const parts of [[...fields(6), file], [file, ...fields(6)]]) {
        const response = await send(parts);
        expect([response.statusCode, response.json().msg]).toEqual([400, MSG.bulkTooManyFields]);
      }
      expect(await countByName('Fields Many')).toBe(0);
    });

    it('lets a few form fields through unread beside the one file', async () => {
      const response = await send([...fields(2), { field: 'file', filename: 'a.xlsx', content: workbook([row('Fields Few')]) }, ...fields(1)]);
      expect(response.statusCode, response.body).toBe(200);
      expect(await countByName('Fields Few')).toBe(1);
      const noFile = await send(fields(3));
      expect([noFile.statusCode, noFile.json().msg]).toEqual([400, MSG.selectExcelFile]);
    });
  });

  it('is for managers and admins', async () => {
    expect((await upload(workbook([row('Nope')]), 'w.xlsx', supervisorToken)).statusCode).toBe(403);
  });
});

describe('GET /worker/upload-template', () => {
  it('offers an .xlsx whose first row is the upload header', async () => {
    const response = await t.app.inject({ url: '/api/v1/worker/upload-template', headers: { authorization: managerToken } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('.xlsx');
    const book = XLSX.read(response.rawPayload, { type: 'buffer' });
    const first = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(first[0]).toEqual([
      'name',
      'work',
      'phone',
      'aadhar',
      'empid',
      'wage',
      'acnumber',
      'ifsccode',
      'bank',
      'branch',
      'uanno',
      'esino',
      'designation',
      'Date of birth (YYYY-MM-DD)',
      'Gender (M/F/T)',
      "Father's/Husband's name",
      'Date of joining (YYYY-MM-DD)',
      'Skill (unskilled/semi-skilled/skilled/highly-skilled)',
      'Document language (en/hi/ml)',
      'PF member (Y/N)',
      'ESI member (Y/N)',
    ]);
  });
});

describe('the payroll columns of an upload (issue 26)', () => {
  /** The header row of the template the server offers, so the test fills what a manager would. */
  async function templateHeader(): Promise<string[]> {
    const response = await t.app.inject({ url: '/api/v1/worker/upload-template', headers: { authorization: managerToken } });
    const book = XLSX.read(response.rawPayload, { type: 'buffer' });
    return XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 })[0]!;
  }
  /** A template row: the 13 register columns, then date of birth, gender, guardian, joining, skill, language, PF, ESI. */
  const templateRow = (name: string, payroll: unknown[]) => [name, 'mcc', '9876543210', uniqueAadhar(), '', 600, '', '', '', '', '', '', 'Cleaning Staff', ...payroll];
  const listed = async (prefix: string) =>
    (await t.app.inject({ url: `/api/v1/worker/get-workers?q=${encodeURIComponent(prefix)}`, headers: { authorization: managerToken } })).json() as Record<string, unknown>[];

  it("fills them from the template's columns: days as text, as date cells or DD/MM/YYYY, and Y/N, Yes/No, true/false", async () => {
    const header = await templateHeader();
    const response = await upload(
      workbook(
        [
          templateRow('Sheet Pay A', ['1988-04-12', 'f', 'Raman Nair', '2024-07-01', 'Semi Skilled', 'ml', 'Y', 'N']),
          // a date cell (the sheet stores a day serial), booleans as a sheet holds them
          templateRow('Sheet Pay B', [new Date(1990, 7, 15), 'M', '', '01/02/2025', 'skilled', 'Hindi', false, 'Yes']),
          templateRow('Sheet Pay C', ['', '', '', '', '', '', '', '']),
        ],
        { header },
      ),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().imported).toBe(3);
    const workers = await listed('Sheet Pay');
    const byName = (name: string) => workers.find((worker) => worker.name === name);
    expect(byName('Sheet Pay A')).toMatchObject({ dob: '1988-04-12', gender: 'F', guardianName: 'Raman Nair', joined: '2024-07-01', skill: 'semi-skilled', language: 'ml', pfMember: true, esiMember: false });
    expect(byName('Sheet Pay B')).toMatchObject({ dob: '1990-08-15', gender: 'M', guardianName: null, joined: '2025-02-01', skill: 'skilled', language: 'hi', pfMember: false, esiMember: true });
    expect(byName('Sheet Pay C')).toMatchObject({ dob: null, gender: null, joined: null, skill: null, language: null, pfMember: true, esiMember: true });
    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, String(byName('Sheet Pay A')!._id)));
    expect(audit[0]).toMatchObject({ action: 'staff.import', after: { dob: '1988-04-12', skill: 'semi-skilled', pfMember: true, esiMember: false } });
  });

  it('reads the columns under shorter names, in any order', async () => {
    const header = ['name', 'work', 'phone', 'aadhar', 'ESI Member', 'DOB', 'Date of Joining', 'pf_member', "Father's name"];
    const response = await upload(workbook([['Short Head', 'mcc', '9876543210', uniqueAadhar(), 'no', '1979-01-31', '2020-06-01', 'No', 'Kumar']], { header }));
    expect(response.statusCode, response.body).toBe(200);
    expect((await listed('Short Head'))[0]).toMatchObject({ dob: '1979-01-31', joined: '2020-06-01', pfMember: false, esiMember: false, guardianName: 'Kumar' });
  });

  it('names the row and field of a wrong value, and imports nothing', async () => {
    const header = await templateHeader();
    const response = await upload(
      workbook(
        [
          templateRow('Sheet Bad A', ['1988-04-12', 'X', '', '', '', '', '', '']),
          templateRow('Sheet Bad B', ['2026-02-30', '', '', '', '', '', '', '']),
          templateRow('Sheet Bad C', ['', '', '', '', 'expert', '', '', '']),
          templateRow('Sheet Bad D', ['', '', '', '', '', 'ta', 'maybe', '']),
          templateRow('Sheet Bad E', ['2999-01-01', '', '', '', '', '', '', '']),
          templateRow('Sheet Bad F', ['', '', '', '', '', '', '', 'perhaps']),
        ],
        { header },
      ),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { row: 2, column: 'gender', reason: MSG.genderInvalid, code: 'genderInvalid' },
      { row: 3, column: 'dob', reason: MSG.dayInvalid(MSG.payrollFields.dob), code: 'dayInvalid', params: { 0: { code: 'payrollFields.dob' } } },
      { row: 4, column: 'skill', reason: MSG.skillInvalid, code: 'skillInvalid' },
      { row: 5, column: 'language', reason: MSG.docLanguageInvalid, code: 'docLanguageInvalid' },
      { row: 6, column: 'dob', reason: MSG.dobInFuture, code: 'dobInFuture' },
      { row: 7, column: 'esiMember', reason: MSG.yesNoInvalid(MSG.payrollFields.esiMember), code: 'yesNoInvalid', params: { 0: { code: 'payrollFields.esiMember' } } },
    ]);
    expect(await countByName('Sheet Bad')).toBe(0);
  });

  it('imports an older file without the columns: empty fields, both memberships yes', async () => {
    const response = await upload(workbook([row('Old Sheet')]));
    expect(response.statusCode).toBe(200);
    expect((await listed('Old Sheet'))[0]).toMatchObject({ dob: null, gender: null, joined: null, skill: null, language: null, pfMember: true, esiMember: true });
  });
});
