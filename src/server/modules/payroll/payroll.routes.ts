import type { FastifyInstance, FastifyReply } from 'fastify';
import { eq, inArray, sql } from 'drizzle-orm';
import {
  addDeduction as addDeductionRoute,
  finalisePayroll,
  listDeductions as listDeductionsRoute,
  markDays as markDaysRoute,
  payroll as payrollRoute,
  payrollBank,
  payrollBankMissing,
  payrollEcr,
  payrollEsi,
  payrollExport,
  payrollRegister,
  payrollSlips,
  removeDeduction as removeDeductionRoute,
  reopenPayroll,
} from '../../../shared/api/payroll.js';
import { MSG } from '../../../shared/messages.js';
import type { DeductionKind } from '../../../shared/payroll.js';
import { ROLE } from '../../../shared/roles.js';
import type { Payroll } from '../../../shared/schemas/payroll.js';
import { monthParts } from '../../../shared/months.js';
import { WORK_TYPE_SELECT_LABELS } from '../../../shared/work-types.js';
import { serve } from '../../contract-route.js';
import type { Database } from '../../db/connect.js';
import { deductions, dutyWorkers, staff } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { HttpError } from '../../http-error.js';
import type { Guards } from '../../plugins/auth.js';
import { answerOnce } from '../../request-keys.js';
import { readCompanyProfile } from '../admin/admin.service.js';
import { bankFile, bankMissingFile, ecrFile, esiFile, registerWorkbook, type PayrollExtrasByStaff, type PayrollFile } from './files.js';
import { addDeduction, listDeductions, markDays, removeDeduction } from './month-entries.service.js';
import { finalise, getPayroll, reopen, type PayrollClock } from './payroll.service.js';
import { renderSlips } from './slips.js';
import { sendDownload, sendListSheet } from '../../lists/list-sheet.js';
import { dayInZone } from '../../../shared/time.js';
import { payrollSheet } from '../reports/view-sheets.js';

/** The payroll (issue 26), from the contracts of src/shared/api/payroll.ts: managers and admins. */
export function payrollRoutes(deps: AppDeps, guards: Guards) {
  const managers = guards.roles(ROLE.manager, ROLE.admin);
  const admins = guards.roles(ROLE.admin);
  const clock: PayrollClock = { now: () => deps.now(), timeZone: deps.config.appTz };
  const actorOf = (request: { user: { id: string; name: string } | null }) => ({ id: request.user!.id, name: request.user!.name });


  return async function payrollPlugin(app: FastifyInstance): Promise<void> {
    serve(app, payrollRoute, { onRequest: managers }, async (request) => getPayroll(deps.db, clock, request.query.work, request.query.month));

    serve(app, finalisePayroll, { onRequest: managers }, async (request, reply, db) =>
      answerOnce(deps, db, request, reply, finalisePayroll, async () => ({
        status: 200,
        body: await finalise(db, clock, actorOf(request), request.body.work, request.body.month),
      })),
    );

    serve(app, reopenPayroll, { onRequest: admins }, async (request, reply, db) =>
      answerOnce(deps, db, request, reply, reopenPayroll, async () => ({
        status: 200,
        body: await reopen(db, clock, actorOf(request), request.body.work, request.body.month, request.body.reason),
      })),
    );

    /** A file of the month's payroll; the portals' and the bank's only from a final one (a draft's could be uploaded or paid). */
    const filesOf = (make: (payroll: Payroll, extras: PayrollExtrasByStaff) => PayrollFile, finalOnly = false) =>
      async (request: { query: { work: Payroll['work']; month: string } }, reply: FastifyReply) => {
        const payroll = await getPayroll(deps.db, clock, request.query.work, request.query.month);
        if (finalOnly && payroll.status !== 'final') throw new HttpError(409, MSG.payroll.draftFile, { success: false, message: MSG.payroll.draftFile });
        return sendDownload(reply, make(payroll, await extrasOf(deps.db, payroll)));
      };
    serve(app, payrollEcr, { onRequest: managers }, filesOf((payroll) => ecrFile(payroll), true));
    serve(app, payrollEsi, { onRequest: managers }, filesOf(esiFile, true));
    serve(app, payrollBank, { onRequest: managers }, filesOf(bankFile, true));
    serve(app, payrollBankMissing, { onRequest: managers }, filesOf(bankMissingFile));
    serve(app, payrollRegister, { onRequest: managers }, filesOf(registerWorkbook));

    // the payroll list as the page shows it: search, filter, sort (issue 28)
    serve(app, payrollExport, { onRequest: managers }, async (request, reply) => {
      const payroll = await getPayroll(deps.db, clock, request.query.work, request.query.month);
      return sendListSheet(reply, 'Payroll', payrollSheet(payroll, request.query), deps.config.appTz, dayInZone(deps.now(), deps.config.appTz));
    });

    serve(app, payrollSlips, { onRequest: managers }, async (request, reply) => {
      const { work, month, staffId } = request.query;
      const payroll = await getPayroll(deps.db, clock, work, month);
      const rows = staffId ? payroll.rows.filter((row) => row.staffId === staffId) : payroll.rows;
      if (staffId && rows.length === 0) throw new HttpError(404, MSG.workerNotFound, { success: false, message: MSG.workerNotFound });
      if (rows.length === 0) throw new HttpError(422, MSG.payroll.noRows(month, work.toUpperCase()), { success: false, message: MSG.payroll.noRows(month, work.toUpperCase()) });
      const [profile, extras, designations] = await Promise.all([
        readCompanyProfile(deps.db),
        extrasOf(deps.db, { ...payroll, rows }),
        designationsOf(deps.db, rows.map((row) => row.staffId)),
      ]);
      const pdf = await renderSlips({
        company: { name: profile.name, address: profile.address },
        month,
        status: payroll.status,
        dueDate: payroll.dueDate,
        slips: rows.map((row) => ({
          row,
          designation: designations.get(row.staffId) ?? '',
          // as the screens' selects name it (MCC, BIO TOILET, LAUNDRY)
          work: WORK_TYPE_SELECT_LABELS[work],
          deductions: extras[row.staffId]?.deductions ?? [],
        })),
      });
      const { year, number } = monthParts(month);
      const who = staffId ? `_${rows[0]!.empid}` : '';
      const draft = payroll.status === 'draft' ? '_DRAFT' : '';
      return sendDownload(reply, { fileName: `Slips_${work}_${String(number).padStart(2, '0')}_${year}${who}${draft}.pdf`, contentType: 'application/pdf', body: pdf });
    });

    serve(app, listDeductionsRoute, { onRequest: managers }, async (request) => ({
      deductions: await listDeductions(deps.db, request.query.work, request.query.month, request.query.staffId),
    }));

    serve(app, addDeductionRoute, { onRequest: managers }, async (request, reply, db) =>
      answerOnce(deps, db, request, reply, addDeductionRoute, async () => ({
        status: 201,
        body: { success: true as const, msg: MSG.payroll.deductionAdded, deduction: await addDeduction(db, clock, actorOf(request), request.body) },
      })),
    );

    serve(app, removeDeductionRoute, { onRequest: managers }, async (request, _reply, db) => {
      await removeDeduction(db, actorOf(request), request.params.id);
      return { success: true as const, msg: MSG.payroll.deductionRemoved };
    });

    serve(app, markDaysRoute, { onRequest: managers }, async (request, reply, db) =>
      answerOnce(deps, db, request, reply, markDaysRoute, async () => {
        const days = await markDays(db, actorOf(request), request.body);
        return { status: 200, body: { success: true as const, msg: MSG.payroll.marked(days), days } };
      }),
    );
  };
}

