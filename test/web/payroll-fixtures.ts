import { FLAG } from '../../src/shared/payroll.js';
import { payrollResponse, type Payroll, type PayrollRow } from '../../src/shared/schemas/payroll.js';

/**
 * Payroll answers for the component tests while the payroll's server is built on main
 * (test/web/contract-stubs.ts): each is parsed by the contract's own schema, so a fixture the
 * server could not send fails at once. The figures follow the rules for a ₹600 day.
 */

/** A row of `days` paid days at `rate` rupees: EPF 12 % of the (uncapped here) gross, ESI 0.75 % up to the next rupee. */
function payrollRow(overrides: Partial<PayrollRow> & Pick<PayrollRow, 'staffId' | 'name' | 'empid'>, days = 20, rate = 600): PayrollRow {
  const gross = days * rate;
  const pfEmployee = Math.round(gross * 0.12);
  const eps = Math.round(gross * 0.0833);
  const esiEmployee = Math.ceil(gross * 0.0075);
  const esiEmployer = Math.ceil(gross * 0.0325);
  const otherDeductions = overrides.otherDeductions ?? 0;
  const codes = Array.from({ length: 30 }, (_, index) => (index < days ? 'P' : 'A'));
  return {
    uan: '100200300400',
    esino: '3100123456',
    skill: 'unskilled',
    language: 'en',
    days,
    daysPresent: days,
    paidLeaveDays: 0,
    codes,
    rate,
    gross,
    epfWages: gross,
    epsWages: gross,
    edliWages: gross,
    pfEmployee,
    eps,
    pfEmployerDiff: pfEmployee - eps,
    esiEmployee,
    esiEmployer,
    otherDeductions,
    net: gross - pfEmployee - esiEmployee - otherDeductions,
    employerCost: gross + pfEmployee + esiEmployer,
    flags: [],
    ...overrides,
  };
}

/** A payroll of November 2026 for MCC with these rows and their totals. */
export function payrollOf(rows: PayrollRow[], overrides: Partial<Payroll> = {}): Payroll {
  const sum = (pick: (row: PayrollRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
  return payrollResponse.parse({
    month: '2026-11',
    work: 'mcc',
    status: 'draft',
    dueDate: '2026-12-07',
    settingsFrom: '2026-04',
    finalisedAt: null,
    finalisedBy: null,
    rows,
    totals: {
      days: sum((row) => row.days),
      gross: sum((row) => row.gross),
      epfWages: sum((row) => row.epfWages),
      epsWages: sum((row) => row.epsWages),
      edliWages: sum((row) => row.edliWages),
      pfEmployee: sum((row) => row.pfEmployee),
      eps: sum((row) => row.eps),
      pfEmployerDiff: sum((row) => row.pfEmployerDiff),
      esiEmployee: sum((row) => row.esiEmployee),
      esiEmployer: sum((row) => row.esiEmployer),
      otherDeductions: sum((row) => row.otherDeductions),
      net: sum((row) => row.net),
      employerCost: sum((row) => row.employerCost),
    },
    ...overrides,
  });
}

/** Two workers of MCC: Asha below the minimum wage without a UAN, Ravi with a ₹500 advance. */
export const ASHA = payrollRow({ staffId: '0b9f6c52-3f55-4c1e-9a53-1d2b8c0a0001', name: 'Asha Devi', empid: 'E-2', uan: null, flags: [FLAG.belowMinimumWage, FLAG.noUan] }, 22, 350);
export const RAVI = payrollRow({ staffId: '0b9f6c52-3f55-4c1e-9a53-1d2b8c0a0002', name: 'Ravi Kumar', empid: 'E-1', otherDeductions: 500 }, 25, 600);
