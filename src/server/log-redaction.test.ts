import * as XLSX from '@e965/xlsx';
import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../shared/roles.js';
import { buildUser, loginAs, uniqueAadhar, workerPayload, type BuiltUser } from '../../test/helpers/factories.js';
import { multipartFile } from '../../test/helpers/multipart.js';
import { captureLog } from '../../test/helpers/log-capture.js';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.js';
import { sha256 } from './modules/auth/tokens.js';
import { formatLogObject, MAX_LINE_LENGTH, maskSecrets, redactUrl, scrubDetail, scrubLogLine, serializeError, serializeRequest } from './log-redaction.js';

const AADHAAR = '438212349876';
const ACCOUNT = '000123456789012';
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$3q2+7wabcdefGHIJKLMNOPqrstuvwxyz0123456789A';
const BULK_HEADER = ['Name', 'Work', 'Phone', 'Aadhar', 'Emp ID', 'Wage', 'AC Number', 'IFSC Code', 'Bank', 'Branch', 'UAN No', 'ESI No', 'Designation', 'Notes'];
const TOKEN = 'q3J9vX0bT1mN2kL8wR4yZ6aC5dE7fG9hI0jK1lM2nO3';

/** Drizzle's error for a failed query, as the services see it. */
function failedInsert(): DrizzleQueryError {
  const driver = Object.assign(new Error(`duplicate key value violates unique constraint "staff_aadhar_key"`), {
    code: '23505',
    constraint: 'staff_aadhar_key',
    table: 'staff',
    detail: `Key (aadhar)=(${AADHAAR}) already exists.`,
    query: 'insert into "staff" ("name", "aadhar", "ac_number") values ($1, $2, $3)',
    params: ['Lakshmi', AADHAAR, ACCOUNT],
  });
  return new DrizzleQueryError('insert into "staff" ("name", "aadhar", "ac_number") values ($1, $2, $3)', ['Lakshmi', AADHAAR, ACCOUNT, HASH], driver);
}

describe('maskSecrets', () => {
  it('keeps the last four digits of Aadhaar and account numbers', () => {
    expect(maskSecrets(`aadhaar ${AADHAAR}, account ${ACCOUNT}`)).toBe('aadhaar ********9876, account ***********9012');
    expect(maskSecrets('4382 1234 9876 and 4382-1234-9876')).toBe('**** **** 9876 and ****-****-9876');
  });

  it('masks Aadhaar numbers written with dots, slashes, underscores or several spaces', () => {
    expect(maskSecrets('a 4382.1234.9876 b')).toBe('a ****.****.9876 b');
    expect(maskSecrets('4382  1234  9876')).toBe('****  ****  9876');
    expect(maskSecrets('4382 - 1234 - 9876')).toBe('**** - **** - 9876');
    expect(maskSecrets('4382/1234/9876, 4382_1234_9876, 4382\t1234\t9876.')).toBe('****/****/9876, ****_****_9876, ****\t****\t9876.');
    // not a UUID's groups nor a date
    const ordinary = 'id 0b6f8a2e-1234-5678-9012-2d3c4b5a6e7f on 2026-02-28';
    expect(maskSecrets(ordinary)).toBe(ordinary);
  });

  it('masks argon2 hashes and long random tokens, but not ids, names or short numbers', () => {
    expect(maskSecrets(`hash ${HASH} token ${TOKEN}`)).toBe('hash [argon2 hash] token [token]');
    expect(maskSecrets('sha ' + 'a3'.repeat(32))).toBe('sha [token]');
    const ordinary = 'staff 0b6f8a2e-4c1d-4e8b-9a7f-2d3c4b5a6e7f violates staff_aadhar_key_with_a_long_name_xx at line 120:17, EMP00012';
    expect(maskSecrets(ordinary)).toBe(ordinary);
  });
});

