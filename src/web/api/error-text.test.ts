import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../shared/messages.js';
import { requestResetCode, resetPassword, verifyResetCode } from './auth.js';
import { ApiError, NetworkError, RequestTimeoutError } from './client.js';
import { setLanguage } from '../i18n/i18n.js';
import ml from '../i18n/locales/ml.json' with { type: 'json' };
import { englishErrorText, errorText, noAnswer } from './error-text.js';

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

  it('says the one network-error text for a dropped connection on every step, and keeps each step\'s SPEC text for the rest', () => {
    const dropped = new NetworkError(new TypeError('Failed to fetch'));
    // Add Duty (SPEC §8 Add train), Mark as Completed, sign-in (SPEC §8 Login), a list
    expect(englishErrorText(dropped, MSG.trainAddFailed, MSG.somethingWentWrongBang)).toBe(MSG.cannotReachServer);
    expect(englishErrorText(dropped)).toBe(MSG.cannotReachServer);
    expect(englishErrorText(dropped, MSG.loginFailed, MSG.somethingWentWrong)).toBe(MSG.cannotReachServer);
    expect(englishErrorText(dropped, MSG.somethingWentWrong)).toBe(MSG.cannotReachServer);
    expect(englishErrorText(new RequestTimeoutError(20_000), MSG.trainAddFailed, MSG.somethingWentWrongBang)).toBe(MSG.requestTimedOut);
    // an answer without a message, and a failure that is neither (SPEC's texts)
    expect(englishErrorText(new ApiError(400, '', {}), MSG.trainAddFailed, MSG.somethingWentWrongBang)).toBe(MSG.trainAddFailed);
    expect(englishErrorText(new Error('boom'), MSG.trainAddFailed, MSG.somethingWentWrongBang)).toBe(MSG.somethingWentWrongBang);
    expect(englishErrorText(new Error('boom'), MSG.loginFailed, MSG.somethingWentWrong)).toBe(MSG.somethingWentWrong);
  });

  it("marks only a missing answer as such, so SPEC's thrown-error text can title the network text", () => {
    expect(noAnswer(new NetworkError(new TypeError('Failed to fetch')))).toBe(true);
    expect(noAnswer(new RequestTimeoutError(20_000))).toBe(true);
    expect(noAnswer(new ApiError(500, 'Internal Server Error', {}))).toBe(false);
    expect(noAnswer(new Error('boom'))).toBe(false);
  });

  it("shows the server's words, else the step's SPEC text", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(404, { success: false, message: MSG.userNotFound, msg: MSG.userNotFound })));
    const notFound = await requestResetCode('a@example.com').catch((error: unknown) => error);
    expect(errorText(notFound, MSG.userNotFound)).toBe(MSG.userNotFound);
    expect(errorText(new ApiError(400, '', {}), MSG.invalidOtp)).toBe(MSG.invalidOtp);
    expect(errorText(new ApiError(500, '', {}))).toBe(MSG.serverError);
    expect(errorText(new Error('internal parser detail'), MSG.resetFailed)).toBe(MSG.somethingWentWrong);
  });

  it("shows the server's message in the reader's language, and keeps an English version", async () => {
    try {
      await setLanguage('ml');
      const crew = new ApiError(400, MSG.crewTooLarge(60), {});
      expect(errorText(crew)).toBe(ml.messages.crewTooLarge.replace('{{0}}', '60'));
      expect(englishErrorText(crew)).toBe(MSG.crewTooLarge(60));
      expect(errorText(new ApiError(409, MSG.dutyStale, {}))).toBe(ml.messages.dutyStale);
      expect(errorText(new ApiError(500, '', {}))).toBe(ml.messages.serverError);
      expect(errorText(new Error('internal parser detail'))).toBe(ml.messages.somethingWentWrong);
      expect(errorText(new NetworkError(null))).toBe(ml.messages.cannotReachServer);
      expect(errorText(new RequestTimeoutError(20_000))).toBe(ml.messages.requestTimedOut);
      // a message the catalogue does not know is shown as the server wrote it
      expect(errorText(new ApiError(400, 'Proxy says no', {}))).toBe('Proxy says no');
    } finally {
      await setLanguage('en');
    }
  });
});
