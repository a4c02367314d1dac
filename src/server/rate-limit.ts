import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from './db/connect.js';

/**
 * Fixed-window counters kept in PostgreSQL, so limits hold across server instances.
 * Windows are measured with the database's clock, the one clock every instance shares.
 */

/** Counts one event for `key` and answers how many fell in the current window. */
export async function hitRateLimit(db: Database, key: string, windowSeconds: number): Promise<number> {
  const rows = await db.execute<{ count: number }>(sql`
    insert into rate_limits (key, count, window_start) values (${key}, 1, now())
    on conflict (key) do update set
      count = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds})
                   then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds})
                   then now() else rate_limits.window_start end
    returning count`);
  return Number(rowsOf<{ count: number }>(rows)[0]?.count ?? 0);
}

/**
 * Takes back one event of `key` counted by hitRateLimit, for a request that failed through
 * no fault of the caller (e.g. the mail server was down). One statement, never below 0;
 * a window that has ended meanwhile restarts at the next hit anyway.
 */
export async function giveBackRateLimit(db: Database, key: string): Promise<void> {
  await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`);
}

/** Forgets the counter of `key` (after a success). */
export async function clearRateLimit(db: Database, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Drops counters whose window ended more than a day ago. */
export async function pruneRateLimits(db: Database): Promise<void> {
  await db.execute(sql`delete from rate_limits where window_start < now() - interval '1 day'`);
}
