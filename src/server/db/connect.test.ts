import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { guardPool } from './connect.js';

const url = process.env.DATABASE_URL;

describe.skipIf(!url)('a transaction whose begin fails (PostgreSQL)', () => {
  let pool: pg.Pool | null = null;
  afterEach(async () => {
    await pool?.end();
    pool = null;
  });

  it('gives its connection back, so later transactions still get one', async () => {
    pool = new pg.Pool({ connectionString: url, max: 2, connectionTimeoutMillis: 2000 });
    pool.on('error', () => undefined);
    guardPool(pool);
    // the connection dies as it is handed out, before `begin` reaches the server
    let kill = true;
    pool.on('acquire', (client) => {
      client.on('error', () => undefined);
      if (kill) (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    });
    const db = drizzle({ client: pool });
    for (let i = 0; i < 4; i += 1) {
      await expect(db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow();
    }
    kill = false;
    // as many transactions at once as the pool holds: each needs a connection of its own
    const results = await Promise.all([1, 2].map((n) => db.transaction(async (tx) => (await tx.execute<{ n: number }>(sql`select ${n}::int as n`)).rows[0]!.n)));
    expect(results).toEqual([1, 2]);
    expect(pool.totalCount).toBeLessThanOrEqual(2);
  });

  it('leaves a transaction whose begin succeeds to be released once, by drizzle', async () => {
    pool = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 2000 });
    guardPool(pool);
    const db = drizzle({ client: pool });
    await expect(db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      throw new Error('refused by the service');
    })).rejects.toThrow('refused by the service');
    for (let i = 0; i < 3; i += 1) await db.transaction(async (tx) => tx.execute(sql`select 1`));
    expect(await db.execute(sql`select 1 as one`)).toMatchObject({ rows: [{ one: 1 }] });
    expect(pool.idleCount).toBe(1);
  });
});
