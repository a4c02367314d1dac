import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../shared/messages.js';
import { i18next, setLanguage } from './i18n.js';
import en from './locales/en.json' with { type: 'json' };
import hi from './locales/hi.json' with { type: 'json' };
import ml from './locales/ml.json' with { type: 'json' };
import { translateMessage, translateMessageOf } from './messages.js';

type Tree = { [key: string]: string | Tree };
type Fn = (...args: never[]) => string;
type FunctionKey = { [K in keyof typeof MSG]: (typeof MSG)[K] extends Fn ? K : never }[keyof typeof MSG];

/** Every text of MSG by its path ('logout', 'counterLabels.workers'). */
function msgEntries(tree: object = MSG, prefix = ''): [string, string | Fn][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string | Fn][] =>
    typeof value === 'string' || typeof value === 'function' ? [[prefix + key, value as string | Fn]] : msgEntries(value as object, `${prefix}${key}.`),
  );
}

function at(tree: Tree, path: string): string | Tree | undefined {
  return path.split('.').reduce<string | Tree | undefined>((node, key) => (node && typeof node === 'object' ? node[key] : undefined), tree);
}

/**
 * Sample values for each MSG function, and the template values they give where the
 * function does more than put them in (bytes shown as KB, 1,000 grouping, a default name).
 * `path` names the catalogue entry when it is not the key itself.
 */
interface Sample {
  args: unknown[];
  values?: Record<string, unknown>;
  path?: string;
}
const SAMPLES: Record<FunctionKey, Sample[]> = {
  redirecting: [{ args: [3] }],
  adminGreeting: [{ args: ['Ravi'] }, { args: [null], path: 'adminGreeting_anonymous' }, { args: [''], path: 'adminGreeting_anonymous' }],
  managerGreetingName: [{ args: ['Ravi'] }, { args: [undefined], path: 'managerGreetingName_anonymous' }],
  empIdRepeatsRow: [{ args: [4] }],
  aadharRepeatsRow: [{ args: [7] }],
  bulkUploaded: [{ args: [12, 3] }],
  bulkMissingHeaders: [{ args: ['name, work, aadhar'] }],
  bulkRowsInvalid: [{ args: [1], values: { count: 1 } }, { args: [3], values: { count: 3 } }],
  noLiveTrainsFor: [{ args: ['MCC'] }],
  noLiveTrainsIn: [{ args: ['BIO'] }],
  noCompletedTrains: [{ args: ['ACCA'] }],
  workerNotEligible: [{ args: ['MCC'] }],
  crewTooLarge: [{ args: [60] }],
  noBillsFor: [{ args: ['MCC'] }],
  billExists: [{ args: ['October 2026', 'MCC'] }],
  staffingNormRequired: [{ args: [0.5] }],
  staffingNormTooHigh: [{ args: [20] }],
  logoTooLarge: [{ args: [512 * 1024], values: { 0: 512 } }],
  logoHint: [{ args: [200 * 1024 + 300], values: { 0: 200 } }],
  yearInvalid: [{ args: ['Year established', 1900, 2100] }],
  wholeNumberInvalid: [{ args: ['Workers', 10_000_000], values: { 0: 'Workers', 1: '10,000,000' } }],
  ratingInvalid: [{ args: [5] }],
  tooMany: [{ args: ['questions', 20] }],
  fieldRequired: [{ args: ['FAQ question'] }],
  notText: [{ args: ['Wage'] }],
  pageSizeInvalid: [{ args: [200] }],
  accountDisabledDone: [{ args: ['Asha'] }],
  accountEnabledDone: [{ args: ['Asha'] }],
  stateAdded: [{ args: ['Kerala'] }],
  stateRenamed: [{ args: ['Kerala'] }],
  stateRemoved: [{ args: ['Kerala'] }],
  copyright: [{ args: [2026, 'Dutyroll Services'] }],
  since: [{ args: [1998] }],
  establishedIn: [{ args: [1998] }],
  showSlide: [{ args: [2, 'Coach cleaning'] }],
  slideOf: [{ args: [2, 5] }],
  starsOutOf5: [{ args: [4] }],
  staffShown: [{ args: [1, 25, 140] }],
  attendancePageTitle: [{ args: ['November 2026'] }],
  chatTodayFromOthers: [{ args: [1], values: { count: 1 } }, { args: [4], values: { count: 4 } }],
  invalidCharacters: [{ args: ['Train number'] }],
  tooLong: [{ args: ['Train number', 20] }, { args: ['the message', 2000], values: { 0: 'the message', 1: '2,000' } }],
  dayInvalid: [{ args: ['From'] }],
  idInvalid: [{ args: ['Supervisor'] }],
};

/** m.of with a sample's values (typed per key in the app). */
const of = translateMessageOf as (key: FunctionKey, ...args: unknown[]) => string;
const valuesOf = (sample: Sample) => sample.values ?? Object.fromEntries(sample.args.map((arg, i) => [String(i), arg]));
const english = (key: FunctionKey, sample: Sample) => (MSG[key] as (...values: unknown[]) => string)(...sample.args);
const functionKeys = msgEntries().flatMap(([path, value]) => (typeof value === 'function' ? [path as FunctionKey] : []));
const staticEntries = msgEntries().flatMap(([path, value]) => (typeof value === 'string' ? [[path, value] as const] : []));

afterAll(() => setLanguage('en'));

