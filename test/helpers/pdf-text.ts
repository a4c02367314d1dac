import { inflateSync } from 'node:zlib';

/*
 * The PDFs are read back by the small reader below rather than by pdf.js: pdfjs-dist 6 needs
 * Node 22, and what pdfkit writes is regular enough for a hundred lines (objects with a
 * /Length, Flate streams, Identity-H fonts with a ToUnicode CMap of bfrange arrays).
 */

interface PdfObject {
  dict: string;
  stream: Buffer | null;
}

/** The file's objects by number, streams inflated. */
function pdfObjects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  const header = /(\d+) 0 obj\s*/g;
  for (let match = header.exec(text); match; match = header.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endobj', start);
    const streamAt = text.indexOf('stream\n', start);
    if (streamAt !== -1 && streamAt < end) {
      const dict = text.slice(start, streamAt);
      const length = Number(/\/Length (\d+)/.exec(dict)?.[1]);
      const raw = pdf.subarray(streamAt + 7, streamAt + 7 + length);
      objects.set(Number(match[1]), { dict, stream: dict.includes('/FlateDecode') ? inflateSync(raw) : raw });
      header.lastIndex = text.indexOf('endobj', streamAt + 7 + length);
    } else {
      objects.set(Number(match[1]), { dict: text.slice(start, end), stream: null });
      header.lastIndex = end;
    }
  }
  return objects;
}

function ref(dict: string, key: string): number {
  const found = new RegExp(`/${key} (\\d+) 0 R`).exec(dict);
  if (!found) throw new Error(`no /${key} in ${dict.slice(0, 200)}`);
  return Number(found[1]);
}

/** A ToUnicode CMap (bfrange with arrays, as pdfkit writes it): glyph id → text. */
function toUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const range of cmap.matchAll(/<([0-9a-f]{4})> <[0-9a-f]{4}> \[([^\]]*)\]/gi)) {
    let gid = parseInt(range[1]!, 16);
    for (const target of range[2]!.matchAll(/<([^>]*)>/g)) {
      map.set(gid, String.fromCharCode(...target[1]!.split(' ').filter(Boolean).map((unit) => parseInt(unit, 16))));
      gid += 1;
    }
  }
  return map;
}

/** A PDF literal string's bytes as text: UTF-16BE after a byte-order mark, else Latin-1. */
function literalText(body: string): string {
  const bytes = body.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, escape: string) =>
    /^[0-7]/.test(escape) ? String.fromCharCode(parseInt(escape, 8)) : ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' } as Record<string, string>)[escape] ?? escape,
  );
  if (!bytes.startsWith('\u00fe\u00ff')) return bytes;
  return Buffer.from(bytes.slice(2), 'latin1').swap16().toString('utf16le');
}

export interface PageText {
  /** the page's text in reading order: marked runs as their ActualText, a new line where a line's baseline changes */
  text: string;
  /** each marked (Hindi or Malayalam) run: its ActualText and the text of its glyphs through the font's ToUnicode */
  marked: { actual: string; glyphs: string }[];
  /** glyphs drawn with glyph id 0 (.notdef: a character the font has no glyph for) */
  missing: number;
  /** the lowest baseline on the page, in points above its bottom edge */
  lowest: number;
}

/** Each page's text, read from its content stream through the fonts' ToUnicode CMaps. */
export function pageTexts(pdf: Buffer): PageText[] {
  const objects = pdfObjects(pdf);
  const object = (id: number): PdfObject => objects.get(id) ?? { dict: '', stream: null };
  const catalog = [...objects.values()].find((entry) => entry.dict.includes('/Type /Catalog'))!;
  const kids = [.../\/Kids \[([^\]]*)\]/.exec(object(ref(catalog.dict, 'Pages')).dict)![1]!.matchAll(/(\d+) 0 R/g)].map((kid) => Number(kid[1]));
  return kids.map((pageId) => {
    const page = object(pageId).dict;
    const fontList = /\/Font <<([^>]*)>>/.exec(object(ref(page, 'Resources')).dict)?.[1] ?? '';
    const cmaps = new Map<string, Map<number, string>>();
    for (const [, name, id] of fontList.matchAll(/\/(\w+) (\d+) 0 R/g)) {
      const font = object(Number(id)).dict;
      cmaps.set(name!, font.includes('/ToUnicode') ? toUnicode(object(ref(font, 'ToUnicode')).stream!.toString('latin1')) : new Map());
    }
    const content = object(ref(page, 'Contents')).stream!.toString('latin1');
    const result: PageText = { text: '', marked: [], missing: 0, lowest: Infinity };
    let font = new Map<number, string>();
    let baseline: string | null = null;
    let lineAt: string | null = null;
    let span: { actual: string; glyphs: string } | null = null;
    const show = (hex: string): void => {
      result.lowest = Math.min(result.lowest, Number(baseline));
      if (baseline !== lineAt) {
        if (lineAt !== null) result.text += '\n';
        lineAt = baseline;
      }
      let shown = '';
      for (let i = 0; i < hex.length; i += 4) {
        const gid = parseInt(hex.slice(i, i + 4), 16);
        if (gid === 0) result.missing += 1;
        shown += font.get(gid) ?? '\ufffd';
      }
      if (!span) {
        result.text += shown;
        return;
      }
      // a marked run reads as its ActualText, placed where its first glyphs are
      if (span.glyphs === '') result.text += span.actual;
      span.glyphs += shown;
    };
    const tokens = /\/(\w+) <<\s*\/ActualText \(((?:\\.|[^\\)])*)\)\s*>> BDC|\bEMC\b|\/(\w+) [\d.]+ Tf|1 0 0 1 [-\d.]+ ([-\d.]+) Tm|<([0-9a-f]*)>|\bT[Jj]\b/g;
    for (const token of content.matchAll(tokens)) {
      if (token[2] !== undefined) span = { actual: literalText(token[2]), glyphs: '' };
      else if (token[0] === 'EMC') {
        if (span) result.marked.push(span);
        span = null;
      } else if (token[3] !== undefined) font = cmaps.get(token[3]) ?? new Map();
      else if (token[4] !== undefined) baseline = token[4];
      else if (token[5] !== undefined) show(token[5]);
    }
    return result;
  });
}

