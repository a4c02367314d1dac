/**
 * Once per run, before any journey: the seeded data folder every journey file copies
 * (e2e/seed.ts, decision 0033). The returned function removes it after the run.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildSeed, SEED_ENV } from './seed.js';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'dutyroll-e2e-seed-'));
  try {
    // the journeys run on the embedded database (decision 0026)
    delete process.env.DATABASE_URL;
    process.env[SEED_ENV] = await buildSeed(root);
  } catch (error) {
    await rm(root, { recursive: true, force: true });
    throw error;
  }
  return async () => {
    await rm(root, { recursive: true, force: true });
  };
}
