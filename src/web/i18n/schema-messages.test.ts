import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../shared/messages.js';
import { setLanguage } from './i18n.js';
import en from './locales/en.json' with { type: 'json' };
import { translateMessage } from './messages.js';

type Tree = { [key: string]: string | Tree };
const texts = (tree: Tree): string[] => Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : texts(value)));
const CATALOGUE_TEXTS = new Set(texts(en.messages as Tree));

/**
 * The shared schemas' messages (src/shared/schemas/*, the company profile) reach the reader
 * in their language through the same mapping as the server's: every message a MSG function
 * builds for a schema, and every field it names, is a catalogue text. The functions are
 * watched while the schemas are built, so a new field label without a translation fails here.
 */
const calls: { key: string; args: unknown[]; text: string }[] = [];

/** Query parameters named as the API spells them ('before', 'after'): not translated. */
const API_NAMES = new Set(['before', 'after']);

beforeAll(async () => {
  for (const [key, fn] of Object.entries(MSG)) {
    if (typeof fn !== 'function') continue;
    (MSG as unknown as Record<string, unknown>)[key] = (...args: unknown[]) => {
      const text = (fn as (...values: unknown[]) => string)(...args);
      calls.push({ key, args, text });
      return text;
    };
  }
  await Promise.all(
    ['admin', 'auth', 'bills', 'chat', 'duties', 'reports', 'staff', 'work-param'].map((name) => import(`../../shared/schemas/${name}.ts`)),
  );
  await import('../../shared/company-profile.js');
  await import('../../shared/api/index.js');
  await setLanguage('hi');
  return () => setLanguage('en');
});

describe("the shared schemas' messages", () => {
  it('are built while the schemas are (this test watches them)', () => {
    expect(calls.some((call) => call.key === 'tooLong')).toBe(true);
    expect(calls.some((call) => call.key === 'invalidCharacters')).toBe(true);
  });

  it('name only fields that are catalogue texts', () => {
    const untranslated = [
      ...new Set(calls.flatMap((call) => call.args.filter((arg): arg is string => typeof arg === 'string' && !API_NAMES.has(arg) && !CATALOGUE_TEXTS.has(arg)))),
    ];
    expect(untranslated).toEqual([]);
  });

  it('are all recognised and translated', () => {
    const untranslated = [...new Set(calls.map((call) => call.text))].filter((text) => translateMessage(text) === text);
    expect(untranslated).toEqual([]);
  });
});
