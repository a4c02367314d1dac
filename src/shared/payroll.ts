/**
 * Month-end payroll arithmetic (issue 26, decision 0037): one worker's month from their
 * days, daily wage and the settings in force, in integer paise, each figure with one named
 * rounding rule. The server, the files and the tests read this module; nothing here touches
 * the database, so the property tests can check it against a plain second implementation.
 */

export const SKILLS = ['unskilled', 'semi-skilled', 'skilled', 'highly-skilled'] as const;
export type Skill = (typeof SKILLS)[number];
/** The languages a worker's documents (wage slips) are printed in. */
export const DOC_LANGUAGES = ['en', 'hi', 'ml'] as const;
export type DocLanguage = (typeof DOC_LANGUAGES)[number];
export const GENDERS = ['M', 'F', 'T'] as const;
export type Gender = (typeof GENDERS)[number];
export const DEDUCTION_KINDS = ['advance', 'fine', 'damage', 'other'] as const;
export type DeductionKind = (typeof DEDUCTION_KINDS)[number];
/** Days that are not duties; the grid shows leave as L, a weekly off as W and a holiday as H. */
export const DAY_MARK_KINDS = ['leave-paid', 'leave-unpaid', 'weekly-off', 'holiday'] as const;
export type DayMarkKind = (typeof DAY_MARK_KINDS)[number];
/** Marks that add to the payroll's paid days. */
export const PAID_MARKS: readonly DayMarkKind[] = ['leave-paid', 'holiday'];

/** The flags a payroll row may carry (short texts naming their subject; a flag never changes an amount). */
export const FLAG = {
  belowMinimumWage: 'below minimum wage',
  noUan: 'no UAN',
  noEsiNumber: 'no ESI number',
  noBankDetails: 'no bank details',
  noDateOfBirth: 'no date of birth',
  noDailyWage: 'no daily wage',
  overDeductionLimit: 'deductions over 50 %',
  nameNotLatin: 'name not in Latin letters',
} as const;
export type PayrollFlag = (typeof FLAG)[keyof typeof FLAG];

/** The settings document of GET/PUT /admin/payroll-settings: rates as percentages, money in rupees. */
export interface PayrollSettings {
  /** 'YYYY-MM': in force from this month until a later row's month */
  effectiveFrom: string;
  epf: { employeeRate: number; epsRate: number; wageCeiling: number; onActualWages: boolean };
  esi: { employeeRate: number; employerRate: number; wageCeiling: number; exemptDailyWage: number };
  minimumWages: Record<Skill, number>;
}

/**
 * The statutory figures in force on a fresh install: EPF 12 % / EPS 8.33 % on wages up to
 * ₹15,000; ESI 0.75 % / 3.25 % on gross up to ₹21,000, no employee share at an average daily
 * wage of ₹176 or less; minimum wages per day of the central sphere's sweeping and cleaning
 * employment, area A, from 1 October 2024 (the last revision we could confirm: the admin
 * enters each April and October revision).
 */
export const DEFAULT_PAYROLL_SETTINGS: PayrollSettings = {
  effectiveFrom: '2000-01',
  epf: { employeeRate: 12, epsRate: 8.33, wageCeiling: 15000, onActualWages: false },
  esi: { employeeRate: 0.75, employerRate: 3.25, wageCeiling: 21000, exemptDailyWage: 176 },
  minimumWages: { unskilled: 783, 'semi-skilled': 868, skilled: 954, 'highly-skilled': 1035 },
};

/** Age at which a member's EPS wages become 0 (on the first of the month). */
const EPS_AGE_LIMIT = 58;
/** Total deductions never exceed this share of the month's wages (per cent). */
const DEDUCTION_LIMIT_PERCENT = 50;

/** A percentage with up to two decimals as an integer count of hundredths of a per cent (8.33 → 833). */
function rateHundredths(percent: number): number {
  return Math.round(percent * 100);
}

/** Rupees (a JSON number with up to two decimals) as whole paise. */
export function toPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

