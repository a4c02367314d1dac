import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companyProfileSchema } from '../../../shared/company-profile.js';
import { MSG } from '../../../shared/messages.js';
import { ROLE } from '../../../shared/roles.js';
import {
  accountResponse,
  accountsQuery,
  auditEntry,
  auditQuery,
  contractPeriodBody,
  createAccountBody,
  stateBody,
  stateResponse,
  staffingNormBody,
  updateAccountBody,
} from '../../../shared/schemas/admin.js';
import { errorResponse, msgResponse } from '../../../shared/schemas/auth.js';
import { toWorkType } from '../../../shared/work-types.js';
import type { AppDeps } from '../../deps.js';
import { HttpError } from '../../http-error.js';
import type { Guards } from '../../plugins/auth.js';
import { sendResetCode } from '../auth/password-reset.service.js';
import {
  adminCreateAccount,
  adminOverview,
  deleteState,
  endSessions,
  findAccount,
  listAccounts,
  listAudit,
  listContractPeriods,
  listStaffingNorms,
  listStates,
  readCompanyProfile,
  saveCompanyProfile,
  saveContractPeriod,
  saveStaffingNorm,
  saveState,
  updateAccount,
} from './admin.service.js';
import { recordAudit } from '../audit/audit.service.js';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const idParams = z.object({ id: z.string() });
/** The profile plus the zone the company's days, months and times are told in (for the web's dates). */
const publicCompanyProfile = companyProfileSchema.extend({ timeZone: z.string().describe('IANA time zone, e.g. Asia/Kolkata') });
const workParams = z.object({ work: z.string() });
const ok = z.object({ success: z.literal(true), msg: z.string() });

/**
 * The admin area (issue 8): accounts, reference data and the audit trail, for admins only;
 * plus the two reads others need: the states list (signed-in people) and the company
 * profile (the public site).
 */
