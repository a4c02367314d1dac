import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/connect.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * A migrated in-memory embedded database, dumped once per run (PGlite's dumpDataDir, a
     * tar): the file every in-memory test database starts from (decision 0034).
     */
    embeddedTemplate: string | null;
  }
}

/**
 * Migrates one in-memory embedded database and dumps its data directory to a file (global
 * setup, once per run): initdb and the migrations then run once, not once per test database.
 * Answers the file and the function that removes it.
 */
export async function buildEmbeddedTemplate(): Promise<{ file: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dutyroll-pglite-template-'));
  const remove = () => rm(dir, { recursive: true, force: true });
  try {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      await database.migrate();
      // drizzle's $client: the PGlite instance underneath (the same for every caller)
      const client = (database.db as unknown as { $client: { dumpDataDir(compression: 'none'): Promise<Blob> } }).$client;
      // uncompressed (about 40 MB): gzip made dumping three times slower and loading no faster
      const dump = await client.dumpDataDir('none');
      const file = path.join(dir, 'pgdata.tar');
      await writeFile(file, new Uint8Array(await dump.arrayBuffer()));
      return { file, remove };
    } finally {
      await database.close();
    }
  } catch (error) {
    await remove();
    throw error;
  }
}

/**
 * A fresh in-memory embedded database: a copy of the migrated template when one was built
 * (buildEmbeddedTemplate), else migrated here.
 */
export async function openEmbeddedTestDatabase(template: string | null | undefined, options: { waitTimeoutMs?: number } = {}): Promise<DatabaseHandle> {
  if (template) {
    return openDatabase({ ...options, dataDir: 'memory://', loadDataDir: new Blob([await readFile(template)]) });
  }
  const handle = await openDatabase({ ...options, dataDir: 'memory://' });
  await handle.migrate();
  return handle;
}
