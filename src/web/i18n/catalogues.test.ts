import { describe, expect, it } from 'vitest';
import en from './locales/en.json' with { type: 'json' };
import hi from './locales/hi.json' with { type: 'json' };
import ml from './locales/ml.json' with { type: 'json' };

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [p, v] of leaves(value, path)) out.set(p, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
/** Plural forms are per language (Hindi and Malayalam have one/other, as English). */
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

const english = leaves(en as Tree);
const SCRIPTS = { hi: /[\u0900-\u097F]/, ml: /[\u0D00-\u0D7F]/ };

describe.each([
  ['hi', hi as Tree],
  ['ml', ml as Tree],
] as const)('the %s catalogue', (code, catalogue) => {
  const translated = leaves(catalogue);

  it('has every English text, and nothing English lacks', () => {
    const englishKeys = new Set([...english.keys()].map(base));
    const ownKeys = new Set([...translated.keys()].map(base));
    expect([...englishKeys].filter((k) => !ownKeys.has(k))).toEqual([]);
    expect([...ownKeys].filter((k) => !englishKeys.has(k))).toEqual([]);
  });

  it('keeps every placeholder of the English text', () => {
    const wrong = [...translated].filter(([key, text]) => {
      const source = english.get(key) ?? english.get(`${base(key)}_other`) ?? english.get(base(key)) ?? '';
      return placeholders(source).join() !== placeholders(text).join();
    });
    expect(wrong.map(([key]) => key)).toEqual([]);
  });

  it('is written in its own script, with no placeholders left for a translator', () => {
    const untranslated = [...translated].filter(
      ([key, text]) => !key.startsWith('language.') && (text.trim() === '' || /TODO|FIXME|XXX|lorem/i.test(text) || !SCRIPTS[code].test(text) && /[a-z]{4,}/i.test(text.replace(/\{\{\s*\w+\s*\}\}/g, ''))),
    );
    expect(untranslated.map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });
});
