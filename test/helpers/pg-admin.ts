import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Throwaway databases on a PostgreSQL server, for the test suite, the browser journeys and
 * the benchmarks (each makes its own database and drops it at the end).
 */

/** Runs one statement on its own connection (create or drop a database). */
export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** The same server address with another database name. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export interface OwnDatabase {
  /** The URL the app uses: the role's name and password, the database's name. */
  url: string;
  role: string;
  password: string;
  database: string;
  /** Drops the database (under any name that starts with its own, e.g. after a rename) and the role. */
  drop(): Promise<void>;
}

/**
 * A login role with a password and a database copied from `template` whose tables that
 * role may use, for a test that makes the database unreachable by changing either (NOLOGIN,
 * ALLOW_CONNECTIONS false, a rename): the `postgres` role and the shared databases are
 * never touched. `adminUrl` is a superuser's connection to another database.
 */
export async function createOwnDatabase(adminUrl: string, template: string, label: string): Promise<OwnDatabase> {
  const suffix = randomBytes(4).toString('hex');
  // the harness drops every database that starts with the template's prefix at the end
  const database = `${template.replace(/template$/, '')}${label}_${suffix}`;
  const role = `dutyroll_${label}_${suffix}`;
  const password = `pw-${randomBytes(12).toString('hex')}`;
  await adminQuery(adminUrl, `create role "${role}" login password '${password}'`);
  await adminQuery(adminUrl, `create database "${database}" template "${template}"`);
  await adminQuery(
    withDatabase(adminUrl, database),
    `grant usage on schema public to "${role}";
     grant select, insert, update, delete on all tables in schema public to "${role}";
     grant usage, select, update on all sequences in schema public to "${role}"`,
  );
  const url = new URL(withDatabase(adminUrl, database));
  url.username = role;
  url.password = password;
  return {
    url: url.toString(),
    role,
    password,
    database,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      client.on('error', () => undefined);
      await client.connect();
      try {
        const { rows } = await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${database}%`]);
        for (const row of rows) await client.query(`drop database if exists "${row.datname}" with (force)`);
        await client.query(`drop role if exists "${role}"`);
      } finally {
        await client.end();
      }
    },
  };
}
