import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/connect.js';
import { findUserByEmail } from '../modules/auth/accounts.service.js';
import { ROOT_DIR } from '../paths.js';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the command as `npm run user:create` would, on an embedded database in dataDir. */
function userCreate(dataDir: string, args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/user-create.ts', ...args], {
      cwd: ROOT_DIR,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run user:create', () => {
  it('creates an account, refuses a duplicate e-mail and missing values, and says what to do while the server runs', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dutyroll-cli-'));
    const args = ['--name', 'Asha Nair', '--email', 'Asha@Example.com', '--password', 'S3cure-pass', '--role', 'manager'];

    const created = await userCreate(dataDir, args);
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toContain('Created manager account for Asha Nair <asha@example.com>');

    const duplicate = await userCreate(dataDir, args);
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain('already exists');

    const missing = await userCreate(dataDir, ['--name', 'No Email', '--password', 'S3cure-pass', '--role', 'manager']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('--email is required');

    const badRole = await userCreate(dataDir, ['--name', 'X', '--email', 'x@example.com', '--password', 'S3cure-pass', '--role', 'owner']);
    expect(badRole.code).toBe(1);
    expect(badRole.stderr).toContain('--role must be one of supervisor, manager, admin');

    // a running server holds the embedded database: the command explains instead of corrupting it
    // (this test's own Node process stands in for the server: a lock of a pid that is not
    // a Dutyroll process is stale and would not stop the command)
    writeFileSync(path.join(dataDir, 'dutyroll.lock'), JSON.stringify({ pid: process.pid, url: 'http://localhost:3000' }));
    const locked = await userCreate(dataDir, ['--name', 'Ravi', '--email', 'ravi@example.com', '--password', 'S3cure-pass', '--role', 'supervisor', '--work', 'mcc']);
    expect(locked.code).toBe(1);
    expect(locked.stderr).toContain('Stop the server (Ctrl+C), run this command again');

    const database = await openDatabase({ dataDir });
    try {
      const user = await findUserByEmail(database.db, 'asha@example.com');
      expect(user).toMatchObject({ name: 'Asha Nair', role: 1 });
      expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await findUserByEmail(database.db, 'ravi@example.com')).toBeUndefined();
    } finally {
      await database.close();
    }
  }, 60_000);
});
