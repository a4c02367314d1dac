import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import { ROLE } from '../../../shared/roles.js';
import { rowsOf } from '../../db/connect.js';
import { auditLog, ifscBranches } from '../../db/schema.js';
import { buildUser, newSessionToken, sessionToken, uniqueAadhar, workerPayload } from '../../../../test/helpers/factories.js';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.js';

let t: TestApp;
let managerToken: string;
let adminToken: string;
let supervisorToken: string;

beforeAll(async () => {
  t = await createTestApp();
  managerToken = await newSessionToken(t, { role: ROLE.manager });
  adminToken = await newSessionToken(t, { role: ROLE.admin });
  supervisorToken = await newSessionToken(t, { role: ROLE.supervisor, work: 'mcc' });
});
afterAll(async () => {
  await t.close();
});

const api = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, payload, headers: token ? { authorization: token } : {} });

async function createWorker(overrides: Record<string, unknown> = {}, token = managerToken) {
  const response = await api('POST', '/worker/create-worker', token, workerPayload(overrides));
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json().worker as Record<string, unknown> & { _id: string; empid: string; aadhar: string };
}

describe('POST /worker/create-worker', () => {
  it('adds a worker with a generated Emp ID, text numbers and an exact wage', async () => {
    const response = await api('POST', '/worker/create-worker', managerToken, workerPayload({ name: '  Lakshmi Devi ', wage: '650.5' }));
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.msg).toBe(MSG.workerAdded);
    expect(body.worker).toMatchObject({
      name: 'Lakshmi Devi',
      phone: '0987654321',
      acnumber: '000123456789',
      wage: 650.5,
      work: 'mcc',
      designation: 'Cleaning Staff',
      status: 'Active',
    });
    expect(body.worker.empid).toMatch(/^EMP\d{5}$/);
    expect(body.worker.aadhar).toMatch(/^\d{12}$/);
    const [stored] = rowsOf<{ wage: string }>(await t.deps.db.execute(sql`select wage::text as wage from staff where id = ${body.worker._id}`));
    const wage = stored!.wage;
    expect(wage).toBe('650.50');
  });

  it('keeps a given Emp ID and refuses a taken one with 409', async () => {
    const first = await createWorker({ empid: 'MCC-0042' });
    expect(first.empid).toBe('MCC-0042');
    const again = await api('POST', '/worker/create-worker', managerToken, workerPayload({ empid: 'MCC-0042' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(MSG.empIdTaken);
  });

  it('answers 200 "Already registered, please login" for an Aadhaar already on the register', async () => {
    const aadhar = uniqueAadhar();
    await createWorker({ aadhar });
    const again = await api('POST', '/worker/create-worker', managerToken, workerPayload({ aadhar, name: 'Someone Else' }));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ success: false, msg: MSG.alreadyRegistered, code: 'alreadyRegistered' });
  });

  it('lets exactly one of 20 simultaneous creations of one Aadhaar succeed, without a 500', async () => {
    const aadhar = uniqueAadhar();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => api('POST', '/worker/create-worker', managerToken, workerPayload({ aadhar, name: `Racer ${i}` }))),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 200)).toHaveLength(19);
    const list = await api('GET', `/worker/get-workers?q=Racer`, managerToken);
    expect(list.json()).toHaveLength(1);
  });

  it('refuses bad input with the messages of SPEC §5 and creates nothing', async () => {
    const before = Number((await api('GET', '/worker/get-workers?limit=1', managerToken)).headers['x-total-count']);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, MSG.fillAllRequired],
      [{ aadhar: undefined }, MSG.fillAllRequired],
      [{ phone: '  ' }, MSG.fillAllRequired],
      [{ name: '', phone: '123' }, MSG.fillAllRequired],
      [{ phone: '98765' }, MSG.phoneDigits],
      [{ phone: '98765abcde' }, MSG.phoneDigits],
      [{ aadhar: '1234' }, MSG.aadharDigits],
      [{ ifsccode: 'SBIN000' }, MSG.ifscInvalidAdd],
      [{ wage: 'lots' }, MSG.wageInvalid],
      [{ wage: '-5' }, MSG.wageInvalid],
      [{ status: 'Fired' }, MSG.statusInvalid],
      [{ work: 'kitchen' }, MSG.workInvalid],
      [{ designation: 'Boss' }, MSG.designationInvalid],
    ];
    for (const [overrides, message] of cases) {
      const response = await api('POST', '/worker/create-worker', managerToken, workerPayload(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().msg, JSON.stringify(overrides)).toBe(message);
    }
    const after = Number((await api('GET', '/worker/get-workers?limit=1', managerToken)).headers['x-total-count']);
    expect(after).toBe(before);
  });

  it('is for managers and admins only', async () => {
    expect((await api('POST', '/worker/create-worker', supervisorToken, workerPayload())).statusCode).toBe(403);
    expect((await api('POST', '/worker/create-worker', undefined, workerPayload())).statusCode).toBe(401);
    expect((await api('POST', '/worker/create-worker', adminToken, workerPayload())).statusCode).toBe(201);
  });

  it('writes each creation to the audit log', async () => {
    const worker = await createWorker();
    const rows = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, worker._id)).orderBy(auditLog.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'staff.create', entity: 'staff', before: null });
    expect(rows[0]!.actorName).toMatch(/Manager/);
    expect(rows[0]!.after).toMatchObject({ name: 'Lakshmi Devi', empid: worker.empid });
    // the audit copy does not spread the full Aadhaar number
    expect(JSON.stringify(rows[0]!.after)).not.toContain(worker.aadhar);
  });
});