export function adminRoutes(deps: AppDeps, guards: Guards) {
  const admins = guards.roles(ROLE.admin);
  const signedIn = guards.signedIn;
  const managers = guards.roles(ROLE.manager, ROLE.admin);

  return async function adminPlugin(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['admin'];
    const workOf = (value: string) => {
      const work = toWorkType(value);
      if (!work) throw new HttpError(400, MSG.workInvalid);
      return work;
    };

    // ---- reads for everyone who needs them ----
    r.get('/states/get-states', { onRequest: signedIn, schema: { tags: ['reference'], summary: 'States and union territories', response: { 200: z.object({ state: z.array(stateResponse) }), ...errors } } }, async () => ({
      state: await listStates(deps.db),
    }));
    r.get('/company-profile', { schema: { tags: ['reference'], summary: "The company details the public site shows, and the company's time zone (APP_TZ)", response: { 200: publicCompanyProfile } } }, async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { ...(await readCompanyProfile(deps.db)), timeZone: deps.config.appTz };
    });
    r.get(
      '/contract-periods',
      { onRequest: managers, schema: { tags: ['reference'], summary: 'Contract period of each work type', response: { 200: z.object({ periods: z.array(z.object({ work: z.string(), period: z.string().nullable() })) }), ...errors } } },
      async () => ({ periods: await listContractPeriods(deps.db) }),
    );

    // ---- admin only ----
    r.get('/admin/overview', { onRequest: admins, schema: { tags, summary: 'Counts for the admin dashboard' } }, async () => adminOverview(deps.db));

    r.get(
      '/admin/accounts',
      { onRequest: admins, schema: { tags, summary: 'Accounts (filters q, role, work, disabled; paged)', querystring: accountsQuery, response: { 200: z.object({ accounts: z.array(accountResponse), total: z.number() }), ...errors } } },
      async (request) => listAccounts(deps.db, request.query),
    );
    r.post(
      '/admin/accounts',
      { onRequest: admins, schema: { tags, summary: 'Create an account', body: createAccountBody, response: { 201: msgResponse, 200: msgResponse, ...errors } } },
      async (request, reply) => {
        const outcome = await adminCreateAccount(deps.db, request.user!, request.body);
        if (outcome === 'taken') return reply.status(200).send({ success: false, msg: MSG.alreadyRegistered });
        return reply.status(201).send({ success: true, msg: MSG.registered });
      },
    );
    r.put(
      '/admin/accounts/:id',
      { onRequest: admins, schema: { tags, summary: 'Change role, work type or disabled', params: idParams, body: updateAccountBody, response: { 200: ok, ...errors } } },
      async (request) => {
        await updateAccount(deps.db, request.user!, request.params.id, request.body);
        return { success: true as const, msg: 'Account updated' };
      },
    );
    r.post(
      '/admin/accounts/:id/send-reset',
      { onRequest: admins, schema: { tags, summary: 'E-mail the account a password reset code', params: idParams, response: { 200: ok, ...errors } } },
      async (request) => {
        const account = await findAccount(deps.db, request.params.id);
        if (!account) throw new HttpError(404, MSG.accountNotFound);
        await sendResetCode(deps, account);
        await recordAudit(deps.db, { id: request.user!.id, name: request.user!.name }, [{ action: 'account.send-reset', entity: 'account', entityId: account.id }]);
        return { success: true as const, msg: MSG.resetCodeSent };
      },
    );
    r.post(
      '/admin/accounts/:id/end-sessions',
      { onRequest: admins, schema: { tags, summary: 'End every session of an account', params: idParams, response: { 200: ok, ...errors } } },
      async (request) => {
        await endSessions(deps.db, request.user!, request.params.id);
        return { success: true as const, msg: MSG.sessionsEnded };
      },
    );

    r.post('/admin/states', { onRequest: admins, schema: { tags, summary: 'Add a state', body: stateBody, response: { 201: stateResponse, ...errors } } }, async (request, reply) =>
      reply.status(201).send(await saveState(deps.db, request.user!, null, request.body.name)),
    );
    r.put('/admin/states/:id', { onRequest: admins, schema: { tags, summary: 'Rename a state', params: idParams, body: stateBody, response: { 200: stateResponse, ...errors } } }, async (request) =>
      saveState(deps.db, request.user!, request.params.id, request.body.name),
    );
    r.delete('/admin/states/:id', { onRequest: admins, schema: { tags, summary: 'Remove a state', params: idParams, response: { 200: ok, ...errors } } }, async (request) => {
      await deleteState(deps.db, request.user!, request.params.id);
      return { success: true as const, msg: 'State removed' };
    });

    r.put(
      '/admin/company-profile',
      { onRequest: admins, bodyLimit: 512 * 1024, schema: { tags, summary: 'Change the company profile', body: companyProfileSchema, response: { 200: companyProfileSchema, ...errors } } },
      async (request) => saveCompanyProfile(deps.db, request.user!, request.body),
    );

    r.get('/admin/staffing-norms', { onRequest: admins, schema: { tags, summary: 'Required staff per coach, by work type', response: { 200: z.object({ norms: z.array(z.object({ work: z.string(), perCoach: z.number() })) }), ...errors } } }, async () => ({
      norms: await listStaffingNorms(deps.db),
    }));
    r.put(
      '/admin/staffing-norms/:work',
      { onRequest: admins, schema: { tags, summary: 'Set the staffing norm of a work type (used for new duties)', params: workParams, body: staffingNormBody, response: { 200: ok, ...errors } } },
      async (request) => {
        await saveStaffingNorm(deps.db, request.user!, workOf(request.params.work), request.body.perCoach);
        return { success: true as const, msg: 'Staffing norm saved' };
      },
    );
    r.put(
      '/admin/contract-periods/:work',
      { onRequest: admins, schema: { tags, summary: 'Set the contract period of a work type', params: workParams, body: contractPeriodBody, response: { 200: ok, ...errors } } },
      async (request) => {
        await saveContractPeriod(deps.db, request.user!, workOf(request.params.work), request.body.period);
        return { success: true as const, msg: 'Contract period saved' };
      },
    );

    r.get(
      '/admin/audit',
      {
        onRequest: admins,
        schema: { tags, summary: 'The audit trail, newest first (filters actor, entity, entityId, from, to; keyset paging)', querystring: auditQuery, response: { 200: z.object({ entries: z.array(auditEntry), nextCursor: z.number().nullable() }), ...errors } },
      },
      async (request) => listAudit(deps.db, deps.config.appTz, request.query),
    );
  };
}
