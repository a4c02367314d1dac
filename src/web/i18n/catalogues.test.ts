import { describe, expect, it } from 'vitest';
// the whole English catalogue as the app registers it: the public site's part and the rest
import './english.js';
import { i18next } from './i18n.js';
import { catalogueLeaves, type CatalogueTree } from '../../../test/helpers/catalogue-leaves.js';
import hi from './locales/hi.json' with { type: 'json' };
import ml from './locales/ml.json' with { type: 'json' };
import untranslated from './locales/untranslated.json' with { type: 'json' };
import { latinWords, withoutFixedNames } from './fixed-names.js';
import englishFile from './locales/en.json' with { type: 'json' };
import sitePart from './locales/en.json?site';
import restPart from './locales/en.json?rest';
import { SITE_SECTIONS } from '../../../vite.catalogues.js';


const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
/** Plural forms are per language (Hindi and Malayalam have one/other, as English). */
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

/**
 * Words that may stay in Latin letters inside a translation, per key, each with why. SPEC's
 * fixed names (the work types MCC, ACCA, BIO, BIO TOILET, PFTR, Laundry, Pit & Yard: see
 * fixed-names.ts for why they stay as SPEC writes them) are allowed everywhere; anything
 * else English in a Hindi or Malayalam text must be listed here.
 */
const LATIN_ALLOWED: Record<string, readonly string[]> = {
  // the product's own name, as on its logo
  'auth.forgotPasswordDescription': ['Dutyroll'],
  'admin.documentTitle': ['Dutyroll'],
  'admin.dashboard.documentTitle': ['Dutyroll'],
  // file extensions, as the file picker shows them
  'staff.excelTypes': ['xlsx', 'xls'],
  // the statutory schemes' abbreviations, as Indian payroll forms print them (issue 26)
  ...Object.fromEntries(
    ['intro', 'epfTitle', 'esiTitle', 'columns.epf', 'columns.esi', 'epfSummary'].map((key) => [`admin.payrollSettings.${key}`, ['EPF', 'EPS', 'ESI']]),
  ),
};

/**
 * The payroll's screens (issue 26) keep the statutory codes as the forms, portals and files
 * print them in every language (EPF, EPS, EDLI, ESI, UAN, ECR, EPFO), the file types (PDF,
 * xlsx), and DRAFT, the word the files themselves carry on a draft. "Emp ID" is translated
 * (glossary.ts), as on every other screen.
 */
const PAYROLL_SCREEN_CODES = ['EPF', 'EPS', 'EDLI', 'ESI', 'UAN', 'ECR', 'EPFO', 'PDF', 'xlsx', 'DRAFT'];
/**
 * The bill's screens (issue 27) keep the statutory codes the compliance statement names
 * (EPF, ESI, EPFO, ESIC) and the annexure's file type (xlsx), as the payroll's do.
 */
const BILL_SCREEN_CODES = ['EPF', 'ESI', 'EPFO', 'ESIC', 'xlsx'];
const allowedLatin = (key: string): readonly string[] | undefined =>
  key.startsWith('payroll.') ? PAYROLL_SCREEN_CODES : key.startsWith('billDraft.') ? BILL_SCREEN_CODES : LATIN_ALLOWED[key];

const english = catalogueLeaves(i18next.getResourceBundle('en', 'translation') as CatalogueTree);

/**
 * Latin words a translated message keeps, per `messages.` key (any other Latin word there is
 * English left untranslated). Only names that are written this way in every language.
 */