describe('GET /worker/get-workers', () => {
  it('lists newest first, filters by work, status and search, and pages', async () => {
    const tag = `Pager${Date.now()}`;
    const made = [];
    for (let i = 0; i < 4; i += 1) made.push(await createWorker({ name: `${tag} ${i}`, work: i % 2 ? 'acca' : 'bio' }));
    await api('PUT', `/worker/update-worker/${made[0]!._id}`, managerToken, { ...workerPayload({ name: `${tag} 0`, work: 'bio', aadhar: made[0]!.aadhar }), empid: made[0]!.empid, status: 'On Leave' });

    const all = (await api('GET', `/worker/get-workers?q=${tag}`, managerToken)).json();
    expect(all.map((w: { name: string }) => w.name)).toEqual([`${tag} 3`, `${tag} 2`, `${tag} 1`, `${tag} 0`]);

    const bio = (await api('GET', `/worker/get-workers?q=${tag}&work=BIO`, managerToken)).json();
    expect(bio.map((w: { name: string }) => w.name)).toEqual([`${tag} 2`, `${tag} 0`]);

    const onLeave = (await api('GET', `/worker/get-workers?q=${tag}&status=On%20Leave`, managerToken)).json();
    expect(onLeave.map((w: { name: string }) => w.name)).toEqual([`${tag} 0`]);

    const page = await api('GET', `/worker/get-workers?q=${tag}&limit=2&offset=2`, managerToken);
    expect(page.headers['x-total-count']).toBe('4');
    expect(page.json().map((w: { name: string }) => w.name)).toEqual([`${tag} 1`, `${tag} 0`]);

    const byEmp = (await api('GET', `/worker/get-workers?q=${made[3]!.empid}`, managerToken)).json();
    expect(byEmp.map((w: { _id: string }) => w._id)).toEqual([made[3]!._id]);
  });

  it('masks the Aadhaar in the list', async () => {
    const worker = await createWorker({ name: 'Masked Person' });
    const [listed] = (await api('GET', '/worker/get-workers?q=Masked%20Person', managerToken)).json();
    expect(listed.aadhar).toBe(`XXXX XXXX ${worker.aadhar.slice(-4)}`);
  });

  it('shows a supervisor only their own work type, without private fields', async () => {
    await createWorker({ name: 'Crew Mcc', work: 'mcc', ifsccode: 'SBIN0000001', uanno: '100200300400', esino: '1234567890' });
    await createWorker({ name: 'Crew Acca', work: 'acca' });
    const response = await api('GET', '/worker/get-workers?work=acca&q=Crew', supervisorToken);
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.map((w: { name: string }) => w.name)).toEqual(['Crew Mcc']);
    for (const field of ['aadhar', 'bank', 'branch', 'ifsccode', 'acnumber', 'uanno', 'esino', 'wage', 'dob', 'gender', 'guardianName', 'pfMember', 'esiMember']) {
      expect(list[0]).not.toHaveProperty(field);
    }
  });

  it('refuses strangers and bad filters', async () => {
    expect((await api('GET', '/worker/get-workers')).statusCode).toBe(401);
    const bad = await api('GET', '/worker/get-workers?work=kitchen', managerToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe(MSG.workInvalid);
  });
});