/** Whole paise as rupees for JSON (exact to two decimals). */
export function toRupees(paise: number): number {
  return paise / 100;
}

/** Non-negative a ÷ b rounded half up, in integers. */
function divideHalfUp(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b));
}

/** Non-negative a ÷ b rounded up, in integers. */
function divideUp(a: number, b: number): number {
  return Math.floor((a + b - 1) / b);
}

/** Rounding rule "EPF amounts to the nearest rupee" (half a rupee up): paise → paise of whole rupees. */
export function nearestRupee(paise: number): number {
  return divideHalfUp(paise, 100) * 100;
}

/** Rounding rule "ESI shares up to the next higher rupee": paise × rate% → paise of whole rupees. */
function esiShare(grossPaise: number, rate: number): number {
  return divideUp(grossPaise * rateHundredths(rate), 10000 * 100) * 100;
}

/** EPF contribution on whole-rupee wages (paise), to the nearest rupee: paise of whole rupees. */
function epfShare(wagesPaise: number, rate: number): number {
  return divideHalfUp(wagesPaise * rateHundredths(rate), 10000 * 100) * 100;
}

/** Whether a member born on `dob` ('YYYY-MM-DD') is 58 or more on the first day of `month`. */
export function isEpsAged(dob: string | null, month: string): boolean {
  if (!dob) return false; // a missing date of birth counts as under 58 (and is flagged)
  const year = Number(dob.slice(0, 4)) + EPS_AGE_LIMIT;
  return `${year}${dob.slice(4)}` <= `${month}-01`;
}

/** The first month of the ESI contribution period holding `month`: April–September, October–March. */
export function esiPeriodStart(month: string): string {
  const year = Number(month.slice(0, 4));
  const number = Number(month.slice(5, 7));
  if (number >= 4 && number <= 9) return `${year}-04`;
  if (number >= 10) return `${year}-10`;
  return `${year - 1}-10`;
}

/** Whether ESI covers a worker for a period whose first month with wages had this gross. */
export function esiCovered(firstMonthGrossPaise: number, settings: PayrollSettings): boolean {
  return firstMonthGrossPaise <= toPaise(settings.esi.wageCeiling);
}

/** What the payroll knows of a worker's month before the arithmetic. */
export interface WorkerMonth {
  /** the grid's duty total (P counts 1, P2 2, P3 3) */
  dutyDays: number;
  /** paid leave and holidays on days without a duty */
  paidLeaveDays: number;
  /** distinct days with a P, P2 or P3 */
  daysPresent: number;
  /** the daily wage in paise; null when the record has none */
  ratePaise: number | null;
  skill: Skill | null;
  dob: string | null;
  pfMember: boolean;
  esiMember: boolean;
  /** ESI covers this worker in this month's contribution period (esiCovered of the period's first month) */
  esiCovered: boolean;
  hasUan: boolean;
  hasEsiNumber: boolean;
  hasBankDetails: boolean;
  /** advances, fines, damages and other deductions of the month */
  otherDeductionsPaise: number;
}

/** One worker's figures, all money in paise. */
export interface PayrollFigures {
  days: number;
  daysPresent: number;
  ratePaise: number;
  grossPaise: number;
  epfWagesPaise: number;
  epsWagesPaise: number;
  edliWagesPaise: number;
  pfEmployeePaise: number;
  epsPaise: number;
  pfEmployerDiffPaise: number;
  esiEmployeePaise: number;
  esiEmployerPaise: number;
  otherDeductionsPaise: number;
  netPaise: number;
  employerCostPaise: number;
  flags: PayrollFlag[];
}

/**
 * One worker's month. Named rules: gross = paid days × daily wage (exact); EPF, EPS and
 * EDLI wages are the capped gross to the nearest rupee; each EPF amount is its rate of
 * those wages to the nearest rupee; ESI shares are their rate of the exact gross up to the
 * next rupee, the employee's share 0 at an average daily wage at or below the exemption.
 */
