import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAYROLL_SETTINGS,
  esiCovered,
  esiPeriodStart,
  FLAG,
  isEpsAged,
  nearestRupee,
  payrollFigures,
  type PayrollFigures,
  type PayrollFlag,
  type PayrollSettings,
  type Skill,
  SKILLS,
  wageDueDate,
  withinDeductionLimit,
  type WorkerMonth,
} from './payroll.js';

/**
 * The payroll arithmetic (issue 26) against a second, plain implementation written here from
 * the rules, not from the module: BigInt paise and hundredths of a per cent, quotient
 * and remainder for each rounding rule, the age on the 1st by the usual "has the birthday
 * come yet" rule, the ESI period by walking back to April or October, the due date by the
 * calendar. Settings are generated as integers (paise, hundredths of a per cent) and handed
 * to the module as the API's JSON numbers (rupees, percentages), so a slip in the module's
 * conversions shows too. Reproducible: the seed is fixed (PAYROLL_SEED, default below);
 * PAYROLL_RUNS sets the runs per property (default 2000).
 */

const SEED = Number(process.env.PAYROLL_SEED ?? 20_261_126);
const RUNS = Number(process.env.PAYROLL_RUNS ?? 2000);
const OPTIONS = { numRuns: RUNS, seed: SEED, endOnFailure: true };

// ---- the plain implementation ----

/** Settings as integers: rates in hundredths of a per cent, money in paise. */
interface PlainSettings {
  epfEmployeeRate: number;
  epsRate: number;
  epfCeiling: number;
  onActualWages: boolean;
  esiEmployeeRate: number;
  esiEmployerRate: number;
  esiCeiling: number;
  esiExempt: number;
  minimumWages: Record<Skill, number>;
}

/** The same settings as the API carries them (percentages, rupees). */
function apiSettings(s: PlainSettings): PayrollSettings {
  const minimumWages = Object.fromEntries(SKILLS.map((skill) => [skill, s.minimumWages[skill] / 100])) as Record<Skill, number>;
  return {
    effectiveFrom: '2000-01',
    epf: { employeeRate: s.epfEmployeeRate / 100, epsRate: s.epsRate / 100, wageCeiling: s.epfCeiling / 100, onActualWages: s.onActualWages },
    esi: { employeeRate: s.esiEmployeeRate / 100, employerRate: s.esiEmployerRate / 100, wageCeiling: s.esiCeiling / 100, exemptDailyWage: s.esiExempt / 100 },
    minimumWages,
  };
}

/** The statutory defaults, written out here in integers (not read from the module). */
const STATUTORY: PlainSettings = {
  epfEmployeeRate: 1200,
  epsRate: 833,
  epfCeiling: 1_500_000,
  onActualWages: false,
  esiEmployeeRate: 75,
  esiEmployerRate: 325,
  esiCeiling: 2_100_000,
  esiExempt: 17_600,
  minimumWages: { unskilled: 78_300, 'semi-skilled': 86_800, skilled: 95_400, 'highly-skilled': 103_500 },
};

/** n ÷ d for n ≥ 0, d > 0, half up: one more when the remainder is half of d or more. */
function halfUp(n: bigint, d: bigint): bigint {
  return 2n * (n % d) >= d ? n / d + 1n : n / d;
}

/** n ÷ d for n ≥ 0, d > 0, up: one more when anything remains. */
function up(n: bigint, d: bigint): bigint {
  return n % d > 0n ? n / d + 1n : n / d;
}

/** Paise to whole rupees, half a rupee up. */
function rupeesHalfUp(paise: bigint): bigint {
  return halfUp(paise, 100n);
}

/** Age in completed years on the 1st of `month`; a 29 February birthday has not come on 1 February and has on 1 March. */
function plainAged(dob: string | null, month: string): boolean {
  if (dob === null) return false;
  const bornYear = Number(dob.slice(0, 4));
  const bornMonth = Number(dob.slice(5, 7));
  const bornDay = Number(dob.slice(8, 10));
  const year = Number(month.slice(0, 4));
  const monthNumber = Number(month.slice(5, 7));
  const birthdayToCome = bornMonth > monthNumber || (bornMonth === monthNumber && bornDay > 1);
  return year - bornYear - (birthdayToCome ? 1 : 0) >= 58;
}

