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
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
const app = await buildApp({ config, database, logger: loggerOptions(config.logLevel) });

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
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
