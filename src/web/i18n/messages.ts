import { useTranslation } from 'react-i18next';
import { MONTH_NAMES } from '../../shared/attendance.js';
import { describeCall, type MessageParams, type MessageTemplate, type ParamValue } from '../../shared/message-template.js';
import { MSG } from '../../shared/messages.js';
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
 */
type FunctionKey = { [K in keyof typeof MSG]: (typeof MSG)[K] extends (...args: never[]) => string ? K : never }[keyof typeof MSG];

/** The codes of MSG's plain texts: its keys, dotted in a group ('loginSuccess', 'fields.trainNumber'). */
type TextCodes<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : T[K] extends (...args: never[]) => string ? never : TextCodes<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type MessageCode = TextCodes<typeof MSG>;

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

/** MSG's English words for a text's code. */
function englishOf(code: MessageCode): string {
  return code.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], MSG) as string;
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
function templateText<K extends FunctionKey>(key: K, ...args: Parameters<Extract<(typeof MSG)[K], (...args: never[]) => string>>): string {
  const message = MSG[key] as unknown as MessageTemplate<unknown[]>;
  const english = message(...args);
  if (currentLanguage() === 'en') return english;
  const { code, params } = describeCall(message, args);
  return translateCode(code, params) ?? english;
}

/**
 * One of MSG's texts by its code, in the active language: `messageText('loggedOut')`;
 * a template with its values: `messageText.of('crewTooLarge', 60)`. For code outside a
 * component (a toast after a call); a component takes `m` from useMessages().
 */
export function messageText(code: MessageCode): string {
  const english = englishOf(code);
  return currentLanguage() === 'en' ? english : (translateCode(code) ?? english);
}
messageText.of = templateText;

/** For components: messageText that re-renders on a language change; `m('code')` and `m.of('key', …values)`. */
export function useMessages(): typeof messageText {
  useTranslation();
  return messageText;
}
