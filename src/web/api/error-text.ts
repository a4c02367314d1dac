import { messageText, translateCode, useMessages, type MessageCode } from '../i18n/messages.js';
import { currentLanguage } from '../i18n/i18n.js';
import { ApiError, NetworkError, RequestTimeoutError } from './client.js';

/**
 * True when no answer came (dropped connection or time limit). Where SPEC names a text
 * for a thrown error ('Something went wrong!' on Add Duty, 'Something went wrong' at
 * sign-in), that text is the title and the network text says what happened under it.
 */
export function noAnswer(error: unknown): boolean {
  return error instanceof NetworkError || error instanceof RequestTimeoutError;
}

/**
 * What a person should read for a failed call, in the reader's language: the server's
 * message by the `code` (and `params`) it sent beside its words, whatever those words are
 * (a message without a code, a proxy's answer, as it came); `fallback` when the server
 * answered without one (a screen may name SPEC's text for its step); the one network-error
 * text when no answer came (the time-limit text when none came in time); otherwise
 * `unexpected`, a generic line (never a parser's internals) or SPEC's own for the step
 * ('Something went wrong!' on Add Duty). The app's own texts go by their MSG code ('' for
 * none). In a component that shows it while rendering, take it from useErrorText() so a
 * language change re-renders it.
 */
export function errorText(error: unknown, fallback: MessageCode | '' = 'serverError', unexpected: MessageCode | '' = 'somethingWentWrong'): string {
  if (error instanceof ApiError && error.message) {
    // an answer's words without a code are the server's own, shown as they came
    return currentLanguage() !== 'en' && error.code !== undefined ? (translateCode(error.code, error.params) ?? error.message) : error.message;
  }
  const code = error instanceof RequestTimeoutError ? 'requestTimedOut' : error instanceof NetworkError ? 'cannotReachServer' : error instanceof ApiError ? fallback : unexpected;
  return code ? messageText(code) : '';
}

/** errorText for components: the component re-renders when the language changes. */
export function useErrorText(): typeof errorText {
  useMessages();
  return errorText;
}
