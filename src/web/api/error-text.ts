import { MSG } from '../../shared/messages.js';
import { translateCode, translateMessage, useMessages } from '../i18n/messages.js';
import { currentLanguage } from '../i18n/i18n.js';
import { ApiError, NetworkError, RequestTimeoutError } from './client.js';

/**
 * What a person should read for a failed call, in English: the server's {msg}; `fallback`
 * when the server answered without one (a screen may name SPEC's text for its step); the
 * one network-error text when no answer came (the time-limit text when none came in
 * time); otherwise `unexpected` — a generic line (never a parser's internals), or SPEC's
 * own for the step ('Something went wrong!' on Add Duty).
 */
export function englishErrorText(error: unknown, fallback: string = MSG.serverError, unexpected: string = MSG.somethingWentWrong): string {
  if (error instanceof RequestTimeoutError) return MSG.requestTimedOut;
  if (error instanceof NetworkError) return MSG.cannotReachServer;
  if (error instanceof ApiError) return error.message || fallback;
  return unexpected;
}

/**
 * True when no answer came (dropped connection or time limit). Where SPEC names a text
 * for a thrown error ('Something went wrong!' on Add Duty, 'Something went wrong' at
 * sign-in), that text is the title and the network text says what happened under it.
 */
export function noAnswer(error: unknown): boolean {
  return error instanceof NetworkError || error instanceof RequestTimeoutError;
}

/**
 * The same in the reader's language: the server's message by the `code` (and `params`) it
 * sent beside its words, whatever those words are; a text of the app's own (the fallback,
 * the network texts) by its MSG code. A message without a code (a proxy's answer) is
 * shown as it came. In a component that shows it while rendering, take it from
 * useErrorText() so a language change re-renders it.
 */
export function errorText(error: unknown, fallback: string = MSG.serverError, unexpected: string = MSG.somethingWentWrong): string {
  if (error instanceof ApiError && error.message && error.code !== undefined && currentLanguage() !== 'en') {
    return translateCode(error.code, error.params) ?? error.message;
  }
  const english = englishErrorText(error, fallback, unexpected);
  // an answer's words without a code are the server's own, not one of ours to look up
  if (error instanceof ApiError && error.message) return english;
  return translateMessage(english);
}

/** errorText for components: the component re-renders when the language changes. */
export function useErrorText(): typeof errorText {
  useMessages();
  return errorText;
}
