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

/** How many events `key` has in its current window, without counting one. */
export async function peekRateLimit(db: Database, key: string, windowSeconds: number): Promise<number> {
  const rows = await db.execute<{ count: number }>(sql`
    select count from rate_limits
    where key = ${key} and window_start > now() - make_interval(secs => ${windowSeconds})`);
  return Number(rowsOf<{ count: number }>(rows)[0]?.count ?? 0);
}

/** Forgets the counter of `key` (after a success). */
export async function clearRateLimit(db: Database, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Drops counters whose window ended more than a day ago. */
export async function pruneRateLimits(db: Database): Promise<void> {
  await db.execute(sql`delete from rate_limits where window_start < now() - interval '1 day'`);
}
