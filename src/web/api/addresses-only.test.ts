import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { API } from '../../shared/api/addresses.js';

/**
 * The web calls the server only through the address table (src/shared/api/addresses.ts,
 * issue 25): no endpoint path is written as a string anywhere in src/web. The bare '/api/v1'
 * prefix (api/base.ts) is allowed; comments may name paths; tests may write them.
 */

const WEB = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Every string literal and the fixed text at the start of every template literal. */
function literals(file: string): { text: string; line: number }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: { text: string; line: number }[] = [];
  const visit = (node: ts.Node) => {
    let text: string | null = null;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    else if (ts.isTemplateExpression(node)) text = node.head.text;
    if (text !== null) found.push({ text, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The fixed start of each path: up to its first {parameter}, else the whole path. */
const PATH_HEADS = Object.values(API).map(({ path: address }) => {
  const brace = address.indexOf('{');
  return brace === -1 ? { head: address, whole: true } : { head: address.slice(0, brace), whole: false };
});

/** Whether a literal is (or starts) an endpoint's address, with or without the /api/v1 prefix. */
function namesAnEndpoint(text: string): boolean {
  if (text.startsWith('/api/v1/')) return true;
  return PATH_HEADS.some(({ head, whole }) => {
    if (!text.startsWith(head)) return false;
    // '/wages' names the endpoint, '/wages?…' and '/wages/export' too; '/wagesheet' does not
    return !whole || text.length === head.length || /^[/?#]/.test(text.slice(head.length));
  });
}

describe('endpoint paths in the web app', () => {
  it('tells an address from other text', () => {
    expect(namesAnEndpoint('/auth/login')).toBe(true);
    expect(namesAnEndpoint('/mcctrain/getone-mcctrain/')).toBe(true);
    expect(namesAnEndpoint('/mcctrain/get-livemcctrain?work=')).toBe(true);
    expect(namesAnEndpoint('/api/v1/company-profile')).toBe(true);
    expect(namesAnEndpoint('/api/v1')).toBe(false);
    expect(namesAnEndpoint('/dashboard/manager/attendance')).toBe(false);
    expect(namesAnEndpoint('/login')).toBe(false);
  });

  it('are written only in the shared address table', () => {
    const offenders = sourceFiles(WEB).flatMap((file) =>
      literals(file)
        .filter(({ text }) => namesAnEndpoint(text))
        .map(({ text, line }) => `${path.relative(WEB, file)}:${line} '${text}'`),
    );
    expect(offenders).toEqual([]);
  });
});
