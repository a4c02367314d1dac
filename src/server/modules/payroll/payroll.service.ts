import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { monthLabel, shiftMonth } from '../../../shared/months.js';
import { MSG } from '../../../shared/messages.js';
import {
  BLOCKING_FLAGS,
  DOC_LANGUAGES,
  FLAG,
  esiCovered,
  esiPeriodStart,
  payrollFigures,
  toRupees,
  wageDueDate,
  type DocLanguage,
  type PayrollFlag,
  type PayrollFigures,
  type Skill,
} from '../../../shared/payroll.js';
import type { Payroll, PayrollRow, PayrollTotals } from '../../../shared/schemas/payroll.js';
import { moneyPaise } from '../../../shared/money.js';
import { dayInZone, monthInZone } from '../../../shared/time.js';
import type { WorkType } from '../../../shared/work-types.js';
import { rowsOf, type Database } from '../../db/connect.js';
import { payrolls, staff } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { recordAudit, type Actor } from '../audit/audit.service.js';
import { attendanceGrid, type AttendanceGrid } from '../reports/attendance.service.js';
import { applyDueWageRevisions } from '../staff/wage-revisions.js';
import { lockPayrollInputs, lockPayrollInputsShared, payrollSettingsFor } from './settings.service.js';

/**
 * The payroll of a month and work type (issue 26, decision 0037). A draft is computed
 * from current data every time: the attendance grid's days (the one source of truth for
 * duty days, paid leave and holidays), the worker's daily wage now, the month's
 * deductions and the settings in force. A final payroll is the answer as it was when
 * finalised, kept in `payrolls`; while it exists the month's duties, marks and deductions
 * refuse every change (refuseFinalMonths).
 */

/** Where the clock and zone come from (AppDeps' parts the payroll reads). */
export interface PayrollClock {
  now(): Date;
  timeZone: string;
}

/** The staff columns the payroll reads beside the grid. */
interface StaffFacts {
  id: string;
  uan_no: string | null;
  esi_no: string | null;
  skill: Skill | null;
  language: DocLanguage | null;
  dob: string | null;
  pf_member: boolean;
  esi_member: boolean;
  has_bank: boolean;
}

/** `(v1, v2, …)` of bound values, for `in`; never empty in its callers. */
function listOf(values: readonly string[]): SQL {
  return sql`(${sql.join(values.map((value) => sql`${value}`), sql`, `)})`;
}

/** A refusal with the contract's error body. */
function refuse(status: number, message: string, extra: Record<string, unknown> = {}): HttpError {
  return new HttpError(status, message, { success: false, message, ...extra });
}

/** The stored final payroll of a month and work type, if any. */
async function finalPayroll(db: Database, work: WorkType, month: string): Promise<Payroll | null> {
  const [row] = await db.select({ payroll: payrolls.payroll }).from(payrolls).where(and(eq(payrolls.month, month), eq(payrolls.work, work)));
  return row ? (row.payroll as Payroll) : null;
}

/** GET /payroll: the final payroll as finalised, else a draft from current data. */
export async function getPayroll(db: Database, clock: PayrollClock, work: WorkType, month: string): Promise<Payroll> {
  return (await finalPayroll(db, work, month)) ?? (await draftPayroll(db, clock, work, month));
}

/** Sums of paise of each staff member's deductions in a month. */
async function deductionSums(db: Database, month: string, staffIds: string[]): Promise<Map<string, number>> {
  if (staffIds.length === 0) return new Map();
  const result = await db.execute(sql`
    select staff_id, sum(amount)::text as total from deductions
    where month = ${month} and staff_id in ${listOf(staffIds)}
    group by staff_id`);
  return new Map(rowsOf<{ staff_id: string; total: string }>(result).map((row) => [row.staff_id, moneyPaise(row.total) ?? 0]));
}

