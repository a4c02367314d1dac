import { eq, inArray, like } from 'drizzle-orm';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import { listWorkers as listWorkersContract } from '../../../shared/api/staff.js';
import { listMasksAccountOf } from '../../../shared/permissions.js';
import { ROLE } from '../../../shared/roles.js';
import { maskAadhar } from '../../../shared/staff.js';
import { duties, dutyWorkers, staff, users } from '../../db/schema.js';
import { presentWorker } from './staff.service.js';
import { buildUser, newSessionToken, sessionToken, uniqueAadhar, workerPayload } from '../../../../test/helpers/factories.js';
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

/**
 * The staff list's pages are JSON the database writes (workerJson, decision 0040). Here a
 * second, plain implementation reads the same records into objects and presents them as
 * the list's two views are defined (SPEC §3 names; the Aadhaar masked; the account number
 * masked for a manager reading a manager's or an admin's record; a supervisor's crew view
 * without private fields), and every page must equal it, field for field, and meet the
 * route's contract.
 */

const TAG = 'Jsonview';
const viewers: Record<'manager' | 'admin' | 'supervisor', string> = { manager: '', admin: '', supervisor: '' };

type Row = typeof staff.$inferSelect;

describe('GET /worker/get-workers: the page the database writes equals the plain presentation', () => {
  beforeAll(async () => {
    const db = t.deps.db;
    const manager = await buildUser(db, { role: ROLE.manager });
    const admin = await buildUser(db, { role: ROLE.admin });
    const supervisor = await buildUser(db, { role: ROLE.supervisor, work: 'mcc' });
    viewers.manager = await sessionToken(t, manager);
    viewers.admin = await sessionToken(t, admin);
    viewers.supervisor = await sessionToken(t, supervisor);
    const base = { phone: '9000012345', designation: 'Cleaning Staff', work: 'mcc' };
    // the odd values a register holds: account numbers with spaces (a no-break space too),
    // short, blank or absent; a wage in paise, none; days and no days; every status
    const records: Array<Partial<typeof staff.$inferInsert>> = [
      { name: `${TAG} Anil`, acNumber: '0001 2345 6789', wage: '650.50', dob: '1990-02-28', joined: '2024-03-01', gender: 'M', skill: 'skilled', language: 'ml', category: 'General' },
      { name: `${TAG} Bina`, acNumber: '12\u00a034', wage: '700', uanNo: '100200300400', esiNo: '3100200300', bank: 'State Bank', branch: 'Ernakulam', ifscCode: 'SBIN0000001' },
      { name: `${TAG} Chitra`, acNumber: '   ', wage: null, status: 'On Leave', onLeaveFrom: '2026-11-02', pfMember: false, esiMember: false },
      { name: `${TAG} Dev`, acNumber: null, wage: '1234567.89', status: 'Resigned', leftOn: '2026-10-31', work: 'bio', guardianName: 'Ravi "Ravi" Dev' },
      { name: `${TAG} Esha (manager)`, acNumber: '987654321098', wage: '900.05' },
      { name: `${TAG} Faiz (admin)`, acNumber: 'AC-77', wage: '0.10' },
      { name: `${TAG} Gopal (supervisor)`, acNumber: '55556666', wage: '812.40' },
    ];
    const inserted = await db
      .insert(staff)
      .values(records.map((record, n) => ({ ...base, aadhar: uniqueAadhar(), empId: `JV${String(n).padStart(4, '0')}`, ...record }) as typeof staff.$inferInsert))
      .returning();
    const byName = (part: string) => inserted.find((row) => row.name.includes(part))!;
    // linked accounts: the account number of a manager's and an admin's record is masked for
    // managers (the odd account numbers are managers' records, so their masks are compared)
    for (const name of ['Anil', 'Bina', 'Chitra', 'Dev', 'Esha']) {
      await db.update(users).set({ staffId: byName(name).id }).where(eq(users.id, (await buildUser(db, { role: ROLE.manager })).id));
    }
    await db.update(users).set({ staffId: byName('Faiz').id }).where(eq(users.id, (await buildUser(db, { role: ROLE.admin })).id));
    await db.update(users).set({ staffId: byName('Gopal').id }).where(eq(users.id, supervisor.id));
    // Anil is on a live duty (the crew list flags it); Bina's duty is completed
    const [live] = await db.insert(duties).values({ work: 'mcc', trainNo: '16301', supervisorId: supervisor.id }).returning();
    const [done] = await db
      .insert(duties)
      .values({ work: 'mcc', trainNo: '16302', status: 'completed', completedAt: new Date(), completedDay: '2026-11-20', supervisorId: supervisor.id })
      .returning();
    await db.insert(dutyWorkers).values([
      { dutyId: live!.id, staffId: byName('Anil').id },
      { dutyId: done!.id, staffId: byName('Bina').id, completedDay: '2026-11-20' },
    ]);
  });

  /** The plain implementation: the records read into objects and presented as the list's views define them. */
  async function expectedPage(viewerRole: number, names: string[]): Promise<Array<Record<string, unknown>>> {
    const db = t.deps.db;
    const rows = await db.select({ staff, userId: users.id, userRole: users.role }).from(staff).leftJoin(users, eq(users.staffId, staff.id)).where(like(staff.name, `${TAG}%`));
    const live = await db
      .select({ staffId: dutyWorkers.staffId, trainNo: duties.trainNo })
      .from(dutyWorkers)
      .innerJoin(duties, eq(duties.id, dutyWorkers.dutyId))
      .where(inArray(duties.status, ['processing']));
    const liveOf = (id: string) => live.find((row) => row.staffId === id)?.trainNo ?? null;
    // the full record as the edit form reads it (presentWorker, read from objects), then the
    // list's masks and the crew view's fields as the shared rules define them
    const present = ({ staff: row, userId, userRole }: { staff: Row; userId: string | null; userRole: number | null }) => {
      const full = { ...presentWorker({ ...row, userId }, listMasksAccountOf(viewerRole, userRole)), aadhar: maskAadhar(row.aadhar), liveDuty: liveOf(row.id) };
      if (viewerRole !== ROLE.supervisor) return full;
      const { _id, name, phone, empid, designation, work, status, liveDuty, createdAt, updatedAt } = full;
      return { _id, name, phone, empid, designation, work, status, liveDuty, userId, createdAt, updatedAt };
    };
    return names.map((name) => present(rows.find((row) => row.staff.name === name)!));
  }

  async function page(token: string, query: string) {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/worker/get-workers?${query}`, headers: { authorization: token } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = JSON.parse(response.body) as Array<Record<string, unknown>>;
    // the route's contract, which the database's JSON is not checked against on each answer
    expect(listWorkersContract.responses[200].safeParse(body).success).toBe(true);
    return { body, total: Number(response.headers['x-total-count']) };
  }

  it.each([
    ['manager', ROLE.manager],
    ['admin', ROLE.admin],
  ] as const)('for %s: every field, masks included, in the list order', async (who, role) => {
    const { body, total } = await page(viewers[who], `q=${TAG}&sort=name`);
    expect(total).toBe(7);
    expect(body).toEqual(await expectedPage(role, body.map((worker) => worker.name as string)));
    expect(body.map((worker) => worker.name)).toEqual([...body.map((worker) => worker.name as string)].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const account = (part: string) => body.find((worker) => (worker.name as string).includes(part))!.acnumber;
    // the masks as a person reads them, beside the comparison
    expect(body[0]!.aadhar).toMatch(/^XXXX XXXX \d{4}$/);
    expect(account('Esha')).toBe(role === ROLE.admin ? '987654321098' : 'XXXXXXXX1098');
    expect(account('Gopal')).toBe('55556666');
    expect(body.find((worker) => (worker.name as string).includes('Dev'))!.wage).toBe(1234567.89);
  });

  it("for a supervisor: the crew view of their own work type, with the live duty's train", async () => {
    const { body, total } = await page(viewers.supervisor, `q=${TAG}`);
    expect(total).toBe(6);
    expect(body).toEqual(await expectedPage(ROLE.supervisor, body.map((worker) => worker.name as string)));
    expect(body.find((worker) => (worker.name as string).includes('Anil'))!.liveDuty).toBe('16301');
    expect(body.every((worker) => !('aadhar' in worker) && !('acnumber' in worker) && !('wage' in worker))).toBe(true);
  });

  it('pages by limit and offset with the count of the whole view; a page past the end is empty', async () => {
    const first = await page(viewers.manager, `q=${TAG}&sort=-wage&limit=3`);
    const second = await page(viewers.manager, `q=${TAG}&sort=-wage&limit=3&offset=3`);
    expect(first.total).toBe(7);
    expect([...first.body, ...second.body].map((worker) => worker.wage)).toEqual([1234567.89, 900.05, 812.4, 700, 650.5, 0.1]);
    const past = await page(viewers.manager, `q=${TAG}&offset=50`);
    expect(past.body).toEqual([]);
    const none = await page(viewers.manager, 'q=nobody-has-this-name');
    expect(none).toEqual({ body: [], total: 0 });
  });
});
