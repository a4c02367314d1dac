import { z } from 'zod';
import { MSG } from '../messages.js';
import {
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
} from '../schemas/auth.js';
import { API, type Address } from './addresses.js';
import { defineRoute } from './contract.js';
import { errorResponses } from './envelopes.js';

/**
 * Sign-in, the three guard checks, registration and password reset (SPEC §7 /auth rows).
 * GET /auth/getsupervisor is a staff read: its contract lives with the staff contracts.
 */

const tags = ['auth'] as const;

export const login = defineRoute({
  ...API.login,
  tags,
  summary: 'Sign in',
  description: `Answers the user, the session token (sent back as the Authorization header value itself) and msg. A wrong e-mail or password answers 401 {success: false, msg}; after too many failures for one e-mail, 429.`,
  body: loginBody,
  responses: { 200: loginResponse, ...errorResponses(400, 401, 429) },
});

export const logout = defineRoute({
  ...API.logout,
  tags,
  summary: 'End this session',
  description: 'Always answers 200: an unknown or expired token is as good as ended.',
  responses: { 200: msgResponse.extend({ success: z.literal(true) }), ...errorResponses() },
});

/** A guard's refusal: {ok: false, msg}. */
const guardRefusal = guardResponse.extend({ ok: z.literal(false), msg: z.string() });

function guard<const A extends Address>(address: A, summary: string) {
  return defineRoute({
    ...address,
    tags,
    summary,
    description: 'Answers {ok: true} when the session may enter the area; 401 {ok: false, msg} without a valid session, 403 {ok: false, msg} for a role that may not.',
    responses: {
      200: guardResponse.extend({ ok: z.literal(true) }),
      401: guardRefusal.describe('No valid session'),
      403: guardRefusal.describe("The session's role may not enter this area"),
      ...errorResponses(),
    },
  });
}

export const userGuard = guard(API.userGuard, 'Supervisor area check (supervisors and managers)');
export const managerGuard = guard(API.managerGuard, 'Manager area check');
export const adminGuard = guard(API.adminGuard, 'Admin area check');

export const setup = defineRoute({
  ...API.setup,
  tags,
  summary: 'Whether the installation still needs its first account',
  responses: { 200: z.object({ needsFirstAccount: z.boolean() }), ...errorResponses() },
});

export const register = defineRoute({
  ...API.register,
  tags,
  summary: 'Register an account (manager or admin; or the first account of an empty installation)',
  description: `SPEC §3 registration payload. 201 {success: true, msg: '${MSG.registered}'}; 200 {success: false, msg: '${MSG.alreadyRegistered}'} when the e-mail (or the Aadhaar number) is taken. With an Aadhaar number it creates the staff record and the account together.`,
  body: registerBody,
  responses: {
    201: msgResponse.describe('Registered'),
    200: msgResponse.describe('Already registered'),
    ...errorResponses(400, 401, 403, 409),
  },
});

export const forgetPassword = defineRoute({
  ...API.forgetPassword,
  tags,
  summary: 'E-mail a password reset code',
  body: forgetBody,
  responses: { 200: messageResponse, ...errorResponses(400, 404, 429) },
});

export const verifyOtp = defineRoute({
  ...API.verifyOtp,
  tags,
  summary: 'Check a reset code; answers the reset ticket (also as a cookie for the reset call)',
  body: verifyOtpBody,
  responses: { 200: verifyOtpResponse, ...errorResponses(400, 429) },
});

export const resetPassword = defineRoute({
  ...API.resetPassword,
  tags,
  summary: 'Set a new password with the reset ticket of a verified code (cookie or resetToken)',
  body: resetPasswordBody,
  responses: { 200: messageResponse, ...errorResponses(400, 429) },
});

export const authContracts = [login, logout, userGuard, managerGuard, adminGuard, setup, register, forgetPassword, verifyOtp, resetPassword];