/** The payroll columns of the grid's workers. */
async function staffFacts(db: Database, staffIds: string[]): Promise<Map<string, StaffFacts>> {
  if (staffIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: staff.id,
      uan_no: staff.uanNo,
      esi_no: staff.esiNo,
      skill: staff.skill,
      language: staff.language,
      dob: staff.dob,
      pf_member: staff.pfMember,
      esi_member: staff.esiMember,
      has_bank: sql<boolean>`coalesce(${staff.acNumber}, '') <> '' and coalesce(${staff.ifscCode}, '') <> ''`,
    })
    .from(staff)
    .where(inArray(staff.id, staffIds));
  return new Map(rows.map((row) => [row.id, { ...row, skill: row.skill as Skill | null, language: row.language as DocLanguage | null, has_bank: Boolean(row.has_bank) }]));
}

/** A grid worker's paid days: SPEC's duty total plus paid leave and holidays. */
const paidDaysOf = (worker: AttendanceGrid['workers'][number]) => worker.total + worker.paidLeave;

/**
 * The gross (paise) of each worker in the first month of the ESI contribution period in
 * which they had wages, up to `month`: that month decides coverage for the whole period.
 * An earlier month that is final answers its final gross; otherwise the grid of that
 * month at the worker's daily wage now. Months are read from the period's start and the
 * reading stops once every worker asked about has a month with wages (usually the first).
 */
async function periodFirstGross(db: Database, clock: PayrollClock, work: WorkType, month: string, grid: AttendanceGrid, wanted: readonly string[]): Promise<Map<string, number>> {
  const first = new Map<string, number>();
  const open = new Set(wanted);
  for (let m = esiPeriodStart(month); m < month && open.size > 0; m = shiftMonth(m, 1)) {
    const source = (await finalPayroll(db, work, m)) ?? (await attendanceGrid(db, work, m, clock.now(), clock.timeZone));
    const grossOf: Array<[string, number]> =
      'rows' in source
        ? source.rows.map((row) => [row.staffId, Math.round(row.gross * 100)])
        : source.workers.map((worker) => [worker._id, paidDaysOf(worker) * (worker.wage ? (moneyPaise(worker.wage) ?? 0) : 0)]);
    for (const [id, gross] of grossOf) {
      if (gross > 0 && open.delete(id)) first.set(id, gross);
    }
  }
  for (const worker of grid.workers) {
    if (!first.has(worker._id)) first.set(worker._id, paidDaysOf(worker) * (worker.wage ? (moneyPaise(worker.wage) ?? 0) : 0));
  }
  return first;
}

/** A draft payroll: computed now from the grid, the staff records, deductions and settings. */
export async function draftPayroll(db: Database, clock: PayrollClock, work: WorkType, month: string): Promise<Payroll> {
  // wages revised from a day that has come are the workers' wages before the grid reads them (issue 28)
  await applyDueWageRevisions(db, dayInZone(clock.now(), clock.timeZone), clock.now());
  const [grid, settings] = await Promise.all([attendanceGrid(db, work, month, clock.now(), clock.timeZone), payrollSettingsFor(db, month)]);
  // a worker already paid for this month in another work type's final payroll (moved since) is not paid twice
  const elsewhere = new Set(
    rowsOf<{ staff_id: string }>(
      await db.execute(sql`
        select r->>'staffId' as staff_id from payrolls p, jsonb_array_elements(p.payroll->'rows') r
        where p.month = ${month} and p.work <> ${work}`),
    ).map((row) => row.staff_id),
  );
  const paid = grid.workers.filter((worker) => paidDaysOf(worker) > 0 && !elsewhere.has(worker._id));
  const ids = paid.map((worker) => worker._id);
  const [facts, deductions, firstGross] = await Promise.all([staffFacts(db, ids), deductionSums(db, month, ids), periodFirstGross(db, clock, work, month, grid, ids)]);
  const rows = paid.map((worker) => {
    const fact = facts.get(worker._id)!;
    const figures = payrollFigures(
      {
        dutyDays: worker.total,
        paidLeaveDays: worker.paidLeave,
        daysPresent: worker.codes.filter((code) => code === 'P' || code === 'P2' || code === 'P3').length,
        ratePaise: worker.wage === null ? null : moneyPaise(worker.wage),
        skill: fact.skill,
        dob: fact.dob,
        pfMember: fact.pf_member,
        esiMember: fact.esi_member,
        esiCovered: esiCovered(firstGross.get(worker._id) ?? 0, settings),
        hasUan: Boolean(fact.uan_no?.trim()),
        hasEsiNumber: Boolean(fact.esi_no?.trim()),
        hasBankDetails: fact.has_bank,
        otherDeductionsPaise: deductions.get(worker._id) ?? 0,
      },
      month,
      settings,
    );
    if ((fact.pf_member || fact.esi_member) && !/[A-Za-z]/.test(worker.name)) figures.flags.push(FLAG.nameNotLatin);
    return presentRow(worker, fact, figures);
  });
  return {
    month,
    work,
    status: 'draft',
    dueDate: wageDueDate(month),
    settingsFrom: settings.effectiveFrom,
    finalisedAt: null,
    finalisedBy: null,
    rows,
    totals: totalsOf(rows),
  };
}

