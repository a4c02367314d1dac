import { and, count, desc, eq, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_COMPANY_PROFILE, companyProfileSchema, type CompanyProfile } from '../../../shared/company-profile.js';
import { DEFAULT_STAFFING_NORM } from '../../../shared/duties.js';
import { MSG } from '../../../shared/messages.js';
import { ROLE, ROLE_NAMES } from '../../../shared/roles.js';
import type { Account } from '../../../shared/schemas/admin.js';
import { toWorkType, WORK_TYPE_SELECT_LABELS, WORK_TYPES, type WorkType } from '../../../shared/work-types.js';
import { LIST_EXPORT_MAX_ROWS, type ListSheet, type SortOrder } from '../../../shared/list-view.js';
import type { ACCOUNT_SORT_KEYS } from '../../../shared/schemas/admin.js';
import type { Database } from '../../db/connect.js';
import { auditLog, duties, sessions, settings, staff, staffingNorms, states, users } from '../../db/schema.js';
import { HttpError, isUniqueViolation } from '../../http-error.js';
import { createAccount, lockAdminChanges, otherAdminsWhoCanSignIn, type AccountRow } from '../auth/accounts.service.js';
import { recordAudit, type Actor } from '../audit/audit.service.js';
import { UUID } from '../../../shared/input-checks.js';

const actorOf = (user: AccountRow): Actor => ({ id: user.id, name: user.name });

/** A role by its name in the account list's export: 'Supervisor', 'Manager', 'Admin'. */
const roleTitle = (role: number) => {
  const name = ROLE_NAMES[role];
  return name ? name[0]!.toUpperCase() + name.slice(1) : String(role);
};

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

type AccountFilters = {
  q?: string | undefined;
  role?: number | undefined;
  work?: string | undefined;
  disabled?: 'true' | 'false' | undefined;
  sort?: SortOrder<(typeof ACCOUNT_SORT_KEYS)[number]> | undefined;
};

