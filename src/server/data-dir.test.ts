import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../test/helpers/free-port.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Starts the server (main.ts), or a command-line tool with its arguments, on the embedded
 * database in `dataDir`; answers its exit code and everything it printed.
 */
async function start(dataDir: string, program: string[] = ['src/server/main.ts']): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...program], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, WEB_ROOT: '', PORT: String(await freePort()), HOST: '127.0.0.1', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += String(chunk)));
  child.stderr.on('data', (chunk: Buffer) => (output += String(chunk)));
  const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
  return { code, output };
}

/** Whether this process (root in CI, where permission bits do not stop it) really cannot write in `dir`. */
function unwritable(dir: string): boolean {
  try {
    writeFileSync(path.join(dir, `.dutyroll-probe-${process.pid}`), '');
    return false;
  } catch {
    return true;
  }
}

describe('a data folder the server cannot write', () => {
  // tests run as root, for whom chmod changes nothing; sysfs refuses new files even to root
  it.skipIf(!unwritable('/sys'))('stops the start with one line naming the folder (a folder that refuses writes: /sys)', async () => {
    const { code, output } = await start('/sys');
    expect(code).toBe(1);
    expect(output.trim().split('\n')).toEqual([expect.stringContaining('the data folder /sys is not writable')]);
  }, 60_000);

  it('stops the start with one line naming the folder (DATA_DIR is a file)', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'dutyroll-datadir-')), 'not-a-folder');
    writeFileSync(file, 'x');
    const { code, output } = await start(file);
    expect(code).toBe(1);
    expect(output.trim().split('\n')).toEqual([expect.stringContaining(`the data folder ${file} is not writable`)]);
  }, 60_000);

  it('stops the command-line tools that open the same folder with the same line (user:create, ifsc:import)', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'dutyroll-datadir-')), 'not-a-folder');
    writeFileSync(file, 'x');
    const csv = path.join(path.dirname(file), 'IFSC.csv');
    writeFileSync(csv, 'IFSC,BANK,BRANCH\n');
    for (const program of [
      ['src/server/cli/user-create.ts', '--name', 'Asha Nair', '--email', 'asha@example.com', '--password', 'S3cure-pass', '--role', 'admin'],
      ['src/server/cli/ifsc-import.ts', csv],
    ]) {
      const { code, output } = await start(file, program);
      expect(code, program[0]).toBe(1);
      expect(output.trim().split('\n'), program[0]).toEqual([expect.stringContaining(`the data folder ${file} is not writable`)]);
    }
  }, 90_000);
});
