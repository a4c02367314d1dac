import type { FastifyInstance } from 'fastify';
import { billsExport, createBill as createBillRoute, deleteBill as deleteBillRoute, listBills as listBillsRoute, updateBill as updateBillRoute } from '../../../shared/api/bills.js';
import { MSG } from '../../../shared/messages.js';
import { ROLE } from '../../../shared/roles.js';
import { serve } from '../../contract-route.js';
import type { AppDeps } from '../../deps.js';
import type { Guards } from '../../plugins/auth.js';
import { billsSheet, createBill, deleteBill, listBills, updateBill } from './bills.service.js';
import { sendListSheet } from '../../lists/list-sheet.js';
import { dayInZone } from '../../../shared/time.js';

/** Monthly bills (SPEC §7 bill rows), from the contracts of src/shared/api/bills.ts: managers and admins only. */
export function billRoutes(deps: AppDeps, guards: Guards) {
  const managers = guards.roles(ROLE.manager, ROLE.admin);
  const actorOf = (request: { user: { id: string; name: string } | null }) => ({ id: request.user!.id, name: request.user!.name });
  return async function billPlugin(app: FastifyInstance): Promise<void> {
    serve(app, listBillsRoute, { onRequest: managers }, async (request) => ({ bills: await listBills(deps.db, request.query) }));
    // the list's view as .xlsx (issue 28): the same filters and sort, for the same people
    serve(app, billsExport, { onRequest: managers }, async (request, reply) =>
      sendListSheet(reply, 'Bills', await billsSheet(deps.db, request.query), deps.config.appTz, dayInZone(deps.now(), deps.config.appTz)),
    );

    serve(app, createBillRoute, { onRequest: managers }, async (request, reply, db) => {
      const result = await createBill(db, actorOf(request), request.body);
      if (!result.created) return { success: false as const, msg: result.msg };
      reply.status(201);
      return { success: true as const, msg: MSG.billAdded, bill: result.bill };
    });

    serve(app, updateBillRoute, { onRequest: managers }, async (request, _reply, db) => ({
      success: true as const,
      msg: MSG.billUpdated,
      bill: await updateBill(db, actorOf(request), request.params.id, request.body),
    }));

    serve(app, deleteBillRoute, { onRequest: managers }, async (request, _reply, db) => {
      await deleteBill(db, actorOf(request), request.params.id);
      return { success: true as const, msg: MSG.billDeleted };
    });
  };
}
