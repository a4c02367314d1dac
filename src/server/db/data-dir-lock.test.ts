import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, lockHolder } from './data-dir-lock.js';

const LOCK_MODULE = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url));

/** A separate process that, on "go", tries to take the lock, says "won" or "locked", and holds it until its stdin ends. */
function starter(dataDir: string): { child: ChildProcess; ready: Promise<void>; result: Promise<string> } {
  const code = `
    import { acquireDataDirLock } from ${JSON.stringify(LOCK_MODULE)};
    console.log('ready');
    process.stdin.once('data', () => {
      try {
        acquireDataDirLock(${JSON.stringify(dataDir)});
        console.log('won');
      } catch (error) {
        console.log(error.name === 'DataDirLockedError' ? 'locked' : 'error ' + error.message);
      }
    });
    process.stdin.on('end', () => process.exit(0));`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { stdio: ['pipe', 'pipe', 'inherit'] });
  let output = '';
  let onReady = () => {};
  let onResult: (value: string) => void = () => {};
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  const result = new Promise<string>((resolve) => (onResult = resolve));
  child.stdout!.on('data', (chunk: Buffer) => {
    output += String(chunk);
    if (output.includes('ready')) onReady();
    const answer = output.split('\n').find((line) => /^(won|locked|error)/.test(line));
    if (answer) onResult(answer);
  });
  child.once('exit', () => onResult(`exited: ${output}`));
  return { child, ready, result };
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

describe('data folder lock', () => {
  it('lets exactly one of two servers started in the same instant take the folder', async () => {
    for (let round = 0; round < 3; round += 1) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dutyroll-lock-'));
      const starters = [starter(dataDir), starter(dataDir)];
      try {
        await Promise.all(starters.map((s) => s.ready));
        for (const s of starters) s.child.stdin!.write('go\n');
        const results = await Promise.all(starters.map((s) => s.result));
        expect(results.sort()).toEqual(['locked', 'won']);
      } finally {
        for (const s of starters) s.child.stdin!.end();
        await Promise.all(starters.map((s) => exited(s.child)));
      }
    }
  });

  it('refuses a second holder in the same folder and frees the folder on release', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dutyroll-lock-'));
    // the test's own Node process stands in for a running server
    writeFileSync(path.join(dataDir, 'dutyroll.lock'), JSON.stringify({ pid: process.ppid }));
    expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirLockedError);
    expect(lockHolder(dataDir)?.pid).toBe(process.ppid);

    const other = mkdtempSync(path.join(os.tmpdir(), 'dutyroll-lock-'));
    const release = acquireDataDirLock(other);
    release();
    acquireDataDirLock(other)();
  });

  it('starts over a stale lock whose process has died', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dutyroll-lock-'));
    const gone = spawn('true');
    await exited(gone);
    writeFileSync(path.join(dataDir, 'dutyroll.lock'), JSON.stringify({ pid: gone.pid, url: 'http://localhost:3000' }));
    expect(lockHolder(dataDir)).toBeNull();
    acquireDataDirLock(dataDir)();
  });

  it('starts over a stale lock whose pid now belongs to a process that is not a Dutyroll server', async () => {
    const sleeper = spawn('sleep', ['60']);
    try {
      // a lock of this version: the pid is alive, but its start time is not the holder's
      const current = mkdtempSync(path.join(os.tmpdir(), 'dutyroll-lock-'));
      writeFileSync(path.join(current, 'dutyroll.lock'), JSON.stringify({ pid: sleeper.pid, start: '1', boot: 'another-boot' }));
      expect(lockHolder(current)).toBeNull();
      acquireDataDirLock(current)();

      // a lock of an older version (pid only): the pid runs `sleep`, not Node
      const older = mkdtempSync(path.join(os.tmpdir(), 'dutyroll-lock-'));
      writeFileSync(path.join(older, 'dutyroll.lock'), JSON.stringify({ pid: sleeper.pid }));
      expect(lockHolder(older)).toBeNull();
      acquireDataDirLock(older)();
    } finally {
      sleeper.kill();
      await exited(sleeper);
    }
  });
});
