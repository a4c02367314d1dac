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
