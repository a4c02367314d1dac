/**
 * npm run ifsc:import -- <path to IFSC.csv>
 *
 * Loads branch details from the published IFSC dataset (the IFSC.csv of Razorpay's IFSC
 * releases) into the database, so lookups answer the branch without any network.
 */
import { existsSync } from 'node:fs';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/connect.js';
import { exitUnlessDataDirWritable } from '../data-dir.js';
import { acquireDataDirLock, DataDirLockedError } from '../db/data-dir-lock.js';
import { importIfscCsv } from '../modules/staff/ifsc-import.js';

const file = process.argv[2];
if (!file || file === '--help' || file === '-h') {
  console.error('Usage: npm run ifsc:import -- <path to IFSC.csv>');
  process.exit(file ? 0 : 1);
}
if (!existsSync(file)) {
  console.error(`Error: no file at ${file}`);
  process.exit(1);
}

const config = loadConfig();
let release = () => {};
if (!config.databaseUrl) {
  exitUnlessDataDirWritable(config.dataDir);
  try {
    release = acquireDataDirLock(config.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(`Error: ${error.message}\nStop the server (Ctrl+C), run this command again, then start the server with npm start.`);
    process.exit(1);
  }
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  const started = performance.now();
  const result = await importIfscCsv(database.db, file);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Imported ${result.imported} branches in ${seconds} s (${result.skipped} rows skipped: unknown or repeated codes).`);
} catch (error) {
  console.error(`Error: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
  release();
}
