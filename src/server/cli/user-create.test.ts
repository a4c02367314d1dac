import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/connect.js';
import { eq } from 'drizzle-orm';
import { staff } from '../db/schema.js';
import { findUserByEmail } from '../modules/auth/accounts.service.js';
import { rememberServedUrl } from '../data-dir.js';
import { REGISTER_PAGE_PATH } from '../../shared/pages.js';
import { ROOT_DIR } from '../paths.js';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the command as `npm run user:create` would, on an embedded database in dataDir. */
function userCreate(dataDir: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/user-create.ts', ...args], {
      cwd: ROOT_DIR,
      env: { ...process.env, PORT: '', PUBLIC_URL: '', DATA_DIR: dataDir, DATABASE_URL: '', ...env },
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
    const staffArgs = ['--work', 'mcc', '--phone', '9876543210', '--aadhar', '123412341234'];
    const args = ['--name', 'Asha Nair', '--email', 'Asha@Example.com', '--password', 'S3cure-pass', '--role', 'manager', ...staffArgs];

    // no server has served from this folder yet: the address the server would read from this shell
    const created = await userCreate(dataDir, args, { PORT: '3210' });
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toContain('Created manager account for Asha Nair <asha@example.com>, with their staff record');
    expect(created.stdout).toContain('Sign in at http://localhost:3210/login');

    // a duplicate e-mail (another Aadhaar): refused, and no staff record is left behind
    const duplicate = await userCreate(dataDir, [...args.slice(0, -1), '432143214321']);
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain('already exists');

    const missing = await userCreate(dataDir, ['--name', 'No Email', '--password', 'S3cure-pass', '--role', 'manager']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('--email is required');

    const badRole = await userCreate(dataDir, ['--name', 'X', '--email', 'x@example.com', '--password', 'S3cure-pass', '--role', 'owner']);
    expect(badRole.code).toBe(1);
    expect(badRole.stderr).toContain('--role must be one of supervisor, manager, admin');

    // a supervisor is on the staff register: without its fields the command names them
    const noStaff = await userCreate(dataDir, ['--name', 'Ravi', '--email', 'ravi@example.com', '--password', 'S3cure-pass', '--role', 'supervisor', '--work', 'mcc']);
    expect(noStaff.code).toBe(1);
    expect(noStaff.stderr).toContain('needs --phone, --aadhar');

    // the server recorded where it serves (its PORT, not this shell's): the command prints that; an admin needs no staff record
    rememberServedUrl(dataDir, 'http://localhost:3100');
    const admin = await userCreate(dataDir, ['--name', 'Anu Admin', '--email', 'anu@example.com', '--password', 'S3cure-pass', '--role', 'admin']);
    expect(admin.stderr).toBe('');
    expect(admin.stdout).toContain('Created admin account for Anu Admin <anu@example.com>.');
    expect(admin.stdout).toContain('Sign in at http://localhost:3100/login');

    // a running server holds the embedded database: the command explains instead of corrupting it, and
    // names a way in that works on an empty database too (the first manager's registration page)
    // (this test's own Node process stands in for the server: a lock of a pid that is not
    // a Dutyroll process is stale and would not stop the command)
    writeFileSync(path.join(dataDir, 'dutyroll.lock'), JSON.stringify({ pid: process.pid, url: 'http://localhost:3100' }));
    const locked = await userCreate(dataDir, ['--name', 'Ravi', '--email', 'ravi@example.com', '--password', 'S3cure-pass', '--role', 'supervisor', ...staffArgs]);
    expect(locked.code).toBe(1);
    expect(locked.stderr).toContain('Stop the server (Ctrl+C), run this command again');
    expect(locked.stderr).toContain(`with no account yet, register the first manager in the browser at http://localhost:3100${REGISTER_PAGE_PATH}`);
    expect(locked.stderr).not.toContain('Or, signed in as a manager or admin');

    const database = await openDatabase({ dataDir });
    try {
      const user = await findUserByEmail(database.db, 'asha@example.com');
      expect(user).toMatchObject({ name: 'Asha Nair', role: 1, work: 'mcc' });
      expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
      // the manager's staff record, linked to the account
      const [record] = await database.db.select().from(staff).where(eq(staff.id, user!.staffId!));
      expect(record).toMatchObject({ name: 'Asha Nair', designation: 'Manager', work: 'mcc', phone: '9876543210', status: 'Active' });
      expect(await database.db.select({ id: staff.id }).from(staff).where(eq(staff.aadhar, '432143214321'))).toEqual([]);
      expect((await findUserByEmail(database.db, 'anu@example.com'))?.staffId).toBeNull();
      expect(await findUserByEmail(database.db, 'ravi@example.com')).toBeUndefined();
    } finally {
      await database.close();
    }
  }, 300_000);
});