/** One worker's month by the rules, in BigInt paise. */
function plainFigures(w: WorkerMonth, month: string, s: PlainSettings): PayrollFigures {
  const paidDays = BigInt(w.dutyDays) + BigInt(w.paidLeaveDays);
  const rate = BigInt(w.ratePaise ?? 0);
  const gross = paidDays * rate;

  // EPF: wages in whole rupees, then each contribution in whole rupees (half up)
  let epfWagesRupees = 0n;
  let edliWagesRupees = 0n;
  let epsWagesRupees = 0n;
  let employeeEpfRupees = 0n;
  let epsRupees = 0n;
  if (w.pfMember) {
    const capped = gross < BigInt(s.epfCeiling) ? gross : BigInt(s.epfCeiling);
    epfWagesRupees = rupeesHalfUp(s.onActualWages ? gross : capped);
    edliWagesRupees = rupeesHalfUp(capped);
    epsWagesRupees = plainAged(w.dob, month) ? 0n : edliWagesRupees;
    // rupees × (hundredths of a per cent) ÷ 10,000 = rupees
    employeeEpfRupees = halfUp(epfWagesRupees * BigInt(s.epfEmployeeRate), 10_000n);
    epsRupees = halfUp(epsWagesRupees * BigInt(s.epsRate), 10_000n);
  }
  const employerEpfRupees = employeeEpfRupees - epsRupees;

  // ESI: on the exact gross, up to the next whole rupee
  let esiEmployeeRupees = 0n;
  let esiEmployerRupees = 0n;
  if (w.esiMember && w.esiCovered && gross > 0n) {
    // paise × (hundredths of a per cent) ÷ 10,000 = paise; ÷ 100 more = rupees
    esiEmployerRupees = up(gross * BigInt(s.esiEmployerRate), 1_000_000n);
    // the average daily wage in paise, as a fraction gross/paidDays, against the exemption
    const averageAboveExemption = gross > BigInt(s.esiExempt) * paidDays;
    esiEmployeeRupees = averageAboveExemption ? up(gross * BigInt(s.esiEmployeeRate), 1_000_000n) : 0n;
  }

  const other = BigInt(w.otherDeductionsPaise);
  const employeeEpf = employeeEpfRupees * 100n;
  const esiEmployee = esiEmployeeRupees * 100n;
  const deductions = employeeEpf + esiEmployee + other;

  const flags: PayrollFlag[] = [];
  if (w.ratePaise === null) flags.push(FLAG.noDailyWage);
  else if (w.ratePaise < s.minimumWages[w.skill ?? 'unskilled']) flags.push(FLAG.belowMinimumWage);
  if (w.pfMember && !w.hasUan) flags.push(FLAG.noUan);
  if (w.esiMember && !w.hasEsiNumber) flags.push(FLAG.noEsiNumber);
  if (!w.hasBankDetails) flags.push(FLAG.noBankDetails);
  if (w.pfMember && w.dob === null) flags.push(FLAG.noDateOfBirth);
  if (2n * deductions > gross) flags.push(FLAG.overDeductionLimit);

  return {
    days: Number(paidDays),
    daysPresent: w.daysPresent,
    ratePaise: Number(rate),
    grossPaise: Number(gross),
    epfWagesPaise: Number(epfWagesRupees * 100n),
    epsWagesPaise: Number(epsWagesRupees * 100n),
    edliWagesPaise: Number(edliWagesRupees * 100n),
    pfEmployeePaise: Number(employeeEpf),
    epsPaise: Number(epsRupees * 100n),
    pfEmployerDiffPaise: Number(employerEpfRupees * 100n),
    esiEmployeePaise: Number(esiEmployee),
    esiEmployerPaise: Number(esiEmployerRupees * 100n),
    otherDeductionsPaise: Number(other),
    netPaise: Number(gross - deductions),
    employerCostPaise: Number(gross + epsRupees * 100n + employerEpfRupees * 100n + esiEmployerRupees * 100n),
    flags,
  };
}

/** The first month of the ESI contribution period: walk back to the nearest April or October. */
function plainPeriodStart(month: string): string {
  let year = Number(month.slice(0, 4));
  let monthNumber = Number(month.slice(5, 7));
  while (monthNumber !== 4 && monthNumber !== 10) {
    monthNumber -= 1;
    if (monthNumber === 0) {
      monthNumber = 12;
      year -= 1;
    }
  }
  return `${year}-${String(monthNumber).padStart(2, '0')}`;
}

