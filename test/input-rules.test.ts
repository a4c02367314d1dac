import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CONTRACTS } from '../src/shared/api/index.js';
import { fillPath } from '../src/shared/api/contract.js';
import { MSG } from '../src/shared/messages.js';
import { ROLE } from '../src/shared/roles.js';
import { uniqueAadhar, workerPayload, newSessionToken } from './helpers/factories.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** The inputs of issue 12 points 5 and 7 that answered 500 or were cut: each is now a 400 naming the field. */
describe('input rules', () => {
  let t: TestApp;
  let admin: string;
  let manager: string;
  const cursorOf = (at: string, id: string) => Buffer.from(JSON.stringify([at, id])).toString('base64url');

  beforeAll(async () => {
    t = await createTestApp();
    admin = await newSessionToken(t, { role: ROLE.admin });
    manager = await newSessionToken(t, { role: ROLE.manager });
  });
  afterAll(() => t.close());

  const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: { authorization: `Bearer ${token}` }, payload });

  it('refuses NUL and lone surrogates in text and searches, naming the field, and stores nothing', async () => {
    const nul = await call(manager, 'POST', '/worker/create-worker', workerPayload({ name: 'Lak\u0000shmi' }));
    expect(nul.statusCode).toBe(400);
    expect(nul.json().msg).toBe(MSG.invalidCharacters('Name'));
    const surrogate = await call(manager, 'POST', '/worker/create-worker', workerPayload({ bank: 'State \uD800Bank' }));
    expect(surrogate.json().msg).toBe(MSG.invalidCharacters('Bank'));
    const chat = await call(manager, 'POST', '/chat/createchat', { text: 'hello\u0000' });
    expect([chat.statusCode, chat.json().msg]).toEqual([400, MSG.invalidCharacters('the message')]);
    const search = await call(manager, 'GET', '/worker/get-workers?q=a%00b');
    expect([search.statusCode, search.json().msg]).toEqual([400, MSG.invalidCharacters('Search')]);
    expect((await call(manager, 'GET', '/worker/get-workers')).json()).toEqual([]);
  });

  it("answers SPEC §5's digit messages for phone and Aadhaar before any character rule", async () => {
    const phone = await call(manager, 'POST', '/worker/create-worker', workerPayload({ phone: '98765\t43210' }));
    expect([phone.statusCode, phone.json().msg]).toEqual([400, MSG.phoneDigits]);
    const aadhar = await call(manager, 'POST', '/worker/create-worker', workerPayload({ aadhar: '1234\u00005678901' }));
    expect([aadhar.statusCode, aadhar.json().msg]).toEqual([400, MSG.aadharDigits]);
  });

  it('keeps line breaks in a chat message but not in a name', async () => {
    expect((await call(manager, 'POST', '/chat/createchat', { text: 'line one\nline two' })).statusCode).toBe(201);
    const name = await call(manager, 'POST', '/worker/create-worker', workerPayload({ name: 'Lakshmi\nDevi' }));
    expect(name.json().msg).toBe(MSG.invalidCharacters('Name'));
  });

  it('refuses impossible days in the audit filters and year 0000 in report months', async () => {
    const day = await call(admin, 'GET', '/admin/audit?from=2026-02-30');
    expect([day.statusCode, day.json().msg]).toEqual([400, MSG.dayInvalid('From')]);
    expect((await call(admin, 'GET', '/admin/audit?to=2024-02-29')).statusCode).toBe(200);
    const month = await call(manager, 'GET', '/attendance?work=mcc&month=0000-01');
    expect([month.statusCode, month.json().msg]).toEqual([400, MSG.monthOutOfRange]);
    const bill = await call(manager, 'POST', '/mcctrain/createbill', { work: 'mcc', month: '0000-01', status: 'Processing', billvalue: '1', penalty: '0', netamount: '1' });
    expect([bill.statusCode, bill.json().msg]).toEqual([400, MSG.monthOutOfRange]);
  });

  it('refuses list cursors with out-of-range moments and audit cursors beyond any id', async () => {
    const id = '0b0e2a3c-1d4f-4a5b-8c6d-7e8f9a0b1c2d';
    for (const at of ['0000-01-01T00:00:00.000Z', '+275760-09-13T00:00:00.000Z', '2026-02-30T00:00:00.000Z']) {
      const answer = await call(manager, 'GET', `/mcctrain/get-completedmcctrain?cursor=${cursorOf(at, id)}`);
      expect([answer.statusCode, answer.json().msg]).toEqual([400, MSG.cursorInvalid]);
    }
    expect((await call(manager, 'GET', `/mcctrain/get-livemcctrain?cursor=${cursorOf('2026-05-01T10:00:00.000Z', id)}`)).statusCode).toBe(200);
    expect((await call(admin, 'GET', '/admin/audit?cursor=1e400')).statusCode).toBe(400);
  });

  it('completed duties filtered only by an end day use the earliest day as their start', async () => {
    const answer = await call(manager, 'GET', '/mcctrain/get-completedmcctrain?to=2026-01-31');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['x-range-from']).toBe('0001-01-01');
  });

  it('refuses over-long register and bill fields instead of cutting them', async () => {
    const register = await call(manager, 'POST', '/auth/register', {
      name: 'Ravi Kumar',
      email: 'ravi.long@example.com',
      phone: '9876543210',
      password: 'correct-horse-1',
      confirmPassword: 'correct-horse-1',
      work: 'mcc',
      aadhar: uniqueAadhar(),
      acnumber: '1'.repeat(201),
    });
    expect([register.statusCode, register.json().msg]).toEqual([400, MSG.tooLong('Account Number', 200)]);
    const bill = await call(manager, 'POST', '/mcctrain/createbill', {
      work: 'mcc',
      month: '2026-04',
      status: 'Processing',
      billvalue: '1000',
      penalty: '0',
      netamount: '1000',
      contractperiod: 'p'.repeat(101),
    });
    expect([bill.statusCode, bill.json().msg]).toEqual([400, MSG.tooLong('Contract Period', 100)]);
    expect((await call(manager, 'GET', '/mcctrain/getbills')).json().bills).toEqual([]);
  });

  /**
   * Issue 24 point 8: a write sent `null` or no body answered 500 (a refinement read a
   * field of null). Every write of the API, sent no form, a list or a text, answers 4xx
   * with the app's own {msg}: no body is a form with nothing filled in (the route's
   * "required" message, as `{}`), a list or a text is not a form.
   */
  describe('writes sent no object as their body', () => {
    const writes = ALL_CONTRACTS.filter((contract) => contract.method !== 'GET' && contract.path !== '/auth/logout');
    const bodies = [
      ['null', { payload: 'null', headers: { 'content-type': 'application/json' } }],
      ['no body', {}],
      // a client that names JSON and sends nothing (fetch with a JSON header and no body)
      ['empty JSON', { payload: '', headers: { 'content-type': 'application/json' } }],
      ['[]', { payload: '[]', headers: { 'content-type': 'application/json' } }],
      ['"x"', { payload: '"x"', headers: { 'content-type': 'application/json' } }],
      ['{}', { payload: '{}', headers: { 'content-type': 'application/json' } }],
    ] as const;
    const send = (token: string, method: string, url: string, body: (typeof bodies)[number][1]) =>
      t.app.inject({
        method: method as 'POST',
        url: `/api/v1${url}`,
        ...('payload' in body ? { payload: body.payload } : {}),
        headers: { authorization: `Bearer ${token}`, ...('headers' in body ? body.headers : {}) },
      });

    it('covers every write of src/shared/api', () => {
      expect(writes.length).toBeGreaterThan(15);
      expect(writes.map((contract) => contract.path)).toContain('/mcctrain/create-mcctrain');
    });

    for (const contract of writes) {
      it(`${contract.method} ${contract.path}`, async () => {
        // a path that names a record that is not there, or a real work type, so the body decides
        const url = fillPath(contract.path, { id: randomUUID(), work: 'mcc', day: '2026-02-03' });
        const answers: Record<string, { status: number; msg: unknown }> = {};
        for (const [label, body] of bodies) {
          const response = await send(admin, contract.method, url, body);
          answers[label] = { status: response.statusCode, msg: response.json<{ msg?: unknown }>().msg };
          expect(response.statusCode, `${label}: ${response.body}`).toBeGreaterThanOrEqual(400);
          expect(response.statusCode, `${label}: ${response.body}`).toBeLessThan(500);
          expect(typeof answers[label].msg, `${label}: ${response.body}`).toBe('string');
          // the app's own words, never the schema library's English defaults
          expect(answers[label].msg, label).not.toMatch(/^Invalid input/);
        }
        if (contract.body) {
          // nothing sent is a form with nothing filled in; a list or a text is not a form
          expect(answers['null']).toEqual(answers['{}']);
          expect(answers['no body']).toEqual(answers['{}']);
          expect(answers['empty JSON']).toEqual(answers['{}']);
          expect(answers['[]']).toEqual({ status: 400, msg: MSG.bodyNotObject });
          expect(answers['"x"']).toEqual({ status: 400, msg: MSG.bodyNotObject });
        }
      });
    }

    it("answers create-mcctrain with nothing sent with SPEC's message, for managers and supervisors alike", async () => {
      const supervisor = await newSessionToken(t, { role: ROLE.supervisor, work: 'mcc' });
      for (const token of [manager, admin, supervisor]) {
        for (const [label, body] of bodies.filter(([label]) => label !== '[]' && label !== '"x"')) {
          const response = await send(token, 'POST', '/mcctrain/create-mcctrain', body);
          expect([response.statusCode, response.json().msg, response.json().message], label).toEqual([400, MSG.fillAllRequired, MSG.fillAllRequired]);
        }
      }
      expect((await call(manager, 'GET', '/mcctrain/get-livemcctrain')).json()).toEqual([]);
    });
  });
});
