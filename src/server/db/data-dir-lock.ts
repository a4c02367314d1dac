import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database (PGlite) may be opened by one process at a time; a second one
 * would corrupt it. The server and the command-line tools take this lock file first.
 */
export interface LockHolder {
  pid: number;
  url?: string;
}

function lockPath(dataDir: string): string {
  return path.join(dataDir, 'dutyroll.lock');
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live process holding the lock, or null (no lock, or a stale one). */
export function lockHolder(dataDir: string): LockHolder | null {
  try {
    const holder = JSON.parse(readFileSync(lockPath(dataDir), 'utf8')) as LockHolder;
    return holder.pid !== process.pid && isAlive(holder.pid) ? holder : null;
  } catch {
    return null;
  }
}

export class DataDirLockedError extends Error {
  constructor(readonly holder: LockHolder, dataDir: string) {
    super(`The embedded database in ${dataDir} is in use by another Dutyroll process (pid ${holder.pid}).`);
    this.name = 'DataDirLockedError';
  }
}

/** Takes the lock or throws DataDirLockedError; answers the function that releases it. */
export function acquireDataDirLock(dataDir: string, url?: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const holder = lockHolder(dataDir);
  if (holder) throw new DataDirLockedError(holder, dataDir);
  const file = lockPath(dataDir);
  writeFileSync(file, JSON.stringify({ pid: process.pid, url }));
  return () => {
    try {
      const current = JSON.parse(readFileSync(file, 'utf8')) as LockHolder;
      if (current.pid === process.pid) rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
}
