import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { EMBEDDED_SHARED_BUFFERS, openDatabase, rowsOf, type DatabaseHandle } from './connect.js';

async function sharedBuffers(database: DatabaseHandle): Promise<string> {
  return rowsOf<{ shared_buffers: string }>(await database.db.execute(sql`show shared_buffers`))[0]!.shared_buffers;
}

// decision 0028: the embedded database's buffer pool is set on every open, not by initdb
describe('the embedded database', () => {
  let database: DatabaseHandle | null = null;
  const folders: string[] = [];
  afterEach(async () => {
    await database?.close();
    database = null;
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it('runs with the small buffer pool in memory', async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    expect(await sharedBuffers(database)).toBe(EMBEDDED_SHARED_BUFFERS);
  });

  it('runs with the small buffer pool in a new data directory and again after a restart', { timeout: 180_000 }, async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dutyroll-settings-'));
    folders.push(dataDir);
    database = await openDatabase({ dataDir });
    await database.migrate();
    expect(await sharedBuffers(database)).toBe(EMBEDDED_SHARED_BUFFERS);
    await database.close();

    database = await openDatabase({ dataDir });
    expect(await sharedBuffers(database)).toBe(EMBEDDED_SHARED_BUFFERS);
    // the same database, not a new one: the migrated tables are there
    expect(rowsOf<{ count: number }>(await database.db.execute(sql`select count(*)::int as count from users`))[0]!.count).toBe(0);
  });
});
