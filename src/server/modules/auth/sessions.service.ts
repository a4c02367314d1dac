import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.js';
import { sessions, staff, users } from '../../db/schema.js';
import { accountColumns, type AccountRow } from './accounts.service.js';
import { newToken, sha256 } from './tokens.js';

/** Starts a session and answers its token; only the token's hash is stored. */
export async function createSession(db: Database, userId: string, ttlDays: number): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    userId,
    tokenHash: sha256(token),
    expiresAt: sql`now() + make_interval(days => ${ttlDays})`,
  });
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId));
  return token;
}

function sessionUserQuery(db: Database) {
  return db
    .select(accountColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(staff, eq(staff.id, users.staffId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('session_user');
}

/**
 * Every guarded request looks its session up: the query is built once per database and
 * sent as a named prepared statement, so each request pays one round trip and no query
 * building or planning (issue 16).
 */
const preparedSessionQueries = new WeakMap<Database, ReturnType<typeof sessionUserQuery>>();

/** The account behind a live (unexpired) token, or undefined. Disabled accounts included. */
export async function findSessionUser(db: Database, token: string): Promise<AccountRow | undefined> {
  let query = preparedSessionQueries.get(db);
  if (!query) {
    query = sessionUserQuery(db);
    preparedSessionQueries.set(db, query);
  }
  const [row] = await query.execute({ tokenHash: sha256(token) });
  return row;
}

/** Ends one session (logout). Unknown tokens are ignored. */
export async function revokeSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, sha256(token)));
}

/** Drops sessions that expired; run now and then. */
export async function pruneExpiredSessions(db: Database): Promise<void> {
  await db.delete(sessions).where(sql`${sessions.expiresAt} < now()`);
}
