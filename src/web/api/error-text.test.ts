import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../shared/messages.js';
import { requestResetCode, resetPassword, verifyResetCode } from './auth.js';
import { ApiError } from './client.js';
import { errorText } from './error-text.js';

afterEach(() => vi.unstubAllGlobals());

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('errorText', () => {
  it('says the server cannot be reached when no answer came, on every step of the forgot-password page', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const failures = await Promise.all([
      requestResetCode('a@example.com').catch((error: unknown) => error),
      verifyResetCode('a@example.com', '123456').catch((error: unknown) => error),
      resetPassword('a@example.com', 'a-new-password', undefined).catch((error: unknown) => error),
    ]);
    for (const [index, fallback] of [MSG.userNotFound, MSG.invalidOtp, MSG.resetFailed].entries()) {
      expect(errorText(failures[index], fallback)).toBe(MSG.cannotReachServer);
    }
  });

  it("shows the server's words, else the step's SPEC text", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(404, { success: false, message: MSG.userNotFound, msg: MSG.userNotFound })));
    const notFound = await requestResetCode('a@example.com').catch((error: unknown) => error);
    expect(errorText(notFound, MSG.userNotFound)).toBe(MSG.userNotFound);
    expect(errorText(new ApiError(400, '', {}), MSG.invalidOtp)).toBe(MSG.invalidOtp);
    expect(errorText(new ApiError(500, '', {}))).toBe(MSG.serverError);
    expect(errorText(new Error('internal parser detail'), MSG.resetFailed)).toBe(MSG.somethingWentWrong);
  });
});
