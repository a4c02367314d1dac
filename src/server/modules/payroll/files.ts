import * as XLSX from '@e965/xlsx';
import { XLSX_TYPE } from '../../../shared/api/reports.js';
import { safeCell } from '../../../shared/money.js';
import { MONTH_NAMES, monthLabel, monthParts } from '../../../shared/months.js';
import { nearestRupee, toPaise, toRupees, type DeductionKind } from '../../../shared/payroll.js';
import type { Payroll, PayrollRow } from '../../../shared/schemas/payroll.js';

/**
 * The files of a month's payroll (issue 26 "Outputs"): the EPFO ECR, the ESIC monthly
 * contribution upload, the bank payment file with its list of workers the bank cannot pay,
 * and the wage register cum muster roll. Pure functions of the payroll answer and what the
 * service knows beside it (bank details, leaving dates, the deductions by kind): no database,
 * no routes. Money is summed and formatted in integer paise; rupees appear only as the
 * files' own text or cells.
 */

/** What the service adds to each payroll row for the files, keyed by staffId. */
export interface PayrollFileExtras {
  /** null: no bank details (the row cannot be paid by bank) */
  bank: { accountName: string; acNumber: string; ifsc: string } | null;
  /** 'YYYY-MM-DD', the last working day of a worker who resigned (status Resigned) */
  leftOn: string | null;
  /** the month's advances, fines, damages and other deductions, in rupees */
  deductions: Array<{ kind: DeductionKind; amount: number }>;
}

/** The extras of a payroll's rows by staffId; a row without an entry has none of them. */
export type PayrollExtrasByStaff = Readonly<Record<string, PayrollFileExtras | undefined>>;

/** A file to send as it is. */
export interface PayrollFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

/** A payable row the bank file leaves out for want of bank details. */
export interface UnpaidRow {
  staffId: string;
  name: string;
  empid: string;
  /** rupees */
  net: number;
}

const TEXT_TYPE = 'text/plain; charset=utf-8';
const CSV_TYPE = 'text/csv; charset=utf-8';

/** EPFO ECR 2.0: fields are separated by "hash tilde hash". */
export const ECR_SEPARATOR = '#~#';
/** The ECR's member name is Character(85). */
const ECR_NAME_MAX = 85;

/** The ESIC monthly contribution template's header texts, exactly as the portal's sample file has them. */
export const ESI_HEADERS = [
  'IP Number (10 Digits)',
  'IP Name ( Only alphabets and space )',
  'No of Days for which wages paid/payable during the month',
  'Total Monthly Wages',
  'Reason Code for Zero workings days(numeric only; provide 0 for all other reasons- Click on the link for reference)',
  'Last Working Day ( Format DD/MM/YYYY  or DD-MM-YYYY)',
] as const;

/**
 * The ESIC portal's reason codes this file uses (its list: 0 without reason, 1 on leave,
 * 2 left service, 3 retired, 4 out of coverage, 5 expired, …; a last working day goes with
 * 2 to 6 and must be blank with 0 and 1).
 */
const ESI_REASON = { none: 0, onLeave: 1, leftService: 2 } as const;

export const BANK_HEADERS = ['Beneficiary Name', 'Account Number', 'IFSC', 'Amount', 'Narration'] as const;
export const BANK_MISSING_HEADERS = ['Name', 'Emp ID', 'Net'] as const;

/** The register's columns after the days of the month. */
const REGISTER_MONEY_HEADERS = ['Rate', 'Gross', 'EPF', 'ESI', 'Advance', 'Fine', 'Damage', 'Other', 'Total deductions', 'Net'] as const;
const REGISTER_SHEET = 'Register';
const MONEY_FORMAT = '#,##0.00';
/** Day codes the register shows; A (no duty) and '-' (a day to come) are blank. */
const REGISTER_DAY_CODES = new Set(['P', 'P2', 'P3', 'L', 'W', 'H']);

/** The number of days in a 'YYYY-MM' month. */
function daysInMonth(month: string): number {
  const { year, number } = monthParts(month);
  return new Date(Date.UTC(year, number, 0)).getUTCDate();
}

/** `<Prefix>_<work>_<MM>_<YYYY>[_DRAFT].<ext>`: a draft says so in its name. */
function payrollFileName(prefix: string, payroll: Payroll, extension: string): string {
  const { year, number } = monthParts(payroll.month);
  const draft = payroll.status === 'draft' ? '_DRAFT' : '';
  return `${prefix}_${payroll.work}_${String(number).padStart(2, '0')}_${year}${draft}.${extension}`;
}