export function payrollFigures(worker: WorkerMonth, month: string, settings: PayrollSettings): PayrollFigures {
  const days = worker.dutyDays + worker.paidLeaveDays;
  const ratePaise = worker.ratePaise ?? 0;
  const grossPaise = days * ratePaise;
  const ceilingPaise = toPaise(settings.epf.wageCeiling);
  const cappedPaise = Math.min(grossPaise, ceilingPaise);

  let epfWagesPaise = 0;
  let epsWagesPaise = 0;
  let edliWagesPaise = 0;
  let pfEmployeePaise = 0;
  let epsPaise = 0;
  if (worker.pfMember) {
    epfWagesPaise = nearestRupee(settings.epf.onActualWages ? grossPaise : cappedPaise);
    edliWagesPaise = nearestRupee(cappedPaise);
    epsWagesPaise = isEpsAged(worker.dob, month) ? 0 : edliWagesPaise;
    pfEmployeePaise = epfShare(epfWagesPaise, settings.epf.employeeRate);
    epsPaise = epfShare(epsWagesPaise, settings.epf.epsRate);
  }
  const pfEmployerDiffPaise = pfEmployeePaise - epsPaise;

  let esiEmployeePaise = 0;
  let esiEmployerPaise = 0;
  if (worker.esiMember && worker.esiCovered && grossPaise > 0) {
    esiEmployerPaise = esiShare(grossPaise, settings.esi.employerRate);
    // average daily wage = gross ÷ paid days, compared without dividing
    const exempt = grossPaise <= days * toPaise(settings.esi.exemptDailyWage);
    esiEmployeePaise = exempt ? 0 : esiShare(grossPaise, settings.esi.employeeRate);
  }

  const otherDeductionsPaise = worker.otherDeductionsPaise;
  const netPaise = grossPaise - pfEmployeePaise - esiEmployeePaise - otherDeductionsPaise;
  const employerCostPaise = grossPaise + pfEmployerDiffPaise + epsPaise + esiEmployerPaise;

  const flags: PayrollFlag[] = [];
  if (worker.ratePaise === null) flags.push(FLAG.noDailyWage);
  else if (worker.ratePaise < toPaise(settings.minimumWages[worker.skill ?? 'unskilled'])) flags.push(FLAG.belowMinimumWage);
  if (worker.pfMember && !worker.hasUan) flags.push(FLAG.noUan);
  if (worker.esiMember && !worker.hasEsiNumber) flags.push(FLAG.noEsiNumber);
  if (!worker.hasBankDetails) flags.push(FLAG.noBankDetails);
  if (worker.pfMember && !worker.dob) flags.push(FLAG.noDateOfBirth);
  if (!withinDeductionLimit(grossPaise, pfEmployeePaise + esiEmployeePaise + otherDeductionsPaise)) flags.push(FLAG.overDeductionLimit);

  return {
    days,
    daysPresent: worker.daysPresent,
    ratePaise,
    grossPaise,
    epfWagesPaise,
    epsWagesPaise,
    edliWagesPaise,
    pfEmployeePaise,
    epsPaise,
    pfEmployerDiffPaise,
    esiEmployeePaise,
    esiEmployerPaise,
    otherDeductionsPaise,
    netPaise,
    employerCostPaise,
    flags,
  };
}

/** Whether total deductions (statutory ones included) stay within 50 % of the month's wages. */
export function withinDeductionLimit(grossPaise: number, totalDeductionsPaise: number): boolean {
  return totalDeductionsPaise * 100 <= grossPaise * DEDUCTION_LIMIT_PERCENT;
}

/** The day wages of `month` fall due: the 7th of the next month ('YYYY-MM-DD'). */
export function wageDueDate(month: string): string {
  const year = Number(month.slice(0, 4));
  const number = Number(month.slice(5, 7));
  const next = number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
  return `${next}-07`;
}

/** The flags that refuse finalising until fixed: the row's figures would be unlawful. */
export const BLOCKING_FLAGS: readonly PayrollFlag[] = [FLAG.belowMinimumWage, FLAG.noDailyWage, FLAG.overDeductionLimit];