describe('serializeError', () => {
  it('keeps type, SQL, code, constraint and table of a failed query, but no parameter or value', () => {
    const out = serializeError(failedInsert());
    const text = JSON.stringify(out);
    expect(out.type).toBe('DrizzleQueryError');
    expect(out.message).toBe('Failed query: insert into "staff" ("name", "aadhar", "ac_number") values ($1, $2, $3)\nparams: [redacted]');
    expect(out.stack).toMatch(/^DrizzleQueryError: Failed query: [^\n]*\nparams: \[redacted\]\n\s+at /);
    expect(out.cause).toMatchObject({ code: '23505', constraint: 'staff_aadhar_key', table: 'staff', detail: 'Key (aadhar)=(…) already exists.' });
    expect(out).not.toHaveProperty('params');
    expect((out.cause as Record<string, unknown>) ?? {}).not.toHaveProperty('params');
    for (const secret of [AADHAAR, ACCOUNT, HASH, 'Lakshmi']) expect(text).not.toContain(secret);
  });

  it('scrubs the detail and keeps the fields of a node-postgres error', () => {
    const error = new pg.DatabaseError('new row for relation "staff" violates check constraint "staff_phone_check"', 100, 'error');
    Object.assign(error, {
      code: '23514',
      table: 'staff',
      column: 'phone',
      constraint: 'staff_phone_check',
      detail: `Failing row contains (0b6f8a2e, Lakshmi, ${AADHAAR}, ${ACCOUNT}).`,
      where: `PL/pgSQL function block() line 3 at RAISE with ${AADHAAR}`,
    });
    const out = serializeError(error);
    expect(out).toMatchObject({ type: 'DatabaseError', code: '23514', table: 'staff', column: 'phone', constraint: 'staff_phone_check', detail: 'Failing row contains (…).' });
    expect(JSON.stringify(out)).not.toContain(AADHAAR);
    expect(JSON.stringify(out)).not.toContain(ACCOUNT);
  });

  it('keeps the reason of a key detail whose value holds parentheses', () => {
    expect(scrubDetail('Key (lower(email))=(a(b)@x.in) already exists.')).toBe('Key (lower(email))=(…) already exists.');
    expect(scrubDetail(`Key (staff_id)=(${AADHAAR}) is not present in table "staff".`)).toBe('Key (staff_id)=(…) is not present in table "staff".');
  });

  it('bounds long messages and deep cause chains', () => {
    let error: Error = new Error('x'.repeat(100_000));
    for (let i = 0; i < 10; i += 1) error = new Error(`level ${i}`, { cause: error });
    expect(JSON.stringify(serializeError(error)).length).toBeLessThan(10_000);
  });
});

describe('request URLs', () => {
  it('keeps filters but not free-text search or unknown parameters', () => {
    expect(redactUrl(`/api/v1/worker/get-workers?q=${AADHAAR}&work=mcc&limit=20`)).toBe('/api/v1/worker/get-workers?q=[redacted]&work=mcc&limit=20');
    expect(redactUrl(`/api/v1/x?token=${TOKEN}&otp=123456`)).toBe('/api/v1/x?token=[redacted]&otp=[redacted]');
    expect(redactUrl(`/api/v1/worker/getoneworker/0b6f8a2e-4c1d-4e8b-9a7f-2d3c4b5a6e7f`)).toBe('/api/v1/worker/getoneworker/0b6f8a2e-4c1d-4e8b-9a7f-2d3c4b5a6e7f');
    expect(serializeRequest({ method: 'GET', url: `/a/${AADHAAR}`, ip: '10.0.0.1' })).toMatchObject({ method: 'GET', url: '/a/********9876', remoteAddress: '10.0.0.1' });
  });
});

describe('scrubLogLine', () => {
  it('masks inside every string, keeps pino time and decimals, and stays valid JSON', () => {
    const line = JSON.stringify({ level: 50, time: 1760000000123, responseTime: 3.1234567891, aadhar: Number(AADHAAR), msg: `Failed query: select 1\nparams: ${AADHAAR},Lakshmi`, note: HASH }) + '\n';
    const out = scrubLogLine(line);
    expect(out.endsWith('\n')).toBe(true);
    const parsed = JSON.parse(out);
    expect(parsed).toMatchObject({ time: 1760000000123, responseTime: 3.1234567891, aadhar: '********9876', msg: 'Failed query: select 1\nparams: [redacted]', note: '[argon2 hash]' });
  });

  it('replaces an over-long line by a bounded summary', () => {
    const line = JSON.stringify({ level: 50, time: 1, reqId: 'req-1', msg: 'big', payload: 'word '.repeat(50_000) });
    const out = scrubLogLine(line);
    expect(out.length).toBeLessThanOrEqual(MAX_LINE_LENGTH);
    expect(JSON.parse(out)).toMatchObject({ level: 50, reqId: 'req-1', msg: 'big', truncatedFrom: line.length });
  });
});

