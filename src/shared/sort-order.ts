/**
 * A list's sort order and its address form (issue 28): `sort=name` (ascending) or
 * `sort=-name` (descending). Apart from list-view.ts, which holds the zod parameter, so the
 * screens' sortable headings read the address without loading zod (the forms' file).
 */

export interface SortOrder<K extends string = string> {
  key: K;
  desc: boolean;
}

/** The address form of a sort order: 'name' or '-name'. */
export function sortText(order: SortOrder | null | undefined): string | null {
  if (!order) return null;
  return order.desc ? `-${order.key}` : order.key;
}

/** Reads 'name' / '-name' back (null for an empty or unknown key). */
export function parseSortText<K extends string>(value: string | null | undefined, keys: readonly K[]): SortOrder<K> | null {
  if (!value) return null;
  const desc = value.startsWith('-');
  const key = desc ? value.slice(1) : value;
  return (keys as readonly string[]).includes(key) ? { key: key as K, desc } : null;
}
