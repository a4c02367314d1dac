import type { FastifyInstance } from 'fastify';
import {
  adminGuard,
  forgetPassword,
  login as loginRoute,
  logout,
  managerGuard,
  register as registerRoute,
  resetPassword as resetPasswordRoute,
  setup,
  userGuard,
  verifyOtp,
} from '../../../shared/api/auth.js';
import { RESET_TICKET_TTL_MINUTES } from '../../../shared/limits.js';
import { MSG } from '../../../shared/messages.js';
import { ROLE } from '../../../shared/roles.js';
import { serve } from '../../contract-route.js';
import { HttpError } from '../../http-error.js';
import type { AppDeps } from '../../deps.js';
import { resolveUser } from '../../plugins/auth.js';
import { countUsers } from './accounts.service.js';
import { login } from './login.service.js';
import { requestResetCode, resetPassword, verifyResetCode } from './password-reset.service.js';
import { register } from './register.service.js';
import { clearedResetTicketCookie, resetTicketCookie, resetTicketFromCookieHeader, type ResetCookieOptions } from './reset-cookie.js';
import { revokeSession } from './sessions.service.js';
import { tokenFromHeader } from './tokens.js';

/** The /auth calls of SPEC §7 (sign-in, guards, registration, password reset), from src/shared/api/auth.ts. */
export function authRoutes(deps: AppDeps) {
  return async function authPlugin(app: FastifyInstance): Promise<void> {
    // The sign-in limits count every attempt, the refused ones first (decision 0012): their
    // counters must stay when the answer is 401, so these writes open their own transactions
    const countsRefusals = 'its attempt counters must stay when it is refused';
    serve(app, loginRoute, { leavesKeptAnswers: true, ownTransactions: countsRefusals }, async (request) => {
      const { user, token } = await login(deps, request.body.email, request.body.password);
      return { success: true as const, msg: MSG.loginSuccess, user, token };
    });

    serve(app, logout, { leavesKeptAnswers: true }, async (request, _reply, db) => {
      const token = tokenFromHeader(request.headers.authorization);
      if (token) await revokeSession(db, token);
      return { success: true as const, msg: MSG.loggedOut };
    });

    // The three guard checks answer {ok}; 401 without a valid session, 403 for a role
    // that may not enter the area.
    for (const [contract, allowed] of [
      [userGuard, [ROLE.supervisor, ROLE.manager]],
      [managerGuard, [ROLE.manager]],
      [adminGuard, [ROLE.admin]],
    ] as const) {
      serve(app, contract, {}, async (request, reply) => {
        const user = await resolveUser(deps.db, request);
        if (!user) return reply.status(401).send({ ok: false, msg: MSG.notSignedIn });
        if (!(allowed as readonly number[]).includes(user.role)) return reply.status(403).send({ ok: false, msg: MSG.forbidden });
        return { ok: true as const };
      });
    }

    serve(app, setup, {}, async () => ({ needsFirstAccount: (await countUsers(deps.db)) === 0 }));

    serve(app, registerRoute, {}, async (request, reply, db) => {
      const actor = request.headers.authorization ? await resolveUser(db, request) : null;
      if (request.headers.authorization && !actor) throw new HttpError(401, MSG.sessionExpired);
      const outcome = await register({ ...deps, db }, request.body, actor);
      if (outcome === 'already-registered') return { success: false, msg: MSG.alreadyRegistered };
      reply.status(201);
      return { success: true, msg: MSG.registered };
    });

    // a reset code is mailed once it is stored (a mail cannot be taken back by a rollback)
    serve(app, forgetPassword, { ownTransactions: `${countsRefusals}, and it sends mail` }, async (request) => {
      await requestResetCode(deps, request.body.email, request.ip);
      return { success: true, message: MSG.otpSent };
    });

    // The reset ticket's cookie goes only to the reset call, and is Secure on HTTPS
    // (directly or behind a proxy that says so, or a PUBLIC_URL that is https).
    const resetCookie = (protocol: string): ResetCookieOptions => ({
      path: `${app.prefix}${resetPasswordRoute.path}`,
      secure: protocol === 'https' || deps.config.publicUrl.startsWith('https:'),
    });

    serve(app, verifyOtp, { ownTransactions: countsRefusals }, async (request, reply) => {
      const { ticket } = await verifyResetCode(deps, request.body.email, request.body.otp, request.ip);
      reply.header('set-cookie', resetTicketCookie(ticket, RESET_TICKET_TTL_MINUTES * 60, resetCookie(request.protocol)));
      return { success: true, message: MSG.otpVerified, resetToken: ticket };
    });

    serve(app, resetPasswordRoute, { ownTransactions: countsRefusals }, async (request, reply) => {
      const tickets = [request.body.resetToken, resetTicketFromCookieHeader(request.headers.cookie)].filter(
        (ticket): ticket is string => typeof ticket === 'string' && ticket.length > 0,
      );
      await resetPassword(deps, { email: request.body.email, newPassword: request.body.newPassword, tickets, ip: request.ip });
      reply.header('set-cookie', clearedResetTicketCookie(resetCookie(request.protocol)));
      return { success: true, message: MSG.resetSuccess };
    });
  };
}
