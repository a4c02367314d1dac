/**
 * SPEC's fixed names: words that stay as SPEC writes them in every language.
 *
 * The six work types (SPEC §1 and §2: tabs 'MCC, ACCA, BIO, PFTR, Laundry, Pit & Yard', the
 * Add Work Details buttons in upper case, 'BIO TOILET' in one select, the completed tabs
 * 'mcc, acca, …, pit & yard'). They are the names of the company's contract categories
 * with the railways: they appear on its bills, its attendance files and in each
 * supervisor's account, and they are what staff call the work on the platform in any
 * language. MCC, ACCA, BIO and PFTR are codes; Laundry and Pit & Yard are kept with them
 * so that a category is spelled the same on every screen, every message
 * ('No live trains available for {WORK}.') and every spreadsheet.
 *
 * Used by the catalogue check (catalogues.test.ts) and the language journey
 * (e2e/i18n.e2e.ts); matched whole and without regard to case.
 */
const FIXED_NAMES: readonly string[] = ['BIO TOILET', 'Pit & Yard', 'Laundry', 'MCC', 'ACCA', 'BIO', 'PFTR'];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text with every fixed name (and each extra allowed word) taken out. */
export function withoutFixedNames(text: string, allowed: readonly string[] = []): string {
  const names = [...FIXED_NAMES, ...allowed].sort((a, b) => b.length - a.length);
  return names.reduce((rest, name) => rest.replace(new RegExp(`(?<![A-Za-z])${escape(name)}(?![A-Za-z])`, 'gi'), ' '), text);
}

/** The English-looking words (three Latin letters or more) left in a text. */
export function latinWords(text: string): string[] {
  return text.match(/[A-Za-z]{3,}/g) ?? [];
}
