import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EEXIST: 'it is a file, not a folder',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
};

/**
 * Checks that the embedded database's folder exists (it is made if missing) and that this
 * process can write in it, by writing and removing a small file: the one sure test, as
 * permission bits say nothing to root, a read-only mount or a file system that refuses.
 * Answers null when it can, else one line for the person starting the server.
 */
function dataDirProblem(dataDir: string): string | null {
  const probe = path.join(dataDir, `.write-test-${process.pid}`);
  try {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(probe, '');
    rmSync(probe, { force: true });
    return null;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    const reason = REASONS[code] ?? (code || (error as Error).message);
    return `Cannot start: the data folder ${dataDir} is not writable (${reason}${REASONS[code] ? `, ${code}` : ''}). Set DATA_DIR to a folder this user can write, or fix that folder.`;
  }
}

/**
 * Ends the process with that one line when the embedded database's folder cannot be
 * written: the server and the command-line tools that open it (user:create, ifsc:import).
 */
export function exitUnlessDataDirWritable(dataDir: string): void {
  const problem = dataDirProblem(dataDir);
  if (!problem) return;
  console.error(problem);
  process.exit(1);
}

const SERVED_URL_FILE = 'served-url';

/**
 * Where the server serves, kept in the embedded database's folder while and after it runs,
 * so user:create (from another shell, maybe without the server's PORT) prints the address
 * the server actually uses (issue 28). Best effort: a folder it cannot write only loses the hint.
 */
export function rememberServedUrl(dataDir: string, url: string): void {
  try {
    writeFileSync(path.join(dataDir, SERVED_URL_FILE), `${url}\n`);
  } catch {
    // the hint is not worth a failed start
  }
}

/** The address the server last served at from this folder (rememberServedUrl), or null. */
export function servedUrl(dataDir: string): string | null {
  try {
    const url = readFileSync(path.join(dataDir, SERVED_URL_FILE), 'utf8').trim();
    return /^https?:\/\/\S+$/.test(url) ? url : null;
  } catch {
    return null;
  }
}
