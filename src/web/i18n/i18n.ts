import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type English from './locales/en.json';
import type { MessageTemplate } from '../../shared/message-template.js';
import { SITE_MSG } from '../../shared/site-messages.js';
import siteScreens from './locales/en.json?site';

/**
 * The app's languages: English (the default, and SPEC's own words), Hindi and Malayalam.
 * Each language's texts are one catalogue, src/web/i18n/locales/<code>.json, that a
 * translator can edit; the others load when chosen. Decision 0019 records why i18next.
 *
 * The messages (`messages.<code>`) are not written in en.json: the English ones are MSG
 * itself (src/shared/messages.ts), a template's forms as they are ({{0}}, `_one`/`_other`),
 * so SPEC's words exist once (decision 0030). Hindi and Malayalam key them by code; a code
 * they lack yet (listed in locales/untranslated.json) shows in English.
 *
 * English is in the first download only as far as the public site shows it (decision 0029,
 * "The public pages within 150 KB"): en.json's sections of the public site
 * (vite.catalogues.ts) and SITE_MSG's messages. The rest (the other sections, the rest of
 * MSG) comes with the screens after sign-in and the account forms, which import
 * i18n/english.ts for it.
 */
export const LANGUAGES = ['en', 'hi', 'ml'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language's own name, shown in the switch whatever language is active. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी', ml: 'മലയാളം' };

/** Where the device remembers its language (per device, not per account). */
const LANGUAGE_STORAGE_KEY = 'dutyroll.language';

type Tree = { [key: string]: string | Tree };

/** MSG as catalogue entries: a text as it is, a template's forms under `<code><suffix>`. */
export function messageEntries(tree: object): Tree {
  const entries: Tree = {};
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') entries[key] = value;
    else if (typeof value === 'function') {
      for (const [suffix, text] of Object.entries((value as MessageTemplate<never[]>).forms)) if (text !== undefined) entries[key + suffix] = text;
    } else entries[key] = messageEntries(value as object);
  }
  return entries;
}

/** The English catalogue as the public site needs it: en.json's site sections and SITE_MSG's messages. */
const siteEnglish = { ...siteScreens, messages: messageEntries(SITE_MSG) };

/** A language's whole catalogue: en.json's sections and the messages (the English ones made of MSG). */
type Catalogue = typeof English & { messages: Tree };
const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: Catalogue }>> = {
  hi: () => import('./locales/hi.json', { with: { type: 'json' } }) as Promise<{ default: Catalogue }>,
  ml: () => import('./locales/ml.json', { with: { type: 'json' } }) as Promise<{ default: Catalogue }>,
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language this device chose last; English when none (or storage is unavailable). */
function storedLanguage(): Language {
  try {
    const value = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : 'en';
  } catch {
    return 'en';
  }
}

void i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  resources: { en: { translation: siteEnglish } },
  interpolation: { escapeValue: false }, // React escapes
  initAsync: false,
  returnNull: false,
});

async function ensureCatalogue(language: Language): Promise<void> {
  if (language === 'en' || i18next.hasResourceBundle(language, 'translation')) return;
  const catalogue = await loaders[language]();
  i18next.addResourceBundle(language, 'translation', catalogue.default, true, true);
}

/** Switches the app's language (loading its catalogue first) and remembers it on this device. */
export async function setLanguage(language: Language): Promise<void> {
  await ensureCatalogue(language);
  await i18next.changeLanguage(language);
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // private mode: the choice lasts for this visit only
  }
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Applies the device's remembered language before the first render (no English flash). */
export async function startLanguage(): Promise<void> {
  const language = storedLanguage();
  if (language === 'en') return;
  try {
    await setLanguage(language);
  } catch {
    // the catalogue could not load (offline before it was ever cached): English it is
  }
}

/** The active language (for formatting). */
export function currentLanguage(): Language {
  const language = i18next.resolvedLanguage ?? i18next.language;
  return isLanguage(language) ? language : 'en';
}

export { i18next };

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: Catalogue };
    returnNull: false;
  }
}