/** The 7th of the next month, by the calendar (Date.UTC carries month 12 into January). */
function plainDueDate(month: string): string {
  return new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 7)).toISOString().slice(0, 10);
}

// ---- what the properties draw ----

const monthArb = fc
  .record({ year: fc.integer({ min: 2000, max: 2099 }), month: fc.integer({ min: 1, max: 12 }) })
  .map(({ year, month }) => `${year}-${String(month).padStart(2, '0')}`);

const DAY_MS = 86_400_000;
/** A date as 'YYYY-MM-DD'. */
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const LEAP_YEARS = Array.from({ length: 40 }, (_, i) => 1904 + 4 * i);

/** A date of birth for a month: anywhere, near the 58th birthday boundary, a 29 February one, or none. */
function dobArb(month: string): fc.Arbitrary<string | null> {
  const year = Number(month.slice(0, 4));
  const first = Date.UTC(year - 58, Number(month.slice(5, 7)) - 1, 1);
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 2, arbitrary: fc.integer({ min: Date.UTC(1930, 0, 1) / DAY_MS, max: Date.UTC(2010, 11, 31) / DAY_MS }).map((d) => isoDay(d * DAY_MS)) },
    { weight: 3, arbitrary: fc.integer({ min: -70, max: 70 }).map((d) => isoDay(first + d * DAY_MS)) },
    { weight: 1, arbitrary: fc.constantFrom(...LEAP_YEARS.filter((y) => Math.abs(y - (year - 58)) <= 2)).map((y) => `${y}-02-29`) },
  );
}

/** A rate in hundredths of a per cent: the statutory ones, or any up to 20 %. */
const rateArb = fc.oneof(fc.constantFrom(1200, 833, 75, 325, 0, 1000, 50), fc.integer({ min: 0, max: 2000 }));
/** Money in paise up to `maxRupees`: whole rupees or with paise. */
const moneyArb = (maxRupees: number) =>
  fc.oneof(fc.integer({ min: 0, max: maxRupees }).map((r) => r * 100), fc.integer({ min: 0, max: maxRupees * 100 }));

const settingsArb: fc.Arbitrary<PlainSettings> = fc.oneof(
  { weight: 1, arbitrary: fc.constant(STATUTORY) },
  {
    weight: 4,
    arbitrary: fc.record({
      epfEmployeeRate: rateArb,
      epsRate: rateArb,
      epfCeiling: fc.oneof(fc.constantFrom(1_500_000, 2_100_000), moneyArb(50_000)),
      onActualWages: fc.boolean(),
      esiEmployeeRate: rateArb,
      esiEmployerRate: rateArb,
      esiCeiling: fc.oneof(fc.constant(2_100_000), moneyArb(50_000)),
      esiExempt: fc.oneof(fc.constant(17_600), moneyArb(1_000)),
      minimumWages: fc.record({ unskilled: moneyArb(2_000), 'semi-skilled': moneyArb(2_000), skilled: moneyArb(2_000), 'highly-skilled': moneyArb(2_000) }),
    }),
  },
);

interface MonthCase {
  settings: PlainSettings;
  month: string;
  worker: WorkerMonth;
}

/**
 * A worker's month under some settings: the daily wage is often one that lands on a
 * boundary (the exemption, a minimum wage, the EPF or ESI ceiling spread over the days).
 */
