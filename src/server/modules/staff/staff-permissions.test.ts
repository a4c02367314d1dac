import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import { ROLE } from '../../../shared/roles.js';
import { maskAadhar } from '../../../shared/staff.js';
import { sessions, staff, users } from '../../db/schema.js';
import { buildUser, loginAs, workerPayload, type BuiltUser, newSessionToken } from '../../../../test/helpers/factories.js';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.js';

let t: TestApp;
let managerToken: string;

beforeAll(async () => {
  t = await createTestApp();
  managerToken = await newSessionToken(t, { role: ROLE.manager });
});
afterAll(async () => {
  await t.close();
});

const api = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, payload, headers: { authorization: token } });

/** An account of the role whose staff record is on the register, as Add Supervisor links them. */
async function linkedAccount(role: 0 | 1 | 2, name: string): Promise<{ user: BuiltUser; token: string; staffId: string; form: Record<string, unknown> }> {
  const user = await buildUser(t.deps.db, { role, name });
  const token = await loginAs(t.app, user);
  const form = workerPayload({ name, designation: role === ROLE.supervisor ? 'Supervisor' : 'Cleaning Staff' });
  const created = await api('POST', '/worker/create-worker', managerToken, form);
  expect(created.statusCode).toBe(201);
  const staffId = created.json().worker._id as string;
  await t.deps.db.update(users).set({ staffId }).where(eq(users.id, user.id));
  // the edit form sends the Emp ID back
  return { user, token, staffId, form: { ...form, empid: created.json().worker.empid } };
}

async function sessionCount(userId: string): Promise<number> {
  return (await t.deps.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
}

describe('staff records of accounts with a higher role than the editor', () => {
  it("a manager can neither rename, resign nor read the full Aadhaar of an admin's record", async () => {
    const admin = await linkedAccount(ROLE.admin, 'Admin On Register');

    const read = await api('GET', `/worker/getoneworker/${admin.staffId}`, managerToken);
    expect(read.statusCode).toBe(200);
    expect(read.json()[0].aadhar).toBe(maskAadhar(admin.form.aadhar as string));
    expect(read.json()[0].editable).toBe(false); // the Edit Staff page shows it read-only

    const rename = await api('PUT', `/worker/update-worker/${admin.staffId}`, managerToken, { ...admin.form, name: 'Renamed By Manager', status: 'Active' });
    expect(rename.statusCode).toBe(403);
    expect(rename.json().msg).toBe(MSG.staffOfHigherRole);
    const resign = await api('PUT', `/worker/update-worker/${admin.staffId}`, managerToken, { ...admin.form, status: 'Resigned' });
    expect(resign.statusCode).toBe(403);

    const [record] = await t.deps.db.select().from(staff).where(eq(staff.id, admin.staffId));
    expect(record).toMatchObject({ name: 'Admin On Register', status: 'Active' });
    const [account] = await t.deps.db.select().from(users).where(eq(users.id, admin.user.id));
    expect(account!.name).toBe('Admin On Register');
    expect(await sessionCount(admin.user.id)).toBe(1);
    expect((await api('GET', '/auth/adminauth', admin.token)).statusCode).toBe(200);
  });

  it("a manager still edits a supervisor's and another manager's record, with the full Aadhaar", async () => {
    const supervisor = await linkedAccount(ROLE.supervisor, 'Supervisor On Register');
    const manager = await linkedAccount(ROLE.manager, 'Manager On Register');
    for (const target of [supervisor, manager]) {
      const read = await api('GET', `/worker/getoneworker/${target.staffId}`, managerToken);
      expect(read.json()[0].aadhar).toBe(target.form.aadhar);
      expect(read.json()[0].editable).toBe(true);
      const resign = await api('PUT', `/worker/update-worker/${target.staffId}`, managerToken, { ...target.form, status: 'Resigned' });
      expect(resign.statusCode).toBe(200);
      expect(await sessionCount(target.user.id)).toBe(0);
    }
  });

  it("an admin edits another admin's record, but the last admin who can sign in cannot be set to Resigned", async () => {
    // every admin of this file's database but the two below is disabled first
    await t.deps.db.update(users).set({ disabled: true }).where(eq(users.role, ROLE.admin));
    const first = await linkedAccount(ROLE.admin, 'First Admin');
    const second = await linkedAccount(ROLE.admin, 'Second Admin');

    const resignSecond = await api('PUT', `/worker/update-worker/${second.staffId}`, first.token, { ...second.form, status: 'Resigned' });
    expect(resignSecond.statusCode).toBe(200);
    expect((await api('GET', '/auth/adminauth', second.token)).statusCode).toBe(401);

    const resignSelf = await api('PUT', `/worker/update-worker/${first.staffId}`, first.token, { ...first.form, status: 'Resigned' });
    expect(resignSelf.statusCode).toBe(409);
    expect(resignSelf.json().msg).toBe(MSG.lastAdminResigned);
    const [record] = await t.deps.db.select().from(staff).where(eq(staff.id, first.staffId));
    expect(record!.status).toBe('Active');
    expect((await api('GET', '/auth/adminauth', first.token)).statusCode).toBe(200);

    // an edit that keeps them Active is still fine
    const rename = await api('PUT', `/worker/update-worker/${first.staffId}`, first.token, { ...first.form, name: 'First Admin Renamed', status: 'Active' });
    expect(rename.statusCode).toBe(200);
  });
});

describe('generated Emp IDs', () => {
  it('skip an Emp ID typed by hand that the sequence would hand out next', async () => {
    const probe = await api('POST', '/worker/create-worker', managerToken, workerPayload());
    const last = Number(String(probe.json().worker.empid).slice(3));
    const typed = [1, 2].map((step) => `EMP${String(last + step).padStart(5, '0')}`);
    for (const empid of typed) expect((await api('POST', '/worker/create-worker', managerToken, workerPayload({ empid }))).statusCode).toBe(201);

    const generated = await api('POST', '/worker/create-worker', managerToken, workerPayload());
    expect(generated.statusCode).toBe(201);
    expect(typed).not.toContain(generated.json().worker.empid);
    expect(generated.json().worker.empid).toMatch(/^EMP\d{5,}$/);
  });
});
