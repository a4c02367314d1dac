/**
 * npm run user:create -- --name "Asha Nair" --email asha@example.com --password 'S3cure-pass' --role manager --work mcc --phone 9876543210 --aadhar 123456789012
 *
 * Creates a sign-in account on the database the server uses (DATABASE_URL, else the
 * embedded one in DATA_DIR). A supervisor or manager gets their staff record too, linked to
 * the account in one transaction, as the Add Supervisor form makes them (issue 28): the
 * register, attendance and crew lists need it. Prints where the server serves (the address
 * it recorded in the data folder, else this shell's PORT/PUBLIC_URL as the server reads
 * them). Prints a clear error and exits non-zero on bad input.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { MSG } from '../../shared/messages.js';
import { AADHAR_DIGITS } from '../../shared/limits.js';
import { REGISTER_PAGE_PATH } from '../../shared/pages.js';
import { ROLE, ROLE_NAMES, roleFromName } from '../../shared/roles.js';
import { emailSchema, newPasswordSchema, workSchema } from '../../shared/schemas/auth.js';
import { supervisorStaffBody } from '../../shared/schemas/staff.js';
import { dayInZone } from '../../shared/time.js';
import { WORK_TYPES } from '../../shared/work-types.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/connect.js';
import { announceChange } from '../response-cache.js';
import { exitUnlessDataDirWritable, servedUrl } from '../data-dir.js';
import { acquireDataDirLock, DataDirLockedError } from '../db/data-dir-lock.js';
import { createAccount } from '../modules/auth/accounts.service.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { createStaffAccount } from '../modules/auth/register.service.js';

const USAGE = `Usage: npm run user:create -- --name "Asha Nair" --email asha@example.com --password 'S3cure-pass' --role manager --work mcc --phone 9876543210 --aadhar 123456789012
  --role    one of: ${ROLE_NAMES.join(', ')}
  --work    one of: ${WORK_TYPES.join(', ')}
  --phone   10 digits
  --aadhar  ${AADHAR_DIGITS} digits
  A supervisor or manager is also put on the staff register (their staff record, linked to
  the account), so --work, --phone and --aadhar are needed for them; an admin needs none.`;

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
  aadhar: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${AADHAR_DIGITS}}$`), `--aadhar must be ${AADHAR_DIGITS} digits`)
    .optional(),
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
        aadhar: { type: 'string' },
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

  // a supervisor or manager is on the staff register: their record is made with the account
  const onRegister = role === ROLE.supervisor || role === ROLE.manager;
  const missing = (['work', 'phone', 'aadhar'] as const).filter((key) => onRegister && !args[key]);
  if (missing.length > 0) fail(`a ${ROLE_NAMES[role]} is also put on the staff register, which needs ${missing.map((key) => `--${key}`).join(', ')}`);
  // the staff record as the Add Supervisor form reads it
  const staffInput = onRegister
    ? supervisorStaffBody.safeParse({ name: args.name, phone: args.phone, aadhar: args.aadhar, work: args.work, designation: role === ROLE.manager ? 'Manager' : 'Supervisor' })
    : null;
  if (staffInput && !staffInput.success) fail(staffInput.error.issues[0]?.message ?? 'invalid staff record');

  const config = loadConfig();
  let release = () => {};
  if (!config.databaseUrl) {
    exitUnlessDataDirWritable(config.dataDir);
    try {
      release = acquireDataDirLock(config.dataDir);
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      const where = error.holder.url ? ` at ${error.holder.url}` : '';
      const site = error.holder.url ?? servedUrl(config.dataDir) ?? config.publicUrl;
      fail(
        `the Dutyroll server (pid ${error.holder.pid}) is running${where} on the embedded database in ${config.dataDir}, ` +
          'which one process can open at a time.\n' +
          'Stop the server (Ctrl+C), run this command again, then start the server with npm start.\n' +
          `Or, while it runs: with no account yet, register the first manager in the browser at ${site}${REGISTER_PAGE_PATH}; ` +
          'once there is one, a manager or admin signed in adds the others (Add Supervisor, or the admin\'s Accounts).',
        false,
      );
    }
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const account = { name: args.name, email: args.email, password: args.password, role, work: args.work ?? null, phone: args.phone ?? null };
    let refusal: string | null;
    if (staffInput?.success) {
      const outcome = await createStaffAccount(database.db, null, staffInput.data, {
        email: args.email,
        role,
        passwordHash: await hashPassword(args.password),
        today: dayInZone(new Date(), config.appTz),
      });
      const refusals = {
        'email-taken': `an account with the e-mail ${args.email} already exists.`,
        'aadhar-taken': 'a staff record with that Aadhaar number is already on the register.',
        'empid-taken': 'that Emp ID is already on the register.',
      } as const;
      refusal = outcome === 'created' ? null : refusals[outcome];
    } else {
      const result = await createAccount(database.db, account);
      refusal = result.created ? null : `an account with the e-mail ${args.email} already exists.`;
    }
    if (refusal !== null) {
      console.error(`Error: ${refusal}`);
      process.exitCode = 1;
      return;
    }
    // running servers drop kept answers that could list this account (decision 0027)
    await announceChange(database).catch(() => undefined);
    console.log(`Created ${ROLE_NAMES[role]} account for ${args.name.trim()} <${args.email.trim().toLowerCase()}>${onRegister ? ', with their staff record' : ''}.`);
    // where the server serves: the address it recorded in this data folder, else what it would read from this shell
    const site = (config.databaseUrl ? null : servedUrl(config.dataDir)) ?? config.publicUrl;
    console.log(`Sign in at ${site}/login`);
  } finally {
    await database.close();
    release();
  }
}

await main();