describe('GET /worker/getoneworker/{id}', () => {
  it('answers a list whose first item is the full record', async () => {
    const worker = await createWorker();
    const response = await api('GET', `/worker/getoneworker/${worker._id}`, managerToken);
    expect(response.statusCode).toBe(200);
    const [one] = response.json();
    expect(one).toMatchObject({ _id: worker._id, aadhar: worker.aadhar, acnumber: '000123456789' });
  });

  it('answers 404 for an unknown id and 403 to a supervisor', async () => {
    expect((await api('GET', '/worker/getoneworker/00000000-0000-4000-8000-000000000000', managerToken)).statusCode).toBe(404);
    expect((await api('GET', '/worker/getoneworker/not-an-id', managerToken)).statusCode).toBe(404);
    const worker = await createWorker();
    expect((await api('GET', `/worker/getoneworker/${worker._id}`, supervisorToken)).statusCode).toBe(403);
  });
});

describe('PUT /worker/update-worker/{id}', () => {
  const editForm = (worker: { aadhar: string; empid: string }, overrides: Record<string, unknown> = {}) => ({
    ...workerPayload({ aadhar: worker.aadhar }),
    empid: worker.empid,
    ...overrides,
  });

  it('changes every field of the form and records before and after', async () => {
    const worker = await createWorker();
    const response = await api(
      'PUT',
      `/worker/update-worker/${worker._id}`,
      managerToken,
      editForm(worker, {
        name: 'Lakshmi R',
        phone: '9123456780',
        empid: 'EMP-EDITED',
        work: 'Laundry',
        wage: 700,
        ifsccode: 'sbin0000001',
        bank: 'State Bank of India',
        branch: 'Mumbai Main',
        acnumber: '0099887766',
        uanno: '100200300400',
        esino: '3100123456',
        status: 'On Leave',
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().msg).toBe(MSG.workerUpdated);
    const [one] = (await api('GET', `/worker/getoneworker/${worker._id}`, managerToken)).json();
    expect(one).toMatchObject({
      name: 'Lakshmi R',
      phone: '9123456780',
      empid: 'EMP-EDITED',
      work: 'laundry',
      wage: 700,
      ifsccode: 'SBIN0000001',
      bank: 'State Bank of India',
      branch: 'Mumbai Main',
      acnumber: '0099887766',
      status: 'On Leave',
    });
    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, worker._id)).orderBy(auditLog.id);
    const update = audit.find((row) => row.action === 'staff.update')!;
    expect(update.before).toMatchObject({ name: 'Lakshmi Devi', status: 'Active' });
    expect(update.after).toMatchObject({ name: 'Lakshmi R', status: 'On Leave' });
  });

  it('refuses bad input with the edit form messages and changes nothing', async () => {
    const worker = await createWorker();
    const cases: [Record<string, unknown>, string][] = [
      [{ empid: '' }, MSG.fillAllRequired],
      [{ name: '' }, MSG.fillAllRequired],
      [{ phone: '12345' }, MSG.phoneDigits],
      [{ aadhar: '12345678901' }, MSG.aadharDigitsEdit],
      [{ ifsccode: 'XYZ' }, MSG.ifscInvalidEdit],
      [{ status: 'Gone' }, MSG.statusInvalid],
    ];
    for (const [overrides, message] of cases) {
      const response = await api('PUT', `/worker/update-worker/${worker._id}`, managerToken, editForm(worker, { name: 'Changed', ...overrides }));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().msg).toBe(message);
    }
    const [one] = (await api('GET', `/worker/getoneworker/${worker._id}`, managerToken)).json();
    expect(one.name).toBe('Lakshmi Devi');
  });

  it('answers 404 for an unknown worker, 409 for an Aadhaar of someone else, 403 to supervisors', async () => {
    const worker = await createWorker();
    const other = await createWorker();
    expect((await api('PUT', '/worker/update-worker/00000000-0000-4000-8000-000000000000', managerToken, editForm(worker))).statusCode).toBe(404);
    const clash = await api('PUT', `/worker/update-worker/${worker._id}`, managerToken, editForm(worker, { aadhar: other.aadhar }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().msg).toBe(MSG.aadharTaken);
    expect((await api('PUT', `/worker/update-worker/${worker._id}`, supervisorToken, editForm(worker))).statusCode).toBe(403);
  });
});

