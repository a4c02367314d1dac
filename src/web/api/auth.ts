import { z } from 'zod';
import {
  guardResponse,
  loginResponse,
  messageResponse,
  msgResponse,
  type LoginBody,
  type RegisterBody,
  verifyOtpResponse,
} from '../../shared/schemas/auth.js';
import { ApiError, api, apiRequest } from './client.js';

/** The /auth calls of SPEC §7, typed from the shared schemas. */

export function login(body: LoginBody) {
  return api.post('/auth/login', body, { schema: loginResponse });
}

/** Revokes the session on the server. Never throws: signing out locally must always work. */
export async function logout(token: string | null): Promise<void> {
  if (!token) return;
  try {
    await api.post('/auth/logout', undefined, { token, schema: msgResponse });
  } catch {
    // An expired or unknown token is already as good as revoked.
  }
}

/** The three role guards of SPEC §6; userauth admits supervisors and managers. */
export type GuardArea = 'admin' | 'manager' | 'user';
const guardPaths: Record<GuardArea, string> = {
  admin: '/auth/adminauth',
  manager: '/auth/managerauth',
  user: '/auth/userauth',
};

/**
 * Asks the server whether this session may enter an area. A 401 or 403 answer is a
 * plain "no" (false); only a missing answer (network) or a server fault throws.
 */
export async function checkArea(area: GuardArea, token: string, signal?: AbortSignal): Promise<boolean> {
  try {
    const { ok } = await api.get(guardPaths[area], { token, schema: guardResponse, signal });
    return ok;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return false;
    throw error;
  }
}

export const setupResponse = z.object({ needsFirstAccount: z.boolean() });
export function fetchSetup(signal?: AbortSignal) {
  return api.get('/auth/setup', { schema: setupResponse, signal });
}

/** 201 registered, 200 already registered (SPEC §8): the caller needs the status. */
export function register(body: RegisterBody, token: string | null) {
  return apiRequest('POST', '/auth/register', { body, token, schema: msgResponse });
}

export function requestResetCode(email: string) {
  return api.post('/auth/forgetpswd', { email }, { schema: messageResponse });
}

/** Answers the reset ticket too; the server also sets it as a cookie for the reset call. */
export function verifyResetCode(email: string, otp: string) {
  return api.post('/auth/verifyotp', { email, otp }, { schema: verifyOtpResponse });
}

/**
 * The reset ticket travels twice: as the cookie (sent by the same-origin fetch) and in the
 * body, so the reset works even where the cookie was not stored.
 */
export function resetPassword(email: string, newPassword: string, resetToken: string | undefined) {
  return api.post('/auth/resetpassword', { email, newPassword, resetToken }, { schema: messageResponse });
}