const CODES = ['IFSC', 'UAN', 'ESI', 'FAQ', 'MB', 'KB'];
const PAYROLL_CODES = ['EPF', 'EPS', 'ESI'];
const LATIN_KEPT: Record<string, string[]> = {
  // bank, provident fund and insurance codes, and size units, as printed on Indian forms
  ifscInvalidAdd: CODES,
  ifscInvalidEdit: CODES,
  ifscInvalid: CODES,
  checkingIfsc: CODES,
  'fields.ifscCode': CODES,
  'fields.uanNumber': CODES,
  'fields.esiNumber': CODES,
  'fields.faqQuestion': CODES,
  'fields.faqAnswer': CODES,
  bulkTooLarge: CODES,
  // the statutory schemes' abbreviations, as Indian payroll forms print them (issue 26)
  'payrollFields.epfEmployeeRate': PAYROLL_CODES,
  'payrollFields.epsRate': PAYROLL_CODES,
  'payrollFields.epfWageCeiling': PAYROLL_CODES,
  'payrollFields.esiEmployeeRate': PAYROLL_CODES,
  'payrollFields.esiEmployerRate': PAYROLL_CODES,
  'payrollFields.esiWageCeiling': PAYROLL_CODES,
  'payrollFields.esiExemptDailyWage': PAYROLL_CODES,
  epsAboveEmployeeRate: PAYROLL_CODES,
  'payroll.draftFile': ['EPFO', 'ESIC'],
  logoTooLarge: CODES,
  // SPEC's work type code in SPEC's page title
  addTrainTitle: ['MCC'],
  // file types and extensions, as the file picker shows them
  bulkInvalidFile: ['xlsx', 'xls'],
  logoType: ['PNG', 'JPEG', 'WebP', 'SVG'],
  logoHint: ['PNG', 'JPEG', 'WebP', 'SVG', 'KB'],
  // the date format a person types (digits), written as the field expects it
  dateRangeInvalid: ['YYYY-MM-DD'],
  dayInvalid: ['YYYY-MM-DD'],
  monthInvalid: ['YYYY-MM'],
  monthOutOfRange: ['YYYY-MM'],
  // names in the API itself (a header, query and body fields, JSON values) for whoever calls it
  idempotencyKeyInvalid: ['Idempotency-Key'],
  bodyNotObject: ['JSON'],
  idempotencyKeyReused: ['Idempotency-Key'],
  disabledInvalid: ['disabled', 'true', 'false'],
  pageSizeInvalid: ['limit'],
  offsetInvalid: ['offset'],
  // the spreadsheet's column headers, which the file must use as they are
  bulkColumnsHint: ['name', 'work', 'phone', 'aadhar', 'empid', 'wage', 'acnumber', 'ifsccode', 'bank', 'branch', 'uanno', 'esino', 'designation'],
  // the staff payroll fields' codes (issue 26), as the API and a spreadsheet take them
  genderInvalid: ['M', 'F', 'T'],
  skillInvalid: ['unskilled', 'semi-skilled', 'skilled', 'highly-skilled'],
  docLanguageInvalid: ['en', 'hi', 'ml'],
  yesNoInvalid: ['Y', 'N'],
  bulkPayrollColumnsHint: ['M', 'F', 'T', 'en', 'hi', 'ml', 'Y', 'N'],
};
const SCRIPTS = { hi: /[\u0900-\u097F]/, ml: /[\u0D00-\u0D7F]/ };

describe.each([
  ['hi', hi as CatalogueTree],
  ['ml', ml as CatalogueTree],
] as const)('the %s catalogue', (code, catalogue) => {
  const translated = catalogueLeaves(catalogue);

  it('has every English text but the ones listed as not translated yet, and nothing English lacks', () => {
    const englishKeys = new Set([...english.keys()].map(base));
    const ownKeys = new Set([...translated.keys()].map(base));
    // A new text may land in English first: locales/untranslated.json lists it (it shows in
    // English meanwhile). The list must be exact: a listed text that is now translated, or an
    // untranslated text that is not listed, fails here.
    const missing = [...englishKeys].filter((k) => !ownKeys.has(k)).sort();
    expect(missing).toEqual([...untranslated[code]].sort());
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
    const untranslated = [...translated].filter(([key, text]) => {
      if (key.startsWith('language.')) return false;
      const words = withoutFixedNames(text.replace(/\{\{\s*\w+\s*\}\}/g, ''), allowedLatin(base(key)));
      return text.trim() === '' || /TODO|FIXME|XXX|lorem/i.test(text) || (!SCRIPTS[code].test(text) && /[a-z]{4,}/i.test(words));
    });
    expect(untranslated.map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });

  it("keeps a message's numbers (limits, counts) as English has them", () => {
    const numbers = (text: string) => (text.replace(/,(?=\d)/g, '').match(/\d+/g) ?? []).sort().join(' ');
    const wrong = [...translated].filter(([key, text]) => key.startsWith('messages.') && numbers(text) !== numbers(english.get(key) ?? ''));
    expect(wrong.map(([key]) => key)).toEqual([]);
  });

  it('leaves no English word in a message, except the names it must keep', () => {
    const english = [...translated]
      .filter(([key]) => key.startsWith('messages.'))
      .flatMap(([key, text]) => {
        const kept = LATIN_KEPT[base(key.slice('messages.'.length))] ?? [];
        const words = text.replace(/\{\{\s*\w+\s*\}\}/g, '').match(/[A-Za-z][A-Za-z-]*[A-Za-z]|[A-Za-z]/g) ?? [];
        return words.filter((word) => !kept.includes(word)).map((word) => `${key}: ${word}`);
      });
    expect(english).toEqual([]);
  });

  it('leaves no English word in a screen text but SPEC\'s fixed names and the listed ones', () => {
    // messages.* are checked by the test above, with the names each message must keep
    const leftovers = [...translated]
      .filter(([key]) => !key.startsWith('language.') && !key.startsWith('messages.'))
      .map(([key, text]) => [key, latinWords(withoutFixedNames(text.replace(/\{\{\s*\w+\s*\}\}/g, ''), allowedLatin(base(key))))] as const)
      .filter(([, words]) => words.length > 0);
    expect(leftovers.map(([key, words]) => `${key}: ${words.join(' ')}`)).toEqual([]);
  });
});

describe('the English catalogue in two parts (vite.catalogues.ts)', () => {
  it("holds the public site's sections in one part and every other section in the other, each once", () => {
    const sections = Object.keys(englishFile);
    expect(Object.keys(sitePart).sort()).toEqual(sections.filter((section) => SITE_SECTIONS.includes(section)).sort());
    expect(Object.keys(restPart).sort()).toEqual(sections.filter((section) => !SITE_SECTIONS.includes(section)).sort());
    expect({ ...sitePart, ...restPart }).toEqual(englishFile);
  });
});
