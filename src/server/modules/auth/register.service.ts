import type { z } from 'zod';
import { firstMessage } from '../../../shared/api/first-message.js';
import { MSG } from '../../../shared/messages.js';
import { ROLE, type Role } from '../../../shared/roles.js';
import { dayInZone } from '../../../shared/time.js';
import type { registerBody } from '../../../shared/schemas/auth.js';
import { supervisorStaffBody, type StaffInput } from '../../../shared/schemas/staff.js';
import type { AppDeps } from '../../deps.js';
import type { Database } from '../../db/connect.js';
import { users } from '../../db/schema.js';
import { HttpError, isUniqueViolation } from '../../http-error.js';
import { recordAudit, type Actor } from '../audit/audit.service.js';
import { insertWorker, staffConflict } from '../staff/staff.service.js';
import { countUsers, createAccount, createFirstAccount, type UserRow } from './accounts.service.js';
import { hashPassword } from './passwords.js';

export type RegisterInput = z.output<typeof registerBody>;
export type RegisterOutcome = 'registered' | 'already-registered';

/** The role of an account without a staff record: the explicit role, else by designation. */
function requestedRole(input: RegisterInput): Role {
  if (input.role === ROLE.admin || input.role === ROLE.manager || input.role === ROLE.supervisor) return input.role;
  return input.designation?.toLowerCase() === 'manager' ? ROLE.manager : ROLE.supervisor;
}

/**
 * POST /auth/register. Needs a manager or admin session, except on an installation with
 * no account at all, where it creates the first manager. A manager cannot create an admin.
 * With an Aadhaar number (the Add Supervisor form) it creates the staff record and the
 * account together, linked; designation Manager gives role 1, any other role 0.
 */
export async function register(deps: AppDeps, input: RegisterInput, actor: UserRow | null): Promise<RegisterOutcome> {
  const account = { name: input.name, email: input.email, password: input.password, phone: input.phone, work: input.work };
  if (!actor) {
    if ((await countUsers(deps.db)) > 0) throw new HttpError(401, MSG.registerNeedsSession);
    const first = await createFirstAccount(deps.db, account);
    if (!first) throw new HttpError(401, MSG.registerNeedsSession);
    return 'registered';
  }
  if (actor.role !== ROLE.manager && actor.role !== ROLE.admin) throw new HttpError(403, MSG.forbidden);

  if (input.aadhar) return registerStaffMember(deps, input, actor);

  const role = requestedRole(input);
  if (role === ROLE.admin && actor.role !== ROLE.admin) throw new HttpError(403, MSG.managerCannotCreateAdmin);
  const result = await createAccount(deps.db, { ...account, role });
  if (result.created) {
    await recordAudit(deps.db, actor, [
      { action: 'account.create', entity: 'account', entityId: result.user.id, after: accountAudit(result.user) },
    ]);
  }
  return result.created ? 'registered' : 'already-registered';
}

function accountAudit(user: UserRow): Record<string, unknown> {
  return { _id: user.id, name: user.name, email: user.email, role: user.role, work: user.work, staffId: user.staffId };
}

async function registerStaffMember(deps: AppDeps, input: RegisterInput, actor: UserRow): Promise<RegisterOutcome> {
  const parsed = supervisorStaffBody.safeParse({
    name: input.name,
    phone: input.phone,
    aadhar: input.aadhar,
    empid: input.empid,
    designation: input.designation,
    work: input.work,
    wage: input.wage,
    bank: input.bank,
    branch: input.branch,
    ifsccode: input.ifsccode,
    acnumber: input.acnumber,
    uanno: input.uanno,
    esino: input.esino,
    status: input.status,
  });
  if (!parsed.success) throw new HttpError(400, firstMessage(parsed.error.issues) ?? MSG.invalidRequest);
  const staffInput = parsed.data;
  const role = staffInput.designation === 'Manager' ? ROLE.manager : ROLE.supervisor;
  const outcome = await createStaffAccount(deps.db, { id: actor.id, name: actor.name }, staffInput, {
    email: input.email,
    role,
    passwordHash: await hashPassword(input.password),
    today: dayInZone(deps.now(), deps.config.appTz),
  });
  if (outcome === 'empid-taken') throw new HttpError(409, MSG.empIdTaken);
  return outcome === 'created' ? 'registered' : 'already-registered';
}

/**
 * A staff record and its linked account, in one transaction (a savepoint inside the
 * request's): the Add Supervisor form's, and `npm run user:create`'s for a supervisor or
 * manager (issue 28). Both audited; a taken Aadhaar, e-mail or typed Emp ID is answered, not thrown.
 */
export async function createStaffAccount(
  db: Database,
  who: Actor | null,
  staffInput: StaffInput,
  account: { email: string; role: Role; passwordHash: string; today: string },
): Promise<'created' | 'aadhar-taken' | 'email-taken' | 'empid-taken'> {
  try {
    await db.transaction(async (tx) => {
      const member = await insertWorker(tx, who, staffInput, account.today);
      const [user] = await tx
        .insert(users)
        .values({
          name: member.name,
          email: account.email.trim().toLowerCase(),
          phone: member.phone,
          work: member.work,
          role: account.role,
          passwordHash: account.passwordHash,
          staffId: member.id,
        })
        .returning();
      await recordAudit(tx, who, [{ action: 'account.create', entity: 'account', entityId: user!.id, after: accountAudit(user!) }]);
    });
    return 'created';
  } catch (error) {
    const conflict = staffConflict(error);
    if (conflict === 'aadhar') return 'aadhar-taken';
    if (conflict === 'empid') return 'empid-taken';
    if (isUniqueViolation(error)) return 'email-taken';
    throw error;
  }
}
