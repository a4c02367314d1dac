import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CompletionHold, UNDO_WINDOW_MS } from './completion-hold.js';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('a held Mark as Completed', () => {
  it('is sent once the undo window ends, not before', () => {
    const hold = new CompletionHold();
    const send = vi.fn();
    expect(hold.hold('d1', send)).toBe(true);
    expect(hold.getHeld().has('d1')).toBe(true);
    vi.advanceTimersByTime(UNDO_WINDOW_MS - 1);
    expect(send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(send).toHaveBeenCalledTimes(1);
    expect(hold.getHeld().has('d1')).toBe(false);
    vi.runAllTimers();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('Undo within the window withdraws it: nothing is ever sent', () => {
    const hold = new CompletionHold();
    const send = vi.fn();
    hold.hold('d1', send);
    vi.advanceTimersByTime(UNDO_WINDOW_MS - 1);
    expect(hold.undo('d1')).toBe(true);
    vi.runAllTimers();
    expect(send).not.toHaveBeenCalled();
    expect(hold.getHeld().size).toBe(0);
  });

  it('Undo after the window is too late: the completion went, and Undo says so', () => {
    const hold = new CompletionHold();
    const send = vi.fn();
    hold.hold('d1', send);
    vi.advanceTimersByTime(UNDO_WINDOW_MS);
    expect(hold.undo('d1')).toBe(false);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('leaving the page sends every held completion at once, each once', () => {
    const hold = new CompletionHold();
    const first = vi.fn();
    const second = vi.fn();
    hold.hold('d1', first);
    vi.advanceTimersByTime(3_000);
    hold.hold('d2', second);
    hold.release();
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
    expect(hold.undo('d1')).toBe(false);
    vi.runAllTimers();
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('a second tap on a duty already held does not hold it twice', () => {
    const hold = new CompletionHold();
    const send = vi.fn();
    const again = vi.fn();
    expect(hold.hold('d1', send)).toBe(true);
    expect(hold.hold('d1', again)).toBe(false);
    vi.runAllTimers();
    expect(send).toHaveBeenCalledTimes(1);
    expect(again).not.toHaveBeenCalled();
  });

  it('tells its listeners when what is held changes', () => {
    const hold = new CompletionHold();
    const listener = vi.fn();
    hold.subscribe(listener);
    const before = hold.getHeld();
    hold.hold('d1', () => {});
    expect(listener).toHaveBeenCalledTimes(1);
    expect(hold.getHeld()).not.toBe(before);
    hold.undo('d1');
    expect(listener).toHaveBeenCalledTimes(2);
    hold.release();
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
