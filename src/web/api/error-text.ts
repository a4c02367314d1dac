import { MSG } from '../../shared/messages.js';
import { ApiError, NetworkError } from './client.js';

/**
 * What a person should read for a failed call: the server's {msg}; `fallback` when the
 * server answered without one (a screen may name SPEC's text for its step); SPEC's message
 * when no answer came; otherwise a generic line (never a parser's internals).
 */
export function errorText(error: unknown, fallback: string = MSG.serverError): string {
  if (error instanceof NetworkError) return MSG.cannotReachServer;
  if (error instanceof ApiError) return error.message || fallback;
  return MSG.somethingWentWrong;
}
