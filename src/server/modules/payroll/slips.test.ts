import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PAYROLL_SETTINGS, payrollFigures, toRupees, type DeductionKind, type DocLanguage } from '../../../shared/payroll.js';
import type { PayrollRow } from '../../../shared/schemas/payroll.js';
import { SlipFiguresError } from './slip-figures.js';
import { SLIP_LABELS } from './slip-labels.js';
import { formatPaise, scriptRuns } from './slip-pdf.js';
import { renderSlips, slipRendersRunning, type SlipJob } from './slips.js';
import { pageTexts, type PageText } from '../../../../test/helpers/pdf-text.js';

/**
 * The characters of a text, decomposed and sorted: a run's glyphs hold its characters in
 * visual, not logical, order, and a split vowel sign (ൊ) as its two parts (െ …ാ).
 */
function sortedChars(text: string): string {
  return [...text.normalize('NFD')].sort().join('');
}

interface Worker {
  name: string;
  empid: string;
  language: DocLanguage;
  designation: string;
  deductions: { kind: DeductionKind; amount: number }[];
  ratePaise?: number;
}

/** A payroll row computed as the payroll does (src/shared/payroll.ts), for 26 paid days. */
function slipOf(worker: Worker): SlipJob['slips'][number] {
  const otherPaise = worker.deductions.reduce((sum, deduction) => sum + Math.round(deduction.amount * 100), 0);
  const figures = payrollFigures(
    {
      dutyDays: 24,
      paidLeaveDays: 2,
      daysPresent: 23,
      ratePaise: worker.ratePaise ?? 78_300,
      skill: 'unskilled',
      dob: '1990-04-01',
      pfMember: true,
      esiMember: true,
      esiCovered: true,
      hasUan: true,
      hasEsiNumber: true,
      hasBankDetails: true,
      otherDeductionsPaise: otherPaise,
    },
    '2026-09',
    DEFAULT_PAYROLL_SETTINGS,
  );
  const row: PayrollRow = {
    staffId: `id-${worker.empid}`,
    name: worker.name,
    empid: worker.empid,
    uan: '100987654321',
    esino: '3100123456',
    skill: 'unskilled',
    language: worker.language,
    days: figures.days,
    daysPresent: figures.daysPresent,
    paidLeaveDays: 2,
    codes: [],
    rate: toRupees(figures.ratePaise),
    gross: toRupees(figures.grossPaise),
    epfWages: toRupees(figures.epfWagesPaise),
    epsWages: toRupees(figures.epsWagesPaise),
    edliWages: toRupees(figures.edliWagesPaise),
    pfEmployee: toRupees(figures.pfEmployeePaise),
    eps: toRupees(figures.epsPaise),
    pfEmployerDiff: toRupees(figures.pfEmployerDiffPaise),
    esiEmployee: toRupees(figures.esiEmployeePaise),
    esiEmployer: toRupees(figures.esiEmployerPaise),
    otherDeductions: toRupees(figures.otherDeductionsPaise),
    net: toRupees(figures.netPaise),
    employerCost: toRupees(figures.employerCostPaise),
    flags: figures.flags,
  };
  return { row, designation: worker.designation, work: 'Mechanised coach cleaning', deductions: [...worker.deductions] };
}

const WORKERS: Worker[] = [
  { name: 'Ramesh Kumar', empid: 'SV0042', language: 'en', designation: 'Coach cleaner', deductions: [{ kind: 'advance', amount: 1000 }] },
  { name: 'सुनीता देवी', empid: 'SV0043', language: 'hi', designation: 'सफ़ाई कर्मचारी', deductions: [{ kind: 'fine', amount: 250.5 }, { kind: 'other', amount: 100 }] },
  { name: 'അനിൽ കുമാർ കൊച്ചുപറമ്പിൽ', empid: 'SV0044', language: 'ml', designation: 'ശുചീകരണ തൊഴിലാളി', deductions: [{ kind: 'damage', amount: 300 }] },
  // a Latin name on a Hindi slip: its letters come from Noto Sans, its labels from Noto Sans Devanagari
  { name: 'Joseph D’Souza', empid: 'SV0045', language: 'hi', designation: 'Supervisor', deductions: [], ratePaise: 1_035_00 },
  // long texts and six deductions (listed per kind): drawn smaller, still on one page
  {
    name: 'കൊച്ചുപറമ്പിൽ വീട്ടിൽ ശ്രീധരൻ നായർ ഉണ്ണികൃഷ്ണൻ Venkata Subramanian Ramachandran',
    empid: 'SV0046',
    language: 'ml',
    designation: 'Senior housekeeping supervisor (mechanised coach cleaning, night shift)',
    deductions: [
      { kind: 'advance', amount: 500 },
      { kind: 'fine', amount: 100 },
      { kind: 'damage', amount: 250 },
      { kind: 'other', amount: 50 },
      { kind: 'advance', amount: 700 },
      { kind: 'fine', amount: 100 },
    ],
    ratePaise: 1_035_50,
  },
];

