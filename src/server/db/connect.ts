import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { MIGRATIONS_DIR } from '../paths.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** The one database type the services use, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations (idempotent). */
  migrate(): Promise<void>;
  /** Answers true when a trivial query succeeds. */
  ping(): Promise<boolean>;
  /**
   * LISTEN on a channel; NOTIFY from any connection (any server instance on the same
   * PostgreSQL) reaches `onNotify`. Answers the function that stops listening.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** Folder for the embedded database; ignored with databaseUrl. 'memory://' for tests. */
  dataDir?: string;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
}

/** Opens PostgreSQL when a URL is given, else PGlite in dataDir/pgdata. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const client = postgres(options.databaseUrl, {
      max: options.maxConnections ?? 10,
      onnotice: () => {},
      // "timestamp with time zone" values come back as Date objects either way
    });
    const db = drizzlePostgres(client, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePostgres(drizzlePostgres(client, { schema }), { migrationsFolder: MIGRATIONS_DIR }),
      ping: () => ping(db),
      async listen(channel, onNotify) {
        // postgres.js keeps one extra connection for all listeners of this pool
        const request = await client.listen(channel, onNotify);
        return () => request.unlisten();
      },
      close: () => client.end({ timeout: 5 }),
    };
  }
  const dataDir = options.dataDir ?? 'memory://';
  let location = dataDir;
  if (!dataDir.startsWith('memory://')) {
    location = `${dataDir.replace(/\/+$/, '')}/pgdata`;
    mkdirSync(location, { recursive: true });
  }
  const client = await PGlite.create(location);
  const pglite = drizzlePglite(client, { schema });
  const db = pglite as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(pglite, { migrationsFolder: MIGRATIONS_DIR }),
    ping: () => ping(db),
    async listen(channel, onNotify) {
      const stop = await client.listen(channel, onNotify);
      return () => stop();
    },
    close: () => client.close(),
  };
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** db.execute answers an array (postgres.js) or {rows} (PGlite); this reads both. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
