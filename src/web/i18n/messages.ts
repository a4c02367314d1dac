import { useTranslation } from 'react-i18next';
import { MONTH_NAMES } from '../../shared/attendance.js';
import { describeCall, describeMessage, type MessageParams, type MessageTemplate, type ParamValue } from '../../shared/message-template.js';
import { MSG } from '../../shared/messages.js';
import { localeOf } from './format.js';
import { currentLanguage, i18next } from './i18n.js';

/**
 * The shared messages (src/shared/messages.ts, MSG) in the reader's language, by code
 * (decision 0030). Each language's catalogue has a message under `messages.<code>`, a
 * template's values as {{0}}, {{1}}… ({{count}} where English says "1 row" / "3 rows").
 *
 * A server answer carries its message's `code` and `params` beside the words
 * (translateCode); a text the app holds from MSG, or one a MSG template built (a schema's
 * message), is known with its code by its exact words (describeMessage), never by a
 * pattern; anything else (data, a name, a message of a server that sends no code) is
 * shown as it came. A code the language has not translated yet shows in English.
 */
type MessageKey = keyof typeof MSG;
type FunctionKey = { [K in MessageKey]: (typeof MSG)[K] extends (...args: never[]) => string ? K : never }[MessageKey];

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

/**
 * The text in the active language: English (SPEC's words) as they are; a MSG text, or
 * one a MSG template built, by its code; anything else as it came.
 */
export function translateMessage(text: string): string {
  if (!text || currentLanguage() === 'en') return text;
  const known = describeMessage(text);
  return (known && translateCode(known.code, known.params)) ?? text;
}

/**
 * What an answer of the server says, in the active language: by its `code` and `params`
 * when it sent them (whatever its English words), else its words as they came.
 */
export function translateAnswer(answer: { code?: unknown; params?: unknown; msg?: unknown; message?: unknown }): string {
  const words = typeof answer.message === 'string' && answer.message ? answer.message : typeof answer.msg === 'string' ? answer.msg : '';
  if (currentLanguage() === 'en' || typeof answer.code !== 'string') return words;
  const params = answer.params && typeof answer.params === 'object' ? (answer.params as MessageParams) : undefined;
  return translateCode(answer.code, params) ?? words;
}

/** A message that takes values (MSG's templates), in the active language. Values go in as {{0}}, {{1}}, … */
export function translateMessageOf<K extends FunctionKey>(key: K, ...args: Parameters<Extract<(typeof MSG)[K], (...args: never[]) => string>>): string {
  const message = MSG[key] as unknown as MessageTemplate<unknown[]>;
  const english = message(...args);
  if (currentLanguage() === 'en') return english;
  const { code, params } = describeCall(message, args);
  return translateCode(code, params) ?? english;
}

/** For components: re-renders on a language change; `m(MSG.x)` and `m.of('key', …values)`. */
export function useMessages() {
  useTranslation();
  const m = (text: string) => translateMessage(text);
  m.of = translateMessageOf;
  return m;
}