const monthCaseArb: fc.Arbitrary<MonthCase> = fc
  .record({ settings: settingsArb, month: monthArb, dutyDays: fc.oneof({ weight: 1, arbitrary: fc.constant(0) }, { weight: 5, arbitrary: fc.integer({ min: 0, max: 93 }) }),
    paidLeaveDays: fc.oneof({ weight: 1, arbitrary: fc.constant(0) }, { weight: 3, arbitrary: fc.integer({ min: 0, max: 31 }) }),
  })
  .chain(({ settings, month, dutyDays, paidLeaveDays }) => {
    const days = Math.max(1, dutyDays + paidLeaveDays);
    const boundaryRates = [
      settings.esiExempt,
      settings.esiExempt + 1,
      ...SKILLS.flatMap((skill) => [settings.minimumWages[skill], settings.minimumWages[skill] - 1]),
      Math.floor(settings.epfCeiling / days),
      Math.ceil(settings.epfCeiling / days),
      Math.floor(settings.esiCeiling / days),
      Math.ceil(settings.esiCeiling / days),
    ].filter((rate) => rate >= 0 && rate <= 500_000);
    return fc.record({
      settings: fc.constant(settings),
      month: fc.constant(month),
      worker: fc.record({
        dutyDays: fc.constant(dutyDays),
        paidLeaveDays: fc.constant(paidLeaveDays),
        daysPresent: fc.integer({ min: 0, max: 31 }),
        ratePaise: fc.oneof(
          { weight: 6, arbitrary: fc.integer({ min: 0, max: 500_000 }) },
          { weight: 3, arbitrary: fc.integer({ min: 0, max: 5_000 }).map((r) => r * 100) },
          // half a rupee a day: an odd number of days makes EPF wages of half a rupee
          { weight: 2, arbitrary: fc.integer({ min: 0, max: 4_999 }).map((r) => r * 100 + 50) },
          { weight: 3, arbitrary: fc.constantFrom(...boundaryRates) },
          { weight: 1, arbitrary: fc.constant(null) },
        ),
        skill: fc.option(fc.constantFrom(...SKILLS)),
        dob: dobArb(month),
        pfMember: fc.boolean(),
        esiMember: fc.boolean(),
        esiCovered: fc.boolean(),
        hasUan: fc.boolean(),
        hasEsiNumber: fc.boolean(),
        hasBankDetails: fc.boolean(),
        otherDeductionsPaise: fc.oneof(fc.constant(0), moneyArb(20_000)),
      }),
    });
  });

/** The figures without the flags, to compare amounts. */
function amounts(figures: PayrollFigures): Omit<PayrollFigures, 'flags'> {
  const { flags: _flags, ...rest } = figures;
  return rest;
}

const sorted = (flags: readonly PayrollFlag[]) => [...flags].sort();

// ---- the properties ----

describe('payrollFigures against the plain implementation', () => {
  test.prop([monthCaseArb], OPTIONS)('every figure and flag equals the plain one', ({ settings, month, worker }) => {
    const figures = payrollFigures(worker, month, apiSettings(settings));
    const plain = plainFigures(worker, month, settings);
    expect(amounts(figures)).toEqual(amounts(plain));
    expect(sorted(figures.flags)).toEqual(sorted(plain.flags));
  });

  test.prop([monthCaseArb], OPTIONS)('keeps the invariants', ({ settings, month, worker }) => {
    const f = payrollFigures(worker, month, apiSettings(settings));
    const pf = [f.epfWagesPaise, f.epsWagesPaise, f.edliWagesPaise, f.pfEmployeePaise, f.epsPaise, f.pfEmployerDiffPaise];
    const esi = [f.esiEmployeePaise, f.esiEmployerPaise];
    // named checks, one expect: a failure names the broken ones (and is quicker than 20 expects a run)
    const checks: Record<string, boolean> = {
      'every figure is an integer': Object.values(amounts(f)).every((value) => Number.isSafeInteger(value)),
      'net + deductions = gross': f.netPaise + f.pfEmployeePaise + f.esiEmployeePaise + f.otherDeductionsPaise === f.grossPaise,
      'employer cost = gross + EPS + employer EPF + employer ESI': f.employerCostPaise === f.grossPaise + f.epsPaise + f.pfEmployerDiffPaise + f.esiEmployerPaise,
      'employer EPF = employee EPF − EPS': f.pfEmployerDiffPaise === f.pfEmployeePaise - f.epsPaise,
      'EPF wages, contributions and ESI shares in whole rupees': [...pf.slice(0, 5), ...esi].every((paise) => paise % 100 === 0),
      'EDLI wages within the ceiling to the rupee': f.edliWagesPaise <= nearestRupee(settings.epfCeiling),
      'EPS wages ≤ EDLI wages ≤ EPF wages': f.epsWagesPaise <= f.edliWagesPaise && f.edliWagesPaise <= f.epfWagesPaise,
      'EPS ≤ employee EPF when its rate is not higher': settings.epsRate > settings.epfEmployeeRate || f.epsPaise <= f.pfEmployeePaise,
      'no EPF figures for a non-member': worker.pfMember || pf.every((paise) => paise === 0),
      'no ESI when not a covered member or no gross': (worker.esiMember && worker.esiCovered && f.grossPaise > 0) || esi.every((paise) => paise === 0),
      'no amount negative but the employer EPF part and net': [...pf.slice(0, 5), ...esi, f.grossPaise, f.employerCostPaise].every((paise) => paise >= 0),
      'each flag once, from the list': new Set(f.flags).size === f.flags.length && f.flags.every((flag) => Object.values(FLAG).includes(flag)),
    };
    expect(Object.keys(checks).filter((name) => !checks[name])).toEqual([]);
  });

  test.prop([monthCaseArb, fc.constantFrom(...SKILLS)], OPTIONS)('a flag never changes an amount', ({ settings, month, worker }, skill) => {
    const flagged: WorkerMonth = {
      ...worker,
      skill,
      hasUan: !worker.hasUan,
      hasEsiNumber: !worker.hasEsiNumber,
      hasBankDetails: !worker.hasBankDetails,
      // no date of birth counts as under 58: swap an under-58 one for none and back
      dob: plainAged(worker.dob, month) ? worker.dob : worker.dob === null ? `${Number(month.slice(0, 4)) - 20}-06-15` : null,
    };
    expect(amounts(payrollFigures(flagged, month, apiSettings(settings)))).toEqual(amounts(payrollFigures(worker, month, apiSettings(settings))));
  });
});

