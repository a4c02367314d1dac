import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '../../../shared/messages.js';
import { ROLE } from '../../../shared/roles.js';
import { errorResponse } from '../../../shared/schemas/auth.js';
import { createDutyBody, dutyListQuery, dutyResponse, updateDutyBody } from '../../../shared/schemas/duties.js';
import type { AppDeps } from '../../deps.js';
import type { Guards } from '../../plugins/auth.js';
import { createDuty, getDuty, listDuties, readIdempotencyKey, updateDuty } from './duties.service.js';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const idParams = z.object({ id: z.string() });

/** Train duties (SPEC §7 /mcctrain train rows). Supervisors and managers; admins read and edit too. */
export function dutyRoutes(deps: AppDeps, guards: Guards) {
  const crew = guards.roles(ROLE.supervisor, ROLE.manager, ROLE.admin);
  return async function dutyPlugin(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['duties'];

    r.post(
      '/mcctrain/create-mcctrain',
      {
        onRequest: crew,
        schema: {
          tags,
          summary: 'Add a duty (supervisors: of their own work type); an optional Idempotency-Key header makes a retry answer the first duty',
          headers: z.object({ 'idempotency-key': z.string().optional() }).passthrough(),
          body: createDutyBody,
          response: { 201: z.object({ success: z.literal(true), message: z.string(), duty: dutyResponse }), ...errors },
        },
      },
      async (request, reply) => {
        const key = readIdempotencyKey(request.headers['idempotency-key']);
        const { duty, replayed } = await createDuty(deps, request.user!, request.body, key);
        if (replayed) reply.header('idempotent-replayed', 'true');
        return reply.status(201).send({ success: true as const, message: MSG.trainAdded, duty });
      },
    );

    const listRoute = (path: string, state: 'processing' | 'completed', summary: string) =>
      r.get(
        path,
        { onRequest: crew, schema: { tags, summary, querystring: dutyListQuery, response: { 200: z.array(dutyResponse), ...errors } } },
        async (request, reply) => {
          const page = await listDuties(deps, request.user!, state, request.query);
          if (page.nextCursor) reply.header('x-next-cursor', page.nextCursor);
          if (page.from) reply.header('x-range-from', page.from).header('x-range-to', page.to!);
          return page.duties;
        },
      );
    listRoute('/mcctrain/get-livemcctrain', 'processing', 'Live duties, newest first (filters: work, supervisor; paging: limit, cursor)');
    listRoute(
      '/mcctrain/get-completedmcctrain',
      'completed',
      'Completed duties by completion, newest first (filters: work, from, to (completed day, default this month), supervisor; paging: limit, cursor)',
    );

    r.get(
      '/mcctrain/getone-mcctrain/:id',
      { onRequest: crew, schema: { tags, summary: 'One duty', params: idParams, response: { 200: dutyResponse, ...errors } } },
      async (request) => getDuty(deps, request.user!, request.params.id),
    );

    r.put(
      '/mcctrain/update-mcctrain/:id',
      {
        onRequest: crew,
        schema: {
          tags,
          summary: 'Mark completed ({status, returned}) or edit ({trainno, status, totalcoach, workers, version})',
          params: idParams,
          body: updateDutyBody,
          response: { 200: z.object({ success: z.literal(true), message: z.string(), duty: dutyResponse }), ...errors },
        },
      },
      async (request) => {
        const { duty, changed } = await updateDuty(deps, request.user!, request.params.id, request.body);
        return { success: true as const, message: changed ? MSG.trainUpdated : MSG.dutyAlreadyCompleted, duty };
      },
    );
  };
}