describe('the app logger', () => {
  it('applies to errors logged in any form, under any key', async () => {
    const { lines, logger } = captureLog('info');
    const app = Fastify({ logger });
    app.log.error(failedInsert());
    app.log.error({ err: failedInsert() }, 'request failed');
    app.log.warn({ error: failedInsert(), rows: [{ aadhar: AADHAAR, hash: HASH }] }, 'import failed');
    app.log.info(`raw ${TOKEN} ${ACCOUNT}`);
    await app.close();
    expect(lines).toHaveLength(4);
    for (const line of lines) {
      for (const secret of [AADHAAR, ACCOUNT, HASH, TOKEN]) expect(line).not.toContain(secret);
      expect(() => JSON.parse(line)).not.toThrow();
    }
    expect(JSON.parse(lines[1]!).err).toMatchObject({ type: 'DrizzleQueryError', cause: { constraint: 'staff_aadhar_key' } });
    expect(JSON.parse(lines[2]!).error).toMatchObject({ type: 'DrizzleQueryError' });
  });

  it('serializes an Error at any depth of the logged object, never with its query values', async () => {
    const { lines, logger } = captureLog('info');
    const app = Fastify({ logger });
    const shared = { note: 'kept' };
    app.log.warn({ ctx: { error: failedInsert(), shared }, batch: [{ row: 3, failure: failedInsert() }], again: shared }, 'import failed');
    app.log.warn({ ctx: { err: failedInsert() } }, 'nested err');
    await app.close();
    expect(lines).toHaveLength(2);
    const first = JSON.parse(lines[0]!);
    expect(first.ctx.error).toMatchObject({ type: 'DrizzleQueryError', cause: { constraint: 'staff_aadhar_key' } });
    expect(first.ctx.error).not.toHaveProperty('params');
    expect(first.ctx.error).not.toHaveProperty('query');
    expect(first.batch[0]).toMatchObject({ row: 3, failure: { type: 'DrizzleQueryError' } });
    expect(first).toMatchObject({ ctx: { shared: { note: 'kept' } }, again: { note: 'kept' } });
    expect(JSON.parse(lines[1]!).ctx.err).toMatchObject({ type: 'DrizzleQueryError' });
    // the person's name in the parameters is no number the last scan would mask
    for (const line of lines) expect(line).not.toContain('Lakshmi');
  });

  it('never logs request or response headers: no Authorization, Cookie or Set-Cookie', async () => {
    const { lines, logger } = captureLog('trace');
    const app = Fastify({ logger });
    app.get('/x', async (request, reply) => {
      request.log.info({ req: request, res: reply }, 'as objects');
      request.log.info({ req: { headers: request.headers }, res: { headers: { 'set-cookie': 'SESSIONSETCOOKIE' } } }, 'as plain headers');
      reply.header('set-cookie', 'SESSIONSETCOOKIE');
      return { ok: true };
    });
    await app.inject({ method: 'GET', url: '/x', headers: { authorization: 'SESSIONAUTHORIZATION', cookie: 'SESSIONCOOKIE' } });
    await app.close();
    expect(lines.length).toBeGreaterThanOrEqual(4);
    for (const line of lines) expect(line).not.toMatch(/SESSION(AUTHORIZATION|COOKIE|SETCOOKIE)/);
  });

  it('leaves objects without an Error as they are', () => {
    const object = { a: { b: [1, { c: 'd' }] }, e: new Date(0) };
    expect(formatLogObject(object)).toBe(object);
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    expect(formatLogObject({ cyclic })).toEqual({ cyclic });
  });
});

