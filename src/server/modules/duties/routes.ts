import type { FastifyInstance } from 'fastify';
import { completedDuties, createDuty as createDutyRoute, liveDuties, oneDuty, updateDuty as updateDutyRoute } from '../../../shared/api/duties.js';
import { MSG } from '../../../shared/messages.js';
import { ROLE } from '../../../shared/roles.js';
import { serve } from '../../contract-route.js';
import type { AppDeps } from '../../deps.js';
import type { Guards } from '../../plugins/auth.js';
import { createDuty, getDuty, listDuties, readIdempotencyKey, updateDuty } from './duties.service.js';

/** Train duties (SPEC §7 /mcctrain train rows), from the contracts of src/shared/api/duties.ts. */
export function dutyRoutes(deps: AppDeps, guards: Guards) {
  const crew = guards.roles(ROLE.supervisor, ROLE.manager, ROLE.admin);
  return async function dutyPlugin(app: FastifyInstance): Promise<void> {
    serve(app, createDutyRoute, { onRequest: crew }, async (request, reply) => {
      const key = readIdempotencyKey(request.headers['idempotency-key']);
      const { duty, replayed } = await createDuty(deps, request.user!, request.body, key);
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send({ success: true as const, message: MSG.trainAdded, duty });
    });

    for (const [contract, state] of [
      [liveDuties, 'processing'],
      [completedDuties, 'completed'],
    ] as const) {
      serve(app, contract, { onRequest: crew }, async (request, reply) => {
        const page = await listDuties(deps, request.user!, state, request.query);
        if (page.nextCursor) reply.header('x-next-cursor', page.nextCursor);
        if (page.from) reply.header('x-range-from', page.from).header('x-range-to', page.to!);
        return page.duties;
      });
    }

    serve(app, oneDuty, { onRequest: crew }, async (request) => getDuty(deps, request.user!, request.params.id));

    serve(app, updateDutyRoute, { onRequest: crew }, async (request) => {
      const { duty, changed } = await updateDuty(deps, request.user!, request.params.id, request.body);
      return { success: true as const, message: changed ? MSG.trainUpdated : MSG.dutyAlreadyCompleted, duty };
    });
  };
}
