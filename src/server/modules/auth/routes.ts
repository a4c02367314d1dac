import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RESET_TICKET_TTL_MINUTES } from '../../../shared/limits.js';
import { MSG } from '../../../shared/messages.js';
import { ROLE } from '../../../shared/roles.js';
import {
  errorResponse,
  forgetBody,
  guardResponse,
  loginBody,
  loginResponse,
  messageResponse,
  msgResponse,
  registerBody,
  resetPasswordBody,
  verifyOtpBody,
  verifyOtpResponse,
} from '../../../shared/schemas/auth.js';
import type { AppDeps } from '../../deps.js';
import { resolveUser } from '../../plugins/auth.js';
import { countUsers } from './accounts.service.js';
import { login } from './login.service.js';
import { requestResetCode, resetPassword, verifyResetCode } from './password-reset.service.js';
import { register } from './register.service.js';
import { clearedResetTicketCookie, resetTicketCookie, resetTicketFromCookieHeader, type ResetCookieOptions } from './reset-cookie.js';
import { revokeSession } from './sessions.service.js';
import { tokenFromHeader } from './tokens.js';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 429: errorResponse, 503: errorResponse };

/** The /auth calls of SPEC §7: sign-in, guards, registration, password reset. */
export function authRoutes(deps: AppDeps) {
  return async function authPlugin(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['auth'];

    r.post(
      '/auth/login',
      { schema: { tags, summary: 'Sign in', body: loginBody, response: { 200: loginResponse, ...errors } } },
      async (request) => {
        const { user, token } = await login(deps, request.body.email, request.body.password);
        return { success: true as const, msg: MSG.loginSuccess, user, token };
      },
    );

    r.post(
      '/auth/logout',
      { schema: { tags, summary: 'End this session', response: { 200: msgResponse } } },
      async (request) => {
        const token = tokenFromHeader(request.headers.authorization);
        if (token) await revokeSession(deps.db, token);
        return { success: true, msg: MSG.loggedOut };
      },
    );

    // The three guard checks answer {ok}; 401 without a valid session, 403 for a role
    // that may not enter the area.
    const guardRoute = (path: string, allowed: number[], summary: string) =>
      r.get(
        path,
        { schema: { tags, summary, response: { 200: guardResponse, 401: guardResponse, 403: guardResponse } } },
        async (request, reply) => {
          const user = await resolveUser(deps.db, request);
          if (!user) return reply.status(401).send({ ok: false, msg: MSG.notSignedIn });
          if (!allowed.includes(user.role)) return reply.status(403).send({ ok: false, msg: MSG.forbidden });
          return { ok: true };
        },
      );
    guardRoute('/auth/userauth', [ROLE.supervisor, ROLE.manager], 'Supervisor area check (supervisors and managers)');
    guardRoute('/auth/managerauth', [ROLE.manager], 'Manager area check');
    guardRoute('/auth/adminauth', [ROLE.admin], 'Admin area check');

    r.get(
      '/auth/setup',
      {
        schema: {
          tags,
          summary: 'Whether the installation still needs its first account',
          response: { 200: z.object({ needsFirstAccount: z.boolean() }) },
        },
      },
      async () => ({ needsFirstAccount: (await countUsers(deps.db)) === 0 }),
    );

    r.post(
      '/auth/register',
      {
        schema: {
          tags,
          summary: 'Register an account (manager or admin; or the first account of an empty installation)',
          body: registerBody,
          response: { 201: msgResponse, 200: msgResponse, ...errors },
        },
      },
      async (request, reply) => {
        const actor = request.headers.authorization ? await resolveUser(deps.db, request) : null;
        if (request.headers.authorization && !actor) return reply.status(401).send({ msg: MSG.sessionExpired });
        const outcome = await register(deps, request.body, actor);
        if (outcome === 'already-registered') return reply.status(200).send({ success: false, msg: MSG.alreadyRegistered });
        return reply.status(201).send({ success: true, msg: MSG.registered });
      },
    );

    r.post(
      '/auth/forgetpswd',
      { schema: { tags, summary: 'E-mail a password reset code', body: forgetBody, response: { 200: messageResponse, ...errors } } },
      async (request) => {
        await requestResetCode(deps, request.body.email, request.ip);
        return { success: true, message: MSG.otpSent };
      },
    );

    // The reset ticket's cookie goes only to the reset call, and is Secure on HTTPS
    // (directly or behind a proxy that says so, or a PUBLIC_URL that is https).
    const resetCookie = (protocol: string): ResetCookieOptions => ({
      path: `${app.prefix}/auth/resetpassword`,
      secure: protocol === 'https' || deps.config.publicUrl.startsWith('https:'),
    });

    r.post(
      '/auth/verifyotp',
      {
        schema: {
          tags,
          summary: 'Check a reset code; answers the reset ticket (also as a cookie for the reset call)',
          body: verifyOtpBody,
          response: { 200: verifyOtpResponse, ...errors },
        },
      },
      async (request, reply) => {
        const { ticket } = await verifyResetCode(deps, request.body.email, request.body.otp, request.ip);
        reply.header('set-cookie', resetTicketCookie(ticket, RESET_TICKET_TTL_MINUTES * 60, resetCookie(request.protocol)));
        return { success: true, message: MSG.otpVerified, resetToken: ticket };
      },
    );

    r.post(
      '/auth/resetpassword',
      {
        schema: {
          tags,
          summary: 'Set a new password with the reset ticket of a verified code (cookie or resetToken)',
          body: resetPasswordBody,
          response: { 200: messageResponse, ...errors },
        },
      },
      async (request, reply) => {
        const tickets = [request.body.resetToken, resetTicketFromCookieHeader(request.headers.cookie)].filter(
          (ticket): ticket is string => typeof ticket === 'string' && ticket.length > 0,
        );
        await resetPassword(deps, { email: request.body.email, newPassword: request.body.newPassword, tickets, ip: request.ip });
        reply.header('set-cookie', clearedResetTicketCookie(resetCookie(request.protocol)));
        return { success: true, message: MSG.resetSuccess };
      },
    );
  };
}
