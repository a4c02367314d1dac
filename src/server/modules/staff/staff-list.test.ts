import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import { ROLE } from '../../../shared/roles.js';
import { newSessionToken, workerPayload } from '../../../../test/helpers/factories.js';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.js';

/** The staff list's view, counts by status and export (issue 28, staff list). */

let t: TestApp;
let managerToken: string;
let adminToken: string;
let supervisorToken: string;

beforeAll(async () => {
  t = await createTestApp();
  managerToken = await newSessionToken(t, { role: ROLE.manager });
  adminToken = await newSessionToken(t, { role: ROLE.admin });
  supervisorToken = await newSessionToken(t, { role: ROLE.supervisor, work: 'bio' });
});
afterAll(async () => {
  await t.close();
});

const api = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, payload, headers: token ? { authorization: token } : {} });

async function createWorker(overrides: Record<string, unknown> = {}) {
  const response = await api('POST', '/worker/create-worker', managerToken, workerPayload(overrides));
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json().worker as { _id: string; empid: string; aadhar: string; name: string };
}

async function setStatus(worker: { _id: string; empid: string; aadhar: string; name: string }, status: string, overrides: Record<string, unknown> = {}) {
  const response = await api('PUT', `/worker/update-worker/${worker._id}`, managerToken, {
    ...workerPayload({ name: worker.name, aadhar: worker.aadhar, ...overrides }),
    empid: worker.empid,
    status,
  });
  if (response.statusCode !== 200) throw new Error(`update failed: ${response.statusCode} ${response.body}`);
}

const names = (body: Array<{ name: string }>) => body.map((worker) => worker.name);

/** A few workers under one tag: four work types, designations, skills, wages and days of joining. */
async function team(tag: string) {
  const anil = await createWorker({ name: `${tag} anil`, work: 'mcc', wage: '700', skill: 'skilled', joined: '2024-03-01', phone: '9000000001' });
  const bina = await createWorker({ name: `${tag} Bina`, work: 'bio', wage: '650.50', skill: 'unskilled', joined: '2025-01-15', designation: 'Supervisor', phone: '9000000002' });
  const chitra = await createWorker({ name: `${tag} chitra`, work: 'bio', wage: '', skill: 'skilled', phone: '9000000003' });
  const dev = await createWorker({ name: `${tag} Dev`, work: 'acca', wage: '650.50', joined: '2023-07-01', phone: '9000000004' });
  await setStatus(chitra, 'On Leave', { work: 'bio', wage: '', skill: 'skilled', phone: '9000000003' });
  await setStatus(dev, 'Resigned', { work: 'acca', wage: '650.50', joined: '2023-07-01', phone: '9000000004' });
  return { anil, bina, chitra, dev };
}

