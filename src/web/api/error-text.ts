import { MSG } from '../../shared/messages.js';
import { ApiError, NetworkError } from './client.js';

/**
 * What a person should read for a failed call: the server's {msg}; SPEC's message when no
 * answer came; otherwise a generic line (never a parser's internals).
 */
export function errorText(error: unknown): string {
  if (error instanceof NetworkError) return MSG.cannotReachServer;
  if (error instanceof ApiError) return error.message || MSG.serverError;
  return MSG.somethingWentWrong;
}
