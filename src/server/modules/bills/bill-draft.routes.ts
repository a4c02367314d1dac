import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  addBillPenalty as addBillPenaltyRoute,
  billAnnexure,
  billCompliance,
  billDraft,
  billFromDuties as billFromDutiesRoute,
  contractTerms,
  listBillPenalties as listBillPenaltiesRoute,
  removeBillPenalty as removeBillPenaltyRoute,
  saveContractTerms as saveContractTermsRoute,
} from '../../../shared/api/bill-draft.js';
import { MSG } from '../../../shared/messages.js';
import { ROLE } from '../../../shared/roles.js';
import { billPenaltyBody } from '../../../shared/schemas/bill-draft.js';
import { serve } from '../../contract-route.js';
import type { AppDeps } from '../../deps.js';
import { HttpError } from '../../http-error.js';
import type { Guards } from '../../plugins/auth.js';
import { answerOnce } from '../../request-keys.js';
import { readCompanyProfile } from '../admin/admin.service.js';
import type { Actor } from '../audit/audit.service.js';
import { annexureWorkbook } from './annexure.js';
import { addBillPenalty, billFromDuties, complianceOf, computeDraft, getBillDraft, listBillPenalties, removeBillPenalty } from './bill-draft.service.js';
import { listContractTerms, saveContractTerms } from './contract-terms.service.js';
import { sendDownload } from '../../lists/list-sheet.js';

/**
 * A penalty whose form is right but for its reason is refused 422, as its contract says: the
 * request is well-formed, the penalty is what is refused (as the payroll's reopening without
 * a reason). Any other mistake is the schema's 400. The schema itself keeps the reason
 * required, so the web's form names it before sending.
 */
async function refuseWithoutReason(request: FastifyRequest): Promise<void> {
  const parsed = billPenaltyBody.safeParse(request.body);
  if (parsed.success) return;
  if (parsed.error.issues.every((issue) => issue.path[0] === 'reason' && issue.message === MSG.payroll.reasonRequired)) {
    throw new HttpError(422, MSG.payroll.reasonRequired, { success: false, message: MSG.payroll.reasonRequired });
  }
}

/**
 * The bill computed from the month's duties (issue 27), from the contracts of
 * src/shared/api/bill-draft.ts: managers and admins (supervisors 403); only admins save
 * contract terms. The reads are not kept (no cacheScope): a draft must show a duty changed a
 * moment ago. Every write runs in its request's one transaction (serve()); the POSTs honour
 * an Idempotency-Key.
 */
export function billDraftRoutes(deps: AppDeps, guards: Guards) {
  const managers = { onRequest: guards.roles(ROLE.manager, ROLE.admin) };
  const admins = { onRequest: guards.roles(ROLE.admin) };
  const actorOf = (user: { id: string; name: string } | null): Actor => ({ id: user!.id, name: user!.name });


  return async function billDraftPlugin(app: FastifyInstance): Promise<void> {
    serve(app, billDraft, managers, async (request) => getBillDraft(deps.db, request.query.work, request.query.month));

    serve(app, billFromDutiesRoute, managers, async (request, reply, db) =>
      answerOnce(deps, db, request, reply, billFromDutiesRoute, async () => {
        const made = await billFromDuties(db, actorOf(request.user), request.body.work, request.body.month);
        return made.created
          ? { status: 201, body: { success: true as const, msg: MSG.billDraft.created, bill: made.bill } }
          : { status: 200, body: { success: true as const, msg: MSG.billDraft.updated, bill: made.bill } };
      }),
    );

    serve(app, billAnnexure, managers, async (request, reply) => {
      const { work, month } = request.query;
      const [{ draft }, profile] = await Promise.all([computeDraft(deps.db, work, month, null), readCompanyProfile(deps.db)]);
      return sendDownload(reply, annexureWorkbook(draft, profile));
    });

    serve(app, billCompliance, managers, async (request) => complianceOf(deps.db, request.query.work, request.query.month));

    serve(app, listBillPenaltiesRoute, managers, async (request) => ({ penalties: await listBillPenalties(deps.db, request.query.work, request.query.month) }));

    serve(app, addBillPenaltyRoute, { ...managers, preValidation: refuseWithoutReason }, async (request, reply, db) =>
      answerOnce(deps, db, request, reply, addBillPenaltyRoute, async () => ({
        status: 201,
        body: { success: true as const, msg: MSG.billDraft.penaltyAdded, penalty: await addBillPenalty(db, actorOf(request.user), request.body) },
      })),
    );

    serve(app, removeBillPenaltyRoute, managers, async (request, _reply, db) => {
      await removeBillPenalty(db, actorOf(request.user), request.params.id);
      return { success: true as const, msg: MSG.billDraft.penaltyRemoved };
    });

    serve(app, contractTerms, managers, async (request) => ({ terms: await listContractTerms(deps.db, request.query.work) }));

    serve(app, saveContractTermsRoute, admins, async (request, _reply, db) => ({
      success: true as const,
      msg: MSG.billDraft.termsSaved,
      terms: await saveContractTerms(db, actorOf(request.user), request.body),
    }));
  };
}
