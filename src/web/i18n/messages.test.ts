import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeCall, type MessageTemplate } from '../../shared/message-template.js';
import { MSG } from '../../shared/messages.js';
// the whole English catalogue as the app registers it: the public site's part and the rest
import './english.js';
import { i18next, setLanguage } from './i18n.js';
import hi from './locales/hi.json' with { type: 'json' };
import ml from './locales/ml.json' with { type: 'json' };
import { issueText } from '../forms/field-errors.js';
import { messageText, translateAnswer, translateCode } from './messages.js';

type Tree = { [key: string]: string | Tree };
type Fn = (...args: never[]) => string;
/** MSG's templates by their code, dotted in a group ('crewTooLarge', 'payroll.monthFinal'). */
type TemplateCode<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends Fn ? `${Prefix}${K}` : T[K] extends string ? never : TemplateCode<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
type FunctionKey = TemplateCode<typeof MSG>;
/** MSG's template at a code. */
const templateAt = (key: FunctionKey) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], MSG) as (...values: unknown[]) => string;

/** Every text of MSG by its code ('logout', 'counterLabels.workers'). */
function msgEntries(tree: object = MSG, prefix = ''): [string, string | Fn][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string | Fn][] =>
    typeof value === 'string' || typeof value === 'function' ? [[prefix + key, value as string | Fn]] : msgEntries(value as object, `${prefix}${key}.`),
  );
}

function at(tree: Tree, path: string): string | Tree | undefined {
  return path.split('.').reduce<string | Tree | undefined>((node, key) => (node && typeof node === 'object' ? node[key] : undefined), tree);
}

/** Sample arguments for each MSG template (every form of it). */
interface Sample {
  args: unknown[];
}
const SAMPLES: Record<FunctionKey, Sample[]> = {
  redirecting: [{ args: [3] }],
  adminGreeting: [{ args: ['Ravi'] }, { args: [null] }, { args: [''] }],
  managerGreetingName: [{ args: ['Ravi'] }, { args: [undefined] }],
  empIdRepeatsRow: [{ args: [4] }],
  aadharRepeatsRow: [{ args: [7] }],
  bulkUploaded: [{ args: [12, 3] }],
  bulkMissingHeaders: [{ args: ['name, work, aadhar'] }],
  bulkRowsInvalid: [{ args: [1] }, { args: [3] }],
  noLiveTrainsFor: [{ args: ['MCC'] }],
  noLiveTrainsIn: [{ args: ['BIO'] }],
  noCompletedTrains: [{ args: ['ACCA'] }],
  workerNotEligible: [{ args: ['MCC'] }],
  crewTooLarge: [{ args: [60] }],
  noBillsFor: [{ args: ['MCC'] }],
  billExists: [{ args: ['October 2026', 'MCC'] }],
  staffingNormRequired: [{ args: [0.5] }],
  staffingNormTooHigh: [{ args: [20] }],
  logoTooLarge: [{ args: [512 * 1024] }],
  logoHint: [{ args: [200 * 1024 + 300] }],
  yearInvalid: [{ args: ['Year established', 1900, 2100] }],
  wholeNumberInvalid: [{ args: ['Workers', 10_000_000] }],
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
  chatTodayFromOthers: [{ args: [1] }, { args: [4] }],
  invalidCharacters: [{ args: ['Train number'] }],
  tooLong: [{ args: ['Train number', 20] }, { args: ['the message', 2000] }],
  dayInvalid: [{ args: ['From'] }],
  idInvalid: [{ args: ['Supervisor'] }],
  rateInvalid: [{ args: ['EPS rate'] }],
  settingMoneyInvalid: [{ args: ['ESI wage ceiling', 1_000_000] }],
  switchInvalid: [{ args: ['Contribute on actual wages above the ceiling'] }],
  settingsGovernFinalMonth: [{ args: ['October 2026'] }],
  holidayInFinalMonth: [{ args: ['October 2026'] }],
  yesNoInvalid: [{ args: ['PF member'] }],
  'payroll.rangeTooLong': [{ args: [62] }],
  'payroll.overDeductionLimit': [{ args: ['₹6,000', '₹6,500'] }],
  'payroll.monthFinal': [{ args: ['October 2026', 'MCC'] }],
  'payroll.alreadyFinal': [{ args: ['October 2026', 'MCC'] }],
  'payroll.notFinal': [{ args: ['October 2026', 'MCC'] }],
  'payroll.belowMinimumWage': [{ args: ['Ravi Kumar (E-101)'] }],
  'payroll.marked': [{ args: [1] }, { args: [3] }],
  'payroll.noDailyWage': [{ args: ['Ravi Kumar (E-101)'] }],
  'payroll.overDeductionLimit50': [{ args: ['Ravi Kumar (E-101)'] }],
  'payroll.noRows': [{ args: ['October 2026', 'MCC'] }],
  'billDraft.noTerms': [{ args: ['MCC', 'November 2026'] }],
  'billDraft.noUnits': [{ args: ['12627, 16525'] }],
  'billDraft.noDuties': [{ args: ['MCC', 'November 2026'] }],
  'billDraft.refused': [{ args: ['No coaches or tanks entered on: 12627'] }],
  'billDraft.billPassed': [{ args: ['October 2026', 'MCC'] }],
  'billDraft.payrollNotFinal': [{ args: ['October 2026', 'MCC'] }],
  'billDraft.termsPassed': [{ args: ['October 2026', 'MCC'] }],
  // live and completed works (issue 28, duties)
  dutyListCount: [{ args: [1] }, { args: [12] }],
  dutyListShortBy: [{ args: ['9'] }],
  dutyListPrintedRows: [{ args: ['200', '1,712'] }],
  // bulk changes to staff (issue 28)
  'staffBulk.tooMany': [{ args: [5000] }],
  'staffBulk.changed': [{ args: [1] }, { args: [3] }],
  'staffBulk.fromTooEarly': [{ args: [92] }],
  'staffBulk.fromTooLate': [{ args: [366] }],
  // office lists (issue 28, office)
  officeAccountsCount: [{ args: [1] }, { args: [12] }],
  officeAuditPrintShown: [{ args: [1] }, { args: [100] }],
  // staff list (issue 28)
  staffRowsPrinted: [{ args: [51, 100, 133] }],
};

