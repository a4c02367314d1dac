/**
 * The journeys' seeded data folder (decision 0033). Once per run, globalSetup (e2e/global-setup.ts)
 * migrates one embedded database and creates the usual accounts in it with the server's own
 * code (createAccount, which `npm run user:create` calls), plus a stock of sessions per
 * account (createSession, which signing in calls). Each journey file copies the folder for
 * its own server (startApp in harness.ts); a file that asks for other accounts gets them on
 * its copy, in this process, before its server starts.
 */
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { roleFromName } from '../src/shared/roles.js';
import type { AuthUser } from '../src/shared/schemas/auth.js';
import { openDatabase, type Database } from '../src/server/db/connect.js';
import { users } from '../src/server/db/schema.js';
import { createAccount, presentUser } from '../src/server/modules/auth/accounts.service.js';
import { createSession } from '../src/server/modules/auth/sessions.service.js';

export interface Account {
  name: string;
  email: string;
  password: string;
  role: 'manager' | 'supervisor' | 'admin';
  work?: string;
}

/** An account in a data folder, with the user as the login answer gives it and unused session tokens. */
export interface SeededAccount {
  account: Account;
  user: AuthUser;
  tokens: string[];
}

export interface Seed {
  /** The migrated data folder to copy (DATA_DIR). */
  dataDir: string;
  accounts: SeededAccount[];
}

/** Where globalSetup says the seed's description lies (the env reaches the workers). */
export const SEED_ENV = 'DUTYROLL_E2E_SEED';

/**
 * The accounts most journey files use; a file asking for a subset, or for others, has its
 * copy brought to exactly what it asked for (reconcile below).
 */
const SEEDED_ACCOUNTS: readonly Account[] = [
  { name: 'Asha Nair', email: 'asha@example.com', password: 'S3cure-pass', role: 'manager' },
  { name: 'Ravi Kumar', email: 'ravi@example.com', password: 'Platform-4-pass', role: 'supervisor', work: 'mcc' },
  { name: 'Joseph Thomas', email: 'joseph@example.com', password: 'Coach-pass-22', role: 'supervisor', work: 'acca' },
  { name: 'Meera Das', email: 'meera@example.com', password: 'Admin-pass-1', role: 'admin' },
];

/**
 * Sessions made per account: each signedIn() takes an unused one, so a journey that signs
 * out (revoking its session) leaves the others theirs. More than any file uses per account.
 */
const SESSIONS_PER_ACCOUNT = 16;

/** Session lifetime of the stock (the server's default, SESSION_TTL_DAYS). */
const SESSION_TTL_DAYS = 30;

const sameAccount = (a: Account, b: Account) =>
  a.name === b.name && a.email === b.email && a.password === b.password && a.role === b.role && (a.work ?? null) === (b.work ?? null);

async function addAccounts(db: Database, accounts: readonly Account[]): Promise<SeededAccount[]> {
  const made: SeededAccount[] = [];
  for (const account of accounts) {
    const role = roleFromName(account.role);
    if (role === null) throw new Error(`unknown role ${account.role}`);
    const result = await createAccount(db, { name: account.name, email: account.email, password: account.password, role, work: account.work ?? null });
    if (!result.created) throw new Error(`the seed already has an account for ${account.email}`);
    const tokens: string[] = [];
    for (let index = 0; index < SESSIONS_PER_ACCOUNT; index++) tokens.push(await createSession(db, result.user.id, SESSION_TTL_DAYS));
    // the stock is not a sign-in: an account nobody signed in as still shows "Never"
    await db.update(users).set({ lastLoginAt: null }).where(inArray(users.id, [result.user.id]));
    made.push({ account, user: presentUser(result.user), tokens });
  }
  return made;
}

/** Builds the seed in `root` (globalSetup): answers the path of its description. */
export async function buildSeed(root: string): Promise<string> {
  const dataDir = path.join(root, 'data');
  const database = await openDatabase({ dataDir });
  let accounts: SeededAccount[];
  try {
    await database.migrate();
    accounts = await addAccounts(database.db, SEEDED_ACCOUNTS);
  } finally {
    await database.close();
  }
  const file = path.join(root, 'seed.json');
  await writeFile(file, JSON.stringify({ dataDir, accounts } satisfies Seed));
  return file;
}

export async function readSeed(): Promise<Seed> {
  const file = process.env[SEED_ENV];
  if (!file) throw new Error(`${SEED_ENV} is not set: run the journeys with npx playwright test (its globalSetup builds the seed)`);
  return JSON.parse(await readFile(file, 'utf8')) as Seed;
}

/**
 * Copies the seed to `dataDir` holding exactly `wanted` accounts: seeded ones not asked for
 * are deleted and missing ones created (with their sessions), in this process, before any
 * server opens the copy. Answers the accounts of the copy.
 */
export async function copySeed(seed: Seed, dataDir: string, wanted: readonly Account[], seedData?: SeedData): Promise<SeededAccount[]> {
  await cp(seed.dataDir, dataDir, { recursive: true });
  const kept = seed.accounts.filter((seeded) => wanted.some((account) => sameAccount(account, seeded.account)));
  const dropped = seed.accounts.filter((seeded) => !kept.includes(seeded));
  const missing = wanted.filter((account) => !kept.some((seeded) => sameAccount(account, seeded.account)));
  if (dropped.length === 0 && missing.length === 0 && !seedData) return kept;
  const database = await openDatabase({ dataDir });
  try {
    if (dropped.length) await database.db.delete(users).where(inArray(users.id, dropped.map((seeded) => seeded.user._id))); // sessions go with them
    const accounts = [...kept, ...(await addAccounts(database.db, missing))];
    await seedData?.(database.db, accounts);
    return accounts;
  } finally {
    await database.close();
  }
}

/** Writes a journey's own starting data into its copy, given the copy's accounts. */
export type SeedData = (db: Database, accounts: readonly SeededAccount[]) => Promise<void>;
