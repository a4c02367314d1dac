import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../shared/schemas/chat.js';
import { openChatStream, reconnectDelay } from './chat-stream.js';

const encoder = new TextEncoder();

function message(id: string): ChatMessage {
  return { _id: id, text: `hello ${id}`, user: 'Ravi', userId: 'u2', createdAt: '2026-01-05T10:00:00.000Z' };
}

function block(m: ChatMessage): string {
  return `id: ${m._id}\nevent: message\ndata: ${JSON.stringify(m)}\n\n`;
}

/** A response whose body sends these chunks, then ends (a dropped stream). */
function streamResponse(chunks: string[], status = 200): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status, headers: { 'content-type': 'text/event-stream' } });
}

function until(check: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const tick = () => {
      if (check()) resolve();
      else if (Date.now() > deadline) reject(new Error('timed out'));
      else setTimeout(tick, 5);
    };
    tick();
  });
}

describe('openChatStream', () => {
  it('delivers pushed messages, reconnects after a drop with Last-Event-ID and reports the reconnect', async () => {
    const calls: Array<Record<string, string>> = [];
    const responses = [
      streamResponse(['retry: 5\n\n', block(message('m1')).slice(0, 20), block(message('m1')).slice(20), ': ping\n\n']),
      streamResponse([block(message('m2'))]),
    ];
    const received: string[] = [];
    let reconnects = 0;
    const stop = openChatStream({
      token: 'tok',
      baseDelayMs: 1,
      maxDelayMs: 10,
      onMessage: (m) => received.push(m._id),
      onReconnect: () => reconnects++,
      fetchImpl: async (_url, init) => {
        calls.push({ ...(init?.headers as Record<string, string>) });
        const next = responses.shift();
        if (!next) return new Promise<Response>(() => {}); // stays pending: the test stops it
        return next;
      },
    });
    await until(() => received.length === 2 && calls.length >= 3);
    stop();
    expect(received).toEqual(['m1', 'm2']);
    expect(calls[0]?.authorization).toBe('tok');
    expect(calls[0]?.['last-event-id']).toBeUndefined();
    expect(calls[1]?.['last-event-id']).toBe('m1');
    expect(calls[2]?.['last-event-id']).toBe('m2');
    expect(reconnects).toBe(1);
  });

  it('resumes from the newest message the screen holds when the stream gave no id yet', async () => {
    const calls: Array<Record<string, string>> = [];
    const stop = openChatStream({
      token: 'tok',
      onMessage: () => {},
      lastKnownId: () => 'held-1',
      fetchImpl: async (_url, init) => {
        calls.push({ ...(init?.headers as Record<string, string>) });
        return new Promise<Response>(() => {});
      },
    });
    await until(() => calls.length === 1);
    stop();
    expect(calls[0]?.['last-event-id']).toBe('held-1');
  });

  it('stops for good when the session is refused, and ignores blocks that are not messages', async () => {
    let calls = 0;
    const received: string[] = [];
    const stop = openChatStream({
      token: 'tok',
      baseDelayMs: 1,
      onMessage: (m) => received.push(m._id),
      fetchImpl: async () => {
        calls++;
        if (calls === 1) return streamResponse(['data: not json\n\n', 'event: other\ndata: {}\n\n', 'data: {"x":1}\n\n']);
        return new Response('{"msg":"no"}', { status: 401 });
      },
    });
    await until(() => calls === 2);
    await new Promise((resolve) => setTimeout(resolve, 30));
    stop();
    expect(calls).toBe(2);
    expect(received).toEqual([]);
  });
});

describe('reconnectDelay', () => {
  it('doubles from the base up to the cap, with a spread of at most a quarter', () => {
    expect(reconnectDelay(0, 1000, 30_000, () => 1)).toBe(1000);
    expect(reconnectDelay(3, 1000, 30_000, () => 1)).toBe(8000);
    expect(reconnectDelay(10, 1000, 30_000, () => 1)).toBe(30_000);
    expect(reconnectDelay(0, 1000, 30_000, () => 0)).toBe(750);
  });
});
