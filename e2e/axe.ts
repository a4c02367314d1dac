/**
 * axe-core in the browser journeys (issue 15 item 3): WCAG 2.2 A/AA rules on the page as
 * it is drawn, and a touch-target check for the supervisor's phone screens.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const require = createRequire(import.meta.url);
/** axe's source, evaluated through the DevTools protocol: the app's CSP (script-src 'self') refuses an injected <script>. */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The rule sets checked: WCAG 2.0–2.2, levels A and AA, plus axe's best practices that apply to any page. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/** Runs axe on the page as it is now; the violations, one line per failing element. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
  }, TAGS);
}

/** Readable lines for a failure message: rule id, element, what is wrong. */
export function describeViolations(label: string, violations: AxeViolation[]): string {
  const lines = [`${label}: ${violations.reduce((sum, v) => sum + v.nodes.length, 0)} axe violation(s)`];
  for (const violation of violations) {
    for (const node of violation.nodes) {
      const summary = (node.failureSummary ?? violation.help).replace(/\s+/g, ' ').trim();
      lines.push(`  [${violation.id}] ${JSON.stringify(node.target)} — ${summary}`);
    }
  }
  return lines.join('\n');
}

export interface SmallTarget {
  what: string;
  width: number;
  height: number;
}

/**
 * Every visible button, link, input and select box smaller than min × min px (its box, or
 * a label that wraps it), except text links inside a sentence (WCAG 2.5.8's inline
 * exception). Hidden inputs drawn by a bigger control (a checkbox's label) count by the
 * control around them.
 */
export async function smallTargets(page: Page, min: number): Promise<SmallTarget[]> {
  return page.evaluate((min) => {
    const selector = 'a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=tab], [role=checkbox], [role=radio], [role=switch], [role=link], [role=menuitem], [role=option]';
    const found: { what: string; width: number; height: number }[] = [];
    const visible = (el: Element) => {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0) return false;
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0;
    };
    for (const el of Array.from(document.querySelectorAll(selector))) {
      if (!visible(el)) continue;
      if (el.closest('[aria-hidden=true]')) continue;
      // a text link inside running text (a paragraph or list item of words)
      if (el.tagName === 'A' && el.closest('p') && getComputedStyle(el).display === 'inline') continue;
      // a control inside a bigger clickable one (a checkbox inside its label row, an input inside its box)
      const holder = el.closest('label') ?? el;
      const box = holder.getBoundingClientRect();
      const own = el.getBoundingClientRect();
      const width = Math.max(box.width, own.width);
      const height = Math.max(box.height, own.height);
      if (width + 0.5 >= min && height + 0.5 >= min) continue;
      const name = (el.getAttribute('aria-label') || (el as HTMLElement).innerText || el.getAttribute('name') || el.getAttribute('placeholder') || '').trim().slice(0, 40);
      const id = el.id ? `#${el.id}` : '';
      found.push({ what: `${el.tagName.toLowerCase()}${id}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''} "${name}"`, width: Math.round(width), height: Math.round(height) });
    }
    return found;
  }, min);
}