describe('supervisors on the register', () => {
  const supervisorForm = (overrides: Record<string, unknown> = {}) => ({
    work: 'pftr',
    name: 'Meera Pillai',
    email: `meera-${Math.random().toString(36).slice(2)}@example.com`,
    phone: '9447000001',
    password: 'meera-password',
    confirmPassword: 'meera-password',
    aadhar: uniqueAadhar(),
    designation: 'Supervisor',
    wage: '900',
    ifsccode: '',
    bank: '',
    branch: '',
    acnumber: '12345',
    uanno: '',
    esino: '',
    role: 1,
    ...overrides,
  });

  it('Add Supervisor creates the staff record and the account, linked; Resigned ends sign-in', async () => {
    const form = supervisorForm();
    const registered = await api('POST', '/auth/register', managerToken, form);
    expect(registered.statusCode).toBe(201);
    expect(registered.json().msg).toBe(MSG.registered);

    const login = await api('POST', '/auth/login', undefined, { email: form.email, password: form.password });
    expect(login.statusCode).toBe(200);
    // designation Supervisor gives role 0 whatever role the form sent
    expect(login.json().user).toMatchObject({ name: 'Meera Pillai', role: 0, work: 'pftr' });
    const token = login.json().token as string;

    const [member] = (await api('GET', '/worker/get-workers?q=Meera%20Pillai', managerToken)).json();
    expect(member).toMatchObject({ designation: 'Supervisor', work: 'pftr', wage: 900 });
    expect(member.userId).toBe(login.json().user._id);

    const supervisors = (await api('GET', '/auth/getsupervisor', managerToken)).json().supervisor;
    expect(supervisors).toContainEqual({ _id: login.json().user._id, name: 'Meera Pillai', work: 'pftr' });

    const [full] = (await api('GET', `/worker/getoneworker/${member._id}`, managerToken)).json();
    const resigned = await api('PUT', `/worker/update-worker/${member._id}`, managerToken, { ...full, status: 'Resigned' });
    expect(resigned.statusCode).toBe(200);

    expect((await api('GET', '/auth/userauth', token)).statusCode).toBe(401);
    const again = await api('POST', '/auth/login', undefined, { email: form.email, password: form.password });
    expect(again.statusCode).toBe(401); // as a wrong password (decision 12)
    const after = (await api('GET', '/auth/getsupervisor', managerToken)).json().supervisor;
    expect(after.map((s: { _id: string }) => s._id)).not.toContain(login.json().user._id);
    // history stays: the record is still on the register
    expect((await api('GET', `/worker/getoneworker/${member._id}`, managerToken)).json()[0].status).toBe('Resigned');
  });

  it('designation Manager gives role 1', async () => {
    const form = supervisorForm({ designation: 'Manager', role: 0 });
    expect((await api('POST', '/auth/register', managerToken, form)).statusCode).toBe(201);
    const login = await api('POST', '/auth/login', undefined, { email: form.email, password: form.password });
    expect(login.json().user.role).toBe(1);
  });

  it('refuses a known Aadhaar with "Already registered, please login" and creates no account', async () => {
    const worker = await createWorker();
    const form = supervisorForm({ aadhar: worker.aadhar });
    const response = await api('POST', '/auth/register', managerToken, form);
    expect(response.statusCode).toBe(200);
    expect(response.json().msg).toBe(MSG.alreadyRegistered);
    expect((await api('POST', '/auth/login', undefined, { email: form.email, password: form.password })).statusCode).toBe(401);
  });

  it('checks the supervisor form with SPEC §5 messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ phone: '' }, MSG.fillAllFields],
      [{ phone: '12345' }, MSG.phoneDigits],
      [{ aadhar: '12' }, MSG.aadharDigits],
      [{ confirmPassword: 'different-one' }, MSG.passwordsDoNotMatch],
      [{ ifsccode: 'BAD' }, MSG.ifscInvalidAdd],
    ];
    for (const [overrides, message] of cases) {
      const response = await api('POST', '/auth/register', managerToken, supervisorForm(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().msg).toBe(message);
    }
  });

  // issue 13 point 1: was 403 for supervisors; any signed-in account now reads the list
  it('/auth/getsupervisor answers any signed-in account, 401 to strangers', async () => {
    expect((await api('GET', '/auth/getsupervisor')).statusCode).toBe(401);
    expect((await api('GET', '/auth/getsupervisor', adminToken)).statusCode).toBe(200);
    expect((await api('GET', '/auth/getsupervisor', supervisorToken)).statusCode).toBe(200);
  });

  it('/auth/getsupervisor as a SPEC §7 client: a supervisor reads the supervisors of their own work type, themself included, and only _id, name, work', async () => {
    const own = await buildUser(t.deps.db, { role: ROLE.supervisor, work: 'bio', name: 'Asha Bio' });
    const colleague = await buildUser(t.deps.db, { role: ROLE.supervisor, work: 'bio', name: 'Binu Bio' });
    const other = await buildUser(t.deps.db, { role: ROLE.supervisor, work: 'laundry', name: 'Chitra Laundry' });
    // a Resigned supervisor cannot sign in, so is no one's supervisor
    const registered = await api('POST', '/auth/register', managerToken, supervisorForm({ work: 'bio', name: 'Dev Resigned' }));
    expect(registered.statusCode).toBe(201);
    const [resignedMember] = (await api('GET', '/worker/get-workers?q=Dev%20Resigned', managerToken)).json();
    const [full] = (await api('GET', `/worker/getoneworker/${resignedMember._id}`, managerToken)).json();
    expect((await api('PUT', `/worker/update-worker/${resignedMember._id}`, managerToken, { ...full, status: 'Resigned' })).statusCode).toBe(200);

    // the raw token as the Authorization header, no query parameters
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/auth/getsupervisor', headers: { authorization: await sessionToken(t, own) } });
    expect(response.statusCode).toBe(200);
    const { supervisor } = response.json() as { supervisor: Record<string, unknown>[] };
    expect(supervisor).toEqual([
      { _id: own.id, name: 'Asha Bio', work: 'bio' },
      { _id: colleague.id, name: 'Binu Bio', work: 'bio' },
    ]);
    expect(JSON.stringify(response.json())).not.toMatch(/password|hash|aadhar|acnumber|email|phone|bank|ifsc/i);

    // managers read every supervisor, with the same fields
    const all = (await api('GET', '/auth/getsupervisor', managerToken)).json().supervisor as Record<string, unknown>[];
    expect(all.map((entry) => entry._id)).toEqual(expect.arrayContaining([own.id, colleague.id, other.id]));
    for (const entry of all) expect(Object.keys(entry).sort()).toEqual(['_id', 'name', 'work']);
    expect(all.map((entry) => entry.name)).not.toContain('Dev Resigned');
  });

  it('/auth/getsupervisor gives a supervisor without a work type only themself', async () => {
    const loner = await buildUser(t.deps.db, { role: ROLE.supervisor, work: null, name: 'Loner No Work' });
    const response = await api('GET', '/auth/getsupervisor', await sessionToken(t, loner));
    expect(response.json()).toEqual({ supervisor: [{ _id: loner.id, name: 'Loner No Work', work: null }] });
  });
});

