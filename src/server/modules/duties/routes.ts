import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  completedDuties,
  completedDutiesExport,
  completedDutyTotals,
  createDuty as createDutyRoute,
  deleteDuty as deleteDutyRoute,
  liveDuties,
  liveDutiesExport,
  liveDutyTotals,
  oneDuty,
  staffingNorms,
  updateDuty as updateDutyRoute,
} from '../../../shared/api/duties.js';
import { MSG } from '../../../shared/messages.js';
import { DUTY_DELETERS } from '../../../shared/permissions.js';
import { ROLE } from '../../../shared/roles.js';
import { toWorkType } from '../../../shared/work-types.js';
import { noteChange, serve, viewedWork, viewerScope } from '../../contract-route.js';
import { ALL_DAYS, type DutyReads } from '../../data-change.js';
import type { AccountRow } from '../auth/accounts.service.js';
import type { AppDeps } from '../../deps.js';
import type { Guards } from '../../plugins/auth.js';
import { listStaffingNorms } from '../admin/admin.service.js';
import { answerOnce } from '../../request-keys.js';
import { eq } from 'drizzle-orm';
import { dayInZone } from '../../../shared/time.js';
import { users } from '../../db/schema.js';
import { sendListSheet } from '../../lists/list-sheet.js';
import { createDuty, deleteDuty, dutiesInView, dutyTotals, getDuty, listDuties, refuse, refuseUnseenDuty, updateDuty } from './duties.service.js';
import { dutySheet, dutyViewFilters } from './duty-sheet.js';

