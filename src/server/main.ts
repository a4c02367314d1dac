import { loadConfig } from './config.js';
import { openDatabase } from './db/connect.js';
import { acquireDataDirLock, DataDirLockedError } from './db/data-dir-lock.js';
import { buildApp, loggerOptions } from './app.js';
import { countUsers } from './modules/auth/accounts.service.js';
import { WEB_DIST_DIR } from './paths.js';

const started = performance.now();
// WEB_ROOT serves another build of the web app (parallel test runs); default dist/web
const config = loadConfig(process.env, { webRoot: process.env.WEB_ROOT || WEB_DIST_DIR });

let releaseLock = () => {};
if (!config.databaseUrl) {
  try {
    releaseLock = acquireDataDirLock(config.dataDir, config.publicUrl);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(`${error.message}\nStop that process first, or set DATA_DIR to another folder.`);
    process.exit(1);
  }
}
// Until the app (and its logger) exists, a lost connection is reported on stderr.
let logConnectionError = (error: Error) => console.warn(`database connection lost: ${describe(error)}`);
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  waitTimeoutMs: config.dbWaitTimeoutSeconds * 1000,
  onConnectionError: (error) => logConnectionError(error),
});
await database.migrate();
const app = await buildApp({ config, database, logger: loggerOptions(config.logLevel) });
logConnectionError = (error) => app.log.warn({ code: codeOf(error), reason: error.message.slice(0, 200) }, 'database connection lost; it is replaced on next use');

/** The error's code, if it has one (a SQLSTATE or a socket code). */
function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * A short description that never holds query parameters: Drizzle's message quotes the
 * query and its values (hashes, Aadhaar numbers), so only the name, code and the first
 * line of the driver's own message are kept.
 */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  const driver = (error as { cause?: unknown }).cause instanceof Error ? ((error as { cause?: unknown }).cause as Error) : error;
  const message = driver === error && /^Failed query/.test(error.message) ? '' : driver.message.split('\n')[0]!.slice(0, 200);
  return [driver.name, codeOf(driver), message].filter(Boolean).join(' ');
}

/** Where the error came from: stack frames only (a message line may quote parameters). */
function framesOf(error: unknown): string | undefined {
  if (!(error instanceof Error) || !error.stack) return undefined;
  return error.stack
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .slice(0, 6)
    .join('\n');
}

// A promise nobody awaited failed: a bug to log, but the request it came from has its
// answer already and the others are fine, so the process stays up.
process.on('unhandledRejection', (reason) => {
  app.log.error({ reason: describe(reason), stack: framesOf(reason) }, 'unhandled promise rejection');
});
// After an uncaught exception the process's state is unknown: log it and exit non-zero so
// the supervisor restarts a clean one. A dropped database connection never gets here.
process.on('uncaughtException', (error) => {
  app.log.fatal({ reason: describe(error), stack: framesOf(error) }, 'uncaught exception; exiting');
  releaseLock();
  process.exit(1);
});

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal, graceSeconds: config.shutdownGraceSeconds }, 'shutting down');
  // an intended shutdown exits 0 even when requests are still running after the grace:
  // a supervisor must not read it as a crash
  const force = setTimeout(() => {
    app.log.warn('requests still running after the grace period; exiting anyway');
    releaseLock();
    process.exit(0);
  }, config.shutdownGraceSeconds * 1000);
  force.unref();
  try {
    await app.close();
    await database.close();
  } finally {
    releaseLock();
    process.exit(0);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  releaseLock();
  process.exit(1);
}

const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL in ${config.dataDir}`;
app.log.info({ ms: Math.round(performance.now() - started) }, `Dutyroll ready at ${config.publicUrl} on ${where}`);
if ((await countUsers(database.db)) === 0) {
  console.log(
    [
      '',
      'No account exists yet. Create the first manager, then sign in:',
      `  npm run user:create -- --name "Your Name" --email you@example.com --password 'choose-a-password' --role manager`,
      config.databaseUrl
        ? ''
        : '  (the embedded database is opened by one process at a time: stop this server with Ctrl+C, run the command, then npm start again;\n   or create the first manager in the browser at ' + `${config.publicUrl}/registerygigyictgyjutgtyjuctyuccftyutucfyj)`,
      `  Then open ${config.publicUrl}/login`,
      '',
    ]
      .filter((line) => line !== '')
      .join('\n'),
  );
}