describe('GET /worker/get-ifsc/{code}', () => {
  let upstream: Server;
  let upstreamUrl: string;
  const calls: string[] = [];

  beforeAll(async () => {
    upstream = createServer((request, response) => {
      calls.push(request.url ?? '');
      if (request.url === '/SBIN0000001') {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ BANK: 'State Bank of India', BRANCH: 'KOLKATA MAIN', CITY: 'KOLKATA', STATE: 'WEST BENGAL' }));
      } else {
        response.statusCode = 404;
        response.end('"Not Found"');
      }
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => upstream.close(resolve));
  });

  it('fills bank and branch from the upstream and caches the answer', async () => {
    const withUpstream = await createTestApp({ database: t.database, config: { ifscApiUrl: upstreamUrl } });
    try {
      const response = await withUpstream.app.inject({ url: '/api/v1/worker/get-ifsc/sbin0000001', headers: { authorization: managerToken } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ BANK: 'State Bank of India', BRANCH: 'KOLKATA MAIN' });
      const cached = await t.deps.db.select().from(ifscBranches).where(eq(ifscBranches.ifsc, 'SBIN0000001'));
      expect(cached[0]).toMatchObject({ branch: 'KOLKATA MAIN', city: 'KOLKATA', source: 'upstream' });
    } finally {
      await withUpstream.close();
    }
    // cached: answered without any upstream
    const response = await api('GET', '/worker/get-ifsc/SBIN0000001', managerToken);
    expect(response.json()).toEqual({ BANK: 'State Bank of India', BRANCH: 'KOLKATA MAIN' });
  });

  it('still names the bank of a valid code when the upstream is unreachable', async () => {
    const unreachable = await createTestApp({ database: t.database, config: { ifscApiUrl: 'http://127.0.0.1:9', ifscTimeoutMs: 500 } });
    try {
      const response = await unreachable.app.inject({ url: '/api/v1/worker/get-ifsc/HDFC0000001', headers: { authorization: managerToken } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ BANK: 'HDFC Bank', BRANCH: '' });
    } finally {
      await unreachable.close();
    }
  });

  it('answers 404 for codes that do not exist, without asking the upstream', async () => {
    const before = calls.length;
    for (const code of ['SBIN0ZZZZZZ', 'ABCD0123456', 'SBIN123', 'not-a-code']) {
      const response = await api('GET', `/worker/get-ifsc/${code}`, managerToken);
      expect(response.statusCode, code).toBe(404);
      expect(response.json().msg).toBe(MSG.ifscInvalid);
    }
    expect(calls.length).toBe(before);
  });

  it('is for managers and admins', async () => {
    expect((await api('GET', '/worker/get-ifsc/HDFC0000001', supervisorToken)).statusCode).toBe(403);
  });
});

