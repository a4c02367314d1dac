import { and, count, desc, eq, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_COMPANY_PROFILE, companyProfileSchema, type CompanyProfile } from '../../../shared/company-profile.js';
import { DEFAULT_STAFFING_NORM } from '../../../shared/duties.js';
import { MSG } from '../../../shared/messages.js';
import { ROLE } from '../../../shared/roles.js';
import type { Account } from '../../../shared/schemas/admin.js';
import { toWorkType, WORK_TYPES, type WorkType } from '../../../shared/work-types.js';
import type { Database } from '../../db/connect.js';
import { auditLog, duties, sessions, settings, staff, staffingNorms, states, users } from '../../db/schema.js';
import { HttpError, isUniqueViolation } from '../../http-error.js';
import { createAccount, lockAdminChanges, otherAdminsWhoCanSignIn, type AccountRow } from '../auth/accounts.service.js';
import { recordAudit, type Actor } from '../audit/audit.service.js';
import { UUID } from '../../../shared/input-checks.js';

const actorOf = (user: AccountRow): Actor => ({ id: user.id, name: user.name });

type AccountListRow = typeof users.$inferSelect & { staffName: string | null; staffStatus: string | null };

function presentAccount(row: AccountListRow): Account {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: row.role,
    work: row.work,
    disabled: row.disabled,
    staffId: row.staffId,
    staffName: row.staffName,
    staffStatus: row.staffStatus,
    lastLoginAt: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

function accountAudit(row: typeof users.$inferSelect): Record<string, unknown> {
  return { name: row.name, email: row.email, role: row.role, work: row.work, disabled: row.disabled, staffId: row.staffId };
}

/** Every account with its staff record and last sign-in; filtered and paged in SQL. */
export async function listAccounts(
  db: Database,
  filters: { q?: string | undefined; role?: number | undefined; work?: string | undefined; disabled?: 'true' | 'false' | undefined; limit: number; offset: number },
): Promise<{ accounts: Account[]; total: number }> {
  const conditions: SQL[] = [];
  if (filters.q) {
    const pattern = `%${filters.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(users.name, pattern), ilike(users.email, pattern))!);
  }
  if (filters.role !== undefined) conditions.push(eq(users.role, filters.role));
  const work = toWorkType(filters.work);
  if (work) conditions.push(eq(users.work, work));
  if (filters.disabled) conditions.push(eq(users.disabled, filters.disabled === 'true'));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ user: users, staffName: staff.name, staffStatus: staff.status })
      .from(users)
      .leftJoin(staff, eq(staff.id, users.staffId))
      .where(where)
      .orderBy(users.name, users.id)
      .limit(filters.limit)
      .offset(filters.offset),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return {
    accounts: rows.map((row) => presentAccount({ ...row.user, staffName: row.staffName, staffStatus: row.staffStatus })),
    total: Number(total?.value ?? 0),
  };
}

/** Creates an account (any role; the admin may create admins). */
export async function adminCreateAccount(
  db: Database,
  admin: AccountRow,
  input: { name: string; email: string; phone: string | null; password: string; role: number; work: WorkType | null },
): Promise<'created' | 'taken'> {
  const result = await createAccount(db, { ...input, role: input.role as 0 | 1 | 2 });
  if (!result.created) return 'taken';
  await recordAudit(db, actorOf(admin), [{ action: 'account.create', entity: 'account', entityId: result.user.id, after: accountAudit(result.user) }]);
  return 'created';
}

/**
 * Changes an account's role, work type or disabled flag. Disabling ends its sessions at
 * once. The last admin who can sign in cannot be disabled or demoted.
 */
export async function updateAccount(
  db: Database,
  admin: AccountRow,
  id: string,
  change: { role?: number | undefined; work?: WorkType | null | undefined; disabled?: boolean | undefined },
): Promise<void> {
  if (!UUID.test(id)) throw new HttpError(404, MSG.accountNotFound);
  // one admin change at a time, so two admins cannot demote each other at once
  await lockAdminChanges(db);
  const [before] = await db.select().from(users).where(eq(users.id, id)).for('update');
  if (!before) throw new HttpError(404, MSG.accountNotFound);
  const losesAdmin = before.role === ROLE.admin && !before.disabled && ((change.role !== undefined && change.role !== ROLE.admin) || change.disabled === true);
  if (losesAdmin) {
    if ((await otherAdminsWhoCanSignIn(db, id)) === 0) throw new HttpError(409, MSG.lastAdmin);
  }
  const [after] = await db
    .update(users)
    .set({
      ...(change.role !== undefined ? { role: change.role } : {}),
      ...(change.work !== undefined ? { work: change.work } : {}),
      ...(change.disabled !== undefined ? { disabled: change.disabled } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, id))
    .returning();
  if (change.disabled === true || (change.role !== undefined && change.role !== before.role)) {
    // a disabled account, or one whose role changed, signs in afresh
    await db.delete(sessions).where(eq(sessions.userId, id));
  }
  await recordAudit(db, actorOf(admin), [{ action: 'account.update', entity: 'account', entityId: id, before: accountAudit(before), after: accountAudit(after!) }]);
}

export async function findAccount(db: Database, id: string): Promise<typeof users.$inferSelect | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Ends every session of an account. */
export async function endSessions(db: Database, admin: AccountRow, id: string): Promise<void> {
  const account = await findAccount(db, id);
  if (!account) throw new HttpError(404, MSG.accountNotFound);
  await db.delete(sessions).where(eq(sessions.userId, id));
  await recordAudit(db, actorOf(admin), [{ action: 'account.end-sessions', entity: 'account', entityId: id }]);
}

// ---- states ----

export async function listStates(db: Database): Promise<{ _id: string; name: string }[]> {
  const rows = await db.select().from(states).orderBy(states.name);
  return rows.map((row) => ({ _id: row.id, name: row.name }));
}

export async function saveState(db: Database, admin: AccountRow, id: string | null, name: string): Promise<{ _id: string; name: string }> {
  try {
    if (id === null) {
      const [row] = await db.insert(states).values({ name }).returning();
      await recordAudit(db, actorOf(admin), [{ action: 'state.create', entity: 'state', entityId: row!.id, after: { name } }]);
      return { _id: row!.id, name: row!.name };
    }
    const [before] = UUID.test(id) ? await db.select().from(states).where(eq(states.id, id)) : [];
    if (!before) throw new HttpError(404, MSG.stateNotFound);
    const [row] = await db.update(states).set({ name }).where(eq(states.id, id)).returning();
    await recordAudit(db, actorOf(admin), [{ action: 'state.update', entity: 'state', entityId: id, before: { name: before.name }, after: { name } }]);
    return { _id: row!.id, name: row!.name };
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, MSG.stateExists);
    throw error;
  }
}

export async function deleteState(db: Database, admin: AccountRow, id: string): Promise<void> {
  if (!UUID.test(id)) throw new HttpError(404, MSG.stateNotFound);
  const [removed] = await db.delete(states).where(eq(states.id, id)).returning();
  if (!removed) throw new HttpError(404, MSG.stateNotFound);
  await recordAudit(db, actorOf(admin), [{ action: 'state.delete', entity: 'state', entityId: id, before: { name: removed.name } }]);
}

// ---- company profile ----

const PROFILE_KEY = 'company_profile';

/** The stored profile over the defaults (a field added to the defaults later still shows). */
export async function readCompanyProfile(db: Database): Promise<CompanyProfile> {
  const [row] = await db.select().from(settings).where(eq(settings.key, PROFILE_KEY));
  if (!row) return DEFAULT_COMPANY_PROFILE;
  const merged = companyProfileSchema.safeParse({ ...DEFAULT_COMPANY_PROFILE, ...(row.value as object) });
  return merged.success ? merged.data : DEFAULT_COMPANY_PROFILE;
}

export async function saveCompanyProfile(db: Database, admin: AccountRow, profile: CompanyProfile): Promise<CompanyProfile> {
  const [before] = await db.select().from(settings).where(eq(settings.key, PROFILE_KEY)).for('update');
  await db
    .insert(settings)
    .values({ key: PROFILE_KEY, value: profile })
    .onConflictDoUpdate({ target: settings.key, set: { value: profile, updatedAt: new Date() } });
  const strip = (value: unknown) => (value && typeof value === 'object' ? { ...(value as object), logo: (value as { logo?: unknown }).logo ? '(image)' : null } : value);
  await recordAudit(db, actorOf(admin), [
    { action: 'company.update', entity: 'company', entityId: PROFILE_KEY, before: strip(before?.value ?? DEFAULT_COMPANY_PROFILE), after: strip(profile) },
  ]);
  return profile;
}

// ---- staffing norms and contract periods ----

export async function listStaffingNorms(db: Database): Promise<{ work: WorkType; perCoach: number }[]> {
  const rows = await db.select().from(staffingNorms);
  const byWork = new Map(rows.map((row) => [row.work, Number(row.perCoach)]));
  return WORK_TYPES.map((work) => ({ work, perCoach: byWork.get(work) ?? DEFAULT_STAFFING_NORM }));
}

export async function saveStaffingNorm(db: Database, admin: AccountRow, work: WorkType, perCoach: number): Promise<void> {
  const value = perCoach.toFixed(3);
  const [before] = await db.select().from(staffingNorms).where(eq(staffingNorms.work, work));
  await db
    .insert(staffingNorms)
    .values({ work, perCoach: value })
    .onConflictDoUpdate({ target: staffingNorms.work, set: { perCoach: value, updatedAt: new Date() } });
  await recordAudit(db, actorOf(admin), [
    { action: 'norm.update', entity: 'staffing-norm', entityId: work, before: { perCoach: before ? Number(before.perCoach) : DEFAULT_STAFFING_NORM }, after: { perCoach: Number(value) } },
  ]);
}

// ---- audit trail ----

/** The audit trail, newest first, filtered and paged (keyset on id) in SQL. */
export async function listAudit(
  db: Database,
  timeZone: string,
  query: { actor?: string | undefined; entity?: string | undefined; entityId?: string | undefined; from?: string | undefined; to?: string | undefined; limit: number; cursor?: number | undefined },
) {
  const conditions: SQL[] = [];
  if (query.actor) conditions.push(eq(auditLog.actorId, query.actor));
  if (query.entity) conditions.push(eq(auditLog.entity, query.entity));
  if (query.entityId) conditions.push(eq(auditLog.entityId, query.entityId));
  if (query.from) conditions.push(sql`${auditLog.at} >= (${query.from}::date::timestamp at time zone ${timeZone})`);
  if (query.to) conditions.push(sql`${auditLog.at} < ((${query.to}::date + 1)::timestamp at time zone ${timeZone})`);
  if (query.cursor) conditions.push(lt(auditLog.id, query.cursor));
  const rows = await db
    .select()
    .from(auditLog)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const dutyRows = page.filter((row) => row.entity === 'duty');
  const [trainNumbers, crewNames] = await Promise.all([
    dutyTrainNumbers(
      db,
      dutyRows.filter((row) => row.entityId && UUID.test(row.entityId)).map((row) => row.entityId!),
    ),
    staffNames(db, dutyRows.flatMap((row) => [...recordedCrew(row.before), ...recordedCrew(row.after)])),
  ]);
  return {
    entries: page.map((row) => ({
      _id: row.id,
      at: row.at.toISOString(),
      actorId: row.actorId,
      actorName: row.actorName,
      action: row.action,
      entity: row.entity,
      entityId: row.entityId,
      before: row.before,
      after: row.after,
      ...(row.entity === 'duty'
        ? {
            trainNo: trainNumbers.get(row.entityId ?? '') ?? recordedTrainNo(row.after) ?? recordedTrainNo(row.before),
            crewNames: namesOf([...recordedCrew(row.before), ...recordedCrew(row.after)], crewNames),
          }
        : {}),
    })),
    nextCursor: rows.length > query.limit ? page.at(-1)!.id : null,
  };
}

/** The train numbers of the duties named, by id (one query for a page of the audit trail). */
async function dutyTrainNumbers(db: Database, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: duties.id, trainNo: duties.trainNo }).from(duties).where(inArray(duties.id, [...new Set(ids)]));
  return new Map(rows.filter((row) => row.trainNo).map((row) => [row.id, row.trainNo!]));
}

/** The staff ids of the crew an audit entry recorded for a duty (its `workers`). */
function recordedCrew(value: unknown): string[] {
  const workers = value && typeof value === 'object' ? (value as { workers?: unknown }).workers : null;
  return Array.isArray(workers) ? workers.filter((id): id is string => typeof id === 'string' && UUID.test(id)) : [];
}

/** The names of the staff records named, by id (one query for a page of the audit trail). */
async function staffNames(db: Database, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: staff.id, name: staff.name }).from(staff).where(inArray(staff.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The names of the ids among `ids` that have one, as an object (the answer's JSON). */
function namesOf(ids: string[], names: Map<string, string>): Record<string, string> {
  return Object.fromEntries(ids.flatMap((id) => (names.has(id) ? [[id, names.get(id)!]] : [])));
}

/** The train number an audit entry recorded (a deleted duty is no longer in the table). */
function recordedTrainNo(value: unknown): string | null {
  const trainno = value && typeof value === 'object' ? (value as { trainno?: unknown }).trainno : null;
  return typeof trainno === 'string' && trainno ? trainno : null;
}

/** Counts for the admin dashboard's shortcuts. */
export async function adminOverview(db: Database) {
  const [row] = await db
    .select({
      accounts: count(),
      admins: sql<number>`count(*) filter (where ${users.role} = 2)`.mapWith(Number),
      managers: sql<number>`count(*) filter (where ${users.role} = 1)`.mapWith(Number),
      supervisors: sql<number>`count(*) filter (where ${users.role} = 0)`.mapWith(Number),
      disabled: sql<number>`count(*) filter (where ${users.disabled})`.mapWith(Number),
    })
    .from(users);
  const [staffCount] = await db.select({ value: count() }).from(staff).where(sql`${staff.status} <> 'Resigned'`);
  const [stateCount] = await db.select({ value: count() }).from(states);
  return {
    accounts: Number(row?.accounts ?? 0),
    admins: row?.admins ?? 0,
    managers: row?.managers ?? 0,
    supervisors: row?.supervisors ?? 0,
    disabled: row?.disabled ?? 0,
    staff: Number(staffCount?.value ?? 0),
    states: Number(stateCount?.value ?? 0),
  };
}