describe('GET /worker/get-workers: the view (issue 28)', () => {
  it('searches every work type when none is named, or one; by name, Emp ID or phone', async () => {
    const tag = `Look${Date.now()}`;
    const { bina } = await team(tag);
    expect(names((await api('GET', `/worker/get-workers?q=${tag}`, managerToken)).json())).toHaveLength(4);
    expect(names((await api('GET', `/worker/get-workers?q=${tag}&work=bio`, managerToken)).json()).sort()).toEqual([`${tag} Bina`, `${tag} chitra`]);
    expect(names((await api('GET', `/worker/get-workers?q=${bina.empid.toLowerCase()}`, managerToken)).json())).toEqual([`${tag} Bina`]);
    const byPhone = names((await api('GET', `/worker/get-workers?q=9000000002`, managerToken)).json());
    expect(byPhone).toContain(`${tag} Bina`);
  });

  it('filters by designation and skill category, and refuses values that are not one of them', async () => {
    const tag = `Filter${Date.now()}`;
    await team(tag);
    expect(names((await api('GET', `/worker/get-workers?q=${tag}&designation=Supervisor`, managerToken)).json())).toEqual([`${tag} Bina`]);
    expect(names((await api('GET', `/worker/get-workers?q=${tag}&skill=skilled&sort=name`, managerToken)).json())).toEqual([`${tag} anil`, `${tag} chitra`]);
    const badSkill = await api('GET', '/worker/get-workers?skill=expert', managerToken);
    expect(badSkill.statusCode).toBe(400);
    expect(badSkill.json().msg).toBe(MSG.skillInvalid);
    const badDesignation = await api('GET', '/worker/get-workers?designation=Boss', managerToken);
    expect(badDesignation.statusCode).toBe(400);
    expect(badDesignation.json().msg).toBe(MSG.designationInvalid);
  });

  it('sorts by a column either way in SQL, empty values last, equal values in one order across pages', async () => {
    const tag = `Sort${Date.now()}`;
    await team(tag);
    const sorted = async (sort: string) => names((await api('GET', `/worker/get-workers?q=${tag}&sort=${sort}`, managerToken)).json());
    // names in any letter case
    expect(await sorted('name')).toEqual([`${tag} anil`, `${tag} Bina`, `${tag} chitra`, `${tag} Dev`]);
    expect(await sorted('-name')).toEqual([`${tag} Dev`, `${tag} chitra`, `${tag} Bina`, `${tag} anil`]);
    // no wage last either way; Bina and Dev earn the same and keep one order (by id)
    const byWage = await sorted('wage');
    expect(byWage.slice(2)).toEqual([`${tag} anil`, `${tag} chitra`]);
    const byWageDesc = await sorted('-wage');
    expect(byWageDesc[0]).toBe(`${tag} anil`);
    expect(byWageDesc.at(-1)).toBe(`${tag} chitra`);
    expect(byWageDesc.slice(1, 3)).toEqual(byWage.slice(0, 2));
    expect(await sorted('-joined')).toEqual([`${tag} Bina`, `${tag} anil`, `${tag} Dev`, `${tag} chitra`]);
    const byStatus = await sorted('status');
    expect(byStatus.slice(0, 2).sort()).toEqual([`${tag} Bina`, `${tag} anil`]);
    expect(byStatus.slice(2)).toEqual([`${tag} chitra`, `${tag} Dev`]);
    // pages of a sorted view join up
    const first = names((await api('GET', `/worker/get-workers?q=${tag}&sort=-wage&limit=2`, managerToken)).json());
    const second = names((await api('GET', `/worker/get-workers?q=${tag}&sort=-wage&limit=2&offset=2`, managerToken)).json());
    expect([...first, ...second]).toEqual(byWageDesc);
    // without sort: SPEC's newest first
    expect(names((await api('GET', `/worker/get-workers?q=${tag}`, managerToken)).json())).toEqual([`${tag} Dev`, `${tag} chitra`, `${tag} Bina`, `${tag} anil`]);
    const bad = await api('GET', '/worker/get-workers?sort=aadhar', managerToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe(MSG.lists.sortInvalid);
  });
});

describe('GET /worker/status-counts', () => {
  it('counts the view by status, whatever status is asked for, and a supervisor their own work type only', async () => {
    const tag = `Count${Date.now()}`;
    await team(tag);
    const all = await api('GET', `/worker/status-counts?q=${tag}`, managerToken);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ counts: { Active: 2, 'On Leave': 1, Resigned: 1 }, total: 4 });
    expect((await api('GET', `/worker/status-counts?q=${tag}&work=bio`, adminToken)).json()).toEqual({ counts: { Active: 1, 'On Leave': 1, Resigned: 0 }, total: 2 });
    expect((await api('GET', `/worker/status-counts?q=${tag}&skill=skilled`, managerToken)).json()).toEqual({ counts: { Active: 1, 'On Leave': 1, Resigned: 0 }, total: 2 });
    // the supervisor leads bio: acca is not theirs to count
    expect((await api('GET', `/worker/status-counts?q=${tag}&work=acca`, supervisorToken)).json()).toEqual({ counts: { Active: 1, 'On Leave': 1, Resigned: 0 }, total: 2 });
    expect((await api('GET', '/worker/status-counts')).statusCode).toBe(401);
    expect((await api('GET', '/worker/status-counts?skill=expert', managerToken)).statusCode).toBe(400);
  });
});

