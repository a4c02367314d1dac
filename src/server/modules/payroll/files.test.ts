import * as XLSX from '@e965/xlsx';
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PAYROLL_SETTINGS, payrollFigures, toPaise, toRupees, wageDueDate } from '../../../shared/payroll.js';
import type { Payroll, PayrollRow, PayrollTotals } from '../../../shared/schemas/payroll.js';
import {
  BANK_HEADERS,
  BANK_MISSING_HEADERS,
  ECR_SEPARATOR,
  ESI_HEADERS,
  bankFile,
  bankMissingFile,
  ecrFile,
  ecrMemberName,
  esiFile,
  registerWorkbook,
  rupeesText,
  unpaidList,
  type PayrollExtrasByStaff,
  type PayrollFileExtras,
} from './files.js';

/**
 * The payroll's files read back as the portals and the bank would read them: the ECR split
 * on #~#, the ESIC sheet and the register through the spreadsheet library, the bank file
 * through a small RFC 4180 parser written here. The payroll rows come from the real
 * arithmetic (src/shared/payroll.ts) on the default settings, for September 2026 (30 days).
 */

const MONTH = '2026-09';
const DAYS = 30;

interface WorkerSpec {
  staffId: string;
  name: string;
  empid: string;
  uan: string | null;
  esino: string | null;
  /** the grid's code per day; L counts as paid leave here */
  codes: string[];
  rate: number;
  pfMember?: boolean;
  esiMember?: boolean;
  extras: PayrollFileExtras;
}

const VALUE: Record<string, number> = { P: 1, P2: 2, P3: 3 };

/** `n` days of `code`, then the rest of the month of `rest`. */
function month(parts: Array<[number, string]>, rest = 'A'): string[] {
  const codes = parts.flatMap(([n, code]) => Array.from({ length: n }, () => code));
  return [...codes, ...Array.from({ length: DAYS - codes.length }, () => rest)];
}