function presentRow(worker: AttendanceGrid['workers'][number], fact: StaffFacts, figures: PayrollFigures): PayrollRow {
  return {
    staffId: worker._id,
    name: worker.name,
    empid: worker.empid,
    uan: fact.uan_no?.trim() || null,
    esino: fact.esi_no?.trim() || null,
    skill: fact.skill,
    language: fact.language && (DOC_LANGUAGES as readonly string[]).includes(fact.language) ? fact.language : 'en',
    days: figures.days,
    daysPresent: figures.daysPresent,
    paidLeaveDays: worker.paidLeave,
    codes: worker.codes,
    rate: toRupees(figures.ratePaise),
    gross: toRupees(figures.grossPaise),
    epfWages: toRupees(figures.epfWagesPaise),
    epsWages: toRupees(figures.epsWagesPaise),
    edliWages: toRupees(figures.edliWagesPaise),
    pfEmployee: toRupees(figures.pfEmployeePaise),
    eps: toRupees(figures.epsPaise),
    pfEmployerDiff: toRupees(figures.pfEmployerDiffPaise),
    esiEmployee: toRupees(figures.esiEmployeePaise),
    esiEmployer: toRupees(figures.esiEmployerPaise),
    otherDeductions: toRupees(figures.otherDeductionsPaise),
    net: toRupees(figures.netPaise),
    employerCost: toRupees(figures.employerCostPaise),
    flags: figures.flags,
  };
}

const TOTAL_COLUMNS = ['gross', 'epfWages', 'epsWages', 'edliWages', 'pfEmployee', 'eps', 'pfEmployerDiff', 'esiEmployee', 'esiEmployer', 'otherDeductions', 'net', 'employerCost'] as const;

/** Column totals, summed in paise. */
function totalsOf(rows: PayrollRow[]): PayrollTotals {
  const totals = { days: rows.reduce((sum, row) => sum + row.days, 0) } as PayrollTotals;
  for (const column of TOTAL_COLUMNS) totals[column] = toRupees(rows.reduce((sum, row) => sum + Math.round(row[column] * 100), 0));
  return totals;
}

/**
 * POST /payroll/finalise: keeps the draft as the month's final payroll. Refused when it is
 * final already (409), when the month has not ended, has no paid days, or a row is below
 * the minimum wage (422, naming the workers).
 */