describe('the rules of dates against the plain implementation', () => {
  const epsCaseArb = fc.oneof(
    monthArb.chain((month) => fc.record({ month: fc.constant(month), dob: dobArb(month) })),
    // a 29 February birth around its 58th birthday, which falls in a year with no 29 February
    fc
      .record({ born: fc.constantFrom(...LEAP_YEARS.filter((y) => y >= 1942 && y <= 2040)), month: fc.integer({ min: 1, max: 4 }), yearShift: fc.integer({ min: -1, max: 1 }) })
      .map(({ born, month, yearShift }) => ({ dob: `${born}-02-29`, month: `${born + 58 + yearShift}-0${month}` })),
  );

  test.prop([epsCaseArb], OPTIONS)('isEpsAged: the 58th birthday on or before the 1st of the month', ({ dob, month }) => {
    expect(isEpsAged(dob, month)).toBe(plainAged(dob, month));
  });

  it('esiPeriodStart and wageDueDate for every month from 2000 to 2099', () => {
    for (let year = 2000; year <= 2099; year += 1) {
      for (let number = 1; number <= 12; number += 1) {
        const month = `${year}-${String(number).padStart(2, '0')}`;
        expect(esiPeriodStart(month)).toBe(plainPeriodStart(month));
        expect(wageDueDate(month)).toBe(plainDueDate(month));
      }
    }
  });
});

describe('the helpers against the plain implementation', () => {
  test.prop([fc.oneof(fc.integer({ min: 0, max: 10_000_000_000 }), fc.integer({ min: 0, max: 1_000_000 }).map((r) => r * 100 + 50))], OPTIONS)(
    'nearestRupee: half a rupee up',
    (paise) => {
      expect(nearestRupee(paise)).toBe(Number(rupeesHalfUp(BigInt(paise)) * 100n));
    },
  );

  test.prop([settingsArb, fc.oneof(moneyArb(60_000), fc.constantFrom(2_100_000, 2_100_001, 2_099_999))], OPTIONS)(
    'esiCovered: the first month\'s gross at or below the ceiling',
    (settings, gross) => {
      expect(esiCovered(gross, apiSettings(settings))).toBe(gross <= settings.esiCeiling);
    },
  );

  test.prop(
    [
      fc.integer({ min: 0, max: 20_000_000 }).chain((gross) =>
        fc.record({ gross: fc.constant(gross), total: fc.oneof(fc.integer({ min: 0, max: 20_000_000 }), fc.constantFrom(Math.floor(gross / 2), Math.ceil(gross / 2), Math.floor(gross / 2) + 1)) }),
      ),
    ],
    OPTIONS,
  )('withinDeductionLimit: at most half the gross', ({ gross, total }) => {
    expect(withinDeductionLimit(gross, total)).toBe(2 * total <= gross);
  });
});

// ---- hand-worked months a payroll clerk would recognise ----

/** A PF and ESI member with every detail on record, 26 duty days, statutory settings. */
function clerkWorker(overrides: Partial<WorkerMonth> = {}): WorkerMonth {
  return {
    dutyDays: 26,
    paidLeaveDays: 0,
    daysPresent: 26,
    ratePaise: 78_300,
    skill: 'unskilled',
    dob: '1990-05-15',
    pfMember: true,
    esiMember: true,
    esiCovered: true,
    hasUan: true,
    hasEsiNumber: true,
    hasBankDetails: true,
    otherDeductionsPaise: 0,
    ...overrides,
  };
}

