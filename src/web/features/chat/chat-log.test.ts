import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../shared/schemas/chat.js';
import { addedMessages, continuesRun, localDay, mergeMessages } from './chat-log.js';

const ZONE = 'Asia/Kolkata';

function message(id: string, minute: number, userId = 'u1'): ChatMessage {
  return { _id: id, text: `text ${id}`, user: `name ${userId}`, userId, createdAt: new Date(Date.UTC(2026, 0, 5, 10, minute)).toISOString() };
}

describe('mergeMessages', () => {
  const a = message('a', 1);
  const b = message('b', 2);
  const c = message('c', 3);

  it('appends newer messages and drops the ones already held', () => {
    expect(mergeMessages([a, b], [b, c]).map((m) => m._id)).toEqual(['a', 'b', 'c']);
  });

  it('answers the same array when nothing is new (no re-render)', () => {
    const current = [a, b];
    expect(mergeMessages(current, [a, b])).toBe(current);
    expect(mergeMessages(current, [])).toBe(current);
  });

  it('puts older pages and late arrivals in order, breaking time ties by id', () => {
    const tieLow = { ...message('b0', 2), _id: 'b0' };
    expect(mergeMessages([b, c], [a]).map((m) => m._id)).toEqual(['a', 'b', 'c']);
    expect(mergeMessages([a, c], [b, tieLow]).map((m) => m._id)).toEqual(['a', 'b', 'b0', 'c']);
  });

  it('deduplicates inside one incoming batch too', () => {
    expect(mergeMessages([], [c, a, c]).map((m) => m._id)).toEqual(['a', 'c']);
  });

  it('does not change the arrays it was given', () => {
    const current = [b, c];
    mergeMessages(current, [a]);
    expect(current.map((m) => m._id)).toEqual(['b', 'c']);
  });
});

describe('addedMessages', () => {
  it('lists what a merge added', () => {
    const before = [message('a', 1)];
    const after = mergeMessages(before, [message('b', 2, 'u2')]);
    expect(addedMessages(before, after).map((m) => m._id)).toEqual(['b']);
    expect(addedMessages(after, after)).toEqual([]);
  });
});

describe('continuesRun', () => {
  it('groups messages of one sender a few minutes apart, not across senders or long gaps', () => {
    expect(continuesRun(undefined, message('a', 1), ZONE)).toBe(false);
    expect(continuesRun(message('a', 1), message('b', 3), ZONE)).toBe(true);
    expect(continuesRun(message('a', 1), message('b', 3, 'u2'), ZONE)).toBe(false);
    expect(continuesRun(message('a', 1), message('b', 20), ZONE)).toBe(false);
  });
});

describe('localDay', () => {
  it("tells the day in the company's time zone, not the viewer's", () => {
    // 20:00 UTC on 5 January is already 6 January in India
    expect(localDay('2026-01-05T20:00:00.000Z', 'Asia/Kolkata')).toBe('2026-01-06');
    expect(localDay('2026-01-05T20:00:00.000Z', 'Europe/London')).toBe('2026-01-05');
  });

  it("ends a run at midnight in the company's time zone", () => {
    const before = { ...message('a', 0), createdAt: '2026-01-05T18:28:00.000Z' };
    const after = { ...message('b', 0), createdAt: '2026-01-05T18:31:00.000Z' };
    expect(continuesRun(before, after, 'Asia/Kolkata')).toBe(false);
    expect(continuesRun(before, after, 'Europe/London')).toBe(true);
  });
});
