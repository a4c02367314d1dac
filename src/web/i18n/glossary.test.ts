import { describe, expect, it } from 'vitest';
// the whole English catalogue as the app registers it: en.json and src/shared/messages.ts (MSG)
import './english.js';
import { i18next } from './i18n.js';
import { catalogueLeaves, type CatalogueTree } from '../../../test/helpers/catalogue-leaves.js';
import hi from './locales/hi.json' with { type: 'json' };
import ml from './locales/ml.json' with { type: 'json' };
import { GLOSSARY, hasWordStarting, type GlossaryTerm } from './glossary.js';


const english = catalogueLeaves(i18next.getResourceBundle('en', 'translation') as CatalogueTree);
/** A plural form's English: the form itself, else the key's other form. */
const englishOf = (key: string) => english.get(key) ?? english.get(key.replace(/_(zero|one|two|few|many|other)$/, '_other')) ?? english.get(key.replace(/_\w+$/, ''));
/** The English without its placeholders ({{work}} is a value, not a word of the text). */
const words = (text: string) => text.replace(/\{\{\s*\w+\s*\}\}/g, ' ');

const names = (term: GlossaryTerm, key: string) => {
  const text = englishOf(key);
  if (text === undefined || !term.en.test(words(text))) return false;
  return (!term.keys || term.keys.test(key)) && !term.exceptKeys?.test(key);
};

describe('the glossary (glossary.ts)', () => {
  it('gives each concept a word that is not also one of its own synonyms', () => {
    const wrong = GLOSSARY.flatMap((term) =>
      (['hi', 'ml'] as const).filter((code) => {
        const { word, stem = word, not } = term[code];
        return !word.includes(stem) || not.some((synonym) => word.includes(synonym));
      }).map((code) => `${term.concept} (${code})`),
    );
    expect(wrong).toEqual([]);
  });

  it('names Connect (the chat) and Contact (the public site) with different words in each language', () => {
    const connect = GLOSSARY.find((term) => term.concept.startsWith('Connect'))!;
    const contact = GLOSSARY.find((term) => term.concept.startsWith('Contact'))!;
    for (const code of ['hi', 'ml'] as const) {
      expect(connect[code].word).not.toContain(contact[code].stem ?? contact[code].word);
      expect(contact[code].word).not.toContain(connect[code].stem ?? connect[code].word);
    }
  });

  it('lists as labels only keys whose English is the concept', () => {
    const wrong = GLOSSARY.flatMap((term) => (term.labels ?? []).filter((key) => !names(term, key)).map((key) => `${term.concept}: ${key}`));
    expect(wrong).toEqual([]);
  });
});

describe.each([
  ['hi', hi as CatalogueTree],
  ['ml', ml as CatalogueTree],
] as const)('the %s catalogue against the glossary', (code, catalogue) => {
  const translated = catalogueLeaves(catalogue);

  it("uses the glossary's word wherever the English names a concept", () => {
    const wrong = [...translated].flatMap(([key, text]) =>
      GLOSSARY.filter((term) => names(term, key) && !hasWordStarting(text, term[code].stem ?? term[code].word)).map(
        (term) => `${key}: "${text}" does not say ${term[code].word} (${term.concept})`,
      ),
    );
    expect(wrong).toEqual([]);
  });

  it("uses none of a concept's synonyms where the English names it", () => {
    const wrong = [...translated].flatMap(([key, text]) =>
      GLOSSARY.filter((term) => names(term, key)).flatMap((term) =>
        term[code].not.filter((synonym) => hasWordStarting(text, synonym)).map((synonym) => `${key}: "${text}" says ${synonym}, not ${term[code].word} (${term.concept})`),
      ),
    );
    expect(wrong).toEqual([]);
  });

  it('shows a status, role or column that is the concept alone as the word itself', () => {
    const wrong = GLOSSARY.flatMap((term) =>
      (term.labels ?? []).filter((key) => translated.get(key) !== term[code].word).map((key) => `${key}: "${translated.get(key)}", not ${term[code].word}`),
    );
    expect(wrong).toEqual([]);
  });
});
