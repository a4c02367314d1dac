import { describe, expect, it } from 'vitest';
import { SseParser } from './sse-parser.js';

describe('SseParser', () => {
  it('reads id, event and data of one block, and the retry advice', () => {
    const parser = new SseParser();
    const events = parser.feed('retry: 3000\n\nid: a1\nevent: message\ndata: {"text":"hi"}\n\n');
    expect(events).toEqual([{ type: 'message', data: '{"text":"hi"}', lastEventId: 'a1' }]);
    expect(parser.retryMs).toBe(3000);
    expect(parser.lastEventId).toBe('a1');
  });

  it('keeps an unfinished block across chunks split anywhere', () => {
    const source = 'id: 1\nevent: message\ndata: {"a":1}\n\nid: 2\ndata: two\n\n';
    for (let cut = 1; cut < source.length; cut++) {
      const parser = new SseParser();
      const events = [...parser.feed(source.slice(0, cut)), ...parser.feed(source.slice(cut))];
      expect(events.map((e) => [e.lastEventId, e.type, e.data])).toEqual([
        ['1', 'message', '{"a":1}'],
        ['2', 'message', 'two'],
      ]);
    }
  });

  it('accepts \\r\\n and lone \\r line breaks, also when \\r\\n is split between chunks', () => {
    const parser = new SseParser();
    const events = [...parser.feed('data: one\r'), ...parser.feed('\n\r\n'), ...parser.feed('data: two\r\rdata: x\n\n')];
    expect(events.map((e) => e.data)).toEqual(['one', 'two', 'x']);
  });

  it('ignores comments (heartbeats), blocks without data and unknown fields', () => {
    const parser = new SseParser();
    expect(parser.feed(': ping\n\nfoo: bar\n\nevent: message\n\n')).toEqual([]);
    // the event type of a data-less block does not leak into the next one
    expect(parser.feed('data: z\n\n')[0]?.type).toBe('message');
  });

  it('joins several data lines with a newline and strips only one leading space', () => {
    const parser = new SseParser();
    expect(parser.feed('data:  a\ndata:b\ndata\n\n')[0]?.data).toBe(' a\nb\n');
  });

  it('keeps the last id for later events and ignores a bad retry', () => {
    const parser = new SseParser();
    parser.feed('id: 7\ndata: a\n\nretry: soon\n\n');
    expect(parser.feed('data: b\n\n')[0]?.lastEventId).toBe('7');
    expect(parser.retryMs).toBeNull();
  });
});