function rowOf(spec: WorkerSpec): PayrollRow {
  const dutyDays = spec.codes.reduce((sum, code) => sum + (VALUE[code] ?? 0), 0);
  const daysPresent = spec.codes.filter((code) => code in VALUE).length;
  const paidLeaveDays = spec.codes.filter((code) => code === 'L' || code === 'H').length;
  const figures = payrollFigures(
    {
      dutyDays,
      paidLeaveDays,
      daysPresent,
      ratePaise: toPaise(spec.rate),
      skill: 'unskilled',
      dob: '1990-01-01',
      pfMember: spec.pfMember ?? true,
      esiMember: spec.esiMember ?? true,
      esiCovered: true,
      hasUan: spec.uan !== null,
      hasEsiNumber: spec.esino !== null,
      hasBankDetails: spec.extras.bank !== null,
      otherDeductionsPaise: spec.extras.deductions.reduce((sum, d) => sum + toPaise(d.amount), 0),
    },
    MONTH,
    DEFAULT_PAYROLL_SETTINGS,
  );
  return {
    staffId: spec.staffId,
    name: spec.name,
    empid: spec.empid,
    uan: spec.uan,
    esino: spec.esino,
    skill: 'unskilled',
    language: 'en',
    days: figures.days,
    daysPresent: figures.daysPresent,
    paidLeaveDays,
    codes: spec.codes,
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
}

const MONEY_KEYS = ['gross', 'epfWages', 'epsWages', 'edliWages', 'pfEmployee', 'eps', 'pfEmployerDiff', 'esiEmployee', 'esiEmployer', 'otherDeductions', 'net', 'employerCost'] as const;

function payrollOf(specs: WorkerSpec[], status: Payroll['status'] = 'final'): { payroll: Payroll; extras: PayrollExtrasByStaff } {
  const rows = specs.map(rowOf);
  const totals = { days: rows.reduce((sum, row) => sum + row.days, 0) } as PayrollTotals;
  for (const key of MONEY_KEYS) totals[key] = toRupees(rows.reduce((sum, row) => sum + toPaise(row[key]), 0));
  const payroll: Payroll = {
    month: MONTH,
    work: 'mcc',
    status,
    dueDate: wageDueDate(MONTH),
    settingsFrom: DEFAULT_PAYROLL_SETTINGS.effectiveFrom,
    finalisedAt: status === 'final' ? '2026-10-02T10:00:00.000Z' : null,
    finalisedBy: status === 'final' ? 'Office Manager' : null,
    rows,
    totals,
  };
  return { payroll, extras: Object.fromEntries(specs.map((spec) => [spec.staffId, spec.extras])) };
}

const bank = (accountName: string, acNumber: string) => ({ accountName, acNumber, ifsc: 'SBIN0001234' });

const WORKERS: WorkerSpec[] = [
  {
    // gross 26 × 800.25 = 20,806.50: EPF wages capped at 15,000; the ECR's gross rounds half up to 20,807
    staffId: 's-asha',
    name: 'Asha Devi',
    empid: 'MCC001',
    uan: '100427607286',
    esino: '3112345678',
    codes: month([[6, 'P'], [1, 'W'], [6, 'P'], [1, 'W'], [6, 'P'], [1, 'W'], [6, 'P'], [1, 'W'], [2, 'P']]),
    rate: 800.25,
    extras: { bank: bank('Asha Devi', '00012345678901'), leftOn: null, deductions: [] },
  },
  {
    // a comma and quotes in the name; a P2 day; 23 paid days at 783.45 = 18,019.35
    staffId: 's-kumar',
    name: 'Kumar, "Raju" R.',
    empid: 'MCC002',
    uan: '100257274743',
    esino: '3112345679',
    codes: month([[1, 'P2'], [20, 'P'], [1, 'H']]),
    rate: 783.45,
    extras: { bank: bank('Kumar, "Raju" R.', '123456789012'), leftOn: null, deductions: [] },
  },
  {
    // a name a spreadsheet would run as a formula; a PF member without a UAN (flagged, left out of the ECR)
    staffId: 's-formula',
    name: '=HYPERLINK("http://x","y")',
    empid: 'MCC003',
    uan: null,
    esino: '3112345680',
    codes: month([[25, 'P'], [2, 'L']]),
    rate: 790,
    extras: { bank: bank('=HYPERLINK("http://x","y")', '5555000011112222'), leftOn: null, deductions: [] },
  },
  {
    // no bank details: in the unpaid list, not in the bank file; an advance
    staffId: 's-meena',
    name: 'Meena Kumari',
    empid: 'MCC004',
    uan: '100427601130',
    esino: '3112345681',
    codes: month([[28, 'P']]),
    rate: 783,
    extras: { bank: null, leftOn: null, deductions: [{ kind: 'advance', amount: 500 }] },
  },
  {
    // resigned on 12 September; an IP number with leading zeros; a fine and a damage
    staffId: 's-ravi',
    name: 'Ravi Shankar',
    empid: 'MCC005',
    uan: '100427601999',
    esino: '0012345678',
    codes: month([[10, 'P']]),
    rate: 800,
    extras: {
      bank: bank('Ravi Shankar', '000099998888'),
      leftOn: '2026-09-12',
      deductions: [
        { kind: 'fine', amount: 100 },
        { kind: 'damage', amount: 250.5 },
      ],
    },
  },
  {
    // not a PF or ESI member: a UAN from a former employer, but no EPF wages here
    staffId: 's-suresh',
    name: 'Suresh Babu',
    empid: 'MCC006',
    uan: '100427601888',
    esino: null,
    codes: month([[30, 'P']]),
    rate: 1000,
    pfMember: false,
    esiMember: false,
    extras: { bank: bank('Suresh Babu', '777766665555'), leftOn: null, deductions: [{ kind: 'other', amount: 1000 }] },
  },
];

const { payroll: FINAL, extras: EXTRAS } = payrollOf(WORKERS);
const { payroll: DRAFT } = payrollOf(WORKERS, 'draft');
const byStaff = (id: string) => FINAL.rows.find((row) => row.staffId === id)!;

describe('the EPFO ECR file', () => {
  const file = ecrFile(FINAL);
  const text = file.body.toString('utf8');
  const lines = text.split('\n');
  const included = FINAL.rows.filter((row) => ['s-asha', 's-kumar', 's-meena', 's-ravi'].includes(row.staffId));

  it('is plain ASCII text, LF between lines, no header and no blank last line', () => {
    expect(file.fileName).toBe('ECR_mcc_09_2026.txt');
    expect(file.contentType).toBe('text/plain; charset=utf-8');
    expect(/^[\x20-\x7e\n]*$/.test(text)).toBe(true);
    expect(text).not.toContain('\r');
    expect(text.endsWith('\n')).toBe(false);
    expect(lines).toHaveLength(included.length);
    // every line starts with a 12-digit UAN: there is no header
    for (const line of lines) expect(line).toMatch(/^\d{12}#~#/);
  });

  it('has eleven fields on every line, every amount in whole rupees, refund of advances 0', () => {
    for (const line of lines) {
      const fields = line.split(ECR_SEPARATOR);
      expect(fields).toHaveLength(11);
      expect(fields[1]).toMatch(/^[A-Za-z. ]+$/);
      for (const amount of fields.slice(2)) expect(amount).toMatch(/^\d+$/);
      expect(fields[10]).toBe('0');
    }
  });

  it('leaves out the PF member without a UAN and the worker who is not a PF member', () => {
    const uans = lines.map((line) => line.split(ECR_SEPARATOR)[0]);
    expect(uans).toEqual(included.map((row) => row.uan));
    expect(byStaff('s-formula').flags).toContain('no UAN');
    expect(byStaff('s-suresh').epfWages).toBe(0);
  });

  it('writes a member line as EPFO reads it', () => {
    // gross 20,806.50 → 20,807; EPF wages capped; 12 % of 15,000; 8.33 % → 1,250; NCP 30 − 26
    expect(lines[0]).toBe('100427607286#~#Asha Devi#~#20807#~#15000#~#15000#~#15000#~#1800#~#1250#~#550#~#4#~#0');
    // the comma and the quotes go, the dot stays; gross 18,019.35 → 18,019; NCP 30 − 21 days present
    expect(lines[1]!.split(ECR_SEPARATOR).slice(0, 3)).toEqual(['100257274743', 'Kumar Raju R.', '18019']);
    expect(lines[1]!.split(ECR_SEPARATOR)[9]).toBe('9');
  });

  it('remits in total what the included rows hold, field by field', () => {
    const sum = (index: number) => lines.reduce((total, line) => total + Number(line.split(ECR_SEPARATOR)[index]) * 100, 0);
    const rowsSum = (key: 'pfEmployee' | 'eps' | 'pfEmployerDiff' | 'epfWages') => included.reduce((total, row) => total + toPaise(row[key]), 0);
    expect(sum(6)).toBe(rowsSum('pfEmployee'));
    expect(sum(7)).toBe(rowsSum('eps'));
    expect(sum(8)).toBe(rowsSum('pfEmployerDiff'));
    expect(sum(3)).toBe(rowsSum('epfWages'));
    // EPF = EPS + the difference, on every line
    for (const line of lines) {
      const fields = line.split(ECR_SEPARATOR).map(Number);
      expect(fields[6]).toBe(fields[7]! + fields[8]!);
    }
  });

  it('never lets a name split a field', () => {
    expect(ecrMemberName('A#~#B ~ C')).toBe('A B C');
    expect(ecrMemberName('  José  D\'Souza\n')).toBe('Jose D Souza');
    expect(ecrMemberName('x'.repeat(100))).toHaveLength(85);
    const { payroll } = payrollOf([{ ...WORKERS[0]!, name: 'Hash#~#Tilde#~#Name' }]);
    const fields = ecrFile(payroll).body.toString('utf8').split(ECR_SEPARATOR);
    expect(fields).toHaveLength(11);
    expect(fields[1]).toBe('Hash Tilde Name');
  });

  it('keeps NCP days at 0 or more and names a draft', () => {
    const { payroll } = payrollOf([{ ...WORKERS[0]!, codes: month([], 'P3') }]);
    expect(ecrFile(payroll).body.toString('utf8').split(ECR_SEPARATOR)[9]).toBe('0');
    expect(ecrFile(DRAFT).fileName).toBe('ECR_mcc_09_2026_DRAFT.txt');
  });

  it('refuses a contribution that is not whole rupees rather than rounding it silently', () => {
    const broken = { ...FINAL, rows: [{ ...FINAL.rows[0]!, pfEmployee: 1800.4 }] };
    expect(() => ecrFile(broken)).toThrow(/EPF contribution of MCC001/);
  });
});

/** The first sheet as rows of cells, and the cells themselves. */
function readSheet(body: Buffer): { name: string; sheet: XLSX.WorkSheet; rows: unknown[][] } {
  const book = XLSX.read(body, { type: 'buffer', cellNF: true });
  const name = book.SheetNames[0]!;
  const sheet = book.Sheets[name]!;
  return { name, sheet, rows: XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: null }) };
}

