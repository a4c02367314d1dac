/** A translation catalogue as its JSON holds it: nested objects of strings. */
export type CatalogueTree = { [key: string]: string | CatalogueTree };

/** Every text of a catalogue by its dotted key ('staff.fields.name' → 'Name'). */
export function catalogueLeaves(tree: CatalogueTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [p, v] of catalogueLeaves(value, path)) out.set(p, v);
  }
  return out;
}