describe('log scan after failing writes that carry personal data (issue 12, point 3)', () => {
  let lines: string[] = [];
  let t: TestApp;
  let managerToken: string;
  let manager: BuiltUser;
  const secrets: string[] = [];
  // numbers only this test uses, so a hit cannot come from elsewhere
  const aadhaar = () => {
    const value = uniqueAadhar();
    secrets.push(value);
    return value;
  };
  let accountCounter = 0;
  const account = () => {
    accountCounter += 1;
    const value = `7301${String(process.pid % 1000).padStart(3, '0')}${String(accountCounter).padStart(7, '0')}`;
    secrets.push(value);
    return value;
  };
  const api = (method: 'GET' | 'POST' | 'PUT', url: string, body?: Record<string, unknown>) =>
    t.app.inject({ method, url: `/api/v1${url}`, payload: body, headers: { authorization: managerToken } });

  beforeAll(async () => {
    const capture = captureLog('info');
    t = await createTestApp({ logger: capture.logger });
    lines = capture.lines;
    manager = await buildUser(t.deps.db, { role: ROLE.manager, password: 'Manager-Secret-Pass-42' });
    managerToken = await loginAs(t.app, manager);
    secrets.push(manager.password, managerToken, sha256(managerToken));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('logs each failure with its cause, but no Aadhaar, account number, password, hash or token', async () => {
    const created = await api('POST', '/worker/create-worker', workerPayload({ aadhar: aadhaar(), acnumber: account() }));
    expect(created.statusCode).toBe(201);
    const worker = created.json().worker as { _id: string; empid: string; aadhar: string };

    // Every write of a staff row, account or session now fails inside the database, with
    // the row's personal data in the error's message, detail and the query's parameters.
    const statements = [
      `create function log_scan_block_staff() returns trigger language plpgsql as $$ begin
         if tg_op = 'UPDATE' then
           raise exception 'update blocked for % (account %)', new.aadhar, new.ac_number
             using errcode = 'unique_violation', constraint = 'staff_log_scan_key', detail = 'Key (aadhar, ac_number)=(' || new.aadhar || ', ' || new.ac_number || ') already exists.';
         end if;
         raise exception 'insert blocked for % (account %)', new.aadhar, new.ac_number using detail = 'Failing row contains (' || new.aadhar || ', ' || new.ac_number || ').';
       end $$`,
      `create trigger log_scan_block_staff before insert or update on staff for each row execute function log_scan_block_staff()`,
      `create function log_scan_block_users() returns trigger language plpgsql as $$ begin
         raise exception 'account write blocked: %', new.password_hash;
       end $$`,
      `create trigger log_scan_block_users before insert or update on users for each row execute function log_scan_block_users()`,
      `create function log_scan_block_sessions() returns trigger language plpgsql as $$ begin
         raise exception 'session blocked: %', new.token_hash;
       end $$`,
      `create trigger log_scan_block_sessions before insert on sessions for each row execute function log_scan_block_sessions()`,
    ];
    for (const statement of statements) await t.deps.db.execute(sql.raw(statement));

    const failures = [
      await api('POST', '/worker/create-worker', workerPayload({ aadhar: aadhaar(), acnumber: account() })),
      await api('PUT', `/worker/update-worker/${worker._id}`, { ...workerPayload({ aadhar: worker.aadhar, acnumber: account() }), empid: worker.empid }),
      await (async () => {
        const rows = Array.from({ length: 40 }, (_, i) => [`Log Scan ${i}`, 'MCC', '9876543210', aadhaar(), '', 600, account(), '', '', '', '', '', 'Cleaning Staff', '']);
        const book = XLSX.utils.book_new();
        XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([BULK_HEADER, ...rows]), 'Staff');
        const { payload, headers } = multipartFile('workers.xlsx', XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
        return t.app.inject({ method: 'POST', url: '/api/v1/worker/uploadbulkdata', payload, headers: { ...headers, authorization: managerToken } });
      })(),
      await api('POST', '/auth/register', {
        name: 'Ravi Kumar',
        email: `log-scan-${process.pid}@example.com`,
        phone: '9876543210',
        work: 'mcc',
        password: 'Register-Secret-Pass-7',
        confirmPassword: 'Register-Secret-Pass-7',
      }),
      await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: manager.email, password: manager.password } }),
    ];
    secrets.push('Register-Secret-Pass-7');
    expect(failures.map((response) => response.statusCode)).toEqual([500, 500, 500, 500, 500]);
    // a search for an Aadhaar puts it in the query string
    await api('GET', `/worker/get-workers?q=${worker.aadhar}&work=mcc`);

    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const errors = parsed.filter((line) => line.level === 50);
    expect(errors.length).toBeGreaterThanOrEqual(5);
    for (const [index, line] of lines.entries()) {
      expect(line.length, `line ${index}`).toBeLessThanOrEqual(MAX_LINE_LENGTH + 1);
      expect(line).not.toMatch(/\$argon2/);
      for (const secret of secrets) expect(line.includes(secret), `line ${index} has ${secret.slice(0, 4)}…`).toBe(false);
    }
    // what helps to find the fault is still there
    const text = lines.join('');
    expect(text).toContain('staff_log_scan_key');
    expect(text).toContain('Key (aadhar, ac_number)=(…) already exists.');
    expect(text).toContain('insert into \\"staff\\"');
    expect(text).toContain('q=[redacted]&work=mcc');

  });
});
