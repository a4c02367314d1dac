import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The web names its messages by code (decision 0030): `m('loginSuccess')`,
 * `messageText('fields.trainNumber')`, `m.of('crewTooLarge', 60)`, never by handing over
 * MSG's English words to be looked up again. The one place that knows a message by its
 * words is a form's zod issue (src/web/forms/field-errors.ts, issueText), by exact
 * identity with MSG's texts.
 */

const WEB = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const SELF = fileURLToPath(import.meta.url);
const ISSUE_TEXT = path.join(WEB, 'forms', 'field-errors.ts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') && full !== SELF ? [full] : [];
  });
}

/** Lines of src/web matching a pattern, as 'file:line: text'. */
function linesMatching(pattern: RegExp, files = sourceFiles(WEB)): string[] {
  return files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) => (pattern.test(line) ? [`${path.relative(WEB, file)}:${index + 1}: ${line.trim()}`] : [])),
  );
}

describe('the web translates messages by code', () => {
  it('never hands a MSG text to be translated by its words (m(MSG.x), translateMessage(MSG.x), messageText(MSG.x))', () => {
    expect(linesMatching(/(?<![\w.$])(m|translateMessage|messageText)\(\s*MSG\./)).toEqual([]);
  });

  it('has no translation by English words left: translateMessage is gone', () => {
    expect(linesMatching(/\btranslateMessage\b/)).toEqual([]);
  });

  it("looks a message up by its words only for a form's zod issue (issueText, exact words)", () => {
    const lookups = linesMatching(/\bdescribeMessage\b/, sourceFiles(WEB).filter((file) => !/\.test\.tsx?$/.test(file)));
    expect(lookups.every((line) => line.startsWith(`${path.relative(WEB, ISSUE_TEXT)}:`))).toBe(true);
    expect(lookups.length).toBeGreaterThan(0);
  });
});
