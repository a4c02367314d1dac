import { z } from 'zod';
import { MSG } from './messages.js';
import type { SortOrder } from './sort-order.js';

// the sort order's address form, without zod, for the screens (issue 28): a screen's heading
// that imports this file would otherwise load the forms' file (zod) and tie the two files in a cycle
export { parseSortText, type SortOrder } from './sort-order.js';

/**
 * The office lists' shared parts (issue 28, decision 0039): the `sort` parameter every list
 * takes, and the plain description of a list's spreadsheet (ListSheet) that the server turns
 * into an .xlsx file. A list is sorted by one column, `sort=name` (ascending) or
 * `sort=-name` (descending); a list without `sort` keeps its own order.
 */

/** `sort=<key>` or `sort=-<key>` for one of `keys`; anything else is 400 "Sort by one of the list's columns". */
export function sortParam<const K extends string>(keys: readonly K[]) {
  const allowed = new Set<string>(keys);
  return z
    .string()
    .max(60, MSG.lists.sortInvalid)
    .refine((value) => allowed.has(value.startsWith('-') ? value.slice(1) : value), MSG.lists.sortInvalid)
    .transform((value): SortOrder<K> => (value.startsWith('-') ? { key: value.slice(1) as K, desc: true } : { key: value as K, desc: false }))
    .optional()
    .meta({ description: `One of ${keys.join(', ')}; a leading '-' sorts descending` });
}

/**
 * How a column's cells are written to the spreadsheet: text as text (never a formula),
 * numbers as number cells, money (integer paise) as rupees with two decimals and the ₹ sign,
 * a day ('YYYY-MM-DD') as a date cell, an instant (ISO string) as a date-time cell in the
 * company's time zone.
 */
export type ListCellKind = 'text' | 'number' | 'money' | 'date' | 'datetime';

export interface ListColumn {
  header: string;
  kind: ListCellKind;
  /** the column's width in characters (a default by kind when left out) */
  width?: number;
}

/** A cell's value: text, a number (paise for money), a day or an ISO instant, or empty. */
export type ListCell = string | number | null;

/** Rows more than this are refused (413 exportTooLarge) rather than building a huge file. */
export const LIST_EXPORT_MAX_ROWS = 50_000;

export interface ListSheet {
  /** the sheet's name, at most 31 characters (a spreadsheet's limit) */
  sheetName: string;
  /** the first row: what the list is ('Staff', 'Completed works') */
  title: string;
  /** the filters of the view, as people read them ('Work type: MCC', 'Status: Active'); none means the whole list */
  filters: string[];
  columns: ListColumn[];
  rows: ListCell[][];
  /** the totals row, labelled 'Total' in its first cell; null cells are left empty */
  totals?: ListCell[];
}
