import type { FastifyInstance } from 'fastify';
import { loadConfig } from './config.js';
import { exitUnlessDataDirWritable, rememberServedUrl } from './data-dir.js';
import { openDatabase, type DatabaseHandle } from './db/connect.js';
import { acquireDataDirLock, DataDirLockedError } from './db/data-dir-lock.js';
import { buildApp, loggerOptions } from './app.js';
import { scrubLogLine, serializeError } from './log-redaction.js';
import { countUsers } from './modules/auth/accounts.service.js';
import { WEB_DIST_DIR } from './paths.js';
import { REGISTER_PAGE_PATH } from '../shared/pages.js';

const started = performance.now();
// WEB_ROOT serves another build of the web app (parallel test runs); default dist/web
const config = loadConfig(process.env, { webRoot: process.env.WEB_ROOT || WEB_DIST_DIR });

let releaseLock = () => {};
if (!config.databaseUrl) {
  // a folder the server cannot write stops the start with one clear line, not a stack trace
  exitUnlessDataDirWritable(config.dataDir);
  try {
    releaseLock = acquireDataDirLock(config.dataDir, config.publicUrl);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(`${error.message}\nStop that process first, or set DATA_DIR to another folder.`);
    process.exit(1);
  }
  // user:create prints this address, whatever PORT its own shell has
  rememberServedUrl(config.dataDir, config.publicUrl);
}
/** The few levels main.ts logs at; the app's pino logger once it exists. */
interface Log {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
  fatal(object: object, message: string): void;
}

/**
 * Until the app (and its pino logger) exists: one JSON line on stderr, the error through
 * the same serializer and scrubber as the app's log, so no query parameter gets out.
 */
const LEVELS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };
function startupLogger(): Log {
  const threshold = LEVELS[config.logLevel] ?? LEVELS.info!;
  const write = (level: string) => (object: object, message: string) => {
    if (LEVELS[level]! < threshold) return;
    const { err, ...rest } = object as { err?: unknown };
    const line = JSON.stringify({ level, time: Date.now(), ...rest, ...(err === undefined ? {} : { err: serializeError(err) }), msg: message });
    process.stderr.write(`${scrubLogLine(line)}\n`);
  };
  return { info: write('info'), warn: write('warn'), error: write('error'), fatal: write('fatal') };
}

let log: Log = startupLogger();
let database: DatabaseHandle | null = null;
let app: FastifyInstance | null = null;

// A promise nobody awaited failed: a bug to log, but the request it came from has its
// answer already and the others are fine, so the process stays up.
process.on('unhandledRejection', (reason) => {
  log.error({ err: reason }, 'unhandled promise rejection');
});
// After an uncaught exception the process's state is unknown: log it and exit non-zero so
// the supervisor restarts a clean one. A dropped database connection never gets here.
process.on('uncaughtException', (error) => {
  log.fatal({ err: error }, 'uncaught exception; exiting');
  releaseLock();
  process.exit(1);
});

let closing = false;
let starting: Promise<boolean> = Promise.resolve(false);
async function shutdown(signal: string): Promise<void> {
  if (closing) {
    // a second Ctrl+C: the person does not want to wait for the grace
    log.warn({ signal }, 'second signal; exiting now');
    releaseLock();
    process.exit(0);
  }
  closing = true;
  // requests that reached the port before the signal are accepted, read and taken first
  // (until no connection has come for a tenth of a second, a second at most)
  await app?.requestsInFlight.settled();
  const inFlight = app?.requestsInFlight.count ?? 0;
  log.info({ signal, graceSeconds: config.shutdownGraceSeconds, inFlight }, `shutting down; answering the ${inFlight} requests in flight first`);
  // an intended shutdown exits 0 even when requests are still running after the grace:
  // a supervisor must not read it as a crash
  const force = setTimeout(() => {
    const cut = app?.requestsInFlight.count ?? 0;
    log.warn({ graceSeconds: config.shutdownGraceSeconds, cut }, `still busy after the grace period; exiting anyway, ${cut} requests cut`);
    releaseLock();
    process.exit(0);
  }, config.shutdownGraceSeconds * 1000);
  force.unref();
  try {
    // a start-up step under way (opening the database, a migration) finishes first
    await starting.catch(() => undefined);
    // answers what it has taken (new arrivals get 503 meanwhile), then closes the port
    await app?.close();
    await database?.close();
    log.info({ cut: 0 }, 'stopped; every request in flight was answered (0 cut)');
  } finally {
    releaseLock();
    process.exit(0);
  }
}
// before anything slow starts, so a stop during start-up is an orderly one (exit 0)
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
log.info({ database: config.databaseUrl ? 'postgres' : 'embedded' }, 'starting');

/** Opens and migrates the database and starts listening; answers false when a stop came first. */
async function start(): Promise<boolean> {
  database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    waitTimeoutMs: config.dbWaitTimeoutSeconds * 1000,
    onConnectionError: (error) => log.warn({ err: error }, 'database connection lost; it is replaced on next use'),
  });
  if (closing) return false;
  await database.migrate();
  if (closing) return false;
  app = await buildApp({ config, database, logger: loggerOptions(config.logLevel) });
  log = app.log;
  if (closing) return false;
  await app.listen({ port: config.port, host: config.host });
  return true;
}

starting = start();
let ready = false;
try {
  ready = await starting;
} catch (error) {
  if (!closing) {
    log.error({ err: error }, 'could not start');
    releaseLock();
    process.exit(1);
  }
}
// a stop came during start-up: shutdown() finishes the job and exits 0
if (ready) await announce();

/** The ready line, and the first-account hint on a new install. */
async function announce(): Promise<void> {
  const db = database!.db;
  const where = database!.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL in ${config.dataDir}`;
  log.info({ ms: Math.round(performance.now() - started) }, `Dutyroll ready at ${config.publicUrl} on ${where}`);
  // a parent that started us with an IPC channel (the browser journeys' harness, a process
  // manager) learns it at once, instead of polling /readyz
  process.send?.({ ready: true });
  // the channel must never keep the process alive on its own
  process.channel?.unref();
  // a database blip here only costs the hint, never the process
  let noAccountYet = false;
  try {
    noAccountYet = (await countUsers(db)) === 0;
  } catch (error) {
    log.warn({ err: error }, 'could not check whether any account exists');
  }
  if (noAccountYet) {
    console.log(
      [
        '',
        'No account exists yet. Create the first manager, then sign in:',
        `  npm run user:create -- --name "Your Name" --email you@example.com --password 'choose-a-password' --role manager --work mcc --phone <10 digits> --aadhar <12 digits>`,
        config.databaseUrl
          ? ''
          : '  (the embedded database is opened by one process at a time: stop this server with Ctrl+C, run the command, then npm start again;\n   or create the first manager in the browser at ' + `${config.publicUrl}${REGISTER_PAGE_PATH})`,
        `  Then open ${config.publicUrl}/login`,
        '',
      ]
        .filter((line) => line !== '')
        .join('\n'),
    );
  }
}