function accountConditions(filters: AccountFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.q) {
    const pattern = `%${filters.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(users.name, pattern), ilike(users.email, pattern))!);
  }
  if (filters.role !== undefined) conditions.push(eq(users.role, filters.role));
  const work = toWorkType(filters.work);
  if (work) conditions.push(eq(users.work, work));
  if (filters.disabled) conditions.push(eq(users.disabled, filters.disabled === 'true'));
  return conditions.length ? and(...conditions) : undefined;
}

/** The order of a sort (issue 28): by the column, then by name and id so pages never overlap; by name without one. */
function accountOrder(sort: AccountFilters['sort']): SQL[] {
  const column = { name: users.name, email: users.email, role: users.role, work: users.work, status: users.disabled }[sort?.key ?? 'name'];
  const first = sort?.desc ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;
  return [first, sql`${users.name} asc`, sql`${users.id} asc`];
}

function accountRows(db: Database, where: SQL | undefined, sort: AccountFilters['sort']) {
  return db
    .select({ user: users, staffName: staff.name, staffStatus: staff.status })
    .from(users)
    .leftJoin(staff, eq(staff.id, users.staffId))
    .where(where)
    .orderBy(...accountOrder(sort));
}

/** Every account with its staff record and last sign-in; filtered, sorted and paged in SQL. */
export async function listAccounts(db: Database, filters: AccountFilters & { limit: number; offset: number }): Promise<{ accounts: Account[]; total: number }> {
  const where = accountConditions(filters);
  const [rows, [total]] = await Promise.all([
    accountRows(db, where, filters.sort).limit(filters.limit).offset(filters.offset),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return {
    accounts: rows.map((row) => presentAccount({ ...row.user, staffName: row.staffName, staffStatus: row.staffStatus })),
    total: Number(total?.value ?? 0),
  };
}

/**
 * The account list's view as a spreadsheet (issue 28): every page of the filters and sort.
 * Only what the list shows (and the phone and creation day): never a password hash, a
 * session or a reset code, which live in other columns and tables.
 */
export async function accountsSheet(db: Database, filters: AccountFilters): Promise<ListSheet> {
  const rows = await accountRows(db, accountConditions(filters), filters.sort).limit(LIST_EXPORT_MAX_ROWS + 1);
  const L = MSG.officeLists;
  const filterNames: string[] = [];
  if (filters.q) filterNames.push(`${MSG.fields.search}: ${filters.q}`);
  if (filters.role !== undefined) filterNames.push(`${L.role}: ${roleTitle(filters.role)}`);
  const work = toWorkType(filters.work);
  if (work) filterNames.push(`${MSG.fields.workType}: ${WORK_TYPE_SELECT_LABELS[work]}`);
  if (filters.disabled) filterNames.push(`${MSG.columnStatus}: ${filters.disabled === 'true' ? L.disabled : L.enabled}`);
  return {
    sheetName: L.accountsTitle,
    title: L.accountsTitle,
    filters: filterNames,
    columns: [
      { header: MSG.columnName, kind: 'text', width: 24 },
      { header: L.email, kind: 'text', width: 28 },
      { header: MSG.fields.phone, kind: 'text', width: 14 },
      { header: L.role, kind: 'text', width: 12 },
      { header: MSG.fields.workType, kind: 'text', width: 14 },
      { header: L.staffRecord, kind: 'text', width: 22 },
      { header: MSG.columnStatus, kind: 'text', width: 10 },
      { header: L.lastSignIn, kind: 'datetime' },
      { header: L.created, kind: 'datetime' },
    ],
    rows: rows.map(({ user, staffName }) => [
      user.name,
      user.email,
      user.phone,
      roleTitle(user.role),
      user.work ? (WORK_TYPE_SELECT_LABELS[toWorkType(user.work) ?? 'mcc'] ?? user.work) : null,
      staffName,
      user.disabled ? L.disabled : L.enabled,
      user.lastLoginAt ? user.lastLoginAt.toISOString() : null,
      user.createdAt.toISOString(),
    ]),
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

type AuditFilters = { actor?: string | undefined; entity?: string | undefined; entityId?: string | undefined; from?: string | undefined; to?: string | undefined; q?: string | undefined };

function auditConditions(timeZone: string, query: AuditFilters): SQL[] {
  const conditions: SQL[] = [];
  if (query.actor) conditions.push(eq(auditLog.actorId, query.actor));
  if (query.entity) conditions.push(eq(auditLog.entity, query.entity));
  if (query.entityId) conditions.push(eq(auditLog.entityId, query.entityId));
  if (query.from) conditions.push(sql`${auditLog.at} >= (${query.from}::date::timestamp at time zone ${timeZone})`);
  if (query.to) conditions.push(sql`${auditLog.at} < ((${query.to}::date + 1)::timestamp at time zone ${timeZone})`);
  if (query.q) {
    // issue 28: the actor's name, the record's id, an account's name or e-mail, a duty's train
    // number (as it is now, or as recorded when the duty is gone)
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        ilike(auditLog.actorName, pattern),
        ilike(auditLog.entityId, pattern),
        sql`(${auditLog.entity} = 'account' and exists (select 1 from ${users} where ${users.id}::text = ${auditLog.entityId} and (${users.name} ilike ${pattern} or ${users.email} ilike ${pattern})))`,
        sql`(${auditLog.entity} = 'duty' and (exists (select 1 from ${duties} where ${duties.id}::text = ${auditLog.entityId} and ${duties.trainNo} ilike ${pattern})
          or ${auditLog.after} ->> 'trainno' ilike ${pattern} or ${auditLog.before} ->> 'trainno' ilike ${pattern}))`,
      )!,
    );
  }
  return conditions;
}

/** The audit trail, newest first, filtered and paged (keyset on id) in SQL. */
export async function listAudit(db: Database, timeZone: string, query: AuditFilters & { limit: number; cursor?: number | undefined }) {
  const conditions = auditConditions(timeZone, query);
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

/** A recorded value as plain text: 'field: value' per field, a nested value as JSON. */
function readableValues(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object' || Array.isArray(value)) return typeof value === 'string' ? value : JSON.stringify(value);
  const parts = Object.entries(value as Record<string, unknown>).map(([key, field]) => {
    const text = field === null || field === undefined ? '—' : typeof field === 'object' ? JSON.stringify(field) : String(field);
    return `${key}: ${text}`;
  });
  return parts.length ? parts.join('; ') : null;
}

/**
 * The audit trail's view as a spreadsheet (issue 28): every entry of the filters, newest
 * first; time as a date-time cell in the company's time zone; the record named (an
 * account's name, a duty's train number) beside its id; before and after as readable text.
 */
export async function auditSheet(db: Database, timeZone: string, query: AuditFilters): Promise<ListSheet> {
  const conditions = auditConditions(timeZone, query);
  const rows = await db
    .select({
      entry: auditLog,
      accountName: sql<string | null>`(select ${users.name} from ${users} where ${auditLog.entity} = 'account' and ${users.id}::text = ${auditLog.entityId})`,
      trainNo: sql<string | null>`(select ${duties.trainNo} from ${duties} where ${auditLog.entity} = 'duty' and ${duties.id}::text = ${auditLog.entityId})`,
    })
    .from(auditLog)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(LIST_EXPORT_MAX_ROWS + 1);
  const L = MSG.officeLists;
  const filterNames: string[] = [];
  if (query.q) filterNames.push(`${MSG.fields.search}: ${query.q}`);
  if (query.actor) filterNames.push(`${L.actor}: ${(await findAccount(db, query.actor))?.name ?? query.actor}`);
  if (query.entity) filterNames.push(`${MSG.fields.recordType}: ${query.entity}`);
  if (query.entityId) filterNames.push(`${MSG.fields.record}: ${query.entityId}`);
  if (query.from || query.to) filterNames.push(`${L.dates}: ${query.from ?? '…'} – ${query.to ?? '…'}`);
  return {
    sheetName: L.auditTitle,
    title: L.auditTitle,
    filters: filterNames,
    columns: [
      { header: L.time, kind: 'datetime' },
      { header: L.actor, kind: 'text', width: 22 },
      { header: L.action, kind: 'text', width: 20 },
      { header: MSG.fields.recordType, kind: 'text', width: 14 },
      { header: MSG.fields.record, kind: 'text', width: 30 },
      { header: L.before, kind: 'text', width: 50 },
      { header: L.after, kind: 'text', width: 50 },
    ],
    rows: rows.map(({ entry, accountName, trainNo }) => {
      const name = accountName ?? (entry.entity === 'duty' ? (trainNo ?? recordedTrainNo(entry.after) ?? recordedTrainNo(entry.before)) : null);
      const record = entry.entityId ? (name ? `${name} (${entry.entityId})` : entry.entityId) : null;
      return [entry.at.toISOString(), entry.actorName, entry.action, entry.entity, record, readableValues(entry.before), readableValues(entry.after)];
    }),
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