function jobOf(status: 'draft' | 'final', workers: Worker[] = WORKERS): SlipJob {
  return {
    company: {
      name: 'Sree Padmanabha Integrated Railway Facility Management and Mechanised Cleaning Services Private Limited',
      address: 'Building No. 14/2-B, Second Floor, Near Ernakulam South Railway Station, Chittoor Road, Kadavanthra, Kochi, Kerala 682016',
    },
    month: '2026-09',
    status,
    dueDate: '2026-10-07',
    slips: workers.map(slipOf),
  };
}

describe('wage-slip text', () => {
  it('writes money as rupees with Indian grouping and two decimals', () => {
    expect(formatPaise(0)).toBe('₹0.00');
    expect(formatPaise(5)).toBe('₹0.05');
    expect(formatPaise(78_300)).toBe('₹783.00');
    expect(formatPaise(1_234_500)).toBe('₹12,345.00');
    expect(formatPaise(12_345_678_90)).toBe('₹1,23,45,678.90');
    expect(formatPaise(10_000_000)).toBe('₹1,00,000.00');
  });

  it('cuts a line where its script changes, keeping spaces with the run they follow', () => {
    expect(scriptRuns('सुनीता देवी (Sunita) ₹783.00 ശമ്പള സ്ലിപ്പ്')).toEqual([
      { text: 'सुनीता देवी ', script: 'deva' },
      { text: '(Sunita) ₹783.00 ', script: 'latin' },
      { text: 'ശമ്പള സ്ലിപ്പ്', script: 'mlym' },
    ]);
    expect(scriptRuns(' नाम')).toEqual([{ text: ' नाम', script: 'deva' }]);
  });

  it('has every label in every language', () => {
    for (const language of ['hi', 'ml'] as const) {
      for (const [key, text] of Object.entries(SLIP_LABELS[language])) {
        if (typeof text === 'string' && key !== 'uan') expect(text, `${language}.${key}`).not.toBe(SLIP_LABELS.en[key as 'title']);
      }
    }
  });
});