function readSheet(body: Buffer) {
  const book = XLSX.read(body, { type: 'buffer', cellNF: true });
  const sheet = book.Sheets[book.SheetNames[0]!]!;
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: null });
  return { sheet, rows };
}

const cellsOf = (rows: unknown[][]) => rows.flat().map((cell) => String(cell ?? ''));

describe('GET /worker/export', () => {
  it('exports the whole view in its order: a title naming the filters, plain cells, the Aadhaar masked, a Total row', async () => {
    const tag = `Export${Date.now()}`;
    const { anil, bina } = await team(tag);
    const response = await api('GET', `/worker/export?q=${tag}&status=Active&sort=-name`, managerToken);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toMatch(/filename="Staff_\d{4}-\d{2}-\d{2}\.xlsx"/);
    const { sheet, rows } = readSheet(response.rawPayload);
    expect(rows[0]![0]).toBe(`Staff — Status: Active · Search: ${tag} · Sorted by: Name (descending)`);
    expect(rows[1]).toEqual(['Name', 'Emp ID', 'Work type', 'Designation', 'Status', 'Phone', 'Aadhar', 'Skill category', 'Daily wage', 'Date of joining']);
    expect(rows[2]!.slice(0, 8)).toEqual([`${tag} Bina`, bina.empid, 'BIO TOILET', 'Supervisor', 'Active', '9000000002', `XXXX XXXX ${bina.aadhar.slice(-4)}`, 'unskilled']);
    expect(rows[3]!.slice(0, 7)).toEqual([`${tag} anil`, anil.empid, 'MCC', 'Cleaning Staff', 'Active', '9000000001', `XXXX XXXX ${anil.aadhar.slice(-4)}`]);
    // money as rupees with two decimals, the day as a date cell, phone and Emp ID as text
    expect(sheet['I3']).toMatchObject({ t: 'n', v: 650.5, z: '"₹"#,##0.00' });
    expect(sheet['J3']).toMatchObject({ t: 'n', z: 'dd-mm-yyyy' });
    expect(XLSX.SSF.format('yyyy-mm-dd', sheet['J3']!.v as number)).toBe('2025-01-15');
    expect(sheet['F3']).toMatchObject({ t: 's', v: '9000000002' });
    expect(rows).toHaveLength(5);
    expect(rows[4]!.slice(0, 5)).toEqual(['Total', '2', null, null, 'Active 2 · On Leave 0 · Resigned 0']);
    // no full Aadhaar anywhere in the file
    expect(cellsOf(rows).some((cell) => cell.includes(anil.aadhar) || cell.includes(bina.aadhar))).toBe(false);
  });

  it('names the chosen filters in the title row, and refuses what the list refuses', async () => {
    const tag = `Whole${Date.now()}`;
    await team(tag);
    const whole = readSheet((await api('GET', `/worker/export?q=${tag}&work=bio&designation=Supervisor&skill=unskilled`, adminToken)).rawPayload);
    expect(whole.rows[0]![0]).toBe(`Staff — Work type: BIO TOILET · Designation: Supervisor · Skill category: unskilled · Search: ${tag}`);
    expect(whole.rows).toHaveLength(4);
    expect((await api('GET', '/worker/export')).statusCode).toBe(401);
    expect((await api('GET', '/worker/export?sort=aadhar', managerToken)).statusCode).toBe(400);
  });

  it("gives a supervisor their own work type with their list's columns only", async () => {
    const tag = `Crew${Date.now()}`;
    const { bina } = await team(tag);
    const response = await api('GET', `/worker/export?q=${tag}&work=mcc&sort=name`, supervisorToken);
    expect(response.statusCode).toBe(200);
    const { rows } = readSheet(response.rawPayload);
    expect(rows[1]).toEqual(['Name', 'Emp ID', 'Work type', 'Designation', 'Status', 'Phone']);
    expect(rows.slice(2, -1).map((row) => row[0])).toEqual([`${tag} Bina`, `${tag} chitra`]);
    expect(cellsOf(rows).some((cell) => cell.includes(bina.aadhar.slice(-4)))).toBe(false);
  });
});