/** Bank details, leaving day and deductions by kind of a payroll's workers, for the files. */
async function extrasOf(db: Database, payroll: Payroll): Promise<PayrollExtrasByStaff> {
  const ids = payroll.rows.map((row) => row.staffId);
  if (ids.length === 0) return {};
  const [people, kinds, lastDays] = await Promise.all([
    db
      .select({ id: staff.id, name: staff.name, acNumber: staff.acNumber, ifsc: staff.ifscCode, leftOn: staff.leftOn, status: staff.status })
      .from(staff)
      .where(inArray(staff.id, ids)),
    db
      .select({ staffId: deductions.staffId, kind: deductions.kind, amount: sql<string>`sum(${deductions.amount})::text` })
      .from(deductions)
      .where(sql`${deductions.month} = ${payroll.month} and ${inArray(deductions.staffId, ids)}`)
      .groupBy(deductions.staffId, deductions.kind),
    db
      .select({ staffId: dutyWorkers.staffId, last: sql<string>`max(${dutyWorkers.completedDay})::text` })
      .from(dutyWorkers)
      .innerJoin(staff, eq(staff.id, dutyWorkers.staffId))
      .where(sql`${inArray(dutyWorkers.staffId, ids)} and ${staff.status} = 'Resigned' and ${dutyWorkers.completedDay} is not null`)
      .groupBy(dutyWorkers.staffId),
  ]);
  const lastDayOf = new Map(lastDays.map((row) => [row.staffId, row.last]));
  const extras: Record<string, { bank: { accountName: string; acNumber: string; ifsc: string } | null; leftOn: string | null; deductions: Array<{ kind: DeductionKind; amount: number }> }> = {};
  const monthOf = payroll.month;
  for (const person of people) {
    const acNumber = person.acNumber?.trim() ?? '';
    const ifsc = person.ifsc?.trim() ?? '';
    extras[person.id] = {
      bank: acNumber && ifsc ? { accountName: person.name, acNumber, ifsc } : null,
      leftOn: person.status === 'Resigned' ? leavingDay(monthOf, person.leftOn, lastDayOf.get(person.id) ?? null) : null,
      deductions: [],
    };
  }
  for (const kind of kinds) extras[kind.staffId]?.deductions.push({ kind: kind.kind as DeductionKind, amount: Number(kind.amount) });
  return extras;
}

/**
 * The last working day of a Resigned worker who left in `month`, else null. The status is
 * often set days after the worker's last duty, in the next month: the worker left in
 * `month` when their last duty is in it and they were set Resigned in it or later (the last
 * duty is then the last working day), or when they were set Resigned in it without a later
 * duty (that day).
 */
function leavingDay(month: string, resignedOn: string | null, lastDuty: string | null): string | null {
  if (lastDuty?.startsWith(month) && (!resignedOn || resignedOn.slice(0, 7) >= month)) return lastDuty;
  if (resignedOn?.startsWith(month) && (!lastDuty || lastDuty.slice(0, 7) <= month)) return resignedOn;
  return null;
}

async function designationsOf(db: Database, ids: string[]): Promise<Map<string, string>> {
  const rows = await db.select({ id: staff.id, designation: staff.designation }).from(staff).where(inArray(staff.id, ids));
  return new Map(rows.map((row) => [row.id, row.designation]));
}