const cellAt = (sheet: XLSX.WorkSheet, r: number, c: number) => sheet[XLSX.utils.encode_cell({ r, c })] as XLSX.CellObject | undefined;

describe('the ESIC monthly contribution file', () => {
  const file = esiFile(FINAL, EXTRAS);
  const { sheet, rows } = readSheet(file.body);

  it('has the portal six columns in order from A1 and nothing beyond them', () => {
    expect(file.fileName).toBe('ESI_mcc_09_2026.xlsx');
    expect(file.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(rows[0]).toEqual([...ESI_HEADERS]);
    expect(cellAt(sheet, 0, 0)?.v).toBe('IP Number (10 Digits)');
    expect(XLSX.utils.decode_range(sheet['!ref']!).e.c).toBe(5);
  });

  it('has a row per covered row with an IP number: the IP number as text, days and wages as numbers', () => {
    const ips = rows.slice(1).map((row) => row[0]);
    expect(ips).toEqual(['3112345678', '3112345679', '3112345680', '3112345681', '0012345678']);
    for (let r = 1; r < rows.length; r += 1) {
      expect(cellAt(sheet, r, 0)?.t).toBe('s');
      expect(cellAt(sheet, r, 0)?.v).toMatch(/^\d{10}$/);
      expect(cellAt(sheet, r, 1)?.v).toMatch(/^[A-Za-z ]+$/);
      expect(cellAt(sheet, r, 2)?.t).toBe('n');
      expect(cellAt(sheet, r, 3)?.t).toBe('n');
      expect(cellAt(sheet, r, 4)?.t).toBe('n');
    }
    expect(rows[1]).toEqual(['3112345678', 'Asha Devi', 26, 20806.5, 0, null]);
    expect(rows[2]).toEqual(['3112345679', 'Kumar Raju R', 21, 18019.35, 0, null]);
    // the total of the wages column is the covered rows' gross, to the paisa
    const wagesPaise = rows.slice(1).reduce((sum, row) => sum + toPaise(row[3] as number), 0);
    const coveredPaise = FINAL.rows.filter((row) => row.esino).reduce((sum, row) => sum + toPaise(row.gross), 0);
    expect(wagesPaise).toBe(coveredPaise);
  });

  it('gives the worker who left in the month reason 2 and the last working day, everyone else 0 and no date', () => {
    const ravi = rows.find((row) => row[0] === '0012345678')!;
    expect(ravi).toEqual(['0012345678', 'Ravi Shankar', 10, 8000, 2, '12/09/2026']);
    for (const row of rows.slice(1).filter((row) => row !== ravi)) {
      expect(row[4]).toBe(0);
      expect(row[5]).toBeNull();
    }
  });

  it('reads a leaving date of another month as not leaving in this one', () => {
    const { payroll, extras } = payrollOf([{ ...WORKERS[4]!, extras: { ...WORKERS[4]!.extras, leftOn: '2026-10-03' } }]);
    expect(readSheet(esiFile(payroll, extras).body).rows[1]!.slice(4)).toEqual([0, null]);
  });

  it('gives reason 1 (on leave) to a row with wages but no day worked', () => {
    const { payroll, extras } = payrollOf([{ ...WORKERS[0]!, codes: month([[5, 'L']]) }]);
    expect(readSheet(esiFile(payroll, extras).body).rows[1]).toEqual(['3112345678', 'Asha Devi', 0, 4001.25, 1, null]);
  });
});

/** RFC 4180: fields split on commas, quoted fields may hold commas, CR, LF and doubled quotes; records end with CRLF. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') {
      if (field !== '') throw new Error(`a quote inside an unquoted field at ${i}`);
      quoted = true;
    } else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\r') {
      if (text[i + 1] !== '\n') throw new Error(`a CR without LF at ${i}`);
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 1;
    } else if (char === '\n') throw new Error(`a bare LF at ${i}`);
    else field += char;
  }
  if (quoted) throw new Error('an unterminated quoted field');
  if (field !== '' || record.length > 0) throw new Error('the last record has no CRLF');
  return records;
}

describe('the bank payment file', () => {
  const file = bankFile(FINAL, EXTRAS);
  const text = file.body.toString('utf8');
  const [header, ...lines] = parseCsv(text);
  const payable = FINAL.rows.filter((row) => row.net > 0 && EXTRAS[row.staffId]?.bank);

  it('is CSV with CRLF, UTF-8 without a byte-order mark, and the header the bank reads', () => {
    expect(file.fileName).toBe('Bank_mcc_09_2026.csv');
    expect(file.contentType).toBe('text/csv; charset=utf-8');
    expect(file.body[0]).toBe('B'.charCodeAt(0));
    expect(text.endsWith('\r\n')).toBe(true);
    expect(header).toEqual([...BANK_HEADERS]);
  });

  it('has a line per payable row with bank details: five fields, amount 12345.00, the narration exact', () => {
    expect(lines).toHaveLength(payable.length);
    expect(lines.map((line) => line[0])).toEqual(['Asha Devi', 'Kumar, "Raju" R.', `'=HYPERLINK("http://x","y")`, 'Ravi Shankar', 'Suresh Babu']);
    for (const line of lines) {
      expect(line).toHaveLength(5);
      expect(line[1]).toMatch(/^\d+$/);
      expect(line[2]).toMatch(/^[A-Z]{4}0[A-Z0-9]{6}$/);
      expect(line[3]).toMatch(/^\d+\.\d{2}$/);
      expect(line[4]).toBe('Wages Sep 2026');
    }
    // the account number keeps its leading zeros: it is text in the file
    expect(lines[0]![1]).toBe('00012345678901');
    expect(lines[0]![3]).toBe(rupeesText(toPaise(byStaff('s-asha').net)));
  });

  it('neutralises a name a spreadsheet would run as a formula', () => {
    expect(text).not.toMatch(/(^|,|")=/m);
  });

  it('pays in total, to the paisa, the net of the payable rows', () => {
    const paid = lines.reduce((sum, line) => sum + Number(line[3]!.replace('.', '')), 0);
    expect(paid).toBe(payable.reduce((sum, row) => sum + toPaise(row.net), 0));
  });

  it('lists the payable rows without bank details, also as a second CSV', () => {
    const meena = byStaff('s-meena');
    expect(unpaidList(FINAL, EXTRAS)).toEqual([{ staffId: 's-meena', name: 'Meena Kumari', empid: 'MCC004', net: meena.net }]);
    const missing = bankMissingFile(FINAL, EXTRAS);
    expect(missing.fileName).toBe('BankMissing_mcc_09_2026.csv');
    expect(parseCsv(missing.body.toString('utf8'))).toEqual([[...BANK_MISSING_HEADERS], ['Meena Kumari', 'MCC004', rupeesText(toPaise(meena.net))]]);
    expect(bankFile(DRAFT, EXTRAS).fileName).toBe('Bank_mcc_09_2026_DRAFT.csv');
  });

  it('formats paise without float errors', () => {
    expect(rupeesText(1234500)).toBe('12345.00');
    expect(rupeesText(1)).toBe('0.01');
    expect(rupeesText(1_000_000_07)).toBe('1000000.07');
    expect(rupeesText(-250)).toBe('-2.50');
    // 0.1 + 0.2 as rupees is 30 paise, never 0.30000000000000004
    expect(rupeesText(toPaise(0.1) + toPaise(0.2))).toBe('0.30');
  });

  /** A random payroll row: the bank file reads staffId, name and net only. */
  const randomRow = fc.record({
    netPaise: fc.integer({ min: -50_000, max: 10_000_000 }),
    hasBank: fc.boolean(),
    name: fc.string({ maxLength: 30 }),
  });

  test.prop([fc.array(randomRow, { maxLength: 40 })], { numRuns: 200 })('the amounts sum, in paise, to the payable rows\u2019 net', (random) => {
    const base = FINAL.rows[0]!;
    const rows = random.map((r, i) => ({ ...base, staffId: `s${i}`, name: r.name, net: toRupees(r.netPaise) }));
    const extras: PayrollExtrasByStaff = Object.fromEntries(random.map((r, i) => [`s${i}`, { bank: r.hasBank ? bank(r.name, `1000${i}`) : null, leftOn: null, deductions: [] }]));
    const [head, ...records] = parseCsv(bankFile({ ...FINAL, rows }, extras).body.toString('utf8'));
    expect(head).toEqual([...BANK_HEADERS]);
    for (const record of records) {
      expect(record).toHaveLength(5);
      expect(record[3]).toMatch(/^\d+\.\d{2}$/);
    }
    const paid = records.reduce((sum, record) => sum + Number(record[3]!.replace('.', '')), 0);
    expect(paid).toBe(random.filter((r) => r.hasBank && r.netPaise > 0).reduce((sum, r) => sum + r.netPaise, 0));
    // every payable row is either in the bank file or in the unpaid list
    expect(records.length + unpaidList({ ...FINAL, rows }, extras).length).toBe(random.filter((r) => r.netPaise > 0).length);
  });
});

