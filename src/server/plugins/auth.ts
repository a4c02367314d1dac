import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { MSG } from '../../shared/messages.js';
import type { Role } from '../../shared/roles.js';
import type { Database } from '../db/connect.js';
import { HttpError } from '../http-error.js';
import { canSignIn, type AccountRow } from '../modules/auth/accounts.service.js';
import { findSessionUser } from '../modules/auth/sessions.service.js';
import { tokenFromHeader } from '../modules/auth/tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account, set by a guard; null on routes without one. */
    user: AccountRow | null;
  }
}

/** The account of the request's token, or null (no token, unknown, expired or disabled). */
export async function resolveUser(db: Database, request: FastifyRequest): Promise<AccountRow | null> {
  const token = tokenFromHeader(request.headers.authorization);
  if (!token) return null;
  const user = await findSessionUser(db, token);
  return user && canSignIn(user) ? user : null;
}

export interface Guards {
  /** Any signed-in account. */
  signedIn: onRequestAsyncHookHandler;
  /** A signed-in account with one of these roles: 401 without a session, 403 otherwise. */
  roles(...allowed: Role[]): onRequestAsyncHookHandler;
}

/**
 * The server-side permission checks. Each route names the guard it needs in its own
 * options (`onRequest`, so a stranger is refused before the body is even read), and who
 * may call what can be read next to the route.
 */
export function createGuards(db: Database): Guards {
  const check = (allowed: Role[] | null) =>
    async function guard(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
      const user = await resolveUser(db, request);
      if (!user) throw new HttpError(401, MSG.notSignedIn);
      if (allowed && !allowed.includes(user.role as Role)) throw new HttpError(403, MSG.forbidden);
      request.user = user;
    };
  return {
    signedIn: check(null),
    roles: (...allowed) => check(allowed),
  };
}
