import type { MessageParams } from '../../shared/message-template.js';
import { SITE_MSG } from '../../shared/site-messages.js';

/**
 * The ways a call can fail, in a file of their own: the offline lists (offline/list-cache.ts)
 * tell them apart without loading the client, which reaches the session's end (and so them).
 */

/** The server answered with an error status; `message` is its {msg} (or {message}). */
export class ApiError extends Error {
  /** The message's code the server sent beside its words (decision 0030), when it sent one. */
  readonly code: string | undefined;
  /** The message's values ({"0": 60}, {"count": 3}), when it takes some. */
  readonly params: MessageParams | undefined;

  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
    const { code, params } = (body && typeof body === 'object' ? body : {}) as { code?: unknown; params?: unknown };
    this.code = typeof code === 'string' ? code : undefined;
    this.params = params && typeof params === 'object' && !Array.isArray(params) ? (params as MessageParams) : undefined;
  }
}

/**
 * The request never got an answer (offline, DNS, server down, aborted). Its message is the
 * one text the app shows for a connection that is not there, wherever it happens.
 */
export class NetworkError extends Error {
  constructor(cause: unknown, message: string = SITE_MSG.cannotReachServer) {
    super(message, { cause });
    this.name = 'NetworkError';
  }
}

/**
 * No answer came within the request's time limit: a kind of NetworkError (the offline
 * outbox tries it again later), with its own message, so a button stops spinning and says
 * what happened instead of waiting for ever on a connection that went quiet.
 */
export class RequestTimeoutError extends NetworkError {
  constructor(readonly timeoutMs: number) {
    super(new DOMException(`No answer within ${timeoutMs} ms`, 'TimeoutError'), SITE_MSG.requestTimedOut);
    this.name = 'RequestTimeoutError';
  }
}