describe('the wage register cum muster roll', () => {
  const file = registerWorkbook(FINAL, EXTRAS);
  const { name, sheet, rows } = readSheet(file.body);
  const header = rows[1]!;
  const column = (title: string | number) => header.indexOf(title);

  it('has the title, the header with a column per day and a signature column, on the sheet Register', () => {
    expect(file.fileName).toBe('Register_mcc_09_2026.xlsx');
    expect(name).toBe('Register');
    expect(rows[0]![0]).toBe('Wage register cum muster roll - September 2026 (MCC)');
    expect(header).toEqual([
      'S.No', 'Name', 'Emp ID',
      ...Array.from({ length: DAYS }, (_, i) => i + 1),
      'Days', 'Rate', 'Gross', 'EPF', 'ESI', 'Advance', 'Fine', 'Damage', 'Other', 'Total deductions', 'Net', 'Signature',
    ]);
  });

  it('shows each day code, A as blank, and leaves the signature column empty', () => {
    const kumar = rows[3]!;
    expect(kumar.slice(0, 3)).toEqual([2, 'Kumar, "Raju" R.', 'MCC002']);
    expect(kumar[column(1)]).toBe('P2');
    expect(kumar[column(2)]).toBe('P');
    expect(kumar[column(22)]).toBe('H');
    expect(kumar[column(23)]).toBeNull();
    expect(rows[2]![column(7)]).toBe('W');
    expect(rows[4]![column(26)]).toBe('L');
    for (const row of rows.slice(2)) expect(row[column('Signature')]).toBeNull();
    // the formula-like name is text, neutralised
    expect(rows[4]![1]).toBe(`'=HYPERLINK("http://x","y")`);
  });

  it('stores numbers as numbers, money formatted #,##0.00', () => {
    for (let r = 2; r < rows.length; r += 1) {
      for (const title of ['Days', 'Rate', 'Gross', 'EPF', 'ESI', 'Advance', 'Fine', 'Damage', 'Other', 'Total deductions', 'Net']) {
        const cell = cellAt(sheet, r, column(title));
        if (r === rows.length - 1 && title === 'Rate') continue; // the totals row has no rate
        expect(cell?.t, `${title} of row ${r}`).toBe('n');
        if (title !== 'Days') expect(cell?.z).toBe('#,##0.00');
      }
    }
    expect(cellAt(sheet, 2, 0)?.t).toBe('n');
  });

  it('shows each deduction and adds them up: total deductions = gross − net', () => {
    const ravi = rows[6]!;
    const figures = byStaff('s-ravi');
    expect(ravi[column('Days')]).toBe(10);
    expect(ravi[column('Rate')]).toBe(800);
    expect(ravi[column('Gross')]).toBe(8000);
    expect(ravi[column('EPF')]).toBe(figures.pfEmployee);
    expect(ravi[column('ESI')]).toBe(figures.esiEmployee);
    expect(ravi[column('Fine')]).toBe(100);
    expect(ravi[column('Damage')]).toBe(250.5);
    expect(ravi[column('Net')]).toBe(figures.net);
    expect(rows[5]![column('Advance')]).toBe(500);
    for (const row of rows.slice(2)) {
      expect(toPaise(row[column('Total deductions')] as number)).toBe(toPaise(row[column('Gross')] as number) - toPaise(row[column('Net')] as number));
    }
  });

  it('ends with a totals row equal to the payroll totals', () => {
    const totals = rows.at(-1)!;
    expect(rows).toHaveLength(2 + FINAL.rows.length + 1);
    expect(totals[1]).toBe('Total');
    expect(totals[column('Days')]).toBe(FINAL.totals.days);
    expect(totals[column('Gross')]).toBe(FINAL.totals.gross);
    expect(totals[column('EPF')]).toBe(FINAL.totals.pfEmployee);
    expect(totals[column('ESI')]).toBe(FINAL.totals.esiEmployee);
    expect(totals[column('Net')]).toBe(FINAL.totals.net);
    expect(toPaise(totals[column('Advance')] as number) + toPaise(totals[column('Fine')] as number) + toPaise(totals[column('Damage')] as number) + toPaise(totals[column('Other')] as number)).toBe(
      toPaise(FINAL.totals.otherDeductions),
    );
  });

  it('says DRAFT on a draft, in the title and the file name', () => {
    const draft = registerWorkbook(DRAFT, EXTRAS);
    expect(draft.fileName).toBe('Register_mcc_09_2026_DRAFT.xlsx');
    expect(readSheet(draft.body).rows[0]![0]).toBe('Wage register cum muster roll - September 2026 (MCC) - DRAFT');
    expect(rows[0]![0]).not.toContain('DRAFT');
  });

  it('refuses deductions by kind that do not add up to the row\u2019s other deductions', () => {
    const extras = { ...EXTRAS, 's-meena': { ...EXTRAS['s-meena']!, deductions: [{ kind: 'advance' as const, amount: 400 }] } };
    expect(() => registerWorkbook(FINAL, extras)).toThrow(/MCC004/);
  });
});
