import { API } from '../../shared/api/addresses.js';
import type { login as loginRoute, register as registerRoute } from '../../shared/api/auth.js';
import { AREA_CHECKS, type GuardArea } from '../auth/areas.js';
import { call, callApi, type CallInput } from './call.js';
import { ApiError } from './errors.js';

/** The /auth calls of SPEC §7, through the address table (src/shared/api/addresses.ts). */

export function login(body: CallInput<typeof loginRoute>['body']) {
  return call(API.login, { body });
}

export function fetchSetup(signal?: AbortSignal) {
  return call(API.setup, { signal });
}

/** 201 registered, 200 already registered (SPEC §8): the caller needs the status. */
export function register(body: CallInput<typeof registerRoute>['body'], token: string | null) {
  return callApi(API.register, { body, token });
}

export function requestResetCode(email: string) {
  return call(API.forgetPassword, { body: { email } });
}

/** Answers the reset ticket too; the server also sets it as a cookie for the reset call. */
export function verifyResetCode(email: string, otp: string) {
  return call(API.verifyOtp, { body: { email, otp } });
}

/**
 * The reset ticket travels twice: as the cookie (sent by the same-origin fetch) and in the
 * body, so the reset works even where the cookie was not stored.
 */
export function resetPassword(email: string, newPassword: string, resetToken: string | undefined) {
  return call(API.resetPassword, { body: { email, newPassword, resetToken } });
}

/**
 * Asks the server whether this session may enter an area. A 401 or 403 answer is a
 * plain "no" (false); only a missing answer (network) or a server fault throws.
 */
export async function checkArea(area: GuardArea, token: string, signal?: AbortSignal): Promise<boolean> {
  try {
    return (await call(AREA_CHECKS[area], { token, signal })).ok;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return false;
    throw error;
  }
}

/** Revokes the session on the server. Never throws: signing out locally must always work. */
export async function logout(token: string | null): Promise<void> {
  if (!token) return;
  try {
    await call(API.logout, { token });
  } catch {
    // An expired or unknown token is already as good as revoked.
  }
}