describe('the payroll fields of a staff record (issue 26)', () => {
  const payroll = {
    dob: '1988-04-12',
    gender: 'F',
    guardianName: 'Raman Nair',
    joined: '2024-07-01',
    skill: 'semi-skilled',
    language: 'ml',
    pfMember: true,
    esiMember: false,
  };

  it('stores and answers them on create and get, with both memberships yes when left out', async () => {
    const created = await createWorker({ name: 'Payroll Create', ...payroll });
    expect(created).toMatchObject(payroll);
    const [one] = (await api('GET', `/worker/getoneworker/${created._id}`, managerToken)).json();
    expect(one).toMatchObject({ ...payroll, onLeaveFrom: null, leftOn: null });

    const plain = await createWorker({ name: 'Payroll Defaults' });
    expect(plain).toMatchObject({ dob: null, gender: null, guardianName: null, joined: null, skill: null, language: null, pfMember: true, esiMember: true });
    // blanks as a form sends them are "not given"; memberships as form text and sheet words
    const blanks = await createWorker({ name: 'Payroll Blanks', dob: '', gender: null, guardianName: ' ', joined: null, skill: '', language: '', pfMember: '', esiMember: null });
    expect(blanks).toMatchObject({ dob: null, gender: null, guardianName: null, skill: null, pfMember: true, esiMember: true });
    const words = await createWorker({ name: 'Payroll Words', gender: 'male', skill: 'Highly Skilled', language: 'Hindi', pfMember: 'false', esiMember: 'N' });
    expect(words).toMatchObject({ gender: 'M', skill: 'highly-skilled', language: 'hi', pfMember: false, esiMember: false });
  });

  it('refuses wrong values with 400 and a message naming the field, never a 500', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ gender: 'X' }, MSG.genderInvalid],
      [{ gender: 5 }, MSG.genderInvalid],
      [{ dob: '2999-01-01' }, MSG.dobInFuture],
      [{ dob: '1899-12-31' }, MSG.dobTooEarly],
      [{ dob: '2026-02-30' }, MSG.dayInvalid(MSG.payrollFields.dob)],
      [{ dob: '12/04/1988' }, MSG.dayInvalid(MSG.payrollFields.dob)],
      [{ joined: '2025-13-01' }, MSG.dayInvalid(MSG.payrollFields.joined)],
      [{ joined: 20250101 }, MSG.dayInvalid(MSG.payrollFields.joined)],
      [{ skill: 'expert' }, MSG.skillInvalid],
      [{ language: 'ta' }, MSG.docLanguageInvalid],
      [{ pfMember: 'maybe' }, MSG.yesNoInvalid(MSG.payrollFields.pfMember)],
      [{ esiMember: 2 }, MSG.yesNoInvalid(MSG.payrollFields.esiMember)],
      [{ guardianName: 'x'.repeat(101) }, MSG.tooLong(MSG.payrollFields.guardianName, 100)],
    ];
    for (const [overrides, message] of cases) {
      const response = await api('POST', '/worker/create-worker', managerToken, workerPayload({ name: 'Payroll Refused', ...overrides }));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().msg, JSON.stringify(overrides)).toBe(message);
    }
    const impossible = await api('POST', '/worker/create-worker', managerToken, workerPayload({ dob: '2026-02-30' }));
    expect(impossible.json()).toMatchObject({ msg: 'Date of birth must be a real date, given as YYYY-MM-DD', code: 'dayInvalid', params: { 0: { code: 'payrollFields.dob' } } });
    expect((await api('GET', '/worker/get-workers?q=Payroll%20Refused', managerToken)).json()).toEqual([]);
  });

  it('changes them on an update, keeps them when an older client leaves them out, clears them with blanks, and audits them', async () => {
    const worker = await createWorker({ name: 'Payroll Update' });
    const form = (overrides: Record<string, unknown>) => ({ ...workerPayload({ name: 'Payroll Update', aadhar: worker.aadhar }), empid: worker.empid, ...overrides });
    const put = (body: object) => api('PUT', `/worker/update-worker/${worker._id}`, managerToken, body);
    const get = async () => (await api('GET', `/worker/getoneworker/${worker._id}`, managerToken)).json()[0];

    expect((await put(form(payroll))).statusCode).toBe(200);
    expect(await get()).toMatchObject(payroll);
    // a SPEC §7 client knows none of them: they stay
    expect((await put(form({ wage: 710 }))).statusCode).toBe(200);
    expect(await get()).toMatchObject({ ...payroll, wage: 710 });
    // the form sends blanks for emptied fields: they are cleared; a membership turned back on
    expect((await put(form({ dob: '', gender: '', guardianName: '', joined: null, skill: null, language: '', esiMember: true }))).statusCode).toBe(200);
    expect(await get()).toMatchObject({ dob: null, gender: null, guardianName: null, joined: null, skill: null, language: null, pfMember: true, esiMember: true });
    // a refused value changes nothing
    const refused = await put(form({ dob: '2026-02-30', name: 'Changed' }));
    expect(refused.statusCode).toBe(400);
    expect((await get()).name).toBe('Payroll Update');

    const audit = (await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, worker._id)).orderBy(auditLog.id)).filter((row) => row.action === 'staff.update');
    expect(audit).toHaveLength(3);
    expect(audit[0]!.before).toMatchObject({ dob: null, pfMember: true, esiMember: true });
    expect(audit[0]!.after).toMatchObject(payroll);
    expect(audit[2]!.before).toMatchObject({ ...payroll, wage: 710 });
    expect(audit[2]!.after).toMatchObject({ dob: null, guardianName: null, esiMember: true });
    const created = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, worker._id));
    expect(created.find((row) => row.action === 'staff.create')!.after).toMatchObject({ pfMember: true, esiMember: true, dob: null });
  });

  it('dates On Leave and Resigned with the company\'s day, which no client can write', async () => {
    // 20:00 UTC is already the next day in Asia/Kolkata (APP_TZ)
    const clock = { now: new Date('2026-03-09T20:00:00Z') };
    const clocked = await createTestApp({ database: t.database, clock });
    try {
      const token = await newSessionToken(clocked, { role: ROLE.manager });
      const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
        clocked.app.inject({ method, url: `/api/v1${url}`, payload, headers: { authorization: token } });
      const made = (await call('POST', '/worker/create-worker', workerPayload({ name: 'Leave Days', onLeaveFrom: '2020-01-01', leftOn: '2020-01-01' }))).json().worker;
      expect(made).toMatchObject({ status: 'Active', onLeaveFrom: null, leftOn: null });
      const form = (status: string, extra: Record<string, unknown> = {}) => ({ ...workerPayload({ name: 'Leave Days', aadhar: made.aadhar }), empid: made.empid, status, ...extra });
      const put = async (body: object) => {
        const response = await call('PUT', `/worker/update-worker/${made._id}`, body);
        expect(response.statusCode, response.body).toBe(200);
        return (await call('GET', `/worker/getoneworker/${made._id}`)).json()[0];
      };

      expect(await put(form('On Leave'))).toMatchObject({ status: 'On Leave', onLeaveFrom: '2026-03-10', leftOn: null });
      clock.now = new Date('2026-03-14T06:00:00Z');
      // still On Leave: the spell keeps its first day; the days sent are ignored
      expect(await put(form('On Leave', { wage: 700, onLeaveFrom: '2026-01-01' }))).toMatchObject({ onLeaveFrom: '2026-03-10' });
      expect(await put(form('Active'))).toMatchObject({ status: 'Active', onLeaveFrom: null });
      clock.now = new Date('2026-03-20T06:00:00Z');
      expect(await put(form('Resigned', { leftOn: '2026-01-01' }))).toMatchObject({ status: 'Resigned', leftOn: '2026-03-20', onLeaveFrom: null });
      clock.now = new Date('2026-03-25T06:00:00Z');
      expect(await put(form('Resigned', { wage: 705 }))).toMatchObject({ leftOn: '2026-03-20' });
      expect(await put(form('Active'))).toMatchObject({ status: 'Active', leftOn: null });

      // a record made On Leave or Resigned starts with today
      const away = (await call('POST', '/worker/create-worker', workerPayload({ name: 'Leave Start', status: 'On Leave' }))).json().worker;
      expect(away).toMatchObject({ onLeaveFrom: '2026-03-25', leftOn: null });
      const audit = await clocked.deps.db.select().from(auditLog).where(eq(auditLog.entityId, made._id)).orderBy(auditLog.id);
      expect(audit.find((row) => row.action === 'staff.update')!.after).toMatchObject({ status: 'On Leave', onLeaveFrom: '2026-03-10' });
    } finally {
      await clocked.close();
    }
  });
});
