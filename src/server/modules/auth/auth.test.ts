import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOGIN_FAILURE_LIMIT, STAFF_TEXT_MAX } from '../../../shared/limits.js';
import { supervisorStaffBody } from '../../../shared/schemas/staff.js';
import { MSG } from '../../../shared/messages.js';
import { ROLE, type Role } from '../../../shared/roles.js';
import { users } from '../../db/schema.js';
import { countUsers } from './accounts.service.js';
import * as passwords from './passwords.js';
import { buildStaff, buildUser, loginAs } from '../../../../test/helpers/factories.js';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.js';
import { eq } from 'drizzle-orm';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: unknown, token?: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, headers: token ? { authorization: token } : {} });
const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: token ? { authorization: token } : {} });

describe('POST /auth/login', () => {
  it('signs in and answers the user and a token', async () => {
    const user = await buildUser(t.deps.db, { role: ROLE.manager, name: 'Asha Nair' });
    const response = await post('/auth/login', { email: user.email.toUpperCase(), password: user.password });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      success: true,
      msg: 'Login successfully',
      code: 'loginSuccess',
      user: { _id: user.id, name: 'Asha Nair', email: user.email, role: 1, work: null },
      token: expect.any(String),
    });
    expect(body.token.length).toBeGreaterThanOrEqual(40);
    expect(JSON.stringify(body)).not.toContain('password');
  });

  it('answers one message for an unknown e-mail and for a wrong password', async () => {
    const user = await buildUser(t.deps.db);
    const wrongPassword = await post('/auth/login', { email: user.email, password: 'not-the-password' });
    const unknownEmail = await post('/auth/login', { email: 'nobody@example.com', password: 'whatever-1' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json().msg).toBe(MSG.invalidCredentials);
    expect(unknownEmail.json().msg).toBe(MSG.invalidCredentials);
  });

  it('answers a disabled or Resigned account with the right password exactly as a wrong password, after the same hash check', async () => {
    const disabled = await buildUser(t.deps.db);
    await t.deps.db.update(users).set({ disabled: true }).where(eq(users.id, disabled.id));
    const resigned = await buildUser(t.deps.db);
    const record = await buildStaff(t.deps.db, { status: 'Resigned' });
    await t.deps.db.update(users).set({ staffId: record.id }).where(eq(users.id, resigned.id));

    for (const user of [disabled, resigned]) {
      const verify = vi.spyOn(passwords, 'verifyPassword');
      try {
        const right = await post('/auth/login', { email: user.email, password: user.password });
        const wrong = await post('/auth/login', { email: user.email, password: 'not-the-password' });
        expect(right.statusCode).toBe(401);
        expect(right.statusCode).toBe(wrong.statusCode);
        expect(right.json()).toEqual(wrong.json());
        expect(right.json()).toEqual({ success: false, msg: MSG.invalidCredentials, code: 'invalidCredentials' });
        // both answers came after checking the password against the account's own hash
        expect(verify.mock.calls.map(([hash]) => hash)).toEqual([user.passwordHash, user.passwordHash]);
      } finally {
        verify.mockRestore();
      }
    }
  });

  it('validates input with a clear 400', async () => {
    expect((await post('/auth/login', { email: '', password: 'x' })).json()).toEqual({ msg: MSG.emailRequired, code: 'emailRequired' });
    expect((await post('/auth/login', { email: 'not-an-email', password: 'x' })).json()).toEqual({ msg: MSG.emailInvalid, code: 'emailInvalid' });
    const noPassword = await post('/auth/login', { email: 'a@example.com' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toEqual({ msg: MSG.passwordRequired, code: 'passwordRequired' });
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toEqual({ msg: MSG.bodyNotJson, code: 'bodyNotJson' });
  });

  it(`refuses further attempts with 429 after ${LOGIN_FAILURE_LIMIT} failures within 15 minutes, per e-mail`, async () => {
    const user = await buildUser(t.deps.db);
    const other = await buildUser(t.deps.db);
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i += 1) {
      expect((await post('/auth/login', { email: user.email, password: `wrong-${i}` })).statusCode).toBe(401);
    }
    const blocked = await post('/auth/login', { email: user.email, password: user.password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().msg).toBe(MSG.tooManyLogins);
    // another e-mail is not affected
    expect((await post('/auth/login', { email: other.email, password: other.password })).statusCode).toBe(200);

    // The counter is in the database: a second server instance on it refuses as well.
    const second = await createTestApp({ database: t.database });
    try {
      const response = await second.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: user.email, password: user.password },
      });
      expect(response.statusCode).toBe(429);
    } finally {
      await second.close();
    }

    // once the window has passed, the right password works again
    await t.deps.db.execute(
      sql`update rate_limits set window_start = now() - interval '16 minutes' where key = ${`login-fail:${user.email}`}`,
    );
    expect((await post('/auth/login', { email: user.email, password: user.password })).statusCode).toBe(200);
  });

  it(`checks at most ${LOGIN_FAILURE_LIMIT} passwords of 50 simultaneous wrong ones, then refuses even the right one`, async () => {
    const user = await buildUser(t.deps.db);
    const verify = vi.spyOn(passwords, 'verifyPassword');
    try {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => post('/auth/login', { email: user.email, password: `wrong-guess-${i}` })),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      const checked = verify.mock.calls.length;
      expect(checked).toBeLessThanOrEqual(LOGIN_FAILURE_LIMIT);
      expect(statuses.filter((status) => status === 401)).toHaveLength(checked);
      expect(statuses.filter((status) => status === 429)).toHaveLength(50 - checked);
      const right = await post('/auth/login', { email: user.email, password: user.password });
      expect(right.statusCode).toBe(429);
      expect(right.json().msg).toBe(MSG.tooManyLogins);
      expect(verify.mock.calls.length).toBe(checked);
    } finally {
      verify.mockRestore();
    }
  });

  it('a successful sign-in clears the failure count', async () => {
    const user = await buildUser(t.deps.db);
    for (let i = 0; i < LOGIN_FAILURE_LIMIT - 1; i += 1) await post('/auth/login', { email: user.email, password: 'wrong-pass' });
    expect((await post('/auth/login', { email: user.email, password: user.password })).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_FAILURE_LIMIT - 1; i += 1) await post('/auth/login', { email: user.email, password: 'wrong-pass' });
    expect((await post('/auth/login', { email: user.email, password: user.password })).statusCode).toBe(200);
  });
});

