import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATE_NAME_MAX } from '../shared/limits.js';
import { MSG } from '../shared/messages.js';
import { ROLE } from '../shared/roles.js';
import { buildUser, sessionToken, newSessionToken } from '../../test/helpers/factories.js';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.js';
import { hitRateLimit } from './rate-limit.js';

/**
 * Every answer that carries a message carries its code beside it (decision 0030), whatever
 * kind of answer it is: a success, a refused form, no session, a wrong role, an unknown
 * path, a conflict, too many attempts (and an outage: app.test.ts, plugins/errors.test.ts).
 * SPEC §7's msg/message stay as they were.
 */
let t: TestApp;
let adminToken: string;
let supervisorToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = await newSessionToken(t, { role: ROLE.admin });
  supervisorToken = await newSessionToken(t, { role: ROLE.supervisor });
});
afterAll(async () => {
  await t.close();
});

const api = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: token ? { authorization: token } : {}, payload });

describe('the code of an answer’s message', () => {
  it('comes with a success, the same for every sign-in ("Login successfully")', async () => {
    const user = await buildUser(t.deps.db, { role: ROLE.manager });
    const response = await api('POST', '/auth/login', undefined, { email: user.email, password: user.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, msg: MSG.loginSuccess, code: 'loginSuccess' });
    expect(response.json()).not.toHaveProperty('params');
  });

  it('comes with a refused form (400), with the values of a message that takes some, a field by its code', async () => {
    const empty = await api('POST', '/auth/login', undefined, { email: '', password: 'x' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ msg: MSG.emailRequired, code: 'emailRequired' });
    const long = await api('POST', '/admin/states', adminToken, { name: 'K'.repeat(STATE_NAME_MAX + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({
      msg: MSG.tooLong(MSG.fields.stateName, STATE_NAME_MAX),
      code: 'tooLong',
      params: { 0: { code: 'fields.stateName' }, 1: String(STATE_NAME_MAX) },
    });
  });

  it('is one code for a wrong password and an unknown e-mail (401), and for each refusal of a session or a role', async () => {
    const user = await buildUser(t.deps.db);
    const wrong = await api('POST', '/auth/login', undefined, { email: user.email, password: 'not-the-password' });
    const unknown = await api('POST', '/auth/login', undefined, { email: 'nobody@example.com', password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({ msg: MSG.invalidCredentials, code: 'invalidCredentials' });

    const anonymous = await api('GET', '/admin/audit');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ msg: MSG.notSignedIn, code: 'notSignedIn' });
    const supervisor = await api('GET', '/admin/audit', supervisorToken);
    expect(supervisor.statusCode).toBe(403);
    expect(supervisor.json()).toMatchObject({ msg: MSG.forbidden, code: 'forbidden' });
  });

  it('comes with the 404 of an unknown path and the 409 of a taken value', async () => {
    const nowhere = await api('GET', '/no/such/path');
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.json()).toEqual({ msg: MSG.notFound, code: 'notFound' });

    expect((await api('POST', '/admin/states', adminToken, { name: 'Codeland' })).statusCode).toBe(201);
    const again = await api('POST', '/admin/states', adminToken, { name: 'Codeland' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ msg: MSG.stateExists, code: 'stateExists' });
  });

  it('comes with too many attempts (429)', async () => {
    const user = await buildUser(t.deps.db, { role: ROLE.supervisor });
    const token = await sessionToken(t, user);
    for (let i = 0; i < 30; i += 1) await hitRateLimit(t.deps.db, `chat:${user.id}`, 60);
    const response = await api('POST', '/chat/createchat', token, { text: 'hello' });
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ msg: MSG.chatTooFast, code: 'chatTooFast' });
  });

  it("comes with Fastify's own refusals, in the app's words", async () => {
    const badJson = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toEqual({ msg: MSG.bodyNotJson, code: 'bodyNotJson' });
    const badType = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { 'content-type': 'text/csv' }, payload: 'a,b' });
    expect(badType.statusCode).toBe(415);
    expect(badType.json()).toEqual({ msg: MSG.bodyTypeUnsupported, code: 'bodyTypeUnsupported' });
  });
});
