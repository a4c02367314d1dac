import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ROLE, type Role } from '../../src/shared/roles.js';
import { hasDutyType, isTrainWork } from '../../src/shared/duties.js';
import type { Bill } from '../../src/shared/schemas/bills.js';
import type { Duty } from '../../src/shared/schemas/duties.js';
import type { Config } from '../../src/server/config.js';
import type { Database } from '../../src/server/db/connect.js';
import { insertAccount, type UserRow } from '../../src/server/modules/auth/accounts.service.js';
import { hashPassword } from '../../src/server/modules/auth/passwords.js';
import { createSession } from '../../src/server/modules/auth/sessions.service.js';

export const DEFAULT_PASSWORD = 'correct-horse-1';

/**
 * DEFAULT_PASSWORD hashed once by hashPassword (argon2id, the app's parameters; checked by
 * test/helpers/factories.test.ts): accounts made with it cost no hashing (decision 0034).
 */
export const DEFAULT_PASSWORD_HASH = '$argon2id$v=19$m=19456,t=2,p=1$+OiUrWn7Lji3vSCV+RWnIQ$BMovFO4CWJum8wKXY3kUmrGf8ptMJ8YysM4uQ5NVrl0';

export interface BuiltUser extends UserRow {
  password: string;
}

/**
 * Creates an account with a unique e-mail; defaults to a supervisor of mcc. With the
 * default password it is stored with DEFAULT_PASSWORD_HASH; another password is hashed.
 */
export async function buildUser(
  db: Database,
  overrides: { role?: Role; work?: string | null; name?: string; email?: string; password?: string } = {},
): Promise<BuiltUser> {
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const role = overrides.role ?? ROLE.supervisor;
  const account = {
    name: overrides.name ?? `Test ${['Supervisor', 'Manager', 'Admin'][role]} ${randomBytes(2).toString('hex')}`,
    email: overrides.email ?? `user-${randomBytes(6).toString('hex')}@example.com`,
    role,
    work: overrides.work === undefined ? (role === ROLE.supervisor ? 'mcc' : null) : overrides.work,
  };
  const result = await insertAccount(db, account, password === DEFAULT_PASSWORD ? DEFAULT_PASSWORD_HASH : await hashPassword(password));
  if (!result.created) throw new Error('factory e-mail collided');
  return { ...result.user, password };
}

/** Where sessions are made: a test app's database and config. */
export interface SessionTarget {
  deps: { db: Database; config: Pick<Config, 'sessionTtlDays'> };
}

/**
 * Signs this account in without the login's password check: a session inserted by the
 * server's own createSession, as a successful login makes it. Answers its token. For tests
 * that only need to be signed in; the tests of signing in use loginAs.
 */
export function sessionToken(target: SessionTarget, user: Pick<UserRow, 'id'>): Promise<string> {
  return createSession(target.deps.db, user.id, target.deps.config.sessionTtlDays);
}

/** A new account of this kind, signed in by an inserted session (sessionToken): answers its token. */
export async function newSessionToken(target: SessionTarget, overrides: Parameters<typeof buildUser>[1] = {}): Promise<string> {
  return sessionToken(target, await buildUser(target.deps.db, overrides));
}

/** Signs in through the API (POST /auth/login, the password checked) and answers the session token. */
export async function loginAs(app: FastifyInstance, user: { email: string; password: string }): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: user.email, password: user.password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json<{ token: string }>().token;
}

let aadharCounter = 0;
const aadharPrefix = String(100 + (process.pid % 900));
/** A unique, valid 12-digit Aadhaar number for tests (each test file has its own database). */
export function uniqueAadhar(): string {
  aadharCounter += 1;
  return `${aadharPrefix}${String(aadharCounter).padStart(9, '0')}`;
}

/** A worker form as the Add Worker screen sends it. */
export function workerPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Lakshmi Devi',
    phone: '0987654321',
    aadhar: uniqueAadhar(),
    designation: 'Cleaning Staff',
    work: 'mcc',
    wage: '650.50',
    ifsccode: '',
    bank: '',
    branch: '',
    acnumber: '000123456789',
    uanno: '',
    esino: '',
    ...overrides,
  };
}

