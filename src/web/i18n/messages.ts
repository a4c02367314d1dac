import { useTranslation } from 'react-i18next';
import { MSG } from '../../shared/messages.js';
import { i18next } from './i18n.js';

/**
 * The shared message catalogue (src/shared/messages.ts, MSG) in the reader's language.
 * MSG holds SPEC's texts and the server's messages in English; each language's catalogue
 * has the same texts under `messages.<MSG key>`. A text is found by its English words, so
 * a message the server sent (its `msg`) is translated the same way as a label on screen.
 * Anything not in MSG (data, a name) is shown as it came.
 */
type MessageKey = keyof typeof MSG;
type FunctionKey = { [K in MessageKey]: (typeof MSG)[K] extends (...args: never[]) => string ? K : never }[MessageKey];

/** English text -> its path in MSG ('logout', or 'dashboardCards.workers' for a group). */
let byText: Map<string, string> | undefined;
function keyOfText(text: string): string | undefined {
  if (!byText) {
    const found = new Map<string, string>();
    const walk = (tree: object, prefix: string) => {
      for (const [key, value] of Object.entries(tree)) {
        const path = prefix + key;
        if (typeof value === 'string') {
          if (!found.has(value)) found.set(value, path);
        } else if (value && typeof value === 'object') walk(value, `${path}.`);
      }
    };
    walk(MSG, '');
    byText = found;
  }
  return byText.get(text);
}

/** The text in the active language: English (SPEC's words) as they are, else the translation. */
export function translateMessage(text: string): string {
  if (i18next.resolvedLanguage === 'en' || !text) return text;
  const key = keyOfText(text);
  if (!key) return text;
  const path = `messages.${key}`;
  return i18next.exists(path) ? String(i18next.t(path as never)) : text;
}

/** A message that takes values (MSG's functions), in the active language. Values go in as {{0}}, {{1}}, … */
export function translateMessageOf<K extends FunctionKey>(key: K, ...args: Parameters<Extract<(typeof MSG)[K], (...args: never[]) => string>>): string {
  const english = (MSG[key] as (...values: unknown[]) => string)(...args);
  if (i18next.resolvedLanguage === 'en') return english;
  const path = `messages.${key}`;
  if (!i18next.exists(path)) return english;
  const values = Object.fromEntries(args.map((value, index) => [String(index), typeof value === 'string' ? translateMessage(value) : value]));
  return String(i18next.t(path as never, { ...values, count: typeof args[0] === 'number' ? args[0] : undefined } as never));
}

/** For components: re-renders on a language change; `m(MSG.x)` and `m.of('key', …values)`. */
export function useMessages() {
  useTranslation();
  const m = (text: string) => translateMessage(text);
  m.of = translateMessageOf;
  return m;
}
