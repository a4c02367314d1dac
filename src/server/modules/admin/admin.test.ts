import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { DEFAULT_COMPANY_PROFILE } from '../../../shared/company-profile.js';
import { DEFAULT_STAFFING_NORM } from '../../../shared/duties.js';
import { STAFFING_NORM_MAX } from '../../../shared/limits.js';
import { MSG } from '../../../shared/messages.js';
import { ROLE } from '../../../shared/roles.js';
import { bill, buildStaff, buildUser, duty, sessionToken, type BuiltUser, newSessionToken } from '../../../../test/helpers/factories.js';
import { createTestApp, MemoryMailer, type TestApp } from '../../../../test/helpers/test-app.js';
import { sheetCells } from '../../../../test/xlsx-cells.js';

const mailer = new MemoryMailer();
let t: TestApp;
let admin: BuiltUser;
let adminToken: string;
let managerToken: string;
let supervisorToken: string;

beforeAll(async () => {
  t = await createTestApp({ mailer });
  admin = await buildUser(t.deps.db, { role: ROLE.admin, name: 'Admin Anita' });
  adminToken = await sessionToken(t, admin);
  managerToken = await newSessionToken(t, { role: ROLE.manager, name: 'Manager Mohan' });
  supervisorToken = await newSessionToken(t, { role: ROLE.supervisor, work: 'mcc' });
});
afterAll(async () => {
  await t.close();
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | undefined, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, payload, headers: token ? { authorization: token } : {} });

describe('admin permissions', () => {
  const endpoints: [('GET' | 'POST' | 'PUT' | 'DELETE'), string, object?][] = [
    ['GET', '/admin/overview'],
    ['GET', '/admin/accounts'],
    ['POST', '/admin/accounts', { name: 'X', email: 'x@example.com', password: 'long-enough-1', role: 0 }],
    ['PUT', '/admin/accounts/00000000-0000-4000-8000-000000000000', { disabled: true }],
    ['POST', '/admin/accounts/00000000-0000-4000-8000-000000000000/send-reset'],
    ['POST', '/admin/accounts/00000000-0000-4000-8000-000000000000/end-sessions'],
    ['POST', '/admin/states', { name: 'Atlantis' }],
    ['PUT', '/admin/states/00000000-0000-4000-8000-000000000000', { name: 'Atlantis' }],
    ['DELETE', '/admin/states/00000000-0000-4000-8000-000000000000'],
    ['PUT', '/admin/company-profile', DEFAULT_COMPANY_PROFILE],
    ['GET', '/admin/staffing-norms'],
    ['PUT', '/admin/staffing-norms/mcc', { perCoach: 1 }],
    ['PUT', '/admin/contract-terms', { work: 'mcc', effectiveFrom: '2026-01', unit: 'coach', rate: 350, penaltyPerMissingWorker: 100 }],
    ['GET', '/admin/audit'],
    // issue 28: the exports, for admins only, as the lists
    ['GET', '/admin/accounts/export'],
    ['GET', '/admin/audit/export'],
  ];
  for (const [method, url, body] of endpoints) {
    it(`${method} ${url} answers 403 to managers and supervisors, 401 to strangers`, async () => {
      expect((await api(method, url, managerToken, body)).statusCode).toBe(403);
      expect((await api(method, url, supervisorToken, body)).statusCode).toBe(403);
      expect((await api(method, url, undefined, body)).statusCode).toBe(401);
    });
  }
});

