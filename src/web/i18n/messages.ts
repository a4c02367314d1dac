import { useTranslation } from 'react-i18next';
import { MONTH_NAMES } from '../../shared/months.js';
import { describeCall, type MessageParams, type MessageTemplate, type ParamValue } from '../../shared/message-template.js';
import type { MSG } from '../../shared/messages.js';
import { SITE_MSG } from '../../shared/site-messages.js';
import { localeOf } from './format.js';
import { currentLanguage, i18next } from './i18n.js';

/**
 * The shared messages (src/shared/messages.ts, MSG) in the reader's language, by code
 * (decision 0030). Each language's catalogue has a message under `messages.<code>`, a
 * template's values as {{0}}, {{1}}… ({{count}} where English says "1 row" / "3 rows").
 *
 * The web names a message by its code, never by its English words: a text of its own by
 * MSG's key (`messageText('loginSuccess')`, `m('fields.trainNumber')` in a component), a
 * template with its values (`m.of('crewTooLarge', 60)`), a server answer by the `code`
 * and `params` it sent beside the words (translateAnswer, errorText). English is MSG's
 * words as they are; a code the language has not translated yet shows in English.
 *
 * The first download holds the English words of the public site's messages only (SITE_MSG,
 * decision 0029): MSG's others are known here once i18n/english.ts has loaded, which every
 * screen after sign-in and the account forms import. The public site's code names its
 * messages through `useSiteMessages`/`siteText`, which accept SITE_MSG's codes alone.
 */
type FunctionKey<T> = { [K in keyof T]: T[K] extends (...args: never[]) => string ? K : never }[keyof T];

/** The codes of MSG's plain texts: its keys, dotted in a group ('loginSuccess', 'fields.trainNumber'). */
type TextCodes<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : T[K] extends (...args: never[]) => string ? never : TextCodes<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type MessageCode = TextCodes<typeof MSG>;
/** The codes of the public site's texts (SITE_MSG), which the first download holds the words of. */
export type SiteMessageCode = TextCodes<typeof SITE_MSG>;

/** MSG's English words (texts and templates) as far as they have loaded: the public site's, then all. */
let english: object = SITE_MSG;

/** Called by i18n/english.ts when it loads: MSG's English words are all known from then on. */
export function knowAllMessages(all: typeof MSG): void {
  english = all;
}

/** MSG's entry at a code (dotted in a group); a code whose words have not loaded is a fault of the code that asks. */
function entryAt(code: string): unknown {
  const entry = code.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], english);
  if (entry === undefined) throw new Error(`MSG.${code} is not in the first download (SITE_MSG): the code that shows it must import i18n/english.ts`);
  return entry;
}

/** 'October 2026' (as the server names a month) in the reader's language. */
function monthName(text: string): string | undefined {
  const match = /^([A-Z][a-z]+) (\d{4})$/.exec(text);
  const month = match ? (MONTH_NAMES as readonly string[]).indexOf(match[1]!) : -1;
  if (!match || month < 0) return undefined;
  return new Intl.DateTimeFormat(localeOf(), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(Number(match[2]), month, 1));
}

function valueOf(value: ParamValue): unknown {
  if (typeof value === 'object' && value !== null) return translateCode(value.code) ?? value.code;
  if (typeof value === 'string') return monthName(value) ?? value;
  return value;
}

/**
 * A message by its code, in the active language, with its values (a value that is itself
 * a message, a field's name, is sent as {code} and translated too). Undefined for a code
 * no catalogue knows (a newer server).
 */
export function translateCode(code: string, params?: MessageParams | null): string | undefined {
  const key = `messages.${code}`;
  const values = Object.fromEntries(Object.entries(params ?? {}).map(([name, value]) => [name, valueOf(value)]));
  if (!i18next.exists(key as never, values as never)) return undefined;
  const text = String(i18next.t(key as never, values as never));
  return text === key ? undefined : text;
}


/** A message as the server said it: its words (`msg` or `message`) and the `code` and `params` it sent beside them. */
export interface Answer {
  msg?: unknown;
  message?: unknown;
  code?: unknown;
  params?: unknown;
}

/**
 * What an answer of the server says, in the active language: by its `code` and `params`
 * when it sent them (whatever its English words), else its words as they came.
 */
export function translateAnswer(answer: Answer): string {
  const words = typeof answer.message === 'string' && answer.message ? answer.message : typeof answer.msg === 'string' ? answer.msg : '';
  if (currentLanguage() === 'en' || typeof answer.code !== 'string') return words;
  const params = answer.params && typeof answer.params === 'object' ? (answer.params as MessageParams) : undefined;
  return translateCode(answer.code, params) ?? words;
}

/** A message that takes values (MSG's templates), in the active language, by its code and values. */
function templateText<K extends FunctionKey<typeof MSG>>(key: K, ...args: Parameters<Extract<(typeof MSG)[K], (...args: never[]) => string>>): string {
  const message = entryAt(key) as MessageTemplate<unknown[]>;
  const words = message(...args);
  if (currentLanguage() === 'en') return words;
  const { code, params } = describeCall(message, args);
  return translateCode(code, params) ?? words;
}

/**
 * One of MSG's texts by its code, in the active language: `messageText('loggedOut')`;
 * a template with its values: `messageText.of('crewTooLarge', 60)`. For code outside a
 * component (a toast after a call); a component takes `m` from useMessages().
 */
export function messageText(code: MessageCode): string {
  const words = entryAt(code) as string;
  return currentLanguage() === 'en' ? words : (translateCode(code) ?? words);
}
messageText.of = templateText;

/** For components: messageText that re-renders on a language change; `m('code')` and `m.of('key', …values)`. */
export function useMessages(): typeof messageText {
  useTranslation();
  return messageText;
}

/** messageText for the public site's code: SITE_MSG's codes alone, whose words the first download holds. */
interface SiteMessageText {
  (code: SiteMessageCode): string;
  of<K extends FunctionKey<typeof SITE_MSG>>(key: K, ...args: Parameters<(typeof SITE_MSG)[K]>): string;
}
export const siteText: SiteMessageText = Object.assign((code: SiteMessageCode) => messageText(code), { of: templateText });

/** useMessages for the public site's components: SITE_MSG's codes alone. */
export function useSiteMessages(): SiteMessageText {
  useTranslation();
  return siteText;
}