describe('renderSlips', () => {
  // one draft and one final of the four workers, made at once, read by the tests below
  let finalPages: PageText[];
  let draftPages: PageText[];
  beforeAll(async () => {
    const [final, draft] = await Promise.all([renderSlips(jobOf('final')), renderSlips(jobOf('draft'))]);
    finalPages = pageTexts(final);
    draftPages = pageTexts(draft);
  });

  it("draws a page per worker, each in the worker's language, with real text", () => {
    const job = jobOf('final');
    const pages = finalPages;
    expect(pages).toHaveLength(job.slips.length);
    job.slips.forEach(({ row, deductions }, index) => {
      const page = pages[index]!;
      const labels = SLIP_LABELS[row.language];
      // a long name wraps at a space: read across the lines
      expect(page.text.replace(/\n/g, ' ')).toContain(row.name);
      expect(page.text).toContain(row.empid);
      expect(page.text).toContain(`${labels.title} — ${labels.months[8]} 2026`);
      expect(page.text).toContain(labels.netPay);
      expect(page.text).toContain(formatPaise(Math.round(row.net * 100)));
      expect(page.text).toContain(formatPaise(Math.round(row.gross * 100)));
      expect(page.text).toContain(`${labels.dueDate}: 7 ${labels.months[9]} 2026`);
      for (const deduction of deductions) expect(page.text).toContain(labels.deduction[deduction.kind]);
      // everything on the page, signatures included, above its bottom margin
      expect(page.lowest).toBeGreaterThan(20);
      const employerEpf = Math.round(row.eps * 100) + Math.round(row.pfEmployerDiff * 100);
      expect(page.text).toContain(formatPaise(employerEpf));
      // one language a slip: no other language's title on it
      for (const other of ['en', 'hi', 'ml'] as const) if (other !== row.language) expect(page.text).not.toContain(SLIP_LABELS[other].title);
      expect(page.missing).toBe(0);
    });
    expect(pages[1]!.text).toContain('वेतन पर्ची — सितंबर 2026');
    expect(pages[2]!.text).toContain('ശമ്പള സ്ലിപ്പ് — സെപ്റ്റംബർ 2026');
    expect(pages[3]!.text).toContain('Joseph D’Souza');
    // more than four entries: one line per kind, the two advances as one
    expect(pages[4]!.text).toContain(`${SLIP_LABELS.ml.deduction.advance}₹1,200.00`);
    expect(pages[4]!.text.split(SLIP_LABELS.ml.deduction.fine)).toHaveLength(2);
  });

  it("maps every Hindi and Malayalam glyph back to its run's characters through the font's ToUnicode", () => {
    const marked = [...finalPages, ...draftPages].flatMap((page) => page.marked);
    expect(marked.map((span) => span.actual)).toEqual(expect.arrayContaining(['कर्मचारी संख्या', 'ജീവനക്കാരന്റെ നമ്പർ']));
    // shaping reorders (ि is drawn before its consonant) and joins (conjuncts), but loses nothing
    for (const span of marked) expect(sortedChars(span.glyphs), span.actual).toBe(sortedChars(span.actual));
  });

  it('watermarks a draft, in English and in the slip’s language, and not a final', () => {
    expect(draftPages).toHaveLength(WORKERS.length);
    expect(draftPages[0]!.text).toContain('DRAFT');
    expect(draftPages[1]!.text).toMatch(/DRAFT[\s\S]*प्रारूप/);
    expect(draftPages[2]!.text).toMatch(/DRAFT[\s\S]*കരട്/);
    for (const page of finalPages) {
      expect(page.text).not.toContain('DRAFT');
      expect(page.text).not.toContain('प्रारूप');
      expect(page.text).not.toContain('കരട്');
    }
  });

  it('refuses slips whose figures do not add up, before starting a worker', async () => {
    const wrongNet = jobOf('final', WORKERS.slice(0, 1));
    wrongNet.slips[0]!.row.net += 1;
    await expect(renderSlips(wrongNet)).rejects.toThrow(SlipFiguresError);
    await expect(renderSlips(wrongNet)).rejects.toThrow(/SV0042: gross .* is not the net/);
    const lostDeduction = jobOf('final', WORKERS.slice(1, 2));
    lostDeduction.slips[0]!.deductions.pop();
    await expect(renderSlips(lostDeduction)).rejects.toThrow(/SV0043: the deductions .* are not the payroll's other deductions/);
    expect(slipRendersRunning()).toBe(0);
  });

  it('makes 400 slips in a worker thread, not on the event loop', async () => {
    // the four everyday workers (the long one is drawn in several measuring passes: it is covered above)
    const everyday = WORKERS.slice(0, 4);
    const workers = Array.from({ length: 400 }, (_, index) => ({ ...everyday[index % everyday.length]!, empid: `SV${String(index + 1).padStart(4, '0')}` }));
    const started: number[] = [];
    const onWorker = (worker: { threadId: number }): void => void started.push(worker.threadId);
    process.on('worker', onWorker);
    try {
      const rendering = renderSlips(jobOf('final', workers));
      expect(slipRendersRunning()).toBe(1);
      const pdf = await rendering;
      expect(started).toHaveLength(1);
      expect(pdf.toString('latin1').match(/\/Type \/Page\n/g)).toHaveLength(400);
    } finally {
      process.off('worker', onWorker);
    }
    expect(slipRendersRunning()).toBe(0);
  });
});
