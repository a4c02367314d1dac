import { API } from '../../../shared/api/addresses.js';
import { pathOf } from '../../../shared/api/contract.js';
import type { ChatMessage } from '../../../shared/schemas/chat.js';
import { API_BASE } from '../../api/client.js';
import { SseParser } from './sse-parser.js';

export interface ChatStreamOptions {
  token: string;
  /** Each new message the server pushes. */
  onMessage: (message: ChatMessage) => void;
  /**
   * A connection opened again after a drop. The server replays what came after
   * Last-Event-ID, but a message committed while no stream listened anywhere would slip
   * through, so the caller also refetches with `after`.
   */
  onReconnect?: () => void;
  /** Called with true when a stream is open, false when it dropped. */
  onStatus?: (open: boolean) => void;
  /** The newest message id the screen holds, sent as Last-Event-ID when reconnecting. */
  lastKnownId?: () => string | undefined;
  /** For tests. */
  fetchImpl?: typeof fetch;
  /** First wait before reconnecting when the server gave no `retry:` advice. */
  baseDelayMs?: number;
  maxDelayMs?: number;
}

/**
 * The wait before reconnect attempt `attempt` (0-based): doubling from the base up to the
 * cap, with up to a quarter of random spread so a server restart is not hit by every
 * phone at the same instant.
 */
export function reconnectDelay(attempt: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  const plain = Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 16));
  return Math.round(plain * (0.75 + random() * 0.25));
}

/** A stream that stayed open this long counts as healthy: the next drop starts the backoff afresh. */
const HEALTHY_MS = 10_000;

/**
 * Opens GET /chat/stream (API.chatStream) and keeps it open: reads it with fetch() so the token travels in
 * the Authorization header (EventSource cannot send headers), parses the SSE blocks, and
 * after any drop reconnects with backoff, sending Last-Event-ID. Stops for good when the
 * server refuses the session (401/403) or when the returned function is called.
 */
export function openChatStream(options: ChatStreamOptions): () => void {
  const fetchImpl = options.fetchImpl ?? fetch.bind(globalThis);
  const baseDelay = options.baseDelayMs ?? 1000;
  const maxDelay = options.maxDelayMs ?? 30_000;
  const controller = new AbortController();
  const { signal } = controller;
  let lastEventId = '';
  let serverRetryMs: number | null = null;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      }, { once: true });
    });

  /** One connection; answers whether to try again and how long it stayed open. */
  async function connectOnce(isReconnect: boolean): Promise<{ again: boolean; openedFor: number }> {
    const headers: Record<string, string> = { accept: 'text/event-stream', authorization: options.token };
    const resumeFrom = lastEventId || options.lastKnownId?.();
    if (resumeFrom) headers['last-event-id'] = resumeFrom;
    let response: Response;
    try {
      response = await fetchImpl(`${API_BASE}${pathOf(API.chatStream, {})}`, { headers, signal, cache: 'no-store', credentials: 'same-origin' });
    } catch {
      return { again: true, openedFor: 0 };
    }
    if (response.status === 401 || response.status === 403) return { again: false, openedFor: 0 };
    if (!response.ok || !response.body) {
      await response.body?.cancel().catch(() => undefined);
      return { again: true, openedFor: 0 };
    }

    const openedAt = Date.now();
    options.onStatus?.(true);
    if (isReconnect) options.onReconnect?.();
    const parser = new SseParser();
    const decoder = new TextDecoder();
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const event of parser.feed(decoder.decode(value, { stream: true }))) {
          if (event.lastEventId) lastEventId = event.lastEventId;
          if (event.type !== 'message') continue;
          let json: unknown;
          try {
            json = JSON.parse(event.data);
          } catch {
            continue;
          }
          // the server writes each event with getchats' own answer schema (as every answer,
          // decision 0016): the browser does not check it again, it only skips what is no message
          if (isMessage(json)) options.onMessage(json);
        }
        if (parser.retryMs !== null) serverRetryMs = parser.retryMs;
      }
    } catch {
      // dropped (network, server restart) or stopped: the loop decides
    } finally {
      reader.releaseLock();
    }
    if (!signal.aborted) options.onStatus?.(false);
    return { again: true, openedFor: Date.now() - openedAt };
  }

  void (async () => {
    let attempt = 0;
    let first = true;
    while (!signal.aborted) {
      // Any connection after the first may have missed messages, even if the first failed.
      const { again, openedFor } = await connectOnce(!first);
      first = false;
      if (!again || signal.aborted) break;
      if (openedFor >= HEALTHY_MS) attempt = 0;
      await sleep(reconnectDelay(attempt, serverRetryMs ?? baseDelay, Math.max(maxDelay, serverRetryMs ?? 0)));
      attempt++;
    }
  })();

  return () => controller.abort();
}

/** An event's data that can be a chat message: an object with its id (what the list keys on). */
function isMessage(value: unknown): value is ChatMessage {
  return typeof value === 'object' && value !== null && typeof (value as { _id?: unknown })._id === 'string';
}
