import { forgetPassword, login as loginRoute, register as registerRoute, resetPassword as resetPasswordRoute, setup, verifyOtp } from '../../shared/api/auth.js';
import { call, callApi, type CallInput } from './call.js';

/**
 * The /auth calls of SPEC §7, through their contracts (src/shared/api/auth.ts). The area
 * checks and Logout, which the first screens after sign-in make, are in first-calls.ts.
 */

export function login(body: CallInput<typeof loginRoute>['body']) {
  return call(loginRoute, { body });
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
