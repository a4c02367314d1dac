/**
 * Draws the wage slips of a SlipJob as one PDF (issue 26): an A5 page per worker, all of it
 * in the worker's language, in Noto fonts that pdfkit embeds and shapes (its fontkit runs
 * the OpenType Indic shaper: conjuncts, reordered vowel signs, chillus). Runs in the slip
 * worker thread (slip-worker.ts); nothing here touches the database.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { toPaise } from '../../../shared/payroll.js';
import { SLIP_FONTS_DIR } from '../../paths.js';
import { slipFigures, type SlipDeductionLine } from './slip-figures.js';
import { DRAFT_WORD, SLIP_LABELS, type SlipLabels } from './slip-labels.js';
import type { SlipJob } from './slips.js';

/** The scripts a slip's text is split into: each has its own Noto font. */
type Script = 'latin' | 'deva' | 'mlym';

/**
 * Noto Sans covers Latin (names, digits, ₹ U+20B9); the Devanagari and Malayalam fonts have
 * no Latin letters, so a line is drawn run by run, each run in its script's font.
 */
const FONT_FILES: Record<Script, { regular: string; bold: string }> = {
  latin: { regular: 'NotoSans-Regular.ttf', bold: 'NotoSans-Bold.ttf' },
  deva: { regular: 'NotoSansDevanagari-Regular.ttf', bold: 'NotoSansDevanagari-Bold.ttf' },
  mlym: { regular: 'NotoSansMalayalam-Regular.ttf', bold: 'NotoSansMalayalam-Bold.ttf' },
};
const SCRIPTS: readonly Script[] = ['latin', 'deva', 'mlym'];

/** The font files, read once per worker thread. */
let fontData: Map<string, Buffer> | undefined;

function fonts(): Map<string, Buffer> {
  if (!fontData) {
    fontData = new Map();
    for (const script of SCRIPTS) {
      for (const weight of ['regular', 'bold'] as const) {
        fontData.set(fontName(script, weight === 'bold'), readFileSync(path.join(SLIP_FONTS_DIR, FONT_FILES[script][weight])));
      }
    }
  }
  return fontData;
}

function fontName(script: Script, bold: boolean): string {
  return `${script}-${bold ? 'bold' : 'regular'}`;
}

/** The script of a character, or null for one that belongs to its neighbours (spaces, ZWJ, ZWNJ). */
function scriptOf(codePoint: number): Script | null {
  if ((codePoint >= 0x0900 && codePoint <= 0x097f) || (codePoint >= 0xa8e0 && codePoint <= 0xa8ff) || (codePoint >= 0x1cd0 && codePoint <= 0x1cff)) return 'deva';
  if (codePoint >= 0x0d00 && codePoint <= 0x0d7f) return 'mlym';
  if (codePoint === 0x200c || codePoint === 0x200d || codePoint === 0x20 || codePoint === 0xa0) return null;
  return 'latin';
}

interface Run {
  text: string;
  script: Script;
}

/**
 * The text cut where its script changes. A space or joiner stays in the run it follows, so
 * that a run of Hindi or Malayalam words is shaped as one piece.
 */
export function scriptRuns(text: string): Run[] {
  const runs: Run[] = [];
  let pending = '';
  for (const char of text) {
    const script = scriptOf(char.codePointAt(0)!);
    const last = runs.at(-1);
    if (script === null) {
      if (last) last.text += char;
      else pending += char;
    } else if (last && last.script === script) {
      last.text += char;
    } else {
      runs.push({ text: pending + char, script });
      pending = '';
    }
  }
  if (pending) runs.push({ text: pending, script: 'latin' });
  return runs;
}

