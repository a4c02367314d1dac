import { expect } from 'vitest';
import { SseParser } from '../../src/web/features/chat/sse-parser.js';

export interface OpenStream {
  status: number;
  body: string;
  /** The messages as they arrive (parsed as the web app does). */
  messages: { _id: string; text: string }[];
  close: () => void;
}

/** Opens GET /chat/stream; a refused one answers its status and body, with no messages. */
export async function openStream(url: string, token: string): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { authorization: token }, signal: controller.signal });
  const messages: { _id: string; text: string }[] = [];
  if (response.status !== 200) return { status: response.status, body: await response.text(), messages, close: () => controller.abort() };
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const parser = new SseParser();
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      for (const event of parser.feed(decoder.decode(value, { stream: true }))) {
        if (event.type === 'message') messages.push(JSON.parse(event.data) as { _id: string; text: string });
      }
    }
  })().catch(() => undefined);
  return { status: 200, body: '', messages, close: () => controller.abort() };
}
