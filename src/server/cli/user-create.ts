/**
 * npm run user:create -- --name "Asha Nair" --email asha@example.com --password 'S3cure-pass' --role manager [--work mcc]
 *
 * Creates a sign-in account on the database the server uses (DATABASE_URL, else the
 * embedded one in DATA_DIR). Prints a clear error and exits non-zero on bad input.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { MSG } from '../../shared/messages.js';
import { ROLE_NAMES, roleFromName } from '../../shared/roles.js';
import { emailSchema, newPasswordSchema, workSchema } from '../../shared/schemas/auth.js';
import { WORK_TYPES } from '../../shared/work-types.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/connect.js';
import { announceChange } from '../response-cache.js';
import { exitUnlessDataDirWritable } from '../data-dir.js';
import { acquireDataDirLock, DataDirLockedError } from '../db/data-dir-lock.js';
import { createAccount } from '../modules/auth/accounts.service.js';

const USAGE = `Usage: npm run user:create -- --name "Asha Nair" --email asha@example.com --password 'S3cure-pass' --role manager [--work mcc] [--phone 9876543210]
  --role   one of: ${ROLE_NAMES.join(', ')}
  --work   for supervisors, one of: ${WORK_TYPES.join(', ')}`;

function fail(message: string, showUsage = true): never {
  console.error(`Error: ${message}${showUsage ? `\n\n${USAGE}` : ''}`);
  process.exit(1);
}

const argsSchema = z.object({
  name: z.string({ error: '--name is required' }).trim().min(1, '--name is required'),
  email: z.string({ error: '--email is required' }).pipe(emailSchema),
  password: z.string({ error: '--password is required' }).pipe(newPasswordSchema),
  role: z.string({ error: '--role is required' }),
  work: workSchema.optional(),
  phone: z
    .string()
    .trim()
    .regex(/^\d{10}$/, MSG.phoneDigits)
    .optional(),
});

async function main(): Promise<void> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        name: { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
        role: { type: 'string' },
        work: { type: 'string' },
        phone: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    fail((error as Error).message);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) fail(parsed.error.issues[0]?.message ?? 'invalid arguments');
  const args = parsed.data;
  const role = roleFromName(args.role);
  if (role === null) fail(`--role must be one of ${ROLE_NAMES.join(', ')}, got "${args.role}"`);

  const config = loadConfig();
  let release = () => {};
  if (!config.databaseUrl) {
    exitUnlessDataDirWritable(config.dataDir);
    try {
      release = acquireDataDirLock(config.dataDir);
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      const where = error.holder.url ? ` at ${error.holder.url}` : '';
      fail(
        `the Dutyroll server (pid ${error.holder.pid}) is running${where} on the embedded database in ${config.dataDir}, ` +
          'which one process can open at a time.\n' +
          'Stop the server (Ctrl+C), run this command again, then start the server with npm start.\n' +
          'Or, signed in as a manager or admin, register the account in the browser.',
        false,
      );
    }
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const result = await createAccount(database.db, {
      name: args.name,
      email: args.email,
      password: args.password,
      role,
      work: args.work ?? null,
      phone: args.phone ?? null,
    });
    if (!result.created) {
      console.error(`Error: an account with the e-mail ${args.email} already exists.`);
      process.exitCode = 1;
      return;
    }
    // running servers drop kept answers that could list this account (decision 0027)
    await announceChange(database).catch(() => undefined);
    console.log(`Created ${ROLE_NAMES[role]} account for ${result.user.name} <${result.user.email}>.`);
    console.log(`Sign in at ${config.publicUrl}/login`);
  } finally {
    await database.close();
    release();
  }
}

await main();