/** m.of with a sample's values (typed per key in the app). */
const of = messageText.of as (key: FunctionKey, ...args: unknown[]) => string;
const english = (key: FunctionKey, sample: Sample) => templateAt(key)(...sample.args);
const functionKeys = msgEntries().flatMap(([path, value]) => (typeof value === 'function' ? [path as FunctionKey] : []));
const staticEntries = msgEntries().flatMap(([path, value]) => (typeof value === 'string' ? [[path, value] as const] : []));

afterAll(() => setLanguage('en'));

describe('the English catalogue', () => {
  beforeAll(() => setLanguage('en'));

  it('is MSG itself: every text under its code, and messageText gives exactly those words', () => {
    const wrong = staticEntries.filter(([path, text]) => at(i18next.getResourceBundle('en', 'translation') as Tree, `messages.${path}`) !== text || messageText(path as Parameters<typeof messageText>[0]) !== text);
    expect(wrong).toEqual([]);
  });

  it('takes only the codes of MSG plain texts (a typo, a template or a group fails typecheck)', () => {
    expect(messageText('fields.trainNumber')).toBe(MSG.fields.trainNumber);
    // @ts-expect-error a code MSG does not have
    void (() => messageText('loginSucess'));
    // @ts-expect-error a template goes by messageText.of, with its values
    void (() => messageText('crewTooLarge'));
    // @ts-expect-error a group is not a text
    void (() => messageText('fields'));
  });

  it("renders every template's code and values (as the server sends them) to exactly the words MSG gives", () => {
    expect(functionKeys.filter((key) => !(key in SAMPLES))).toEqual([]);
    for (const key of functionKeys) {
      for (const sample of SAMPLES[key]) {
        const { code, params } = describeCall(templateAt(key) as unknown as MessageTemplate<unknown[]>, sample.args);
        const label = `${key}(${sample.args.map((a) => JSON.stringify(a)).join(', ')})`;
        expect(translateCode(code, params), label).toBe(english(key, sample));
        expect(of(key, ...sample.args), label).toBe(english(key, sample));
      }
    }
  });
});

