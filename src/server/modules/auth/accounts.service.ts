import { and, count, eq, getTableColumns, sql } from 'drizzle-orm';
import type { AuthUser } from '../../../shared/schemas/auth.js';
import { ROLE, type Role } from '../../../shared/roles.js';
import type { Database } from '../../db/connect.js';
import { staff, users } from '../../db/schema.js';
import { isUniqueViolation } from '../../http-error.js';
import { hashPassword } from './passwords.js';

export type UserRow = typeof users.$inferSelect;

/** An account with what decides whether it may sign in: a Resigned staff record may not. */
export type AccountRow = UserRow & { resigned: boolean };

/** Columns of an account joined to its staff record (left join on users.staff_id). */
export const accountColumns = {
  ...getTableColumns(users),
  resigned: sql<boolean>`coalesce(${staff.status} = 'Resigned', false)`.as('resigned'),
};

/**
 * Serialises every change that could leave no admin (account changes, staff resignations),
 * so two of them cannot both pass the count below. Call inside the changing transaction.
 */
export async function lockAdminChanges(tx: Pick<Database, 'execute'>): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(4242002)`);
}

/** How many admins other than `exceptUserId` can still sign in (not disabled, not Resigned). */
export async function otherAdminsWhoCanSignIn(tx: Pick<Database, 'select'>, exceptUserId: string): Promise<number> {
  const [others] = await tx
    .select({ value: count() })
    .from(users)
    .leftJoin(staff, eq(staff.id, users.staffId))
    .where(
      and(
        eq(users.role, ROLE.admin),
        eq(users.disabled, false),
        sql`coalesce(${staff.status}, 'Active') <> 'Resigned'`,
        sql`${users.id} <> ${exceptUserId}`,
      ),
    );
  return Number(others?.value ?? 0);
}

/** Whether an account may use the app now. */
export function canSignIn(account: AccountRow): boolean {
  return !account.disabled && !account.resigned;
}

export interface NewAccount {
  name: string;
  email: string;
  password: string;
  role: Role;
  phone?: string | null | undefined;
  work?: string | null | undefined;
}

/** The user as the client sees it (SPEC §3): never the hash or flags. */
export function presentUser(user: UserRow): AuthUser {
  return { _id: user.id, name: user.name, email: user.email, role: user.role, work: user.work };
}

export async function findUserByEmail(db: Database, email: string): Promise<AccountRow | undefined> {
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .leftJoin(staff, eq(staff.id, users.staffId))
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row;
}

export async function countUsers(db: Database): Promise<number> {
  const [row] = await db.select({ value: count() }).from(users);
  return Number(row?.value ?? 0);
}

export type CreateAccountResult = { created: true; user: UserRow } | { created: false; reason: 'email-taken' };

/** The users row of a new account: the name trimmed, the e-mail trimmed and lower-cased. */
function accountValues(account: Omit<NewAccount, 'role' | 'password'>, role: Role, passwordHash: string) {
  return {
    name: account.name.trim(),
    email: account.email.trim().toLowerCase(),
    phone: account.phone || null,
    work: account.work || null,
    role,
    passwordHash,
  };
}

/**
 * Creates a sign-in account. A taken e-mail (also under a concurrent insert) answers
 * {created: false} instead of throwing.
 */
export async function createAccount(db: Database, account: NewAccount): Promise<CreateAccountResult> {
  return insertAccount(db, account, await hashPassword(account.password));
}

/**
 * createAccount with the password already hashed (hashPassword): the test factories give
 * every account one precomputed hash instead of spending argon2's work on each (decision 0034).
 */
export async function insertAccount(db: Database, account: Omit<NewAccount, 'password'>, passwordHash: string): Promise<CreateAccountResult> {
  try {
    // a savepoint inside the request's transaction: a taken e-mail is answered, not a fault
    const [user] = await db.transaction((tx) => tx.insert(users).values(accountValues(account, account.role, passwordHash)).returning());
    return { created: true, user: user! };
  } catch (error) {
    if (isUniqueViolation(error)) return { created: false, reason: 'email-taken' };
    throw error;
  }
}

/**
 * Creates the very first account of an empty installation, as a manager. Holds an
 * advisory lock so two simultaneous first registrations cannot both succeed.
 * Answers null when the installation already has an account.
 */
export async function createFirstAccount(db: Database, account: Omit<NewAccount, 'role'>): Promise<UserRow | null> {
  const passwordHash = await hashPassword(account.password);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(4242001)`);
    const [existing] = await tx.select({ value: count() }).from(users);
    if (Number(existing?.value ?? 0) > 0) return null;
    const [user] = await tx
      .insert(users)
      .values(accountValues(account, ROLE.manager, passwordHash))
      .returning();
    return user!;
  });
}
