import { and, asc, desc, eq, gt, gte, lt, lte, min, sql } from 'drizzle-orm';
import { MSG } from '../../../shared/messages.js';
import { monthLabel } from '../../../shared/months.js';
import { DEFAULT_PAYROLL_SETTINGS, SKILLS, type PayrollSettings, type Skill } from '../../../shared/payroll.js';
import type { Database } from '../../db/connect.js';
import { holidays, payrollSettings, payrolls } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { recordAudit, type Actor } from '../audit/audit.service.js';

/**
 * The payroll settings, effective-dated by month, and the holiday list (issue 26, DESIGN.md
 * "Month end"). A version governs the months from its effectiveFrom until the next later
 * version's; no version at all means the statutory defaults. A final payroll (a `payrolls`
 * row) keeps the settings and the holidays it was computed with: a change that would reach
 * a final month is refused with 409.
 */

/** The settings' own transaction-scoped lock (see lockPayrollInputs). */
const PAYROLL_INPUTS_LOCK = 4242026;

/**
 * Serialises the writes that change a month's payroll inputs (settings, holidays) with each
 * other, so two that check "no final month in range" cannot both pass on stale reads. The
 * payroll's finalising takes it too, so a month cannot turn final between a change's check
 * and its commit.
 */
export async function lockPayrollInputs(tx: Pick<Database, 'execute'>): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PAYROLL_INPUTS_LOCK})`);
}

/**
 * The same lock, shared: the writes of a month's duties, marks and deductions take it before
 * they check that the month is not final. They do not wait for one another, only for a
 * finalising (or a settings or holiday change) in progress.
 */
export async function lockPayrollInputsShared(tx: Pick<Database, 'execute'>): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${PAYROLL_INPUTS_LOCK})`);
}

/**
 * A stored version over the defaults: a field added to the settings later still has a value
 * for an older row (the saved row's own values win).
 */
function settingsOf(effectiveFrom: string, value: unknown): PayrollSettings {
  const stored = (value && typeof value === 'object' ? value : {}) as Partial<PayrollSettings>;
  return {
    effectiveFrom,
    epf: { ...DEFAULT_PAYROLL_SETTINGS.epf, ...stored.epf },
    esi: { ...DEFAULT_PAYROLL_SETTINGS.esi, ...stored.esi },
    minimumWages: Object.fromEntries(SKILLS.map((skill) => [skill, stored.minimumWages?.[skill] ?? DEFAULT_PAYROLL_SETTINGS.minimumWages[skill]])) as Record<Skill, number>,
  };
}

/** The document as stored in `value` (effectiveFrom is the row's key). */
function storedValue(settings: PayrollSettings): Omit<PayrollSettings, 'effectiveFrom'> {
  return { epf: { ...settings.epf }, esi: { ...settings.esi }, minimumWages: { ...settings.minimumWages } };
}

/**
 * The settings in force in `month` ('YYYY-MM'): the version with the greatest effectiveFrom
 * at or before it (one look-up on the primary key's index), else the defaults.
 */
export async function payrollSettingsFor(db: Database, month: string): Promise<PayrollSettings> {
  const [row] = await db
    .select({ effectiveFrom: payrollSettings.effectiveFrom, value: payrollSettings.value })
    .from(payrollSettings)
    .where(lte(payrollSettings.effectiveFrom, month))
    .orderBy(desc(payrollSettings.effectiveFrom))
    .limit(1);
  return row ? settingsOf(row.effectiveFrom, row.value) : settingsOf(DEFAULT_PAYROLL_SETTINGS.effectiveFrom, DEFAULT_PAYROLL_SETTINGS);
}

/** Every saved version, the latest effectiveFrom first (a handful a year). */
async function payrollSettingsHistory(db: Database): Promise<Array<PayrollSettings & { updatedAt: string }>> {
  const rows = await db.select().from(payrollSettings).orderBy(desc(payrollSettings.effectiveFrom));
  return rows.map((row) => ({ ...settingsOf(row.effectiveFrom, row.value), updatedAt: row.updatedAt.toISOString() }));
}

/**
 * The settings in force in `month` and every version, for GET /admin/payroll-settings: both
 * from the one read of the (small) table.
 */
export async function payrollSettingsView(db: Database, month: string) {
  const history = await payrollSettingsHistory(db);
  const inForce = history.find((version) => version.effectiveFrom <= month);
  const { updatedAt: _updatedAt, ...settings } = inForce ?? { ...DEFAULT_PAYROLL_SETTINGS, updatedAt: '' };
  return { ...settings, month, isDefault: inForce === undefined, history };
}