/** Whole paise as '₹12,345.00': Indian grouping (lakh, crore), two decimals, Latin digits. */
export function formatPaise(paise: number): string {
  const sign = paise < 0 ? '−' : '';
  const abs = Math.abs(paise);
  const rupees = String(Math.floor(abs / 100));
  const last3 = rupees.slice(-3);
  const rest = rupees.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${sign}₹${rest ? `${rest},${last3}` : last3}.${String(abs % 100).padStart(2, '0')}`;
}

/** 'YYYY-MM' as the month's name and year in the slip's language ('सितंबर 2026'). */
function monthTitle(month: string, labels: SlipLabels): string {
  const [year, mm] = month.split('-');
  return `${labels.months[Number(mm) - 1]} ${year}`;
}

/** 'YYYY-MM-DD' as '7 अक्टूबर 2026'. */
function dayTitle(date: string, labels: SlipLabels): string {
  const [year, mm, dd] = date.split('-');
  return `${Number(dd)} ${labels.months[Number(mm) - 1]} ${year}`;
}

interface Style {
  size: number;
  bold?: boolean;
  color?: string;
}

const INK = '#111111';
const MUTED = '#555555';
const RULE = '#9a9a9a';
const SHADE = '#eeeeee';
const LINE_HEIGHT = 1.45;

/** The page: A5 portrait, in points. */
const PAGE = { width: 419.53, height: 595.28, margin: 30 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
/** The smallest scale a slip's type and spacing shrink to when its texts are long (1 = as designed). */
const MIN_SCALE = 0.6;

type Doc = PDFKit.PDFDocument;

/**
 * What a slip is drawn with: the document, whether to draw or only measure, and the scale of
 * its type and spacing (a slip with long names or many lines is drawn smaller to keep to one page).
 */
interface Pen {
  doc: Doc;
  draw: boolean;
  scale: number;
}

/** The width of a line of mixed-script text. */
function widthOf(doc: Doc, text: string, style: Style): number {
  let width = 0;
  for (const run of scriptRuns(text)) width += doc.font(fontName(run.script, style.bold ?? false)).fontSize(style.size).widthOfString(run.text);
  return width;
}

/**
 * Draws one line of mixed-script text with its baseline at y, run by run. A Hindi or
 * Malayalam run is marked with its text as ActualText, so that copying or extracting it
 * gives the characters in their logical order, not the shaped glyphs' visual one (ि before क).
 */
function drawLine(doc: Doc, text: string, x: number, baseline: number, style: Style): void {
  let left = x;
  doc.fillColor(style.color ?? INK);
  for (const run of scriptRuns(text)) {
    doc.font(fontName(run.script, style.bold ?? false)).fontSize(style.size);
    const marked = run.script !== 'latin';
    if (marked) doc.markContent('Span', { actual: run.text });
    doc.text(run.text, left, baseline, { lineBreak: false, baseline: 'alphabetic' });
    if (marked) doc.endMarkedContent();
    left += doc.widthOfString(run.text);
  }
}

/** The text cut into lines of at most width, at spaces; a word wider than a line gets one to itself. */
function wrap(doc: Doc, text: string, width: number, style: Style): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && widthOf(doc, candidate, style) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines.length > 0 ? lines : [''];
}

/** The style a text needs to fit width: its own, or smaller when a single word is too wide (down to 5 pt). */
function fitted(doc: Doc, text: string, width: number, style: Style): Style {
  const widest = Math.max(0, ...wrap(doc, text, width, style).map((line) => widthOf(doc, line, style)));
  if (widest <= width) return style;
  return { ...style, size: Math.max(5, (style.size * width) / widest) };
}

type Align = 'left' | 'right' | 'center';

/** A wrapped block of text at the pen's scale; returns its height. */
function block(pen: Pen, text: string, x: number, top: number, width: number, style: Style, align: Align): number {
  const used = fitted(pen.doc, text, width, { ...style, size: style.size * pen.scale });
  const lines = wrap(pen.doc, text, width, used);
  const step = used.size * LINE_HEIGHT;
  if (pen.draw) {
    lines.forEach((line, index) => {
      const lineWidth = widthOf(pen.doc, line, used);
      const left = align === 'left' ? x : align === 'right' ? x + width - lineWidth : x + (width - lineWidth) / 2;
      // the baseline sits about 1.1 em below the top of a line of LINE_HEIGHT em
      drawLine(pen.doc, line, left, top + index * step + used.size * 1.1, used);
    });
  }
  return lines.length * step;
}

/** A cell's frame, optionally shaded. */
function cell(pen: Pen, x: number, y: number, width: number, height: number, shade = false): void {
  if (!pen.draw) return;
  if (shade) pen.doc.rect(x, y, width, height).fill(SHADE);
  pen.doc.lineWidth(0.5).strokeColor(RULE).rect(x, y, width, height).stroke();
}

/** One row of the amounts table: a label and a right-aligned amount. */
interface AmountRow {
  label: string;
  amount?: string;
  bold?: boolean;
  shade?: boolean;
  /** a section's heading: shaded, bold, across the row */
  heading?: boolean;
}

/** The earnings and deductions table; returns the y below it. */
function amountsTable(pen: Pen, rows: AmountRow[], top: number): number {
  const pad = 4 * pen.scale;
  const amountWidth = 100;
  const labelWidth = CONTENT_WIDTH - amountWidth;
  const measure = { ...pen, draw: false };
  let y = top;
  for (const row of rows) {
    const style: Style = { size: 9, bold: row.bold || row.heading };
    const height =
      Math.max(
        block(measure, row.label, 0, 0, labelWidth - 2 * pad, style, 'left'),
        row.amount ? block(measure, row.amount, 0, 0, amountWidth - 2 * pad, style, 'right') : 0,
      ) +
      2 * pad;
    cell(pen, PAGE.margin, y, labelWidth, height, row.shade || row.heading);
    cell(pen, PAGE.margin + labelWidth, y, amountWidth, height, row.shade || row.heading);
    block(pen, row.label, PAGE.margin + pad, y + pad, labelWidth - 2 * pad, style, 'left');
    if (row.amount) block(pen, row.amount, PAGE.margin + labelWidth + pad, y + pad, amountWidth - 2 * pad, style, 'right');
    y += height;
  }
  return y;
}

/** A cell of the details grid: its label small and grey above its value. */
interface Field {
  label: string;
  value: string;
}

/** The details grid: rows of one field across or two side by side; returns the y below it. */
function detailsGrid(pen: Pen, rows: Field[][], top: number): number {
  const pad = 4 * pen.scale;
  const labelStyle: Style = { size: 7.5, color: MUTED };
  const valueStyle: Style = { size: 10, bold: true };
  const measure = { ...pen, draw: false };
  let y = top;
  for (const fields of rows) {
    const width = CONTENT_WIDTH / fields.length;
    const inner = width - 2 * pad;
    const heights = fields.map((field) => block(measure, field.label, 0, 0, inner, labelStyle, 'left') + block(measure, field.value || '—', 0, 0, inner, valueStyle, 'left'));
    const height = Math.max(...heights) + 2 * pad;
    fields.forEach((field, index) => {
      const x = PAGE.margin + index * width;
      cell(pen, x, y, width, height);
      const labelHeight = block(pen, field.label, x + pad, y + pad, inner, labelStyle, 'left');
      block(pen, field.value || '—', x + pad, y + pad + labelHeight, inner, valueStyle, 'left');
    });
    y += height;
  }
  return y;
}

/** The draft watermark across the page: "DRAFT", and under it the word in the slip's language. */
function watermark(doc: Doc, labels: SlipLabels): void {
  doc.save();
  doc.rotate(-35, { origin: [PAGE.width / 2, PAGE.height / 2] });
  doc.fillOpacity(0.13);
  const big: Style = { size: 78, bold: true, color: '#b00000' };
  const centre = PAGE.height / 2;
  drawLine(doc, DRAFT_WORD, (PAGE.width - widthOf(doc, DRAFT_WORD, big)) / 2, centre + (labels.draft === DRAFT_WORD ? 26 : 0), big);
  if (labels.draft !== DRAFT_WORD) {
    const small: Style = { ...big, size: 46 };
    drawLine(doc, labels.draft, (PAGE.width - widthOf(doc, labels.draft, small)) / 2, centre + 62, small);
  }
  doc.restore();
}

type Slip = SlipJob['slips'][number];

function deductionLabel(labels: SlipLabels, kind: SlipDeductionLine['kind']): string {
  if (kind === 'epf') return labels.epfEmployee;
  if (kind === 'esi') return labels.esiEmployee;
  return labels.deduction[kind];
}

/** The signatures' block: the gap above their lines and the lines' captions (at scale 1). */
const SIGNATURE_GAP = 34;
const SIGNATURE_HEIGHT = 28;

/** Draws (or measures) a slip's content from the top of the page; returns the y below it. */
function slipBody(pen: Pen, job: SlipJob, slip: Slip): number {
  const labels = SLIP_LABELS[slip.row.language];
  const { row } = slip;
  const figures = slipFigures(row, slip.deductions);
  const gap = (points: number): number => points * pen.scale;

  let y = PAGE.margin;
  y += block(pen, job.company.name, PAGE.margin, y, CONTENT_WIDTH, { size: 13, bold: true }, 'center');
  y += block(pen, job.company.address, PAGE.margin, y, CONTENT_WIDTH, { size: 8.5, color: MUTED }, 'center');
  y += gap(4);
  if (pen.draw) pen.doc.lineWidth(1).strokeColor(INK).moveTo(PAGE.margin, y).lineTo(PAGE.width - PAGE.margin, y).stroke();
  y += gap(6);
  y += block(pen, `${labels.title} — ${monthTitle(job.month, labels)}`, PAGE.margin, y, CONTENT_WIDTH, { size: 12, bold: true }, 'center');
  y += gap(6);

  y = detailsGrid(
    pen,
    [
      [{ label: labels.name, value: row.name }],
      [
        { label: labels.empId, value: row.empid },
        { label: labels.designation, value: slip.designation },
      ],
      [
        { label: labels.uan, value: row.uan ?? '' },
        { label: labels.esiNumber, value: row.esino ?? '' },
      ],
      [
        { label: labels.work, value: slip.work },
        { label: labels.dailyRate, value: formatPaise(toPaise(row.rate)) },
      ],
      [
        { label: labels.paidDays, value: String(row.days) },
        { label: labels.daysPresent, value: String(row.daysPresent) },
      ],
    ],
    y,
  );
  y += gap(8);

  y = amountsTable(
    pen,
    [
      { label: labels.earnings, amount: labels.amount, heading: true },
      { label: labels.gross, amount: formatPaise(figures.grossPaise), bold: true },
      { label: labels.deductions, heading: true },
      ...figures.lines.map((line) => ({ label: deductionLabel(labels, line.kind), amount: formatPaise(line.paise) })),
      { label: labels.totalDeductions, amount: formatPaise(figures.totalDeductionsPaise), bold: true },
      { label: labels.netPay, amount: formatPaise(figures.netPaise), bold: true, shade: true },
    ],
    y,
  );
  y += gap(6);
  y += block(pen, `${labels.dueDate}: ${dayTitle(job.dueDate, labels)}`, PAGE.margin, y, CONTENT_WIDTH, { size: 9, bold: true }, 'left');
  y += gap(4);

  // the employer's shares: not the worker's money, so smaller and apart from the table
  const note: Style = { size: 8, color: MUTED };
  y += block(pen, labels.employerContributions, PAGE.margin, y, CONTENT_WIDTH, note, 'left');
  for (const [label, paise] of [
    [labels.epfEmployer, figures.employerEpfPaise],
    [labels.esiEmployer, figures.employerEsiPaise],
  ] as const) {
    const height = block(pen, label, PAGE.margin + gap(10), y, CONTENT_WIDTH - 110, note, 'left');
    block(pen, formatPaise(paise), PAGE.width - PAGE.margin - 100, y, 100, note, 'right');
    y += height;
  }
  return y;
}

/** The scale at which a slip's content and signatures fit its page (1 when they fit as designed). */
function slipScale(doc: Doc, job: SlipJob, slip: Slip): number {
  let scale = 1;
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const needed = slipBody({ doc, draw: false, scale }, job, slip) + (SIGNATURE_GAP + SIGNATURE_HEIGHT) * scale;
    const room = PAGE.height - PAGE.margin;
    if (needed <= room || scale === MIN_SCALE) return scale;
    // the text wraps less as it shrinks, so the first guess is close; a few more steps settle it
    scale = Math.max(MIN_SCALE, scale * Math.min(0.97, room / needed));
  }
  return scale;
}

function drawSlip(doc: Doc, job: SlipJob, slip: Slip): void {
  const labels = SLIP_LABELS[slip.row.language];
  const scale = slipScale(doc, job, slip);
  doc.addPage({ size: 'A5', margin: PAGE.margin });
  const pen: Pen = { doc, draw: true, scale };
  const bottom = slipBody(pen, job, slip);

  // the signatures at the foot of the page, below whatever the slip needed
  const signatureTop = Math.max(bottom + SIGNATURE_GAP * scale, PAGE.height - PAGE.margin - SIGNATURE_HEIGHT * scale);
  const half = (CONTENT_WIDTH - 30) / 2;
  for (const [index, label] of [labels.workerSignature, labels.employerSignature].entries()) {
    const x = PAGE.margin + index * (half + 30);
    doc.lineWidth(0.5).strokeColor(INK).moveTo(x, signatureTop).lineTo(x + half, signatureTop).stroke();
    block(pen, label, x, signatureTop + 2 * scale, half, { size: 8 }, 'center');
  }

  if (job.status === 'draft') watermark(doc, labels);
}

/**
 * The job's slips as one PDF: a page per slip. Every slip's figures are checked first
 * (renderSlips has already checked them; this keeps the function safe on its own), so a job
 * that does not add up fails before any page is drawn (SlipFiguresError).
 */
export async function drawSlips(job: SlipJob): Promise<Buffer> {
  for (const slip of job.slips) slipFigures(slip.row, slip.deductions);
  const doc = new PDFDocument({
    autoFirstPage: false,
    compress: true,
    info: { Title: `Wage slips ${job.month}${job.status === 'draft' ? ' (draft)' : ''}`, Author: job.company.name, Creator: 'Dutyroll' },
    pdfVersion: '1.7',
  });
  for (const [name, data] of fonts()) doc.registerFont(name, data);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const slip of job.slips) drawSlip(doc, job, slip);
  doc.end();
  return await done;
}