describe('hand-worked months', () => {
  it('the statutory defaults are the issue\'s figures', () => {
    expect(DEFAULT_PAYROLL_SETTINGS).toEqual({ ...apiSettings(STATUTORY), effectiveFrom: DEFAULT_PAYROLL_SETTINGS.effectiveFrom });
  });

  it('26 days × ₹783: gross ₹20,358, EPF on the ₹15,000 ceiling, ESI on the whole gross', () => {
    const f = payrollFigures(clerkWorker(), '2026-09', DEFAULT_PAYROLL_SETTINGS);
    // gross = 26 × 783 = 20,358
    expect(f.grossPaise).toBe(2_035_800);
    // EPF, EPS and EDLI wages = min(20,358, 15,000) = 15,000
    expect([f.epfWagesPaise, f.epsWagesPaise, f.edliWagesPaise]).toEqual([1_500_000, 1_500_000, 1_500_000]);
    // EPF 12 % of 15,000 = 1,800; EPS 8.33 % of 15,000 = 1,249.50 → 1,250 (half up); employer's EPF part 1,800 − 1,250 = 550
    expect([f.pfEmployeePaise, f.epsPaise, f.pfEmployerDiffPaise]).toEqual([180_000, 125_000, 55_000]);
    // ESI 0.75 % of 20,358 = 152.685 → 153 (up); 3.25 % of 20,358 = 661.635 → 662 (up)
    expect([f.esiEmployeePaise, f.esiEmployerPaise]).toEqual([15_300, 66_200]);
    // net 20,358 − 1,800 − 153 = 18,405; employer cost 20,358 + 1,250 + 550 + 662 = 22,820
    expect(f.netPaise).toBe(1_840_500);
    expect(f.employerCostPaise).toBe(2_282_000);
    expect(f.flags).toEqual([]);
  });

  it('contributing on actual wages: EPF 12 % of ₹20,358, EPS still on ₹15,000', () => {
    const settings: PayrollSettings = { ...DEFAULT_PAYROLL_SETTINGS, epf: { ...DEFAULT_PAYROLL_SETTINGS.epf, onActualWages: true } };
    const f = payrollFigures(clerkWorker(), '2026-09', settings);
    // EPF wages 20,358; EDLI and EPS wages stay at 15,000
    expect([f.epfWagesPaise, f.epsWagesPaise, f.edliWagesPaise]).toEqual([2_035_800, 1_500_000, 1_500_000]);
    // EPF 12 % of 20,358 = 2,442.96 → 2,443; EPS 1,250; employer's EPF part 2,443 − 1,250 = 1,193
    expect([f.pfEmployeePaise, f.epsPaise, f.pfEmployerDiffPaise]).toEqual([244_300, 125_000, 119_300]);
    // net 20,358 − 2,443 − 153 = 17,762
    expect(f.netPaise).toBe(1_776_200);
  });

  it('a member of 58 has no EPS wages: the whole 12 % goes to the employer\'s EPF part', () => {
    // born 1 March 1968: 58 on 1 March 2026, the first of the month
    const f = payrollFigures(clerkWorker({ dob: '1968-03-01' }), '2026-03', DEFAULT_PAYROLL_SETTINGS);
    expect([f.epfWagesPaise, f.epsWagesPaise, f.edliWagesPaise]).toEqual([1_500_000, 0, 1_500_000]);
    // EPF 1,800; EPS 0; employer's EPF part 1,800 − 0 = 1,800; the employer's cost is the same 20,358 + 1,800 + 662
    expect([f.pfEmployeePaise, f.epsPaise, f.pfEmployerDiffPaise]).toEqual([180_000, 0, 180_000]);
    expect(f.employerCostPaise).toBe(2_282_000);
    // a month earlier, and born a day later, they are still 57 on the 1st
    expect(payrollFigures(clerkWorker({ dob: '1968-03-01' }), '2026-02', DEFAULT_PAYROLL_SETTINGS).epsPaise).toBe(125_000);
    expect(payrollFigures(clerkWorker({ dob: '1968-03-02' }), '2026-03', DEFAULT_PAYROLL_SETTINGS).epsPaise).toBe(125_000);
  });

  it('the 58-year rule for a 29 February birth, and without a date of birth', () => {
    // 2026 has no 29 February: the 58th birthday is past on 1 March 2026, not yet on 1 February
    expect(isEpsAged('1968-02-29', '2026-02')).toBe(false);
    expect(isEpsAged('1968-02-29', '2026-03')).toBe(true);
    expect(isEpsAged('1968-01-31', '2026-02')).toBe(true);
    expect(isEpsAged('1968-02-01', '2026-02')).toBe(true);
    expect(isEpsAged('1968-02-02', '2026-02')).toBe(false);
    // no date of birth counts as under 58, and is flagged
    const f = payrollFigures(clerkWorker({ dob: null }), '2026-03', DEFAULT_PAYROLL_SETTINGS);
    expect(f.epsPaise).toBe(125_000);
    expect(f.flags).toEqual([FLAG.noDateOfBirth]);
  });

  it('₹170 a day is at or below ₹176: no employee ESI, the employer\'s still due, and below the minimum wage', () => {
    const f = payrollFigures(clerkWorker({ ratePaise: 17_000 }), '2026-09', DEFAULT_PAYROLL_SETTINGS);
    // gross 26 × 170 = 4,420, under the EPF ceiling
    expect(f.grossPaise).toBe(442_000);
    expect(f.epfWagesPaise).toBe(442_000);
    // EPF 12 % of 4,420 = 530.40 → 530; EPS 8.33 % of 4,420 = 368.186 → 368; difference 162
    expect([f.pfEmployeePaise, f.epsPaise, f.pfEmployerDiffPaise]).toEqual([53_000, 36_800, 16_200]);
    // employee ESI 0 (170 ≤ 176); employer 3.25 % of 4,420 = 143.65 → 144
    expect([f.esiEmployeePaise, f.esiEmployerPaise]).toEqual([0, 14_400]);
    // net 4,420 − 530 = 3,890
    expect(f.netPaise).toBe(389_000);
    expect(f.flags).toEqual([FLAG.belowMinimumWage]);
    // exactly ₹176 a day is still exempt; ₹176.01 is not: 0.75 % of 26 × 176.01 = 4,576.26 → 34.32195 → 35
    expect(payrollFigures(clerkWorker({ ratePaise: 17_600 }), '2026-09', DEFAULT_PAYROLL_SETTINGS).esiEmployeePaise).toBe(0);
    expect(payrollFigures(clerkWorker({ ratePaise: 17_601 }), '2026-09', DEFAULT_PAYROLL_SETTINGS).esiEmployeePaise).toBe(3_500);
  });

  it('ESI coverage at exactly ₹21,000, and a share of a whole rupee stays', () => {
    // 25 days × ₹840 = 21,000: covered; a paisa more is not
    expect(esiCovered(25 * 84_000, DEFAULT_PAYROLL_SETTINGS)).toBe(true);
    expect(esiCovered(25 * 84_000 + 1, DEFAULT_PAYROLL_SETTINGS)).toBe(false);
    const f = payrollFigures(clerkWorker({ dutyDays: 25, ratePaise: 84_000 }), '2026-10', DEFAULT_PAYROLL_SETTINGS);
    // 0.75 % of 21,000 = 157.50 → 158; 3.25 % of 21,000 = 682.50 → 683
    expect([f.esiEmployeePaise, f.esiEmployerPaise]).toEqual([15_800, 68_300]);
    // not covered in this period (its first month was over the ceiling): no ESI at all
    const uncovered = payrollFigures(clerkWorker({ dutyDays: 25, ratePaise: 84_000, esiCovered: false }), '2026-10', DEFAULT_PAYROLL_SETTINGS);
    expect([uncovered.esiEmployeePaise, uncovered.esiEmployerPaise]).toEqual([0, 0]);
    // 20 days × ₹200 = 4,000: 0.75 % = 30.00 and 3.25 % = 130.00 exactly, not rounded up further
    const whole = payrollFigures(clerkWorker({ dutyDays: 20, ratePaise: 20_000 }), '2026-10', DEFAULT_PAYROLL_SETTINGS);
    expect([whole.esiEmployeePaise, whole.esiEmployerPaise]).toEqual([3_000, 13_000]);
  });

  it('EPF wages with half a rupee round up before the 12 %', () => {
    // 3 days × ₹100.50 = 301.50 → EPF wages 302; 12 % of 302 = 36.24 → 36; 8.33 % of 302 = 25.1566 → 25
    const f = payrollFigures(clerkWorker({ dutyDays: 3, ratePaise: 10_050, esiMember: false }), '2026-09', DEFAULT_PAYROLL_SETTINGS);
    expect(f.grossPaise).toBe(30_150);
    expect([f.epfWagesPaise, f.epsWagesPaise, f.edliWagesPaise]).toEqual([30_200, 30_200, 30_200]);
    expect([f.pfEmployeePaise, f.epsPaise, f.pfEmployerDiffPaise]).toEqual([3_600, 2_500, 1_100]);
    // net keeps the paise of the gross: 301.50 − 36 = 265.50
    expect(f.netPaise).toBe(26_550);
  });

  it('paid leave adds to the paid days; a P3 day counts three', () => {
    // 31 days of P3 = 93 duties, plus 2 holidays: 95 × ₹783 = 74,385
    const f = payrollFigures(clerkWorker({ dutyDays: 93, paidLeaveDays: 2, daysPresent: 31 }), '2026-10', DEFAULT_PAYROLL_SETTINGS);
    expect([f.days, f.daysPresent, f.grossPaise]).toEqual([95, 31, 7_438_500]);
    // still 15,000 for EPF; ESI on the whole gross while covered: 0.75 % of 74,385 = 557.8875 → 558
    expect(f.epfWagesPaise).toBe(1_500_000);
    expect(f.esiEmployeePaise).toBe(55_800);
  });

  it('deductions over 50 % of the gross are flagged, exactly 50 % is not', () => {
    // 20,358 ÷ 2 = 10,179; EPF 1,800 + ESI 153 + other 8,226 = 10,179
    expect(payrollFigures(clerkWorker({ otherDeductionsPaise: 822_600 }), '2026-09', DEFAULT_PAYROLL_SETTINGS).flags).toEqual([]);
    const over = payrollFigures(clerkWorker({ otherDeductionsPaise: 822_601 }), '2026-09', DEFAULT_PAYROLL_SETTINGS);
    expect(over.flags).toEqual([FLAG.overDeductionLimit]);
    // the flag changes no amount: net 20,358 − 1,800 − 153 − 8,226.01 = 10,178.99
    expect(over.netPaise).toBe(1_017_899);
  });

  it('no daily wage: everything 0 and one flag, not "below minimum wage"', () => {
    const f = payrollFigures(clerkWorker({ ratePaise: null }), '2026-09', DEFAULT_PAYROLL_SETTINGS);
    expect(amounts(f)).toEqual({ ...amounts(plainFigures(clerkWorker({ ratePaise: 0 }), '2026-09', STATUTORY)), ratePaise: 0 });
    expect([f.grossPaise, f.pfEmployeePaise, f.esiEmployerPaise, f.netPaise, f.employerCostPaise]).toEqual([0, 0, 0, 0, 0]);
    expect(f.flags).toEqual([FLAG.noDailyWage]);
  });

  it('each missing detail has its flag; a non-member is not asked for a UAN, an ESI number or a date of birth', () => {
    const missing = { dob: null, hasUan: false, hasEsiNumber: false, hasBankDetails: false };
    expect(sorted(payrollFigures(clerkWorker(missing), '2026-09', DEFAULT_PAYROLL_SETTINGS).flags)).toEqual(
      sorted([FLAG.noUan, FLAG.noEsiNumber, FLAG.noBankDetails, FLAG.noDateOfBirth]),
    );
    const nonMember = payrollFigures(clerkWorker({ ...missing, pfMember: false, esiMember: false }), '2026-09', DEFAULT_PAYROLL_SETTINGS);
    expect(nonMember.flags).toEqual([FLAG.noBankDetails]);
    // and pays no EPF or ESI: net = gross
    expect(nonMember.netPaise).toBe(nonMember.grossPaise);
  });

  it('the ESI period and the due date', () => {
    expect(['2026-01', '2026-03', '2026-04', '2026-09', '2026-10', '2026-12'].map(esiPeriodStart)).toEqual(['2025-10', '2025-10', '2026-04', '2026-04', '2026-10', '2026-10']);
    expect(['2026-09', '2026-12', '2028-01'].map(wageDueDate)).toEqual(['2026-10-07', '2027-01-07', '2028-02-07']);
  });
});