/** Train duties (SPEC §7 /mcctrain train rows), from the contracts of src/shared/api/duties.ts. */
export function dutyRoutes(deps: AppDeps, guards: Guards) {
  const crew = guards.roles(ROLE.supervisor, ROLE.manager, ROLE.admin);
  const deleters = guards.roles(...DUTY_DELETERS);
  const office = guards.roles(ROLE.manager, ROLE.admin);
  return async function dutyPlugin(app: FastifyInstance): Promise<void> {
    // SPEC §8: a failed duty call is read as {success: false, message} by SPEC's clients;
    // refusals of the request schema (answered {msg} by the error handler) carry them too
    app.addHook('preSerialization', async (_request, reply, payload: unknown) => {
      if (reply.statusCode < 400 || typeof payload !== 'object' || payload === null) return payload;
      const body = payload as { msg?: unknown; message?: unknown };
      if (typeof body.msg !== 'string' || body.message !== undefined) return payload;
      return { success: false, message: body.msg, ...body };
    });

    // a supervisor's duty is of their own work type and records them as its supervisor:
    // filled in before the schema reads the request, so SPEC §5's rules apply in order to
    // what will be stored (a supervisor may leave out work and supervisor)
    const ownDutyOfSupervisor = async (request: FastifyRequest) => {
      const user = request.user;
      if (user?.role !== ROLE.supervisor || typeof request.body !== 'object' || request.body === null || Array.isArray(request.body)) return;
      const own = toWorkType(user.work);
      if (!own) throw refuse(403, MSG.noWorkType);
      const body = request.body as Record<string, unknown>;
      if (body.work !== undefined && body.work !== null && body.work !== '' && toWorkType(body.work) !== own) throw refuse(403, MSG.ownWorkOnly);
      request.body = { ...body, work: own, supervisor: user.id };
    };

    // the three writes a phone may queue offline run once per Idempotency-Key (decision
    // 0017); a stored answer naming a duty is replayed only to a caller who may still see
    // that duty (a supervisor moved to another work type is answered as a new request would be)
    const seenBy = (request: FastifyRequest) => (stored: { body: { duty: { work: string } } }) => refuseUnseenDuty(request.user!, stored.body.duty.work);
    serve(app, createDutyRoute, { onRequest: crew, preValidation: ownDutyOfSupervisor }, async (request, reply, db) =>
      answerOnce(
        deps,
        db,
        request,
        reply,
        createDutyRoute,
        async () => {
          const { duty, dataChange } = await createDuty({ ...deps, db }, request.user!, request.body);
          // a new live duty of its work type, and of its crew's (decision 0044)
          noteChange(request, dataChange);
          return { status: 201, body: { success: true as const, message: MSG.trainAdded, duty } };
        },
        seenBy(request),
      ),
    );

    // what a board reads of the duties (decision 0044): the live ones, or the completed ones
    // of its days, of the viewer's or the asked work type (a supervisor's own, whatever is asked)
    const boardReads =
      (state: 'processing' | 'completed') =>
      (request: { user: AccountRow | null; query: { work?: string | undefined; from?: string | undefined; to?: string | undefined } }): DutyReads => ({
        work: viewedWork(request.user!, request.query.work),
        live: state === 'processing',
        completed: state === 'completed' ? { from: request.query.from ?? ALL_DAYS.from, to: request.query.to ?? ALL_DAYS.to } : null,
      });
    for (const [contract, state] of [
      [liveDuties, 'processing'],
      [completedDuties, 'completed'],
    ] as const) {
      serve(app, contract, { onRequest: crew, cacheScope: (request) => viewerScope(request.user!), isSearch: (request) => Boolean(request.query.q), reads: boardReads(state) }, async (request, reply) => {
        const page = await listDuties(deps, request.user!, state, request.query);
        if (page.nextCursor) reply.header('x-next-cursor', page.nextCursor);
        if (page.from) reply.header('x-range-from', page.from).header('x-range-to', page.to!);
        return page.duties;
      });
    }

    // the totals of a list's whole view, and its spreadsheet (issue 28)
    for (const [contract, state] of [
      [liveDutyTotals, 'processing'],
      [completedDutyTotals, 'completed'],
    ] as const) {
      serve(app, contract, { onRequest: crew, cacheScope: (request) => viewerScope(request.user!), isSearch: (request) => Boolean(request.query.q), reads: boardReads(state) }, async (request) => dutyTotals(deps, request.user!, state, request.query));
    }
    for (const [contract, state, base] of [
      [liveDutiesExport, 'processing', 'Live_works'],
      [completedDutiesExport, 'completed', 'Completed_works'],
    ] as const) {
      serve(app, contract, { onRequest: office }, async (request, reply) => {
        const view = await dutiesInView(deps, request.user!, state, request.query);
        const supervisor = request.query.supervisor
          ? ((await deps.db.select({ name: users.name }).from(users).where(eq(users.id, request.query.supervisor)))[0]?.name ?? null)
          : null;
        const sheet = dutySheet(state, view.duties, dutyViewFilters(request.query, supervisor, view.range));
        return sendListSheet(reply, base, sheet, deps.config.appTz, dayInZone(deps.now(), deps.config.appTz));
      });
    }

    serve(app, oneDuty, { onRequest: crew }, async (request) => getDuty(deps, request.user!, request.params.id));

    serve(app, updateDutyRoute, { onRequest: crew }, async (request, reply, db) =>
      answerOnce(deps, db, request, reply, updateDutyRoute, async () => {
        const { duty, changed, dataChange } = await updateDuty({ ...deps, db }, request.user!, request.params.id, request.body);
        noteChange(request, dataChange);
        return { status: 200, body: { success: true as const, message: changed ? MSG.trainUpdated : MSG.dutyAlreadyCompleted, duty } };
      }, seenBy(request)),
    );

    // a delete's answer names no duty, and only managers and admins (who see every work
    // type) may send it: their guard refuses a replay by anyone else, as a new request
    serve(app, deleteDutyRoute, { onRequest: deleters }, async (request, reply, db) =>
      answerOnce(deps, db, request, reply, deleteDutyRoute, async () => {
        await deleteDuty({ ...deps, db }, request.user!, request.params.id);
        return { status: 200, body: { success: true as const, msg: MSG.dutyDeleted } };
      }),
    );

    // Add Work Details shows required staff with the norm the server will store it with
    serve(app, staffingNorms, { onRequest: crew }, async () => ({ norms: await listStaffingNorms(deps.db) }));
  };
}