describe('sessions and guards', () => {
  const guards = ['/auth/userauth', '/auth/managerauth', '/auth/adminauth'] as const;
  const allowed: Record<(typeof guards)[number], Role[]> = {
    '/auth/userauth': [ROLE.supervisor, ROLE.manager],
    '/auth/managerauth': [ROLE.manager],
    '/auth/adminauth': [ROLE.admin],
  };

  for (const role of [ROLE.supervisor, ROLE.manager, ROLE.admin] as const) {
    it(`answers each area check for role ${role}`, async () => {
      const user = await buildUser(t.deps.db, { role });
      const token = await loginAs(t.app, user);
      for (const guard of guards) {
        const response = await get(guard, token);
        if (allowed[guard].includes(role)) {
          expect(response.statusCode, guard).toBe(200);
          expect(response.json()).toEqual({ ok: true });
        } else {
          expect(response.statusCode, guard).toBe(403);
          expect(response.json().ok).toBe(false);
        }
      }
    });
  }

  it('answers 401 {ok: false} without a token, with a made-up one, and with an expired one', async () => {
    for (const guard of guards) {
      const none = await get(guard);
      expect(none.statusCode).toBe(401);
      expect(none.json().ok).toBe(false);
      expect((await get(guard, 'made-up-token')).statusCode).toBe(401);
    }
    const user = await buildUser(t.deps.db, { role: ROLE.manager });
    const token = await loginAs(t.app, user);
    await t.deps.db.execute(sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${user.id}`);
    expect((await get('/auth/managerauth', token)).statusCode).toBe(401);
  });

  it('accepts the token itself and "Bearer <token>"', async () => {
    const user = await buildUser(t.deps.db, { role: ROLE.manager });
    const token = await loginAs(t.app, user);
    expect((await get('/auth/managerauth', token)).statusCode).toBe(200);
    expect((await get('/auth/managerauth', `Bearer ${token}`)).statusCode).toBe(200);
  });

  it('stores only a hash of the token', async () => {
    const user = await buildUser(t.deps.db);
    const token = await loginAs(t.app, user);
    const rows = await t.deps.db.execute(sql`select token_hash from sessions where user_id = ${user.id}`);
    const text = JSON.stringify(rows);
    expect(text).not.toContain(token);
  });

  it('logout revokes the session on the server', async () => {
    const user = await buildUser(t.deps.db);
    const token = await loginAs(t.app, user);
    const other = await loginAs(t.app, user);
    const response = await post('/auth/logout', {}, token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, msg: MSG.loggedOut, code: 'loggedOut' });
    expect((await get('/auth/userauth', token)).statusCode).toBe(401);
    // other sessions of the same account go on
    expect((await get('/auth/userauth', other)).statusCode).toBe(200);
  });

  it('ends the sessions of an account that is disabled', async () => {
    const user = await buildUser(t.deps.db);
    const token = await loginAs(t.app, user);
    await t.deps.db.update(users).set({ disabled: true }).where(eq(users.id, user.id));
    expect((await get('/auth/userauth', token)).statusCode).toBe(401);
  });
});

describe('POST /auth/register with a session', () => {
  const payload = (overrides: Record<string, unknown> = {}) => ({
    name: 'Ravi Kumar',
    email: `ravi-${Math.random().toString(36).slice(2)}@example.com`,
    phone: '9876543210',
    work: 'mcc',
    password: 'a-good-password',
    confirmPassword: 'a-good-password',
    ...overrides,
  });

  it('lets a manager register a supervisor who can then sign in', async () => {
    const manager = await buildUser(t.deps.db, { role: ROLE.manager });
    const token = await loginAs(t.app, manager);
    const body = payload({ role: 0 });
    const response = await post('/auth/register', body, token);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ success: true, msg: MSG.registered, code: 'registered' });
    const login = await post('/auth/login', { email: body.email, password: body.password });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ name: 'Ravi Kumar', role: 0, work: 'mcc' });
  });

  it('answers 200 "Already registered, please login" for a taken e-mail, ignoring case', async () => {
    const manager = await buildUser(t.deps.db, { role: ROLE.manager });
    const token = await loginAs(t.app, manager);
    const body = payload();
    expect((await post('/auth/register', body, token)).statusCode).toBe(201);
    const again = await post('/auth/register', { ...body, email: body.email.toUpperCase() }, token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ success: false, msg: MSG.alreadyRegistered, code: 'alreadyRegistered' });
  });

  it('gives role 1 for designation Manager and 0 otherwise', async () => {
    const manager = await buildUser(t.deps.db, { role: ROLE.manager });
    const token = await loginAs(t.app, manager);
    const asManager = payload({ designation: 'Manager' });
    const asSupervisor = payload({ designation: 'Supervisor' });
    await post('/auth/register', asManager, token);
    await post('/auth/register', asSupervisor, token);
    const roleOf = async (email: string) =>
      (await post('/auth/login', { email, password: 'a-good-password' })).json().user.role;
    expect(await roleOf(asManager.email)).toBe(1);
    expect(await roleOf(asSupervisor.email)).toBe(0);
  });

  it('does not let a manager create an admin, but an admin may', async () => {
    const manager = await buildUser(t.deps.db, { role: ROLE.manager });
    const admin = await buildUser(t.deps.db, { role: ROLE.admin });
    const byManager = await post('/auth/register', payload({ role: 2 }), await loginAs(t.app, manager));
    expect(byManager.statusCode).toBe(403);
    expect(byManager.json().msg).toBe(MSG.managerCannotCreateAdmin);
    const byAdmin = await post('/auth/register', payload({ role: 2 }), await loginAs(t.app, admin));
    expect(byAdmin.statusCode).toBe(201);
  });

  it('refuses supervisors, strangers and expired sessions', async () => {
    const supervisor = await buildUser(t.deps.db);
    expect((await post('/auth/register', payload(), await loginAs(t.app, supervisor))).statusCode).toBe(403);
    const anonymous = await post('/auth/register', payload());
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().msg).toBe(MSG.registerNeedsSession);
    expect((await post('/auth/register', payload(), 'stale-token')).statusCode).toBe(401);
  });

  it('checks the payload with the messages of SPEC §5', async () => {
    const manager = await buildUser(t.deps.db, { role: ROLE.manager });
    const token = await loginAs(t.app, manager);
    const before = await countUsers(t.deps.db);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, MSG.fillAllFields],
      [{ name: undefined }, MSG.fillAllFields],
      [{ password: '', confirmPassword: '' }, MSG.fillAllFields],
      [{ phone: '98765' }, MSG.phoneDigits],
      [{ phone: '98765432101' }, MSG.phoneDigits],
      [{ aadhar: '1234' }, MSG.aadharDigits],
      [{ confirmPassword: 'something-else' }, MSG.passwordsDoNotMatch],
      [{ password: 'short', confirmPassword: 'short' }, MSG.passwordTooShort],
      [{ work: 'kitchen' }, MSG.workInvalid],
    ];
    for (const [overrides, message] of cases) {
      const response = await post('/auth/register', payload(overrides), token);
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().msg).toBe(message);
    }
    // nothing was created by the refused calls
    expect(await countUsers(t.deps.db)).toBe(before);
  });

  it('refuses an over-long or garbled staff field with the words of the staff forms', async () => {
    const manager = await buildUser(t.deps.db, { role: ROLE.manager });
    const token = await loginAs(t.app, manager);
    const before = await countUsers(t.deps.db);
    const long = '1'.repeat(STAFF_TEXT_MAX + 1);
    const cases: [Record<string, unknown>, string][] = [
      [{ acnumber: long }, MSG.tooLong('Account Number', STAFF_TEXT_MAX)],
      [{ uanno: long }, MSG.tooLong('UAN Number', STAFF_TEXT_MAX)],
      [{ esino: 'ESI\u0000123' }, MSG.invalidCharacters('ESI Number')],
      [{ name: 'Ravi\u0007' }, MSG.invalidCharacters('Name')],
    ];
    for (const [overrides, message] of cases) {
      const response = await post('/auth/register', payload(overrides), token);
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().msg).toBe(message);
      // the Add Supervisor form checks the staff part with the staff schema: the same words
      const staff = supervisorStaffBody.safeParse({ name: 'Ravi', phone: '9876543210', aadhar: '123456789012', work: 'mcc', ...overrides });
      expect(staff.error?.issues[0]?.message).toBe(message);
    }
    // blank and numeric values are still accepted as "not given" and as text
    expect((await post('/auth/register', payload({ acnumber: '', uanno: null, esino: 12345 }), token)).statusCode).toBe(201);
    expect(await countUsers(t.deps.db)).toBe(before + 1);
  });
});

describe('POST /auth/register on an empty installation', () => {
  it('creates the first account as a manager without a session, once, even under concurrency', async () => {
    const fresh = await createTestApp();
    try {
      const setup = await fresh.app.inject({ method: 'GET', url: '/api/v1/auth/setup' });
      expect(setup.json()).toEqual({ needsFirstAccount: true });
      const attempts = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          fresh.app.inject({
            method: 'POST',
            url: '/api/v1/auth/register',
            payload: { name: `First ${i}`, email: `first${i}@example.com`, password: 'first-password', confirmPassword: 'first-password', role: 2 },
          }),
        ),
      );
      const statuses = attempts.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([201, 401, 401, 401, 401]);
      const winner = attempts.findIndex((response) => response.statusCode === 201);
      const login = await fresh.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: `first${winner}@example.com`, password: 'first-password' },
      });
      // the role asked for is ignored: the first account is a manager
      expect(login.json().user.role).toBe(ROLE.manager);
      expect((await fresh.app.inject({ method: 'GET', url: '/api/v1/auth/setup' })).json()).toEqual({ needsFirstAccount: false });
    } finally {
      await fresh.close();
    }
  });
});
