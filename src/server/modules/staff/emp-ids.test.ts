import * as XLSX from '@e965/xlsx';
import { afterEach, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import { ROLE } from '../../../shared/roles.js';
import { newSessionToken, uniqueAadhar, workerPayload } from '../../../../test/helpers/factories.js';
import { multipartFile } from '../../../../test/helpers/multipart.js';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.js';
import { empIdKey } from './emp-ids.js';

/**
 * Issue 13: Emp IDs typed by hand or imported in the app's own EMPnnnnn format must never
 * break later additions. Each case runs on a fresh register, as the reports did.
 */

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function freshApp(): Promise<{ app: TestApp; token: string }> {
  t = await createTestApp();
  return { app: t, token: await newSessionToken(t, { role: ROLE.manager }) };
}

const empId = (n: number) => `EMP${String(n).padStart(5, '0')}`;

function addWorker(app: TestApp, token: string, overrides: Record<string, unknown> = {}) {
  return app.app.inject({ method: 'POST', url: '/api/v1/worker/create-worker', payload: workerPayload(overrides), headers: { authorization: token } });
}

function upload(app: TestApp, token: string, rows: { name: string; empid?: string }[]) {
  const header = ['name', 'work', 'phone', 'aadhar', 'empid'];
  const book = XLSX.utils.book_new();
  const cells = rows.map((row) => [row.name, 'mcc', '9876543210', uniqueAadhar(), row.empid ?? '']);
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([header, ...cells]), 'Staff');
  const { payload, headers } = multipartFile('workers.xlsx', XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
  return app.app.inject({ method: 'POST', url: '/api/v1/worker/uploadbulkdata', payload, headers: { ...headers, authorization: token } });
}

async function allEmpIds(app: TestApp, token: string): Promise<string[]> {
  const response = await app.app.inject({ url: '/api/v1/worker/get-workers?limit=5000', headers: { authorization: token } });
  return (response.json() as { empid: string }[]).map((worker) => worker.empid);
}

function expectUnique(ids: string[]): void {
  expect(new Set(ids.map(empIdKey)).size).toBe(ids.length);
}

describe('generated Emp IDs (issue 13)', () => {
  it('a typed EMP00002, then an upload of two rows without Emp IDs: both imported', async () => {
    const { app, token } = await freshApp();
    expect((await addWorker(app, token, { empid: 'EMP00002' })).statusCode).toBe(201);
    const response = await upload(app, token, [{ name: 'Row One' }, { name: 'Row Two' }]);
    expect(response.statusCode).toBe(200);
    expect(response.json().imported).toBe(2);
    const ids = await allEmpIds(app, token);
    expect(ids).toHaveLength(3);
    expectUnique(ids);
  });

  it('after importing 50 rows with EMPnnnnn IDs, the next 8 Add Worker calls succeed', async () => {
    const { app, token } = await freshApp();
    const rows = Array.from({ length: 50 }, (_, index) => ({ name: `Imported ${index + 1}`, empid: empId(index + 1) }));
    const imported = await upload(app, token, rows);
    expect(imported.statusCode).toBe(200);
    expect(imported.json().imported).toBe(50);
    const added: string[] = [];
    for (let index = 0; index < 8; index += 1) {
      const response = await addWorker(app, token, { name: `Added ${index + 1}` });
      expect(response.statusCode).toBe(201);
      added.push(response.json().worker.empid);
    }
    expect(added).toEqual(Array.from({ length: 8 }, (_, index) => empId(51 + index)));
    expectUnique(await allEmpIds(app, token));
  });

  it('skips typed IDs in any letter case, in the register and in the same file', async () => {
    const { app, token } = await freshApp();
    expect((await addWorker(app, token, { empid: 'emp00001' })).statusCode).toBe(201);
    // the same ID in another case is the same ID
    const again = await addWorker(app, token, { empid: 'EMP00001' });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(MSG.empIdTaken);
    const response = await upload(app, token, [{ name: 'Gen A' }, { name: 'Typed B', empid: 'Emp00003' }, { name: 'Gen C' }]);
    expect(response.statusCode).toBe(200);
    const ids = await allEmpIds(app, token);
    expect(ids).toHaveLength(4);
    expectUnique(ids);
    expect(ids).toContain(empId(4));
    expect(ids).toContain(empId(5));
    // an upload repeating a registered ID in another case is refused row by row
    const clash = await upload(app, token, [{ name: 'Clash', empid: 'EMP00003' }]);
    expect(clash.statusCode).toBe(400);
    expect(clash.json().errors).toEqual([{ row: 2, column: 'empid', reason: MSG.empIdTaken, code: 'empIdTaken' }]);
  });

  it('an edit to another case of a taken ID is refused; to its own ID in another case is kept', async () => {
    const { app, token } = await freshApp();
    const first = (await addWorker(app, token, { empid: 'MCC-7' })).json().worker;
    const second = (await addWorker(app, token)).json().worker;
    const edit = (worker: { _id: string; aadhar: string }, empid: string) =>
      app.app.inject({
        method: 'PUT',
        url: `/api/v1/worker/update-worker/${worker._id}`,
        payload: workerPayload({ aadhar: worker.aadhar, empid }),
        headers: { authorization: token },
      });
    const taken = await edit(second, 'mcc-7');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toBe(MSG.empIdTaken);
    const own = await edit(first, 'mcc-7');
    expect(own.statusCode).toBe(200);
    expect(own.json().worker.empid).toBe('mcc-7');
  });

  it('concurrent additions and imports never collide', async () => {
    const { app, token } = await freshApp();
    expect((await addWorker(app, token, { empid: 'EMP00003' })).statusCode).toBe(201);
    const answers = await Promise.all([
      ...Array.from({ length: 12 }, (_, index) => addWorker(app, token, { name: `Racer ${index}` })),
      upload(app, token, Array.from({ length: 5 }, (_, index) => ({ name: `Bulk Racer ${index}` }))),
      ...Array.from({ length: 4 }, (_, index) => addWorker(app, token, { name: `Typed Racer ${index}`, empid: `T-${index}` })),
      // an ID of the app's own format typed meanwhile may be handed out first: then it is
      // taken (409), never a fault
      ...Array.from({ length: 4 }, (_, index) => addWorker(app, token, { name: `Own Racer ${index}`, empid: empId(15 + index) })),
    ]);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.slice(0, 17)).toEqual([...Array<number>(12).fill(201), 200, ...Array<number>(4).fill(201)]);
    for (const answer of answers.slice(17)) {
      expect([201, 409], answer.body).toContain(answer.statusCode);
      if (answer.statusCode === 409) expect(answer.json().msg).toBe(MSG.empIdTaken);
    }
    const ids = await allEmpIds(app, token);
    expect(ids).toHaveLength(1 + 12 + 5 + 4 + statuses.slice(17).filter((status) => status === 201).length);
    expectUnique(ids);
  });
});