describe('accounts', () => {
  it('lists accounts with filters and search', async () => {
    const response = await api('GET', '/admin/accounts?q=mohan', adminToken);
    expect(response.statusCode).toBe(200);
    expect(response.json().accounts.map((a: { name: string }) => a.name)).toEqual(['Manager Mohan']);
    const admins = (await api('GET', '/admin/accounts?role=2', adminToken)).json();
    expect(admins.accounts.every((a: { role: number }) => a.role === 2)).toBe(true);
    expect(admins.accounts[0]).toMatchObject({ email: admin.email, disabled: false, lastLoginAt: expect.any(String) });
  });

  it('creates a manager account that can sign in, and refuses a taken e-mail', async () => {
    const created = await api('POST', '/admin/accounts', adminToken, { name: 'New Manager', email: 'new.manager@example.com', password: 'manager-pass-1', role: 1 });
    expect(created.statusCode).toBe(201);
    const login = await api('POST', '/auth/login', undefined, { email: 'new.manager@example.com', password: 'manager-pass-1' });
    expect(login.json().user.role).toBe(1);
    const again = await api('POST', '/admin/accounts', adminToken, { name: 'Again', email: 'NEW.manager@example.com', password: 'manager-pass-1', role: 0 });
    expect(again.json()).toEqual({ success: false, msg: MSG.alreadyRegistered, code: 'alreadyRegistered' });
    const bad = await api('POST', '/admin/accounts', adminToken, { name: 'Bad', email: 'bad@example.com', password: 'short', role: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe(MSG.passwordTooShort);
  });

  it('changes role and work type; disabling ends the sessions at once', async () => {
    const person = await buildUser(t.deps.db, { role: ROLE.supervisor, work: 'mcc' });
    const token = await sessionToken(t, person);
    expect((await api('PUT', `/admin/accounts/${person.id}`, adminToken, { work: 'acca' })).statusCode).toBe(200);
    expect((await api('GET', '/auth/userauth', token)).statusCode).toBe(200);
    expect((await api('PUT', `/admin/accounts/${person.id}`, adminToken, { disabled: true })).statusCode).toBe(200);
    expect((await api('GET', '/auth/userauth', token)).statusCode).toBe(401);
    expect((await api('POST', '/auth/login', undefined, { email: person.email, password: person.password })).statusCode).toBe(401); // as a wrong password (decision 12)
    expect((await api('PUT', `/admin/accounts/${person.id}`, adminToken, { disabled: false, role: 1 })).statusCode).toBe(200);
    const login = await api('POST', '/auth/login', undefined, { email: person.email, password: person.password });
    expect(login.json().user).toMatchObject({ role: 1, work: 'acca' });
  });

  it('never disables or demotes the last admin', async () => {
    const fresh = await createTestApp();
    try {
      const only = await buildUser(fresh.deps.db, { role: ROLE.admin });
      const token = await sessionToken(fresh, only);
      const call = (payload: object) => fresh.app.inject({ method: 'PUT', url: `/api/v1/admin/accounts/${only.id}`, payload, headers: { authorization: token } });
      for (const payload of [{ disabled: true }, { role: 1 }]) {
        const response = await call(payload);
        expect(response.statusCode).toBe(409);
        expect(response.json().msg).toBe(MSG.lastAdmin);
      }
      // another admin whose staff record is Resigned cannot sign in, so does not count
      const resignedAdmin = await buildUser(fresh.deps.db, { role: ROLE.admin });
      const record = await buildStaff(fresh.deps.db, { status: 'Resigned', designation: 'Manager' });
      await fresh.deps.db.update(users).set({ staffId: record.id }).where(eq(users.id, resignedAdmin.id));
      const stillLast = await call({ disabled: true });
      expect(stillLast.statusCode).toBe(409);
      expect(stillLast.json().msg).toBe(MSG.lastAdmin);

      await buildUser(fresh.deps.db, { role: ROLE.admin });
      expect((await call({ role: 1 })).statusCode).toBe(200);
    } finally {
      await fresh.close();
    }
  });

  it('sends a reset code and ends all sessions of an account', async () => {
    const person = await buildUser(t.deps.db, { role: ROLE.manager });
    const token = await sessionToken(t, person);
    const sent = await api('POST', `/admin/accounts/${person.id}/send-reset`, adminToken);
    expect(sent.json().msg).toBe(MSG.resetCodeSent);
    expect(mailer.sent.at(-1)?.to).toBe(person.email);
    expect(mailer.sent.at(-1)?.text).toMatch(/password is \d{6}/);
    expect((await api('POST', `/admin/accounts/${person.id}/end-sessions`, adminToken)).statusCode).toBe(200);
    expect((await api('GET', '/auth/managerauth', token)).statusCode).toBe(401);
    expect((await api('POST', '/admin/accounts/00000000-0000-4000-8000-000000000000/end-sessions', adminToken)).statusCode).toBe(404);
  });
});

describe('reference data', () => {
  it('seeds the states and union territories, and lets the admin add, rename and remove', async () => {
    const list = await api('GET', '/states/get-states', supervisorToken);
    expect(list.statusCode).toBe(200);
    const names = list.json().state.map((s: { name: string }) => s.name);
    expect(names).toHaveLength(36);
    expect(names).toContain('Kerala');
    expect(names).toContain('Ladakh');
    expect((await api('GET', '/states/get-states', undefined)).statusCode).toBe(401);

    const added = await api('POST', '/admin/states', adminToken, { name: 'New Territory' });
    expect(added.statusCode).toBe(201);
    expect((await api('POST', '/admin/states', adminToken, { name: 'kerala' })).json().msg).toBe(MSG.stateExists);
    const renamed = await api('PUT', `/admin/states/${added.json()._id}`, adminToken, { name: 'Renamed Territory' });
    expect(renamed.json().name).toBe('Renamed Territory');
    expect((await api('DELETE', `/admin/states/${added.json()._id}`, adminToken)).statusCode).toBe(200);
    expect((await api('GET', '/states/get-states', managerToken)).json().state).toHaveLength(36);
  });

  it('serves the company profile publicly and lets the admin change it', async () => {
    const before = await api('GET', '/company-profile', undefined);
    // issue 13: the answer also carries the company's time zone (APP_TZ)
    expect(before.json()).toEqual({ ...DEFAULT_COMPANY_PROFILE, timeZone: t.deps.config.appTz });
    const changed = await api('PUT', '/admin/company-profile', adminToken, { ...DEFAULT_COMPANY_PROFILE, phone: '+91 484 222 3333' });
    expect(changed.statusCode).toBe(200);
    expect((await api('GET', '/company-profile', undefined)).json().phone).toBe('+91 484 222 3333');
    const bad = await api('PUT', '/admin/company-profile', adminToken, { ...DEFAULT_COMPANY_PROFILE, email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('Enter a valid email address');
  });

  it('uses a changed staffing norm for new duties', async () => {
    expect((await api('PUT', '/admin/staffing-norms/mcc', adminToken, { perCoach: 1.25 })).statusCode).toBe(200);
    const norms = (await api('GET', '/admin/staffing-norms', adminToken)).json().norms;
    expect(norms).toContainEqual({ work: 'mcc', perCoach: 1.25 });
    expect(norms).toContainEqual({ work: 'acca', perCoach: 0.6 });
    const supervisor = await buildUser(t.deps.db, { role: ROLE.supervisor, work: 'mcc' });
    const worker = await buildStaff(t.deps.db, { work: 'mcc' });
    const added = await duty(t, managerToken, { trainno: '1', totalcoach: 8, supervisor: supervisor.id, workers: [worker.id] });
    expect(added.reqq).toBe(10);
    expect((await api('PUT', '/admin/staffing-norms/mcc', adminToken, { perCoach: 0 })).statusCode).toBe(400);
    // issue 13: {work} is a path parameter of the shared work schema; a name that is no work type names no norm
    const unknown = await api('PUT', '/admin/staffing-norms/kitchen', adminToken, { perCoach: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe(MSG.workInvalid);
    // any letter case, and 'pit & yard' URL-encoded
    expect((await api('PUT', '/admin/staffing-norms/Pit%20%26%20Yard', adminToken, { perCoach: '0.75' })).statusCode).toBe(200);
    expect((await api('GET', '/admin/staffing-norms', adminToken)).json().norms).toContainEqual({ work: 'pit & yard', perCoach: 0.75 });
    const tooMany = await api('PUT', '/admin/staffing-norms/mcc', adminToken, { perCoach: STAFFING_NORM_MAX + 1 });
    expect(tooMany.json().msg).toBe(MSG.staffingNormTooHigh(STAFFING_NORM_MAX));
    expect((await api('PUT', '/admin/staffing-norms/mcc', adminToken, {})).json().msg).toBe(MSG.staffingNormRequired(DEFAULT_STAFFING_NORM));
  });

  it('shows the contract period of the work type\'s terms on its bills', async () => {
    const terms = { work: 'bio', effectiveFrom: '2025-01', unit: 'tank', rate: 40, penaltyPerMissingWorker: 50, contractPeriod: 'Apr 2025 – Mar 2028' };
    expect((await api('PUT', '/admin/contract-terms', adminToken, terms)).statusCode).toBe(200);
    // the contract periods' own address is gone (issue 27): the terms carry the period
    expect((await api('PUT', '/admin/contract-periods/bio', adminToken, { period: 'Apr 2025 – Mar 2028' })).statusCode).toBe(404);
    await bill(t, managerToken, { work: 'bio', month: '2026-10', billvalue: 1, penalty: 0, netamount: 1 });
    const bills = (await api('GET', '/mcctrain/getbills?work=bio', managerToken)).json().bills;
    expect(bills[0].contractperiod).toBe('Apr 2025 – Mar 2028');
    expect((await api('GET', '/contract-periods', managerToken)).json().periods).toContainEqual({ work: 'bio', period: 'Apr 2025 – Mar 2028' });
  });
});

describe('audit trail', () => {
  it('lists every change newest first with who, what, before and after; filters and pages in SQL', async () => {
    const all = (await api('GET', '/admin/audit?limit=200', adminToken)).json();
    const actions = all.entries.map((e: { action: string }) => e.action);
    for (const action of ['account.create', 'account.update', 'state.create', 'state.update', 'state.delete', 'company.update', 'norm.update', 'contract-terms.update', 'duty.create', 'bill.create']) {
      expect(actions).toContain(action);
    }
    const ids = all.entries.map((e: { _id: number }) => e._id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);

    const company = (await api('GET', '/admin/audit?entity=company', adminToken)).json().entries;
    expect(company).toHaveLength(1);
    expect(company[0]).toMatchObject({ actorName: 'Admin Anita', before: { phone: DEFAULT_COMPANY_PROFILE.phone }, after: { phone: '+91 484 222 3333' } });

    const mine = (await api('GET', `/admin/audit?actor=${admin.id}&limit=3`, adminToken)).json();
    expect(mine.entries).toHaveLength(3);
    expect(mine.entries.every((e: { actorId: string }) => e.actorId === admin.id)).toBe(true);
    const next = (await api('GET', `/admin/audit?actor=${admin.id}&limit=3&cursor=${mine.nextCursor}`, adminToken)).json();
    expect(next.entries[0]._id).toBeLessThan(mine.entries[2]._id);

    const future = (await api('GET', '/admin/audit?from=2999-01-01', adminToken)).json();
    expect(future.entries).toEqual([]);
  });

  it("names a duty's train (issue 15), as it is now or as recorded when the duty is gone; other entries have no train field", async () => {
    const all = (await api('GET', '/admin/audit?limit=200', adminToken)).json().entries as { entity: string; entityId: string; trainNo?: string | null }[];
    const duty = all.find((entry) => entry.entity === 'duty')!;
    expect(duty.trainNo).toBe('1');
    expect(all.filter((entry) => entry.entity !== 'duty').every((entry) => !('trainNo' in entry))).toBe(true);

    // the number as it is now
    await t.deps.db.execute(sql`update duties set train_no = '16302' where id = ${duty.entityId}`);
    const renamed = (await api('GET', `/admin/audit?entity=duty&entityId=${duty.entityId}`, adminToken)).json().entries;
    expect(renamed[0]).toMatchObject({ entityId: duty.entityId, trainNo: '16302' });
    // the duty gone: the number the entry recorded
    await t.deps.db.execute(sql`delete from duties where id = ${duty.entityId}`);
    const gone = (await api('GET', `/admin/audit?entity=duty&entityId=${duty.entityId}`, adminToken)).json().entries;
    expect(gone[0]).toMatchObject({ entityId: duty.entityId, trainNo: '1' });
  });

  it("names a duty's crew (issue 28): the staff ids its entries recorded, by name; other entries have no crew field", async () => {
    const worker = await buildStaff(t.deps.db, { work: 'mcc', name: 'Crew Chandran' });
    const other = await buildStaff(t.deps.db, { work: 'mcc', name: 'Crew Kavitha' });
    const supervisor = await buildUser(t.deps.db, { role: ROLE.supervisor, work: 'mcc' });
    const fields = { trainno: '22', totalcoach: 4, supervisor: supervisor.id };
    const { _id: id } = await duty(t, managerToken, { ...fields, workers: [worker.id] }, { ...fields, status: 'processing', workers: [other.id] });
    const entries = (await api('GET', `/admin/audit?entity=duty&entityId=${id}`, adminToken)).json().entries as { action: string; crewNames?: Record<string, string> }[];
    expect(entries.find((entry) => entry.action === 'duty.create')!.crewNames).toEqual({ [worker.id]: 'Crew Chandran' });
    expect(entries.find((entry) => entry.action === 'duty.update')!.crewNames).toEqual({ [worker.id]: 'Crew Chandran', [other.id]: 'Crew Kavitha' });
    const all = (await api('GET', '/admin/audit?limit=200', adminToken)).json().entries as { entity: string }[];
    expect(all.filter((entry) => entry.entity !== 'duty').every((entry) => !('crewNames' in entry))).toBe(true);
  });
});


describe('office lists (issue 28): accounts and the audit trail', () => {
  it('sorts the accounts by a column either way, keeps the filters, and refuses an unknown column (400)', async () => {
    await buildUser(t.deps.db, { role: ROLE.supervisor, name: 'Zara Sort', email: 'aaa.sort@example.com', work: 'bio' });
    await buildUser(t.deps.db, { role: ROLE.supervisor, name: 'Aaron Sort', email: 'zzz.sort@example.com', work: 'acca' });
    const names = async (query: string) => (await api('GET', `/admin/accounts?q=sort&${query}`, adminToken)).json().accounts.map((a: { name: string }) => a.name);
    expect(await names('')).toEqual(['Aaron Sort', 'Zara Sort']);
    expect(await names('sort=-name')).toEqual(['Zara Sort', 'Aaron Sort']);
    expect(await names('sort=email')).toEqual(['Zara Sort', 'Aaron Sort']);
    expect(await names('sort=-email')).toEqual(['Aaron Sort', 'Zara Sort']);
    expect(await names('sort=work')).toEqual(['Aaron Sort', 'Zara Sort']);
    expect(await names('sort=-work&work=bio')).toEqual(['Zara Sort']);
    const roles = (await api('GET', '/admin/accounts?sort=-role&limit=100', adminToken)).json().accounts.map((a: { role: number }) => a.role);
    expect(roles).toEqual([...roles].sort((a, b) => b - a));
    expect(roles[0]).toBe(ROLE.admin);
    const refused = await api('GET', '/admin/accounts?sort=password', adminToken);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe(MSG.lists.sortInvalid);
  });

  it('exports the accounts of the view, every page, sorted, with no secret', async () => {
    const response = await api('GET', '/admin/accounts/export?q=sort&sort=-name', adminToken);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toMatch(/Accounts_\d{4}-\d{2}-\d{2}\.xlsx/);
    const rows = sheetCells(response.rawPayload);
    expect(rows[0]![0]!.v).toBe(`${MSG.officeLists.accountsTitle} — ${MSG.fields.search}: sort`);
    expect(rows[1]!.map((cell) => cell.v)).toEqual([MSG.columnName, 'E-mail', 'Phone', 'Role', 'Work type', 'Staff record', 'Status', 'Last sign-in', 'Created']);
    expect(rows.slice(2).map((row) => row[0]!.v)).toEqual(['Zara Sort', 'Aaron Sort']);
    expect(rows[2]!.slice(1, 7).map((cell) => cell.v)).toEqual(['aaa.sort@example.com', undefined, 'Supervisor', 'BIO TOILET', undefined, 'Enabled']);
    expect(rows[2]![8]).toMatchObject({ t: 'n' });
    // every account, past the list's page size, and nothing stored as a secret
    const all = sheetCells((await api('GET', '/admin/accounts/export', adminToken)).rawPayload);
    const total = (await api('GET', '/admin/accounts?limit=1', adminToken)).json().total;
    expect(all.length - 2).toBe(total);
    const [stored] = await t.deps.db.select().from(users).where(eq(users.email, 'aaa.sort@example.com'));
    const text = JSON.stringify(all.map((row) => row.map((cell) => cell.v)));
    expect(text).not.toContain(stored!.passwordHash);
    expect(text).not.toMatch(/\$2[aby]\$|argon|scrypt/);
  });

  it('searches the trail by the actor, an account\'s name and a train number, in SQL', async () => {
    const search = async (q: string) => (await api('GET', `/admin/audit?q=${encodeURIComponent(q)}&limit=200`, adminToken)).json().entries as { actorName: string; entity: string; entityId: string; action: string }[];
    const created = await api('POST', '/admin/accounts', adminToken, { name: 'Trail Person', email: 'trail.person@example.com', password: 'long-enough-1', role: 0 });
    expect(created.statusCode).toBe(201);
    const byActor = await search('anita');
    expect(byActor.length).toBeGreaterThan(0);
    expect(byActor.every((entry) => entry.actorName === 'Admin Anita')).toBe(true);
    const byRecord = await search('trail person');
    expect(byRecord.map((entry) => entry.action)).toContain('account.create');
    expect(byRecord.every((entry) => entry.entity === 'account')).toBe(true);
    const supervisor = await buildUser(t.deps.db, { role: ROLE.supervisor, work: 'mcc' });
    await duty(t, managerToken, { trainno: '12626', totalcoach: 4, supervisor: supervisor.id });
    const byTrain = await search('1262');
    expect(byTrain.length).toBeGreaterThan(0);
    expect(byTrain.every((entry) => entry.entity === 'duty')).toBe(true);
    expect(await search('no-such-thing-anywhere')).toEqual([]);
  });

  it('exports the trail of the filters, newest first: time as a date-time, the record named, before and after as text', async () => {
    const response = await api('GET', `/admin/audit/export?entity=account&q=${encodeURIComponent('trail person')}`, adminToken);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/Audit_\d{4}-\d{2}-\d{2}\.xlsx/);
    const rows = sheetCells(response.rawPayload);
    expect(rows[0]![0]!.v).toContain(MSG.officeLists.auditTitle);
    expect(rows[0]![0]!.v).toContain('Record type: account');
    expect(rows[1]!.map((cell) => cell.v)).toEqual(['Time', 'By', 'Action', 'Record type', 'Record', 'Before', 'After']);
    const entry = rows[2]!;
    expect(entry[0]).toMatchObject({ t: 'n', z: 'dd-mm-yyyy hh:mm' });
    expect(entry.slice(1, 4).map((cell) => cell.v)).toEqual(['Admin Anita', 'account.create', 'account']);
    expect(String(entry[4]!.v)).toMatch(/^Trail Person \([0-9a-f-]{36}\)$/);
    expect(entry[5]!.v).toBeUndefined();
    expect(entry[6]!.v).toContain('email: trail.person@example.com');
    expect(String(entry[6]!.v)).not.toContain('{');
    // the whole trail, not a page of it
    const everything = sheetCells((await api('GET', '/admin/audit/export', adminToken)).rawPayload);
    const listed = (await api('GET', '/admin/audit?limit=200', adminToken)).json().entries.length;
    expect(everything.length - 2).toBe(listed);
  });
});

describe('the API document (issue 13)', () => {
  type Schema = { type?: string; format?: string; enum?: unknown[]; anyOf?: Schema[]; minLength?: number; maxLength?: number; maximum?: number; properties?: Record<string, Schema>; required?: string[] };
  type Operation = { requestBody?: { content: Record<string, { schema: Schema }> }; parameters?: { name: string; in: string; schema: Schema }[]; responses: Record<string, unknown> };
  const operation = (method: string, path: string) =>
    (t.app as unknown as { swagger(): { paths: Record<string, Record<string, Operation>> } }).swagger().paths[`/api/v1${path}`]![method]!;
  const bodyOf = (method: string, path: string) => operation(method, path).requestBody!.content['application/json']!.schema;

  it('states formats, lengths, choices and required fields of the auth and admin bodies', () => {
    const login = bodyOf('post', '/auth/login');
    expect(login.required).toEqual(['email', 'password']);
    expect(login.properties!.email).toMatchObject({ type: 'string', format: 'email', maxLength: 254 });

    const register = bodyOf('post', '/auth/register');
    expect(register.required).toEqual(expect.arrayContaining(['name', 'email', 'password', 'confirmPassword']));
    expect(register.properties!.name).toMatchObject({ minLength: 1, maxLength: 100 });
    expect(JSON.stringify(register.properties!.phone)).toContain('\\\\d{10}');
    expect(JSON.stringify(register.properties!.role)).toContain('[0,1,2]');
    expect(JSON.stringify(register.properties!.work)).toContain('pit & yard');

    const account = bodyOf('post', '/admin/accounts');
    expect(account.required).toEqual(expect.arrayContaining(['name', 'email', 'password', 'role']));
    expect(account.properties!.password).toMatchObject({ minLength: 8, maxLength: 200 });

    expect(JSON.stringify(bodyOf('put', '/admin/staffing-norms/{work}').properties!.perCoach)).toContain(`"maximum":${STAFFING_NORM_MAX}`);
    expect(JSON.stringify(operation('put', '/admin/staffing-norms/{work}').parameters)).toContain('pit & yard');
  });

  it('answers every route with a schema, /admin/overview and the guards\' refusals included', () => {
    expect(Object.keys(operation('get', '/admin/overview').responses)).toEqual(expect.arrayContaining(['200', '401', '403']));
    expect(JSON.stringify(operation('get', '/auth/adminauth').responses['401'])).toContain('"ok"');
  });
});
