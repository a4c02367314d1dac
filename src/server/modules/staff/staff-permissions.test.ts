import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import { ROLE } from '../../../shared/roles.js';
import { maskAadhar, maskAccountNumber } from '../../../shared/staff.js';
import { sessions, staff, users } from '../../db/schema.js';
import { buildUser, type BuiltUser, newSessionToken, sessionToken, workerPayload } from '../../../../test/helpers/factories.js';
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
  const token = await sessionToken(t, user);
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

describe("staff records of managers' and admins' accounts (issue 24 point 8)", () => {
  it("a manager can neither rename, resign nor read the full Aadhaar or account number of an admin's record", async () => {
    const admin = await linkedAccount(ROLE.admin, 'Admin On Register');

    const read = await api('GET', `/worker/getoneworker/${admin.staffId}`, managerToken);
    expect(read.statusCode).toBe(200);
    expect(read.json()[0].aadhar).toBe(maskAadhar(admin.form.aadhar as string));
    expect(read.json()[0].acnumber).toBe(maskAccountNumber(admin.form.acnumber as string));
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

  it("a manager cannot rename, resign or re-designate a peer manager's record, nor read its private numbers", async () => {
    const peer = await linkedAccount(ROLE.manager, 'Peer Manager');
    const read = await api('GET', `/worker/getoneworker/${peer.staffId}`, managerToken);
    expect(read.json()[0]).toMatchObject({ aadhar: maskAadhar(peer.form.aadhar as string), acnumber: maskAccountNumber(peer.form.acnumber as string), editable: false, ownRecord: false });

    for (const change of [{ name: 'Renamed Peer' }, { status: 'Resigned' }, { designation: 'Supervisor' }, { acnumber: '999988887777' }]) {
      const refused = await api('PUT', `/worker/update-worker/${peer.staffId}`, managerToken, { ...peer.form, ...change });
      expect([refused.statusCode, refused.json().msg], JSON.stringify(change)).toEqual([403, MSG.staffOfHigherRole]);
    }
    const [record] = await t.deps.db.select().from(staff).where(eq(staff.id, peer.staffId));
    expect(record).toMatchObject({ name: 'Peer Manager', status: 'Active', designation: 'Cleaning Staff', acNumber: peer.form.acnumber });
    expect(await sessionCount(peer.user.id)).toBe(1);
    expect((await api('GET', '/auth/managerauth', peer.token)).statusCode).toBe(200);
  });

  it("an admin changes a manager's and another admin's record, reading them in full", async () => {
    const adminToken = await newSessionToken(t, { role: ROLE.admin });
    const peer = await linkedAccount(ROLE.manager, 'Manager For Admin');
    const otherAdmin = await linkedAccount(ROLE.admin, 'Admin For Admin');
    for (const target of [peer, otherAdmin]) {
      const read = await api('GET', `/worker/getoneworker/${target.staffId}`, adminToken);
      expect(read.json()[0]).toMatchObject({ aadhar: target.form.aadhar, acnumber: target.form.acnumber, editable: true });
      const rename = await api('PUT', `/worker/update-worker/${target.staffId}`, adminToken, { ...target.form, name: `${target.form.name as string} Renamed` });
      expect(rename.statusCode, rename.body).toBe(200);
    }
    const resign = await api('PUT', `/worker/update-worker/${peer.staffId}`, adminToken, { ...peer.form, status: 'Resigned' });
    expect(resign.statusCode).toBe(200);
    expect(await sessionCount(peer.user.id)).toBe(0);
  });

  it("a manager still edits a supervisor's record, with the full Aadhaar and account number", async () => {
    const supervisor = await linkedAccount(ROLE.supervisor, 'Supervisor On Register');
    const read = await api('GET', `/worker/getoneworker/${supervisor.staffId}`, managerToken);
    expect(read.json()[0]).toMatchObject({ aadhar: supervisor.form.aadhar, acnumber: supervisor.form.acnumber, editable: true, ownRecord: false });
    const resign = await api('PUT', `/worker/update-worker/${supervisor.staffId}`, managerToken, { ...supervisor.form, status: 'Resigned' });
    expect(resign.statusCode).toBe(200);
    expect(await sessionCount(supervisor.user.id)).toBe(0);
  });

  it('a manager edits their own phone and bank details, but not their designation nor Resigned', async () => {
    const own = await linkedAccount(ROLE.manager, 'Manager Self');
    const read = await api('GET', `/worker/getoneworker/${own.staffId}`, own.token);
    expect(read.json()[0]).toMatchObject({ aadhar: own.form.aadhar, acnumber: own.form.acnumber, editable: true, ownRecord: true });

    const bank = await api('PUT', `/worker/update-worker/${own.staffId}`, own.token, { ...own.form, phone: '9123456780', acnumber: '111122223333', status: 'On Leave' });
    expect(bank.statusCode, bank.body).toBe(200);
    for (const change of [{ status: 'Resigned' }, { designation: 'Supervisor' }]) {
      const refused = await api('PUT', `/worker/update-worker/${own.staffId}`, own.token, { ...own.form, phone: '9123456780', acnumber: '111122223333', ...change });
      expect([refused.statusCode, refused.json().msg], JSON.stringify(change)).toEqual([403, MSG.ownStaffRecord]);
    }
    const [record] = await t.deps.db.select().from(staff).where(eq(staff.id, own.staffId));
    expect(record).toMatchObject({ phone: '9123456780', acNumber: '111122223333', status: 'On Leave', designation: 'Cleaning Staff' });
    expect((await api('GET', '/auth/managerauth', own.token)).statusCode).toBe(200);
  });

  it("lists show a manager the account numbers of managers' and admins' records masked, and an admin every one in full", async () => {
    const admin = await linkedAccount(ROLE.admin, 'Listed Admin');
    const peer = await linkedAccount(ROLE.manager, 'Listed Manager');
    const supervisor = await linkedAccount(ROLE.supervisor, 'Listed Supervisor');
    const adminToken = await newSessionToken(t, { role: ROLE.admin });
    const listed = async (token: string) => {
      const rows = (await api('GET', '/worker/get-workers?q=Listed', token)).json() as { name: string; acnumber: string | null }[];
      return Object.fromEntries(rows.map((row) => [row.name, row.acnumber]));
    };
    expect(await listed(managerToken)).toEqual({
      'Listed Admin': maskAccountNumber(admin.form.acnumber as string),
      'Listed Manager': maskAccountNumber(peer.form.acnumber as string),
      'Listed Supervisor': supervisor.form.acnumber,
    });
    // the peer reads the same list (one kept answer for every manager)
    expect(await listed(peer.token)).toEqual(await listed(managerToken));
    expect(await listed(adminToken)).toEqual({ 'Listed Admin': admin.form.acnumber, 'Listed Manager': peer.form.acnumber, 'Listed Supervisor': supervisor.form.acnumber });
  });

  it('an admin cannot set themself Resigned; of two admins resigning each other at once, one stays able to sign in', async () => {
    // every admin of this file's database but the two below is disabled first
    await t.deps.db.update(users).set({ disabled: true }).where(eq(users.role, ROLE.admin));
    const first = await linkedAccount(ROLE.admin, 'First Admin');
    const second = await linkedAccount(ROLE.admin, 'Second Admin');

    const resignSelf = await api('PUT', `/worker/update-worker/${first.staffId}`, first.token, { ...first.form, status: 'Resigned' });
    expect([resignSelf.statusCode, resignSelf.json().msg]).toEqual([403, MSG.ownStaffRecord]);
    // an edit of their own that keeps them Active is fine
    const rename = await api('PUT', `/worker/update-worker/${first.staffId}`, first.token, { ...first.form, name: 'First Admin Renamed', status: 'Active' });
    expect(rename.statusCode).toBe(200);

    const answers = await Promise.all([
      api('PUT', `/worker/update-worker/${second.staffId}`, first.token, { ...second.form, status: 'Resigned' }),
      api('PUT', `/worker/update-worker/${first.staffId}`, second.token, { ...first.form, name: 'First Admin Renamed', status: 'Resigned' }),
    ]);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    // the other was refused by the last-admin rule, or its session had already ended
    const refused = answers.find((answer) => answer.statusCode !== 200)!;
    expect([401, 409]).toContain(refused.statusCode);
    if (refused.statusCode === 409) expect(refused.json().msg).toBe(MSG.lastAdminResigned);
    const canSignIn = await Promise.all([first.token, second.token].map(async (token) => (await api('GET', '/auth/adminauth', token)).statusCode));
    expect(canSignIn.filter((status) => status === 200)).toHaveLength(1);
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