describe('the English catalogue', () => {
  beforeAll(() => setLanguage('en'));

  it('has every static MSG text exactly, and translateMessage leaves English as it is', () => {
    const wrong = staticEntries.filter(([path, text]) => at(en as Tree, `messages.${path}`) !== text || translateMessage(text) !== text);
    expect(wrong).toEqual([]);
  });

  it('has a template for every MSG function that gives exactly what the function gives', () => {
    expect(functionKeys.filter((key) => !(key in SAMPLES))).toEqual([]);
    for (const key of functionKeys) {
      for (const sample of SAMPLES[key]) {
        const text = String(i18next.t(`messages.${sample.path ?? key}` as never, { lng: 'en', ...valuesOf(sample) } as never));
        expect(text, `${key}(${sample.args.map((a) => JSON.stringify(a)).join(', ')})`).toBe(english(key, sample));
        expect(of(key, ...sample.args)).toBe(english(key, sample));
      }
    }
  });
});

describe('every MSG text has a catalogue entry', () => {
  it.each([
    ['en', en as Tree],
    ['hi', hi as Tree],
    ['ml', ml as Tree],
  ])('in %s', (_, catalogue) => {
    const messages = at(catalogue, 'messages') as Tree;
    const missing = msgEntries().filter(([path, value]) => {
      if (typeof value === 'string') return typeof at(messages, path) !== 'string';
      const [group, key] = path.includes('.') ? [at(messages, path.slice(0, path.lastIndexOf('.'))) as Tree, path.slice(path.lastIndexOf('.') + 1)] : [messages, path];
      return !group || (typeof group[key] !== 'string' && typeof group[`${key}_other`] !== 'string');
    });
    expect(missing.map(([path]) => path)).toEqual([]);
  });

  it('texts that read the same in English read the same in each language (only the first is ever shown)', () => {
    const firstPath = new Map<string, string>();
    const mismatched: string[] = [];
    for (const [path, text] of staticEntries) {
      const first = firstPath.get(text);
      if (!first) firstPath.set(text, path);
      else for (const catalogue of [hi, ml] as Tree[]) if (at(catalogue, `messages.${path}`) !== at(catalogue, `messages.${first}`)) mismatched.push(`${path} ≠ ${first}`);
    }
    expect(mismatched).toEqual([]);
  });
});

describe.each(['hi', 'ml'] as const)('server messages in %s', (language) => {
  const catalogue = (language === 'hi' ? hi : ml) as Tree;
  const text = (path: string) => at(catalogue, `messages.${path}`) as string;
  beforeAll(() => setLanguage(language));

  it('translates a fixed text by its English words', () => {
    expect(translateMessage(MSG.dutyNotFound)).toBe(text('dutyNotFound'));
    expect(translateMessage(MSG.counterLabels.workers)).toBe(text('counterLabels.workers'));
    expect(translateMessage(MSG.cannotReachServer)).toBe(text('cannotReachServer'));
  });

  it('recognises what a function built, with its values', () => {
    expect(translateMessage('A duty can have at most 60 workers')).toBe(text('crewTooLarge').replace('{{0}}', '60'));
    expect(translateMessage('Only active staff of MCC can be assigned to this duty')).toBe(text('workerNotEligible').replace('{{0}}', 'MCC'));
    expect(translateMessage('The logo must be smaller than 512 KB')).toBe(text('logoTooLarge').replace('{{0}}', '512'));
    expect(translateMessage('Nothing was imported: 1 row has problems')).toBe(text('bulkRowsInvalid_one').replace('{{count}}', '1'));
    expect(translateMessage('Nothing was imported: 3 rows have problems')).toBe(text('bulkRowsInvalid_other').replace('{{count}}', '3'));
  });

  it('translates the field a message names, itself a catalogue text', () => {
    expect(translateMessage('Train number is required')).toBe(text('fieldRequired').replace('{{0}}', text('fields.trainNumber')));
    expect(translateMessage(MSG.tooLong('Contract Period', 100))).toBe(text('tooLong').replace('{{0}}', text('contractPeriod')).replace('{{1}}', '100'));
    expect(translateMessage(MSG.wholeNumberInvalid('Total Work', 10_000_000))).toBe(
      text('wholeNumberInvalid').replace('{{0}}', text('counterLabels.totalWork')).replace('{{1}}', '10,000,000'),
    );
    expect(translateMessage(MSG.tooMany('questions', 20))).toBe(text('tooMany').replace('{{0}}', text('fields.questions')).replace('{{1}}', '20'));
  });

  it("names the server's month in the reader's language", () => {
    const month = new Intl.DateTimeFormat(`${language}-IN`, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(2026, 9, 1));
    expect(translateMessage(MSG.billExists('October 2026', 'MCC'))).toBe(text('billExists').replace('{{0}}', month).replace('{{1}}', 'MCC'));
  });

  it('keeps data as it came: unknown texts, names, and names that happen to be catalogue words', () => {
    expect(translateMessage('Ravi Kumar')).toBe('Ravi Kumar');
    expect(translateMessage('12627')).toBe('12627');
    expect(translateMessage('')).toBe('');
    expect(translateMessage('Something the server never says')).toBe('Something the server never says');
    expect(translateMessage(MSG.stateAdded('Search'))).toBe(text('stateAdded').replace('{{0}}', 'Search'));
    expect(translateMessageOf('managerGreetingName', 'Home')).toBe('Home');
    expect(translateMessageOf('managerGreetingName', null)).toBe(text('managerGreetingName_anonymous'));
    expect(translateMessageOf('adminGreeting', undefined)).toBe(text('adminGreeting_anonymous'));
  });

  it('renders every function in the language, the same whether given its values or its English words', () => {
    for (const key of functionKeys) {
      for (const sample of SAMPLES[key]) {
        const words = english(key, sample);
        const given = of(key, ...sample.args);
        if (key !== 'managerGreetingName') expect(given, key).not.toBe(words);
        expect(given, key).not.toMatch(/\{\{/);
        if (key !== 'managerGreetingName') expect(translateMessage(words), key).toBe(given);
      }
    }
  });
});
