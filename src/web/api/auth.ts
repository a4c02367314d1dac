import {
  adminGuard,
  forgetPassword,
  login as loginRoute,
  logout as logoutRoute,
  managerGuard,
  register as registerRoute,
  resetPassword as resetPasswordRoute,
  setup,
  userGuard,
  verifyOtp,
} from '../../shared/api/auth.js';
import { call, callApi, type CallInput } from './call.js';
import { ApiError } from './client.js';

/** The /auth calls of SPEC §7, through their contracts (src/shared/api/auth.ts). */

export function login(body: CallInput<typeof loginRoute>['body']) {
  return call(loginRoute, { body });
}

/** Revokes the session on the server. Never throws: signing out locally must always work. */
export async function logout(token: string | null): Promise<void> {
  if (!token) return;
  try {
    await call(logoutRoute, { token });
  } catch {
    // An expired or unknown token is already as good as revoked.
  }
}

/** The three role guards of SPEC §6; userauth admits supervisors and managers. */
export type GuardArea = 'admin' | 'manager' | 'user';
const guards = { admin: adminGuard, manager: managerGuard, user: userGuard } as const;

/**
 * Asks the server whether this session may enter an area. A 401 or 403 answer is a
 * plain "no" (false); only a missing answer (network) or a server fault throws.
 */
export async function checkArea(area: GuardArea, token: string, signal?: AbortSignal): Promise<boolean> {
  try {
    const { ok } = await call(guards[area], { token, signal });
    return ok;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return false;
    throw error;
  }
}

export function fetchSetup(signal?: AbortSignal) {
  return call(setup, { signal });
}

/** 201 registered, 200 already registered (SPEC §8): the caller needs the status. */
export function register(body: CallInput<typeof registerRoute>['body'], token: string | null) {
  return callApi(registerRoute, { body, token });
}

export function requestResetCode(email: string) {
  return call(forgetPassword, { body: { email } });
}

/** Answers the reset ticket too; the server also sets it as a cookie for the reset call. */
export function verifyResetCode(email: string, otp: string) {
  return call(verifyOtp, { body: { email, otp } });
}

/**
 * The reset ticket travels twice: as the cookie (sent by the same-origin fetch) and in the
 * body, so the reset works even where the cookie was not stored.
 */
export function resetPassword(email: string, newPassword: string, resetToken: string | undefined) {
  return call(resetPasswordRoute, { body: { email, newPassword, resetToken } });
}