describe.each(['hi', 'ml'] as const)('messages in %s', (language) => {
  const catalogue = (language === 'hi' ? hi : ml) as Tree;
  const text = (path: string) => at(catalogue, `messages.${path}`) as string;
  beforeAll(() => setLanguage(language));

  it("translates the app's own texts by their code", () => {
    expect(messageText('dutyNotFound')).toBe(text('dutyNotFound'));
    expect(messageText('counterLabels.workers')).toBe(text('counterLabels.workers'));
    expect(messageText('cannotReachServer')).toBe(text('cannotReachServer'));
  });

  it("translates a server answer by its code and values, whatever its English words", () => {
    expect(translateAnswer({ msg: 'Worded differently now', code: 'dutyNotFound' })).toBe(text('dutyNotFound'));
    expect(translateAnswer({ message: 'x', msg: 'x', code: 'crewTooLarge', params: { 0: 60 } })).toBe(text('crewTooLarge').replace('{{0}}', '60'));
    expect(translateAnswer({ msg: 'x', code: 'bulkRowsInvalid', params: { count: 1 } })).toBe(text('bulkRowsInvalid_one').replace('{{count}}', '1'));
    expect(translateAnswer({ msg: 'x', code: 'bulkRowsInvalid', params: { count: 3 } })).toBe(text('bulkRowsInvalid_other').replace('{{count}}', '3'));
    // without a code, or with one no catalogue knows: the words as they came
    expect(translateAnswer({ msg: MSG.dutyNotFound })).toBe(MSG.dutyNotFound);
    expect(translateAnswer({ msg: 'From a newer server', code: 'notYetKnown' })).toBe('From a newer server');
  });

  it('translates the field a message names, sent as its code', () => {
    expect(translateCode('fieldRequired', { 0: { code: 'fields.trainNumber' } })).toBe(text('fieldRequired').replace('{{0}}', text('fields.trainNumber')));
    expect(messageText.of('tooLong', MSG.contractPeriod, 100)).toBe(text('tooLong').replace('{{0}}', text('contractPeriod')).replace('{{1}}', '100'));
    expect(messageText.of('wholeNumberInvalid', MSG.counterLabels.totalWork, 10_000_000)).toBe(
      text('wholeNumberInvalid').replace('{{0}}', text('counterLabels.totalWork')).replace('{{1}}', '10,000,000'),
    );
    expect(messageText.of('tooMany', MSG.fields.questions, 20)).toBe(text('tooMany').replace('{{0}}', text('fields.questions')).replace('{{1}}', '20'));
    // a schema's message (a zod issue keeps only the words), known by them exactly
    expect(issueText(MSG.tooLong(MSG.contractPeriod, 100))).toBe(text('tooLong').replace('{{0}}', text('contractPeriod')).replace('{{1}}', '100'));
  });

  it("names the server's month in the reader's language", () => {
    const month = new Intl.DateTimeFormat(`${language}-IN`, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(2026, 9, 1));
    expect(translateAnswer({ msg: 'x', code: 'billExists', params: { 0: 'October 2026', 1: 'MCC' } })).toBe(text('billExists').replace('{{0}}', month).replace('{{1}}', 'MCC'));
  });

  it('keeps data as it came: unknown texts, names, and names that happen to be catalogue words', () => {
    expect(issueText('Ravi Kumar')).toBe('Ravi Kumar');
    expect(issueText('12627')).toBe('12627');
    expect(issueText('')).toBe('');
    expect(issueText('Something the server never says')).toBe('Something the server never says');
    expect(messageText.of('stateAdded', 'Search')).toBe(text('stateAdded').replace('{{0}}', 'Search'));
    expect(issueText(MSG.stateAdded('Search'))).toBe(text('stateAdded').replace('{{0}}', 'Search'));
    expect(messageText.of('managerGreetingName', 'Home')).toBe('Home');
    expect(messageText.of('managerGreetingName', null)).toBe(text('managerGreetingName_anonymous'));
    expect(messageText.of('adminGreeting', undefined)).toBe(text('adminGreeting_anonymous'));
  });

  it("renders every template in the language, the same whether given its values or (a schema's message) the words it built", () => {
    for (const key of functionKeys) {
      for (const sample of SAMPLES[key]) {
        const words = english(key, sample);
        const given = of(key, ...sample.args);
        if (key !== 'managerGreetingName') expect(given, key).not.toBe(words);
        expect(given, key).not.toMatch(/\{\{/);
        if (key !== 'managerGreetingName') expect(issueText(words), key).toBe(given);
      }
    }
  });
});

