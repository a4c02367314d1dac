import { describe, expect, it } from 'vitest';
import { describeMessage, indexMessages, template, type MessageTemplate } from './message-template.js';
import { MSG } from './messages.js';

type Entry = [code: string, value: unknown];
/** Every MSG entry by its code ('logout', 'fields.trainNumber'). */
function entries(tree: object = MSG, prefix = ''): Entry[] {
  return Object.entries(tree).flatMap(([key, value]): Entry[] =>
    typeof value === 'string' || typeof value === 'function' ? [[prefix + key, value]] : entries(value as object, `${prefix}${key}.`),
  );
}

describe('MSG codes', () => {
  it('gives every text one code, its own: no two entries have the same words', () => {
    const texts = entries().flatMap(([code, value]) => (typeof value === 'string' ? [[code, value] as const] : []));
    const byText = new Map<string, string[]>();
    for (const [code, text] of texts) byText.set(text, [...(byText.get(text) ?? []), code]);
    expect([...byText].filter(([, codes]) => codes.length > 1)).toEqual([]);
    expect(texts.filter(([code, text]) => describeMessage(text)?.code !== code).map(([code]) => code)).toEqual([]);
  });

  it('refuses a catalogue where two codes share words', () => {
    expect(() => indexMessages({ first: 'Shared words of a test', second: 'Shared words of a test' })).toThrow(/one code per text/);
  });

  it('knows each template by its code, with its English forms', () => {
    const templates = entries().filter((entry): entry is [string, MessageTemplate<never[]>] => typeof entry[1] === 'function');
    expect(templates.length).toBeGreaterThan(40);
    expect(templates.filter(([code, message]) => message.code !== code).map(([code]) => code)).toEqual([]);
    expect(MSG.crewTooLarge.forms).toEqual({ '': 'A duty can have at most {{0}} workers' });
    expect(MSG.bulkRowsInvalid.forms).toEqual({ _one: 'Nothing was imported: {{count}} row has problems', _other: 'Nothing was imported: {{count}} rows have problems' });
  });
});

describe('a template', () => {
  it('gives the English words it always gave', () => {
    expect(MSG.crewTooLarge(60)).toBe('A duty can have at most 60 workers');
    expect(MSG.bulkRowsInvalid(1)).toBe('Nothing was imported: 1 row has problems');
    expect(MSG.bulkRowsInvalid(3)).toBe('Nothing was imported: 3 rows have problems');
    expect(MSG.chatTodayFromOthers(1)).toBe('1 message from others today');
    expect(MSG.chatTodayFromOthers(4)).toBe('4 messages from others today');
    expect(MSG.logoTooLarge(512 * 1024)).toBe('The logo must be smaller than 512 KB');
    expect(MSG.logoHint(200 * 1024 + 300)).toBe('PNG, JPEG, WebP or SVG, at most 200 KB');
    expect(MSG.tooLong('The sender name', 2000)).toBe('The sender name must be at most 2,000 characters');
    expect(MSG.wholeNumberInvalid('Workers', 10_000_000)).toBe('Workers must be a whole number from 0 to 10,000,000');
    expect(MSG.tooMany('questions', 20)).toBe('At most 20 questions');
    expect(MSG.adminGreeting('Ravi')).toBe('Hi, Ravi!');
    expect(MSG.adminGreeting(null)).toBe('Hi, Admin!');
    expect(MSG.adminGreeting('')).toBe('Hi, Admin!');
    expect(MSG.managerGreetingName(undefined)).toBe('Manager');
    expect(MSG.managerGreetingName('Asha')).toBe('Asha');
    expect(MSG.billExists('October 2026', 'MCC')).toBe('A bill for October 2026 of MCC already exists');
    expect(MSG.staffShown(1, 25, 140)).toBe('1–25 of 140');
  });

  it('is known by the words it built, with its values, a field it names by the field’s code', () => {
    expect(describeMessage(MSG.empIdRepeatsRow(4))).toEqual({ code: 'empIdRepeatsRow', params: { 0: 4 } });
    expect(describeMessage(MSG.bulkRowsInvalid(3))).toEqual({ code: 'bulkRowsInvalid', params: { count: 3 } });
    expect(describeMessage(MSG.logoTooLarge(512 * 1024))).toEqual({ code: 'logoTooLarge', params: { 0: 512 } });
    expect(describeMessage(MSG.tooLong(MSG.fields.trainNumber, 20))).toEqual({ code: 'tooLong', params: { 0: { code: 'fields.trainNumber' }, 1: '20' } });
    // a value that is data stays data, even where a field could be named
    expect(describeMessage(MSG.fieldRequired('before'))).toEqual({ code: 'fieldRequired', params: { 0: 'before' } });
    expect(describeMessage(MSG.adminGreeting(null))).toEqual({ code: 'adminGreeting_anonymous' });
    expect(describeMessage('Words no message has')).toBeUndefined();
  });

  it('keeps only its latest texts, so a message built per request with data keeps memory bounded', () => {
    const counted = template<[n: number]>('Counted {{0}} things for a test');
    indexMessages({ counted });
    for (let n = 0; n < 2000; n += 1) counted(n);
    expect(describeMessage('Counted 1999 things for a test')).toEqual({ code: 'counted', params: { 0: 1999 } });
    expect(describeMessage('Counted 0 things for a test')).toBeUndefined();
    const kept = Array.from({ length: 2000 }, (_, n) => describeMessage(`Counted ${n} things for a test`)).filter(Boolean);
    expect(kept.length).toBeLessThanOrEqual(512);
  });
});