/** Paise as rupees with exactly two decimals and no grouping ('12345.00'), by integer arithmetic. */
export function rupeesText(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new Error(`rupeesText: ${paise} is not a whole number of paise`);
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A figure the arithmetic already rounded to whole rupees, as its digits; anything else is a bug upstream. */
function wholeRupees(rupees: number, field: string, row: PayrollRow): string {
  const paise = toPaise(rupees);
  if (paise % 100 !== 0 || paise < 0) throw new Error(`ECR: ${field} of ${row.empid} is not whole rupees`);
  return String(paise / 100);
}

/** Latin letters only: accents are taken off (é → e); every other character becomes a space. */
function latinName(name: string, keep: RegExp): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(keep, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The ECR's member name: letters, spaces and '.', as EPFO accepts; never a separator. */
export function ecrMemberName(name: string): string {
  return latinName(name, /[^A-Za-z. ]+/g).slice(0, ECR_NAME_MAX).trim();
}

/** The ESIC file's IP name: "only alphabets and space". */
function esiIpName(name: string): string {
  return latinName(name, /[^A-Za-z ]+/g);
}

/**
 * Whether a row is a PF member's line of the ECR. The payroll row has no PF-member field;
 * the arithmetic gives a non-member EPF wages of 0, and a member without a UAN is left out
 * (the row is already flagged "no UAN"), so the rule is: a UAN and EPF wages above 0.
 */
function inEcr(row: PayrollRow): boolean {
  return Boolean(row.uan?.trim()) && toPaise(row.epfWages) > 0;
}

/**
 * The EPFO ECR 2.0 text file: no header, a line per PF member with wages, eleven fields
 * separated by #~#: UAN, member name, gross wages, EPF, EPS and EDLI wages, EPF (employee),
 * EPS and EPF−EPS (employer) contributions remitted, NCP days, refund of advances (0). Whole
 * rupees: gross to the nearest rupee (half up), the rest are whole already. NCP days = the
 * month's calendar days − days present, not below 0. Lines end with LF and the last line has
 * no line break after it; every character is ASCII (names keep only letters, spaces and '.').
 */
export function ecrFile(payroll: Payroll): PayrollFile {
  const calendarDays = daysInMonth(payroll.month);
  const lines = payroll.rows.filter(inEcr).map((row) =>
    [
      row.uan!.trim(),
      ecrMemberName(row.name),
      String(nearestRupee(toPaise(row.gross)) / 100),
      wholeRupees(row.epfWages, 'EPF wages', row),
      wholeRupees(row.epsWages, 'EPS wages', row),
      wholeRupees(row.edliWages, 'EDLI wages', row),
      wholeRupees(row.pfEmployee, 'EPF contribution', row),
      wholeRupees(row.eps, 'EPS contribution', row),
      wholeRupees(row.pfEmployerDiff, 'EPF-EPS difference', row),
      String(Math.max(0, calendarDays - row.daysPresent)),
      '0',
    ].join(ECR_SEPARATOR),
  );
  return { fileName: payrollFileName('ECR', payroll, 'txt'), contentType: TEXT_TYPE, body: Buffer.from(lines.join('\n'), 'utf8') };
}

/** 'DD/MM/YYYY' of 'YYYY-MM-DD'. */
function ddmmyyyy(date: string): string {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
}

/** The last working day of a worker who left during the payroll's month, else null. */
function leftThisMonth(payroll: Payroll, extras: PayrollFileExtras | undefined): string | null {
  const leftOn = extras?.leftOn;
  return leftOn && leftOn.startsWith(`${payroll.month}-`) ? leftOn : null;
}

/**
 * The ESIC monthly contribution upload (.xlsx): the template's six columns from A1, a row per
 * row ESI applied to (an employee or employer share above 0) that has an IP number (one
 * without is flagged "no ESI number" and left out). IP number as text, so leading zeros
 * survive; days = days present; wages = gross in rupees with paise, as a number; reason 2
 * (left service) with the last working day when the worker left in the month, 1 (on leave)
 * when no day was worked but wages were paid (paid leave and holidays only), else 0 with the
 * last working day blank. Cells keep the General format the template asks for.
 */
export function esiFile(payroll: Payroll, extras: PayrollExtrasByStaff): PayrollFile {
  const rows = payroll.rows
    .filter((row) => Boolean(row.esino?.trim()) && (toPaise(row.esiEmployee) > 0 || toPaise(row.esiEmployer) > 0))
    .map((row) => {
      const left = leftThisMonth(payroll, extras[row.staffId]);
      const reason = left ? ESI_REASON.leftService : row.daysPresent > 0 ? ESI_REASON.none : ESI_REASON.onLeave;
      return [row.esino!.trim(), esiIpName(row.name), row.daysPresent, toRupees(toPaise(row.gross)), reason, left ? ddmmyyyy(left) : null];
    });
  const sheet = XLSX.utils.aoa_to_sheet([[...ESI_HEADERS], ...rows]);
  sheet['!cols'] = [{ wch: 14 }, { wch: 30 }, { wch: 12 }, { wch: 14 }, { wch: 14 }, { wch: 16 }];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Sheet1');
  return { fileName: payrollFileName('ESI', payroll, 'xlsx'), contentType: XLSX_TYPE, body: writeBook(book) };
}

/** Bank details the bank can pay to, trimmed; null when any of them is missing. */
function bankOf(row: PayrollRow, extras: PayrollFileExtras | undefined): { accountName: string; acNumber: string; ifsc: string } | null {
  const bank = extras?.bank;
  if (!bank) return null;
  const acNumber = bank.acNumber.trim();
  const ifsc = bank.ifsc.trim().toUpperCase();
  if (!acNumber || !ifsc) return null;
  return { accountName: bank.accountName.trim() || row.name, acNumber, ifsc };
}

/**
 * One CSV field (RFC 4180): a text is put on one line, neutralised against spreadsheet
 * formulas (safeCell) and quoted, with quotes doubled, when it holds a comma, a quote or
 * starts or ends with a space.
 */
function csvField(text: string): string {
  const cell = safeCell(text.replace(/[\r\n]+/g, ' '));
  return /[",]|^\s|\s$/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** A CSV document (RFC 4180): CRLF after every record, UTF-8 without a byte-order mark. */
function csvBody(records: string[][]): Buffer {
  return Buffer.from(records.map((fields) => `${fields.map(csvField).join(',')}\r\n`).join(''), 'utf8');
}

/** 'Wages Sep 2026': the bank file's narration for the payroll's month. */
function bankNarration(month: string): string {
  const { year, number } = monthParts(month);
  return `Wages ${MONTH_NAMES[number - 1]!.slice(0, 3)} ${year}`;
}

/**
 * The bank payment file (CSV): a header, then a line per payable row (net above 0) with bank
 * details: beneficiary name, account number, IFSC, amount as 12345.00 from integer paise,
 * the narration 'Wages Sep 2026'. Rows without bank details are in unpaidList / bankMissingFile.
 */
export function bankFile(payroll: Payroll, extras: PayrollExtrasByStaff): PayrollFile {
  const narration = bankNarration(payroll.month);
  const lines = payroll.rows.flatMap((row) => {
    const netPaise = toPaise(row.net);
    const bank = bankOf(row, extras[row.staffId]);
    return netPaise > 0 && bank ? [[bank.accountName, bank.acNumber, bank.ifsc, rupeesText(netPaise), narration]] : [];
  });
  return { fileName: payrollFileName('Bank', payroll, 'csv'), contentType: CSV_TYPE, body: csvBody([[...BANK_HEADERS], ...lines]) };
}

/** The payable rows (net above 0) without bank details: the bank file leaves them out; the office pays them otherwise. */
export function unpaidList(payroll: Payroll, extras: PayrollExtrasByStaff): UnpaidRow[] {
  return payroll.rows
    .filter((row) => toPaise(row.net) > 0 && !bankOf(row, extras[row.staffId]))
    .map((row) => ({ staffId: row.staffId, name: row.name, empid: row.empid, net: row.net }));
}

/** unpaidList as CSV beside the bank file: Name, Emp ID, Net (12345.00), in the bank file's format. */
export function bankMissingFile(payroll: Payroll, extras: PayrollExtrasByStaff): PayrollFile {
  const lines = unpaidList(payroll, extras).map((row) => [row.name, row.empid, rupeesText(toPaise(row.net))]);
  return { fileName: payrollFileName('BankMissing', payroll, 'csv'), contentType: CSV_TYPE, body: csvBody([[...BANK_MISSING_HEADERS], ...lines]) };
}

/** The register's title: 'Wage register cum muster roll - September 2026 (MCC)', with ' - DRAFT' on a draft. */
function registerTitle(payroll: Payroll): string {
  const title = `Wage register cum muster roll - ${monthLabel(payroll.month)} (${payroll.work.toUpperCase()})`;
  return payroll.status === 'draft' ? `${title} - DRAFT` : title;
}

/** A row's deductions by kind in paise; they must add up to the row's other deductions, or the register would not add up. */
function deductionsByKind(row: PayrollRow, extras: PayrollFileExtras | undefined): Record<DeductionKind, number> {
  const byKind: Record<DeductionKind, number> = { advance: 0, fine: 0, damage: 0, other: 0 };
  for (const deduction of extras?.deductions ?? []) byKind[deduction.kind] += toPaise(deduction.amount);
  const sum = byKind.advance + byKind.fine + byKind.damage + byKind.other;
  if (sum !== toPaise(row.otherDeductions)) {
    throw new Error(`Register: the deductions of ${row.empid} (${rupeesText(sum)}) differ from the payroll's other deductions (${rupeesText(toPaise(row.otherDeductions))})`);
  }
  return byKind;
}

/**
 * The wage register cum muster roll (.xlsx, sheet "Register"): the title row (DRAFT on a
 * draft), the header (S.No, Name, Emp ID, the days 1..N, Days, Rate, Gross, EPF, ESI,
 * Advance, Fine, Damage, Other, Total deductions, Net, Signature), a row per worker with the
 * day's code (P, P2, P3, L, W, H; A and days to come blank) and paid days, the totals row.
 * Numbers are number cells, money formatted #,##0.00; the signature column is left empty.
 * Total deductions = EPF + ESI + the other deductions = gross − net.
 */
export function registerWorkbook(payroll: Payroll, extras: PayrollExtrasByStaff): PayrollFile {
  const days = daysInMonth(payroll.month);
  const dayNumbers = Array.from({ length: days }, (_, i) => i + 1);
  const header = ['S.No', 'Name', 'Emp ID', ...dayNumbers, 'Days', ...REGISTER_MONEY_HEADERS, 'Signature'];

  const totals = { days: 0, gross: 0, epf: 0, esi: 0, advance: 0, fine: 0, damage: 0, other: 0, deductions: 0, net: 0 };
  const rows = payroll.rows.map((row, index) => {
    const kinds = deductionsByKind(row, extras[row.staffId]);
    const figures = {
      days: row.days,
      gross: toPaise(row.gross),
      epf: toPaise(row.pfEmployee),
      esi: toPaise(row.esiEmployee),
      ...kinds,
      deductions: toPaise(row.pfEmployee) + toPaise(row.esiEmployee) + toPaise(row.otherDeductions),
      net: toPaise(row.net),
    };
    for (const key of Object.keys(totals) as Array<keyof typeof totals>) totals[key] += figures[key];
    const codes = dayNumbers.map((day) => {
      const code = row.codes[day - 1];
      return code && REGISTER_DAY_CODES.has(code) ? code : null;
    });
    return [
      index + 1,
      safeCell(row.name),
      safeCell(row.empid),
      ...codes,
      row.days,
      toRupees(toPaise(row.rate)),
      ...[figures.gross, figures.epf, figures.esi, figures.advance, figures.fine, figures.damage, figures.other, figures.deductions, figures.net].map(toRupees),
      null,
    ];
  });
  const totalsRow = [
    null,
    'Total',
    null,
    ...dayNumbers.map(() => null),
    totals.days,
    null,
    ...[totals.gross, totals.epf, totals.esi, totals.advance, totals.fine, totals.damage, totals.other, totals.deductions, totals.net].map(toRupees),
    null,
  ];

  const sheet = XLSX.utils.aoa_to_sheet([[registerTitle(payroll)], header, ...rows, totalsRow]);
  const firstMoney = 3 + days + 1; // S.No, Name, Emp ID, the days, Days
  const lastRow = rows.length + 3; // title, header, rows, totals (1-based)
  for (let r = 3; r <= lastRow; r += 1) {
    for (let c = firstMoney; c < firstMoney + REGISTER_MONEY_HEADERS.length; c += 1) {
      const cell = sheet[XLSX.utils.encode_cell({ r: r - 1, c })] as XLSX.CellObject | undefined;
      if (cell && cell.t === 'n') cell.z = MONEY_FORMAT;
    }
  }
  sheet['!cols'] = [
    { wch: 5 },
    { wch: 24 },
    { wch: 10 },
    ...dayNumbers.map(() => ({ wch: 3.5 })),
    { wch: 6 },
    ...REGISTER_MONEY_HEADERS.map(() => ({ wch: 11 })),
    { wch: 18 },
  ];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, REGISTER_SHEET);
  return { fileName: payrollFileName('Register', payroll, 'xlsx'), contentType: XLSX_TYPE, body: writeBook(book) };
}

function writeBook(book: XLSX.WorkBook): Buffer {
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
