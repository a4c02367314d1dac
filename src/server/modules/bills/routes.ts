import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '../../../shared/messages.js';
import { ROLE } from '../../../shared/roles.js';
import { errorResponse } from '../../../shared/schemas/auth.js';
import { billResponse, createBillBody, updateBillBody } from '../../../shared/schemas/bills.js';
import { toWorkType } from '../../../shared/work-types.js';
import type { AppDeps } from '../../deps.js';
import type { Guards } from '../../plugins/auth.js';
import { createBill, deleteBill, listBills, updateBill } from './bills.service.js';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const idParams = z.object({ id: z.string() });
const okBill = z.object({ success: z.literal(true), msg: z.string(), bill: billResponse });

/** Monthly bills (SPEC §7 bill rows): managers and admins only. */
export function billRoutes(deps: AppDeps, guards: Guards) {
  const managers = guards.roles(ROLE.manager, ROLE.admin);
  return async function billPlugin(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['bills'];
    const actorOf = (request: { user: { id: string; name: string } | null }) => ({ id: request.user!.id, name: request.user!.name });

    r.get(
      '/mcctrain/getbills',
      {
        onRequest: managers,
        schema: {
          tags,
          summary: 'Bills, newest month first (filter: work)',
          querystring: z.object({ work: z.string().optional() }),
          response: { 200: z.object({ bills: z.array(billResponse) }), ...errors },
        },
      },
      async (request) => ({ bills: await listBills(deps.db, toWorkType(request.query.work) ?? undefined) }),
    );

    r.post(
      '/mcctrain/createbill',
      {
        onRequest: managers,
        schema: {
          tags,
          summary: 'Add a monthly bill (one per work type and month)',
          body: createBillBody,
          response: { 201: okBill, 200: z.object({ success: z.literal(false), msg: z.string() }), ...errors },
        },
      },
      async (request, reply) => {
        const result = await createBill(deps.db, actorOf(request), request.body);
        if (!result.created) return reply.status(200).send({ success: false as const, msg: result.msg });
        return reply.status(201).send({ success: true as const, msg: MSG.billAdded, bill: result.bill });
      },
    );

    r.put(
      '/mcctrain/update-bill/:id',
      { onRequest: managers, schema: { tags, summary: 'Change a bill', params: idParams, body: updateBillBody, response: { 200: okBill, ...errors } } },
      async (request) => ({
        success: true as const,
        msg: MSG.billUpdated,
        bill: await updateBill(deps.db, actorOf(request), request.params.id, request.body),
      }),
    );

    r.delete(
      '/mcctrain/delete-bill/:id',
      {
        onRequest: managers,
        schema: { tags, summary: 'Delete a bill', params: idParams, response: { 200: z.object({ success: z.literal(true), msg: z.string() }), ...errors } },
      },
      async (request) => {
        await deleteBill(deps.db, actorOf(request), request.params.id);
        return { success: true as const, msg: MSG.billDeleted };
      },
    );
  };
}
