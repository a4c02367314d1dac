import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database (PGlite) may be opened by one process at a time; a second one
 * would corrupt it. The server and the command-line tools take this lock file first.
 *
 * Taking it is atomic (the file appears complete, or not at all, through link(2), which
 * fails when it exists), so two servers started in the same instant cannot both win. A
 * lock left by a process that died is stale; so is one whose pid now belongs to another
 * process (pids are reused): the lock records the holder's start time and boot, and a
 * process with that pid but another start time is not the holder.
 */
export interface LockHolder {
  pid: number;
  url?: string | undefined;
  /** The holder's start time in clock ticks after boot (/proc/<pid>/stat field 22). */
  start?: string | undefined;
  /** The machine's boot id when the lock was taken. */
  boot?: string | undefined;
}

/** A lock file this young whose content cannot be read yet is being written, not stale. */
const UNREADABLE_GRACE_MS = 5000;

function lockPath(dataDir: string): string {
  return path.join(dataDir, 'dutyroll.lock');
}

function readOrNull(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

function bootId(): string | undefined {
  return readOrNull('/proc/sys/kernel/random/boot_id')?.trim() || undefined;
}

/** The start time of a process, or undefined where /proc is not available. */
function startTime(pid: number): string | undefined {
  const stat = readOrNull(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  // the command name (field 2) may hold spaces and parentheses: count after the last ')'
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19];
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** True when `holder` still describes a running process (not a dead or a reused pid). */
function holds(holder: LockHolder): boolean {
  if (!Number.isInteger(holder.pid) || holder.pid <= 0 || !isAlive(holder.pid)) return false;
  const boot = bootId();
  if (holder.boot && boot && holder.boot !== boot) return false;
  const start = startTime(holder.pid);
  if (holder.start && start) return holder.start === start;
  // a lock without a start time (older versions): the process must at least be Node
  const cmdline = readOrNull(`/proc/${holder.pid}/cmdline`);
  if (cmdline !== null) return /node|dutyroll/i.test(cmdline);
  return true;
}

type Reading = { state: 'none' } | { state: 'held'; holder: LockHolder } | { state: 'stale'; content: string };

function readLock(file: string): Reading {
  const content = readOrNull(file);
  if (content === null) return { state: 'none' };
  let holder: LockHolder | null = null;
  try {
    holder = JSON.parse(content) as LockHolder;
  } catch {
    holder = null;
  }
  if (!holder || typeof holder.pid !== 'number') {
    // being written by a tool that did not create it atomically; give it a moment
    let young = false;
    try {
      young = Date.now() - statSync(file).mtimeMs < UNREADABLE_GRACE_MS;
    } catch {
      return { state: 'none' };
    }
    return young ? { state: 'held', holder: { pid: 0 } } : { state: 'stale', content };
  }
  if (holder.pid === process.pid) return { state: 'held', holder };
  return holds(holder) ? { state: 'held', holder } : { state: 'stale', content };
}

/** The live process holding the lock, or null (no lock, or a stale one). */
export function lockHolder(dataDir: string): LockHolder | null {
  const reading = readLock(lockPath(dataDir));
  return reading.state === 'held' && reading.holder.pid !== process.pid ? reading.holder : null;
}

export class DataDirLockedError extends Error {
  constructor(readonly holder: LockHolder, dataDir: string) {
    super(`The embedded database in ${dataDir} is in use by another Dutyroll process (pid ${holder.pid}).`);
    this.name = 'DataDirLockedError';
  }
}

/** Creates `file` with `content` only if it does not exist; answers false if it does. */
function createExclusive(file: string, content: string): boolean {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, content);
  try {
    linkSync(temporary, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    // a file system without hard links: exclusive create (readers allow for the write)
    try {
      writeFileSync(file, content, { flag: 'wx' });
      return true;
    } catch (inner) {
      if ((inner as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw inner;
    }
  } finally {
    rmSync(temporary, { force: true });
  }
}

/**
 * Removes a stale lock, unless someone else replaced it meanwhile. Takeovers are
 * serialised by a second exclusive file, so two starters that both saw the same stale
 * lock cannot remove each other's fresh one.
 */
function removeStale(file: string, staleContent: string): void {
  const guard = `${file}.takeover`;
  const me = JSON.stringify({ pid: process.pid, start: startTime(process.pid), boot: bootId() });
  if (!createExclusive(guard, me)) {
    const reading = readLock(guard);
    // a takeover whose process died half-way: clear it, the next attempt goes again
    if (reading.state === 'stale') rmSync(guard, { force: true });
    return;
  }
  try {
    if (readOrNull(file) === staleContent) rmSync(file, { force: true });
  } finally {
    rmSync(guard, { force: true });
  }
}

/** Takes the lock or throws DataDirLockedError; answers the function that releases it. */
export function acquireDataDirLock(dataDir: string, url?: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = lockPath(dataDir);
  const mine: LockHolder = { pid: process.pid, url, start: startTime(process.pid), boot: bootId() };
  const content = JSON.stringify(mine);
  for (let attempt = 0; ; attempt += 1) {
    if (createExclusive(file, content)) break;
    const reading = readLock(file);
    if (reading.state === 'held') {
      if (reading.holder.pid === process.pid) break;
      throw new DataDirLockedError(reading.holder, dataDir);
    }
    if (attempt >= 20) throw new DataDirLockedError({ pid: 0 }, dataDir);
    if (reading.state === 'stale') removeStale(file, reading.content);
    // another starter may be in the middle of its takeover: give it a moment
    if (attempt > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
  }
  return () => {
    if (readOrNull(file) === content) rmSync(file, { force: true });
  };
}
