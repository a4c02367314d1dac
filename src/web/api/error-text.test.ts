import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../shared/messages.js';
import { requestResetCode, resetPassword, verifyResetCode } from './auth.js';
import { ApiError, NetworkError, RequestTimeoutError } from './client.js';
import { setLanguage } from '../i18n/i18n.js';
// the English of the screens after sign-in, which the screens that use this module have loaded
import '../i18n/english.js';
import hi from '../i18n/locales/hi.json' with { type: 'json' };
import ml from '../i18n/locales/ml.json' with { type: 'json' };
import { errorText, noAnswer } from './error-text.js';

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
    for (const [index, fallback] of (['userNotFound', 'invalidOtp', 'resetFailed'] as const).entries()) {
      expect(errorText(failures[index], fallback)).toBe(MSG.cannotReachServer);
    }
  });

  it('says the one network-error text for a dropped connection on every step, and keeps each step\'s SPEC text for the rest', () => {
    const dropped = new NetworkError(new TypeError('Failed to fetch'));
    // Add Duty (SPEC §8 Add train), Mark as Completed, sign-in (SPEC §8 Login), a list
    expect(errorText(dropped, 'trainAddFailed', 'somethingWentWrongBang')).toBe(MSG.cannotReachServer);
    expect(errorText(dropped)).toBe(MSG.cannotReachServer);
    expect(errorText(dropped, 'loginFailed', 'somethingWentWrong')).toBe(MSG.cannotReachServer);
    expect(errorText(dropped, 'somethingWentWrong')).toBe(MSG.cannotReachServer);
    expect(errorText(new RequestTimeoutError(20_000), 'trainAddFailed', 'somethingWentWrongBang')).toBe(MSG.requestTimedOut);
    // an answer without a message, and a failure that is neither (SPEC's texts)
    expect(errorText(new ApiError(400, '', {}), 'trainAddFailed', 'somethingWentWrongBang')).toBe(MSG.trainAddFailed);
    expect(errorText(new Error('boom'), 'trainAddFailed', 'somethingWentWrongBang')).toBe(MSG.somethingWentWrongBang);
    expect(errorText(new Error('boom'), 'loginFailed', 'somethingWentWrong')).toBe(MSG.somethingWentWrong);
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
    expect(errorText(notFound, 'userNotFound')).toBe(MSG.userNotFound);
    expect(errorText(new ApiError(400, '', {}), 'invalidOtp')).toBe(MSG.invalidOtp);
    expect(errorText(new ApiError(500, '', {}))).toBe(MSG.serverError);
    expect(errorText(new Error('internal parser detail'), 'resetFailed')).toBe(MSG.somethingWentWrong);
  });

  it("shows the server's message in the reader's language by its code, and keeps an English version", async () => {
    try {
      await setLanguage('ml');
      const crew = new ApiError(400, MSG.crewTooLarge(60), { msg: MSG.crewTooLarge(60), code: 'crewTooLarge', params: { 0: 60 } });
      expect(errorText(crew)).toBe(ml.messages.crewTooLarge.replace('{{0}}', '60'));
      expect(crew.message).toBe(MSG.crewTooLarge(60));
      expect(errorText(new ApiError(409, MSG.dutyStale, { msg: MSG.dutyStale, code: 'dutyStale' }))).toBe(ml.messages.dutyStale);
      expect(errorText(new ApiError(500, '', {}))).toBe(ml.messages.serverError);
      expect(errorText(new Error('internal parser detail'))).toBe(ml.messages.somethingWentWrong);
      expect(errorText(new NetworkError(null))).toBe(ml.messages.cannotReachServer);
      expect(errorText(new RequestTimeoutError(20_000))).toBe(ml.messages.requestTimedOut);
      // a message without a code is shown as the server wrote it, never matched by its words
      expect(errorText(new ApiError(400, 'Proxy says no', {}))).toBe('Proxy says no');
      expect(errorText(new ApiError(409, MSG.dutyStale, { msg: MSG.dutyStale }))).toBe(MSG.dutyStale);
      // a code the catalogue does not know (a newer server): its words
      expect(errorText(new ApiError(400, 'A rule of tomorrow', { msg: 'A rule of tomorrow', code: 'ruleOfTomorrow' }))).toBe('A rule of tomorrow');
    } finally {
      await setLanguage('en');
    }
  });

  it('gives a Hindi reader the translation of a server error by its code, even when its English words changed', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(404, { success: false, message: 'No account has this e-mail', msg: 'No account has this e-mail', code: 'userNotFound' })));
    const notFound = await requestResetCode('a@example.com').catch((error: unknown) => error);
    expect(notFound).toBeInstanceOf(ApiError);
    expect((notFound as ApiError).code).toBe('userNotFound');
    try {
      await setLanguage('hi');
      expect(errorText(notFound, 'userNotFound')).toBe(hi.messages.userNotFound);
      // with the values it sent: the row count of a refused import, the field a rule names
      const rows = new ApiError(400, 'Rows were refused', { code: 'bulkRowsInvalid', params: { count: 3 } });
      expect(errorText(rows)).toBe(hi.messages.bulkRowsInvalid_other.replace('{{count}}', '3'));
      const field = new ApiError(400, 'too long', { code: 'tooLong', params: { 0: { code: 'fields.trainNumber' }, 1: '2,000' } });
      expect(errorText(field)).toBe(hi.messages.tooLong.replace('{{0}}', hi.messages.fields.trainNumber).replace('{{1}}', '2,000'));
    } finally {
      await setLanguage('en');
    }
  });
});
