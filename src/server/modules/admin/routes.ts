import type { FastifyInstance } from 'fastify';
import {
  accountsExport,
  addState,
  auditExport,
  adminOverview as overviewRoute,
  auditTrail,
  contractPeriods,
  createAccount,
  endSessions as endSessionsRoute,
  getStates,
  listAccounts as listAccountsRoute,
  publicCompanyProfile,
  removeState,
  renameState,
  responseCacheSize,
  saveCompanyProfile as saveCompanyProfileRoute,
  saveStaffingNorm as saveStaffingNormRoute,
  sendReset,
  staffingNorms,
  updateAccount as updateAccountRoute,
} from '../../../shared/api/admin.js';
import { MSG } from '../../../shared/messages.js';
import { ROLE } from '../../../shared/roles.js';
import { dayInZone, monthInZone } from '../../../shared/time.js';
import { sendListSheet } from '../../lists/list-sheet.js';
import { serve } from '../../contract-route.js';
import type { AppDeps } from '../../deps.js';
import { HttpError } from '../../http-error.js';
import type { Guards } from '../../plugins/auth.js';
import { sendResetCode } from '../auth/password-reset.service.js';
import { contractPeriodsIn } from '../bills/contract-terms.service.js';
import {
  accountsSheet,
  adminCreateAccount,
  auditSheet,
  adminOverview,
  deleteState,
  endSessions,
  findAccount,
  listAccounts,
  listAudit,
  listStaffingNorms,
  listStates,
  readCompanyProfile,
  saveCompanyProfile,
  saveStaffingNorm,
  saveState,
  updateAccount,
} from './admin.service.js';
import { recordAudit } from '../audit/audit.service.js';

/** The company profile's body: a logo of up to LOGO_MAX_BYTES as a data: URL, and the rest. */
const PROFILE_BODY_LIMIT = 512 * 1024;

/**
 * The admin area (issue 8): accounts, reference data and the audit trail, for admins only;
 * plus the reads others need: the states list (signed-in people), the contract periods
 * (managers) and the company profile (the public site). From src/shared/api/admin.ts.
 */
export function adminRoutes(deps: AppDeps, guards: Guards) {
  const admins = { onRequest: guards.roles(ROLE.admin) };
  const signedIn = { onRequest: guards.signedIn };
  const managers = { onRequest: guards.roles(ROLE.manager, ROLE.admin) };

  return async function adminPlugin(app: FastifyInstance): Promise<void> {
    // ---- reads for everyone who needs them ----
    serve(app, getStates, signedIn, async () => ({ state: await listStates(deps.db) }));
    serve(app, publicCompanyProfile, {}, async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { ...(await readCompanyProfile(deps.db)), timeZone: deps.config.appTz };
    });
    // the contract terms' period in force this month, else the work type's legacy one (issue 27)
    serve(app, contractPeriods, managers, async () => ({ periods: await contractPeriodsIn(deps.db, monthInZone(deps.now(), deps.config.appTz)) }));

    // ---- admin only ----
    serve(app, overviewRoute, admins, async () => adminOverview(deps.db));
    // how much memory the kept answers take on this instance (the bench reads it; decision 0027)
    serve(app, responseCacheSize, admins, async (request) => request.server.responseCache.size);

    serve(app, listAccountsRoute, admins, async (request) => listAccounts(deps.db, request.query));
    // the list's view, every page, as .xlsx (issue 28): admins only, as the list
    serve(app, accountsExport, admins, async (request, reply) =>
      sendListSheet(reply, 'Accounts', await accountsSheet(deps.db, request.query), deps.config.appTz, dayInZone(deps.now(), deps.config.appTz)),
    );
    serve(app, createAccount, admins, async (request, reply, db) => {
      const outcome = await adminCreateAccount(db, request.user!, request.body);
      if (outcome === 'taken') return { success: false, msg: MSG.alreadyRegistered };
      reply.status(201);
      return { success: true, msg: MSG.registered };
    });
    serve(app, updateAccountRoute, admins, async (request, _reply, db) => {
      await updateAccount(db, request.user!, request.params.id, request.body);
      return { success: true as const, msg: MSG.accountUpdated };
    });
    // the code is mailed (SMTP, or the outbox folder) once it is stored: a mail cannot be
    // taken back by a rollback, so this write commits its code before sending
    serve(app, sendReset, { ...admins, ownTransactions: 'sends mail' }, async (request) => {
      const account = await findAccount(deps.db, request.params.id);
      if (!account) throw new HttpError(404, MSG.accountNotFound);
      await sendResetCode(deps, account);
      await recordAudit(deps.db, { id: request.user!.id, name: request.user!.name }, [{ action: 'account.send-reset', entity: 'account', entityId: account.id }]);
      return { success: true as const, msg: MSG.resetCodeSent };
    });
    serve(app, endSessionsRoute, admins, async (request, _reply, db) => {
      await endSessions(db, request.user!, request.params.id);
      return { success: true as const, msg: MSG.sessionsEnded };
    });

    serve(app, addState, admins, async (request, reply, db) => {
      const state = await saveState(db, request.user!, null, request.body.name);
      reply.status(201);
      return state;
    });
    serve(app, renameState, admins, async (request, _reply, db) => saveState(db, request.user!, request.params.id, request.body.name));
    serve(app, removeState, admins, async (request, _reply, db) => {
      await deleteState(db, request.user!, request.params.id);
      return { success: true as const, msg: MSG.stateDeleted };
    });

    serve(app, saveCompanyProfileRoute, { ...admins, bodyLimit: PROFILE_BODY_LIMIT }, async (request, _reply, db) => saveCompanyProfile(db, request.user!, request.body));

    serve(app, staffingNorms, admins, async () => ({ norms: await listStaffingNorms(deps.db) }));
    serve(app, saveStaffingNormRoute, admins, async (request, _reply, db) => {
      await saveStaffingNorm(db, request.user!, request.params.work, request.body.perCoach);
      return { success: true as const, msg: MSG.staffingNormSaved };
    });

    serve(app, auditTrail, admins, async (request) => listAudit(deps.db, deps.config.appTz, request.query));
    serve(app, auditExport, admins, async (request, reply) =>
      sendListSheet(reply, 'Audit', await auditSheet(deps.db, deps.config.appTz, request.query), deps.config.appTz, dayInZone(deps.now(), deps.config.appTz)),
    );
  };
}
