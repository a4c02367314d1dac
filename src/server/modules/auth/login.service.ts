import { LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MINUTES } from '../../../shared/limits.js';
import { MSG } from '../../../shared/messages.js';
import type { AuthUser } from '../../../shared/schemas/auth.js';
import type { AppDeps } from '../../deps.js';
import { HttpError } from '../../http-error.js';
import { clearRateLimit, hitRateLimit } from '../../rate-limit.js';
import { canSignIn, findUserByEmail, presentUser } from './accounts.service.js';
import { verifyPassword } from './passwords.js';
import { createSession } from './sessions.service.js';

const WINDOW_SECONDS = LOGIN_FAILURE_WINDOW_MINUTES * 60;

/**
 * Signs in with e-mail and password. A wrong e-mail, a wrong password and an account that
 * may not sign in (disabled, or linked to a Resigned staff record) all get the same answer
 * after the same work, so none of them is revealed. Each attempt is counted before the
 * password is checked, atomically (one upsert answers the new count), so parallel guesses
 * cannot get past the limit: after 10 attempts for one e-mail within 15 minutes without a
 * success, further attempts get 429 until the window passes. Counters live in the
 * database (shared by every instance).
 */
export async function login(deps: AppDeps, email: string, password: string): Promise<{ user: AuthUser; token: string }> {
  const { db } = deps;
  const key = `login-fail:${email}`;
  if ((await hitRateLimit(db, key, WINDOW_SECONDS)) > LOGIN_FAILURE_LIMIT) {
    throw new HttpError(429, MSG.tooManyLogins, { success: false });
  }
  const user = await findUserByEmail(db, email);
  const passwordOk = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !passwordOk || !canSignIn(user)) {
    throw new HttpError(401, MSG.invalidCredentials, { success: false });
  }
  await clearRateLimit(db, key);
  const token = await createSession(db, user.id, deps.config.sessionTtlDays);
  return { user: presentUser(user), token };
}
