import { useTranslation } from 'react-i18next';
import { MONTH_NAMES } from '../../shared/attendance.js';
import { MSG } from '../../shared/messages.js';
import { localeOf } from './format.js';
import { currentLanguage, i18next } from './i18n.js';
import en from './locales/en.json' with { type: 'json' };

/**
 * The shared message catalogue (src/shared/messages.ts, MSG) in the reader's language.
 * MSG holds SPEC's texts and the server's messages in English; each language's catalogue
 * has the same texts under `messages.<MSG key>`, MSG's functions as templates with {{0}},
 * {{1}}… for their values ({{count}} where English says "1 row" / "3 rows").
 *
 * A text is found by its English words, so a message the server sent (its `msg`) is
 * translated the same way as a label on screen: a fixed text by the English catalogue's
 * value, a text a function built ("Train number is required") by the English template's
 * pattern, whose values are then translated in turn (the field's name) unless they are
 * data. The English catalogue is tested to reproduce MSG exactly, so its templates are
 * MSG's own words — arithmetic in a function (bytes shown as KB) included.
 * Anything else (data, a name) is shown as it came.
 */
type MessageKey = keyof typeof MSG;
type FunctionKey = { [K in MessageKey]: (typeof MSG)[K] extends (...args: never[]) => string ? K : never }[MessageKey];
type Tree = { [key: string]: string | Tree };

/**
 * Values that are data, shown as they came even when they happen to be a catalogue text
 * (a state named "Search", a service titled "About"): `<MSG key>.<placeholder>`.
 */
const DATA_VALUES = new Set([
  'adminGreeting.0',
  'managerGreetingName.0',
  'accountDisabledDone.0',
  'accountEnabledDone.0',
  'stateAdded.0',
  'stateRenamed.0',
  'stateRemoved.0',
  'copyright.1',
  'showSlide.1',
  'bulkMissingHeaders.0', // the spreadsheet's own column names
]);

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

interface Template {
  /** the MSG key, without a plural suffix */
  key: string;
  pattern: RegExp;
  /** the placeholders in the order the pattern captures them */
  names: string[];
}

interface Index {
  /** English text -> its catalogue path ('logout', 'dashboardCards.workers', 'adminGreeting_anonymous') */
  byText: Map<string, string>;
  /** the templates, the most specific (most fixed words) first */
  templates: Template[];
}

let index: Index | undefined;

/** Built at first use from the English catalogue (never at module load). */
function messageIndex(): Index {
  if (index) return index;
  const byText = new Map<string, string>();
  const found: { template: Template; fixed: number }[] = [];
  const walk = (tree: Tree, prefix: string) => {
    for (const [key, value] of Object.entries(tree)) {
      const path = prefix + key;
      if (typeof value !== 'string') {
        walk(value, `${path}.`);
        continue;
      }
      const pieces = value.split(PLACEHOLDER); // [text, name, text, name, …, text]
      if (pieces.length === 1) {
        if (!byText.has(value)) byText.set(value, path);
        continue;
      }
      const fixed = pieces.filter((_, i) => i % 2 === 0).join('');
      if (!fixed.trim()) continue; // '{{0}}': the value alone (a name), nothing to recognise
      const source = pieces.map((piece, i) => (i % 2 ? '(.+?)' : piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
      found.push({
        template: { key: path.replace(PLURAL_SUFFIX, ''), pattern: new RegExp(`^${source}$`, 's'), names: pieces.filter((_, i) => i % 2 === 1) },
        fixed: fixed.length,
      });
    }
  };
  walk(en.messages as Tree, '');
  found.sort((a, b) => b.fixed - a.fixed);
  index = { byText, templates: found.map((entry) => entry.template) };
  return index;
}

function translated(path: string, values?: Record<string, unknown>): string | undefined {
  const key = `messages.${path}`;
  if (!i18next.exists(key as never, values as never)) return undefined;
  return String(i18next.t(key as never, values as never));
}

/** 'October 2026' (as the server names a month) in the reader's language. */
function monthName(text: string): string | undefined {
  const match = /^([A-Z][a-z]+) (\d{4})$/.exec(text);
  const month = match ? (MONTH_NAMES as readonly string[]).indexOf(match[1]!) : -1;
  if (!match || month < 0) return undefined;
  return new Intl.DateTimeFormat(localeOf(), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(Number(match[2]), month, 1));
}

/** A template's captured value: a catalogue text (a field's name) translated, else as it came. */
function value(template: Template, name: string, raw: string, depth: number): unknown {
  if (name === 'count') return Number(raw.replace(/,/g, ''));
  if (DATA_VALUES.has(`${template.key}.${name}`) || depth >= 2) return raw;
  return monthName(raw) ?? translateIn(raw, depth + 1) ?? raw;
}

function render(template: Template, match: RegExpExecArray, depth: number): string | undefined {
  const values: Record<string, unknown> = {};
  template.names.forEach((name, i) => {
    values[name] = value(template, name, match[i + 1]!, depth);
  });
  if ('count' in values && !Number.isFinite(values.count)) return undefined;
  return translated(template.key, values);
}

function translateIn(text: string, depth: number): string | undefined {
  const { byText, templates } = messageIndex();
  const path = byText.get(text);
  if (path !== undefined) return translated(path);
  for (const template of templates) {
    const match = template.pattern.exec(text);
    const result = match && render(template, match, depth);
    if (result !== undefined && result !== null) return result;
  }
  return undefined;
}

/**
 * The text in the active language: English (SPEC's words) as they are, else the
 * translation of a MSG text or of a text a MSG function built; anything else as it came.
 */
export function translateMessage(text: string): string {
  if (!text || currentLanguage() === 'en') return text;
  return translateIn(text, 0) ?? text;
}

/** A message that takes values (MSG's functions), in the active language. Values go in as {{0}}, {{1}}, … */
export function translateMessageOf<K extends FunctionKey>(key: K, ...args: Parameters<Extract<(typeof MSG)[K], (...args: never[]) => string>>): string {
  const english = (MSG[key] as (...values: unknown[]) => string)(...args);
  if (currentLanguage() === 'en') return english;
  // The function's own forms first (its English may also fit another template).
  const { byText, templates } = messageIndex();
  const path = byText.get(english);
  if (path !== undefined && (path === key || path.startsWith(`${key}_`))) return translated(path) ?? english;
  for (const template of templates) {
    if (template.key !== key) continue;
    const match = template.pattern.exec(english);
    const result = match && render(template, match, 0);
    if (result !== undefined && result !== null) return result;
  }
  return english; // the value alone ('{{0}}': a manager's name) is data
}

/** For components: re-renders on a language change; `m(MSG.x)` and `m.of('key', …values)`. */
export function useMessages() {
  useTranslation();
  const m = (text: string) => translateMessage(text);
  m.of = translateMessageOf;
  return m;
}