/** The earliest month with a final payroll in [from, before) (before null: unbounded), or null. */
async function firstFinalMonth(db: Database, from: string, before: string | null): Promise<string | null> {
  const [row] = await db
    .select({ month: min(payrolls.month) })
    .from(payrolls)
    .where(before === null ? gte(payrolls.month, from) : and(gte(payrolls.month, from), lt(payrolls.month, before)));
  return row?.month ?? null;
}

/**
 * Saves the version of `settings.effectiveFrom` (replacing it, or adding one), with its audit
 * row, on the request's transaction. The version governs the months from its effectiveFrom
 * until the next later version's (or on without end): a final payroll in those months
 * refuses the change (409, naming the month), so a final month is never rewritten.
 */
export async function savePayrollSettings(tx: Database, actor: Actor, settings: PayrollSettings): Promise<PayrollSettings> {
  await lockPayrollInputs(tx);
  const month = settings.effectiveFrom;
  const [next] = await tx
    .select({ effectiveFrom: payrollSettings.effectiveFrom })
    .from(payrollSettings)
    .where(gt(payrollSettings.effectiveFrom, month))
    .orderBy(asc(payrollSettings.effectiveFrom))
    .limit(1);
  const final = await firstFinalMonth(tx, month, next?.effectiveFrom ?? null);
  if (final !== null) throw new HttpError(409, MSG.settingsGovernFinalMonth(monthLabel(final)));

  // what governed these months until now: the replaced version, or the one before it
  const before = await payrollSettingsFor(tx, month);
  const value = storedValue(settings);
  await tx
    .insert(payrollSettings)
    .values({ effectiveFrom: month, value })
    .onConflictDoUpdate({ target: payrollSettings.effectiveFrom, set: { value, updatedAt: new Date() } });
  await recordAudit(tx, actor, [{ action: 'payroll-settings.update', entity: 'payroll-settings', entityId: month, before, after: { effectiveFrom: month, ...value } }]);
  return { effectiveFrom: month, ...value };
}

// ---- holidays ----

export interface HolidayRow {
  day: string;
  name: string;
}

/** The holidays from `fromDay` to `toDay` ('YYYY-MM-DD', both included), by day. */
export async function holidaysBetween(db: Database, fromDay: string, toDay: string): Promise<HolidayRow[]> {
  return db
    .select({ day: holidays.day, name: holidays.name })
    .from(holidays)
    .where(and(gte(holidays.day, fromDay), lte(holidays.day, toDay)))
    .orderBy(asc(holidays.day));
}

/** Refuses (409) a change of the holidays of a day whose month has a final payroll of any work type. */
async function refuseInFinalMonth(tx: Database, day: string): Promise<void> {
  const month = day.slice(0, 7);
  const [final] = await tx.select({ month: payrolls.month }).from(payrolls).where(eq(payrolls.month, month)).limit(1);
  if (final) throw new HttpError(409, MSG.holidayInFinalMonth(monthLabel(month)));
}

/** Adds a holiday (admin; audited). A day already on the list: 409. A final month: 409. */
export async function addHoliday(tx: Database, actor: Actor, holiday: HolidayRow): Promise<HolidayRow> {
  await lockPayrollInputs(tx);
  await refuseInFinalMonth(tx, holiday.day);
  // a day already listed inserts nothing (no constraint violation to abort the transaction)
  const [row] = await tx.insert(holidays).values(holiday).onConflictDoNothing({ target: holidays.day }).returning({ day: holidays.day, name: holidays.name });
  if (!row) throw new HttpError(409, MSG.holidayExists);
  await recordAudit(tx, actor, [{ action: 'holiday.create', entity: 'holiday', entityId: row.day, after: { name: row.name } }]);
  return row;
}

/** Renames a holiday (admin; audited). A name does not change paid days, so a final month allows it. */
export async function renameHoliday(tx: Database, actor: Actor, day: string, name: string): Promise<HolidayRow> {
  const [before] = await tx.select().from(holidays).where(eq(holidays.day, day)).for('update');
  if (!before) throw new HttpError(404, MSG.holidayNotFound);
  const [row] = await tx.update(holidays).set({ name }).where(eq(holidays.day, day)).returning({ day: holidays.day, name: holidays.name });
  await recordAudit(tx, actor, [{ action: 'holiday.update', entity: 'holiday', entityId: day, before: { name: before.name }, after: { name } }]);
  return row!;
}

/** Removes a holiday (admin; audited). A final month: 409. */
export async function removeHoliday(tx: Database, actor: Actor, day: string): Promise<void> {
  await lockPayrollInputs(tx);
  const [existing] = await tx.select().from(holidays).where(eq(holidays.day, day));
  if (!existing) throw new HttpError(404, MSG.holidayNotFound);
  await refuseInFinalMonth(tx, day);
  await tx.delete(holidays).where(eq(holidays.day, day));
  await recordAudit(tx, actor, [{ action: 'holiday.delete', entity: 'holiday', entityId: day, before: { name: existing.name } }]);
}