/** A staff member straight in the database (no audit), by default an active mcc cleaner. */
export async function buildStaff(
  db: Database,
  overrides: Partial<{ name: string; work: string; status: string; designation: string; wage: string }> = {},
): Promise<{ id: string; name: string; empId: string; work: string | null }> {
  const { staff } = await import('../../src/server/db/schema.js');
  const [row] = await db
    .insert(staff)
    .values({
      name: overrides.name ?? `Worker ${randomBytes(2).toString('hex')}`,
      phone: '9876543210',
      aadhar: uniqueAadhar(),
      work: overrides.work ?? 'mcc',
      status: overrides.status ?? 'Active',
      designation: overrides.designation ?? 'Cleaning Staff',
      wage: overrides.wage ?? '600.00',
    })
    .returning();
  return row!;
}

/** The app a factory adds through: its routes, and its database for the crew it makes. */
interface Target {
  app: FastifyInstance;
  deps: { db: Database };
}

async function send(app: FastifyInstance, token: string, method: 'POST' | 'PUT', url: string, payload: object, expected: number) {
  const answer = await app.inject({ method, url: `/api/v1${url}`, payload, headers: { authorization: token } });
  if (answer.statusCode !== expected) throw new Error(`${method} ${url}: ${answer.statusCode} ${answer.body}`);
  return answer;
}

/**
 * A duty as the Add Work Details form sends it (POST create-mcctrain): by default an mcc
 * train, 12625, 10 coaches, Primary; the train fields only for the work types that have
 * them (and 100 supplied bedsheets for acca). `work: undefined` leaves the work type out
 * (a supervisor's duty is of their own). No crew: see `duty`.
 */
export function dutyFields(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const work = 'work' in overrides ? overrides.work : 'mcc';
  const kind = typeof work === 'string' ? work : 'mcc';
  return {
    work,
    ...(isTrainWork(kind) ? { trainno: '12625', totalcoach: 10 } : {}),
    ...(hasDutyType(kind) ? { type: 'Primary' } : {}),
    ...(kind === 'acca' ? { suppliedBedsheet: 100 } : {}),
    ...overrides,
  };
}

/**
 * A duty added through the API (POST create-mcctrain, 201) by the account of this session,
 * as `dutyFields` makes it, with a crew of one new worker of its work type unless `workers`
 * is given (a manager's train duty needs `supervisor` too); the duty as the API answers it.
 * With `change`, the duty is then changed (PUT update-mcctrain, e.g. `{ status: 'completed' }`)
 * and the changed duty is answered.
 */
export async function duty(target: Target, token: string, overrides: Record<string, unknown> = {}, change?: Record<string, unknown>): Promise<Duty> {
  const fields = dutyFields(overrides);
  if (!('workers' in overrides)) fields.workers = [(await buildStaff(target.deps.db, { work: typeof fields.work === 'string' ? fields.work : 'mcc' })).id];
  const created = (await send(target.app, token, 'POST', '/mcctrain/create-mcctrain', fields, 201)).json<{ duty: Duty }>().duty;
  if (!change) return created;
  return (await send(target.app, token, 'PUT', `/mcctrain/update-mcctrain/${created._id}`, change, 200)).json<{ duty: Duty }>().duty;
}

/** A bill as the Add Bill form sends it: October 2026's mcc bill, Processing, unless overridden. */
export function billFields(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { work: 'mcc', month: '2026-10', status: 'Processing', billvalue: '125000.50', penalty: 2500, netamount: '122500.50', ...overrides };
}

/** A bill added through the API (POST createbill, 201) by the account of this session; the bill as the API answers it. */
export async function bill(target: Pick<Target, 'app'>, token: string, overrides: Record<string, unknown> = {}): Promise<Bill> {
  return (await send(target.app, token, 'POST', '/mcctrain/createbill', billFields(overrides), 201)).json<{ bill: Bill }>().bill;
}
