import { MSG } from '../../shared/messages.js';
import { translateMessage, useMessages } from '../i18n/messages.js';
import { ApiError, NetworkError } from './client.js';

/**
 * What a person should read for a failed call, in English: the server's {msg}; `fallback`
 * when the server answered without one (a screen may name SPEC's text for its step); SPEC's
 * message when no answer came; otherwise a generic line (never a parser's internals).
 */
export function englishErrorText(error: unknown, fallback: string = MSG.serverError): string {
  if (error instanceof NetworkError) return MSG.cannotReachServer;
  if (error instanceof ApiError) return error.message || fallback;
  return MSG.somethingWentWrong;
}

/**
 * The same in the reader's language (the server's message is recognised by its English
 * words; anything else it says is shown as it came). In a component that shows it while
 * rendering, take it from useErrorText() so a language change re-renders it.
 */
export function errorText(error: unknown, fallback: string = MSG.serverError): string {
  return translateMessage(englishErrorText(error, fallback));
}

/** errorText for components: the component re-renders when the language changes. */
export function useErrorText(): typeof errorText {
  useMessages();
  return errorText;
}
