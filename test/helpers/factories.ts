import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ROLE, type Role } from '../../src/shared/roles.js';
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