export async function finalise(db: Database, clock: PayrollClock, actor: Actor, work: WorkType, month: string): Promise<Payroll> {
  // one finaliser at a time, and no settings or holiday change between its reads and its commit
  await lockPayrollInputs(db);
  if (await finalPayroll(db, work, month)) throw refuse(409, MSG.payroll.alreadyFinal(monthLabel(month), work.toUpperCase()));
  if (month >= monthInZone(clock.now(), clock.timeZone)) throw refuse(422, MSG.payroll.futureMonth);
  const draft = await draftPayroll(db, clock, work, month);
  if (draft.rows.length === 0) throw refuse(422, MSG.payroll.noRows(monthLabel(month), work.toUpperCase()));
  const blocked = draft.rows.filter((row) => row.flags.some((flag) => (BLOCKING_FLAGS as readonly string[]).includes(flag)));
  if (blocked.length > 0) {
    const named = (flag: PayrollFlag) =>
      blocked
        .filter((row) => row.flags.includes(flag))
        .map((row) => `${row.name} (${row.empid})`)
        .join(', ');
    const message = named(FLAG.belowMinimumWage)
      ? MSG.payroll.belowMinimumWage(named(FLAG.belowMinimumWage))
      : named(FLAG.noDailyWage)
        ? MSG.payroll.noDailyWage(named(FLAG.noDailyWage))
        : MSG.payroll.overDeductionLimit50(named(FLAG.overDeductionLimit));
    throw refuse(422, message, { rows: blocked.map((row) => ({ staffId: row.staffId, name: row.name, empid: row.empid, flags: row.flags })) });
  }
  const at = clock.now();
  const final: Payroll = { ...draft, status: 'final', finalisedAt: at.toISOString(), finalisedBy: actor.name };
  await db.insert(payrolls).values({ month, work, payroll: final, finalisedBy: actor.id, finalisedAt: at });
  await recordAudit(db, actor, [{ action: 'payroll.finalise', entity: 'payroll', entityId: `${month} ${work}`, after: { month, work, workers: final.rows.length, totals: final.totals } }]);
  return final;
}

/** POST /payroll/reopen (admin): the month becomes a draft again; the reason is in the audit trail. */
export async function reopen(db: Database, clock: PayrollClock, actor: Actor, work: WorkType, month: string, reason: string | undefined): Promise<Payroll> {
  if (!reason) throw refuse(422, MSG.payroll.reasonRequired);
  const [removed] = await db.delete(payrolls).where(and(eq(payrolls.month, month), eq(payrolls.work, work))).returning();
  if (!removed) throw refuse(409, MSG.payroll.notFinal(monthLabel(month), work.toUpperCase()));
  const before = removed.payroll as Payroll;
  await recordAudit(db, actor, [
    {
      action: 'payroll.reopen',
      entity: 'payroll',
      entityId: `${month} ${work}`,
      before: { month, work, workers: before.rows.length, totals: before.totals, finalisedAt: before.finalisedAt, finalisedBy: before.finalisedBy },
      after: { month, work, reason },
    },
  ]);
  return draftPayroll(db, clock, work, month);
}

/**
 * Refuses (409) a change to days of `months` when a final payroll covers them: the final
 * payroll of the duty's own work type, or of the work type of any worker it touches (the
 * grid counts a worker's duties under the worker's work type).
 */
export async function refuseFinalMonths(db: Database, months: readonly string[], works: readonly string[], staffIds: readonly string[]): Promise<void> {
  const wanted = [...new Set(months)];
  if (wanted.length === 0) return;
  // shared with every other input write, exclusive for finalising: no month turns final
  // between this check and this write's commit
  await lockPayrollInputsShared(db);
  const ids = [...new Set(staffIds)];
  const result = await db.execute(sql`
    select p.month, p.work from payrolls p
    where p.month in ${listOf(wanted)}
      and (p.work in ${listOf([...works, ''])}
        ${
          ids.length > 0
            ? sql`or p.work in (select lower(s.work) from staff s where s.id in ${listOf(ids)})
              or exists (select 1 from jsonb_array_elements(p.payroll->'rows') r where r->>'staffId' in ${listOf(ids)})`
            : sql``
        })
    limit 1`);
  const [hit] = rowsOf<{ month: string; work: string }>(result);
  if (hit) throw refuse(409, MSG.payroll.monthFinal(monthLabel(hit.month), hit.work.toUpperCase()));
}
