import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { BILL_UNITS, billDutyFigures, billFigures, defaultBillUnit, type BillDuty, type BillUnit } from './bill-draft.js';
import { moneyPaise } from './money.js';

/**
 * The bill's arithmetic (issue 27) against a second, plain implementation written here from
 * the words, not from the module: BigInt paise parsed digit by digit from the rupee
 * text PostgreSQL's numeric(14, 2) columns give ('1234.50'), the shortfall by comparison,
 * the sums by loops. The module is handed the same amounts as moneyPaise reads them (as the
 * server does), so a slip in that conversion shows too. Reproducible: the seed is fixed
 * (BILL_SEED, default below); BILL_RUNS sets the runs per property (default 2000).
 */

const SEED = Number(process.env.BILL_SEED ?? 20_261_127);
const RUNS = Number(process.env.BILL_RUNS ?? 2000);
const OPTIONS = { numRuns: RUNS, seed: SEED, endOnFailure: true };

// ---- the plain implementation ----

/** Rupee text with two decimals ('1234.05') as BigInt paise: the digits before and after the point. */
function plainPaise(text: string): bigint {
  const [rupees, paise = '00'] = text.split('.');
  return BigInt(rupees!) * 100n + BigInt(paise.padEnd(2, '0'));
}

interface PlainCase {
  unit: BillUnit;
  /** as the database writes numeric(14, 2) */
  rate: string;
  penaltyPerMissingWorker: string;
  duties: BillDuty[];
  manualPenalties: string[];
}

function plainBill(c: PlainCase) {
  const rate = plainPaise(c.rate);
  const perWorker = plainPaise(c.penaltyPerMissingWorker);
  let coaches = 0n;
  let dutyPenalty = 0n;
  const duties: Array<{ units: bigint; shortfall: bigint; penalty: bigint }> = [];
  for (const duty of c.duties) {
    // a coach or tank count the railway pays for; a month is paid as a whole
    const units = c.unit === 'month' || duty.totalCoach === null ? 0n : BigInt(duty.totalCoach);
    let shortfall = 0n;
    if (duty.assigned < duty.required) shortfall = BigInt(duty.required) - BigInt(duty.assigned);
    const penalty = shortfall * perWorker;
    coaches += units;
    dutyPenalty += penalty;
    duties.push({ units, shortfall, penalty });
  }
  const units = c.unit === 'month' ? 1n : coaches;
  const billValue = units * rate;
  let manual = 0n;
  for (const amount of c.manualPenalties) manual += plainPaise(amount);
  const penalty = dutyPenalty + manual;
  return { units, billValue, dutyPenalty, manual, penalty, net: billValue - penalty, duties };
}

/** The module's answer for a case, its amounts read as the server reads them. */
function moduleBill(c: PlainCase) {
  return billFigures(
    { unit: c.unit, ratePaise: moneyPaise(c.rate)!, penaltyPerMissingWorkerPaise: moneyPaise(c.penaltyPerMissingWorker)! },
    c.duties,
    c.manualPenalties.map((amount) => moneyPaise(amount)!),
  );
}

// ---- the cases ----

/** Paise up to `maxRupees`, as numeric(14, 2) text: round rupees, odd paise, and the tiny amounts. */
const rupeeTextArb = (maxRupees: number) =>
  fc
    .oneof(
      fc.integer({ min: 0, max: maxRupees }).map((r) => r * 100),
      fc.integer({ min: 0, max: maxRupees * 100 }),
      fc.constantFrom(0, 1, 5, 10, 30, 99),
    )
    .map((paise) => `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`);

const dutyArb: fc.Arbitrary<BillDuty> = fc.record({
  totalCoach: fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constant(0) }, { weight: 8, arbitrary: fc.integer({ min: 1, max: 30 }) }),
  required: fc.integer({ min: 0, max: 20 }),
  assigned: fc.integer({ min: 0, max: 25 }),
});

const caseArb: fc.Arbitrary<PlainCase> = fc.record({
  unit: fc.constantFrom(...BILL_UNITS),
  // the terms' limit: ₹10,00,000 (PAYROLL_SETTING_MONEY_MAX)
  rate: rupeeTextArb(1_000_000),
  penaltyPerMissingWorker: rupeeTextArb(1_000_000),
  duties: fc.oneof({ weight: 1, arbitrary: fc.constant<BillDuty[]>([]) }, { weight: 6, arbitrary: fc.array(dutyArb, { maxLength: 80 }) }),
  // a hand-added penalty is more than 0, at most ₹10,00,000 (DEDUCTION_MAX_PAISE)
  manualPenalties: fc.array(rupeeTextArb(1_000_000).filter((text) => text !== '0.00'), { maxLength: 6 }),
});

describe('billFigures against the plain implementation', () => {
  test.prop([caseArb], OPTIONS)('every figure and every duty\'s share equals the plain one', (c) => {
    const plain = plainBill(c);
    const figures = moduleBill(c);
    expect({
      units: BigInt(figures.units),
      billValue: BigInt(figures.billValuePaise),
      dutyPenalty: BigInt(figures.dutyPenaltyPaise),
      manual: BigInt(figures.manualPenaltyPaise),
      penalty: BigInt(figures.penaltyPaise),
      net: BigInt(figures.netPaise),
    }).toEqual({ units: plain.units, billValue: plain.billValue, dutyPenalty: plain.dutyPenalty, manual: plain.manual, penalty: plain.penalty, net: plain.net });
    expect(figures.duties.map((d) => ({ units: BigInt(d.units), shortfall: BigInt(d.shortfall), penalty: BigInt(d.penaltyPaise) }))).toEqual(plain.duties);
  });

  test.prop([caseArb], OPTIONS)('keeps the invariants: whole paise, net = value − penalty, the shares add up to the duty penalty', (c) => {
    const figures = moduleBill(c);
    for (const amount of [figures.billValuePaise, figures.dutyPenaltyPaise, figures.manualPenaltyPaise, figures.penaltyPaise, figures.netPaise]) {
      expect(Number.isSafeInteger(amount)).toBe(true);
    }
    expect(figures.netPaise).toBe(figures.billValuePaise - figures.penaltyPaise);
    expect(figures.penaltyPaise).toBe(figures.dutyPenaltyPaise + figures.manualPenaltyPaise);
    expect(figures.duties.reduce((sum, d) => sum + d.penaltyPaise, 0)).toBe(figures.dutyPenaltyPaise);
    expect(figures.duties).toHaveLength(c.duties.length);
    for (const share of figures.duties) expect(share.shortfall).toBeGreaterThanOrEqual(0);
    if (c.unit !== 'month') expect(figures.duties.reduce((sum, d) => sum + d.units, 0)).toBe(figures.units);
  });

  test.prop([caseArb], OPTIONS)('each duty alone is what billDutyFigures says of it', (c) => {
    const terms = { unit: c.unit, ratePaise: moneyPaise(c.rate)!, penaltyPerMissingWorkerPaise: moneyPaise(c.penaltyPerMissingWorker)! };
    expect(billFigures(terms, c.duties, []).duties).toEqual(c.duties.map((duty) => billDutyFigures(terms, duty)));
  });
});

describe('billFigures, the named cases', () => {
  const coach = (ratePaise: number, penaltyPerMissingWorkerPaise = 0) => ({ unit: 'coach' as const, ratePaise, penaltyPerMissingWorkerPaise });

  it('counts no units and no value for a month without duties', () => {
    expect(billFigures(coach(150_000, 5_000), [], [])).toEqual({
      units: 0,
      billValuePaise: 0,
      dutyPenaltyPaise: 0,
      manualPenaltyPaise: 0,
      penaltyPaise: 0,
      netPaise: 0,
      duties: [],
    });
  });

  it('bills a fixed monthly value once, whatever the duties, and still counts their shortfall', () => {
    const figures = billFigures({ unit: 'month', ratePaise: 45_000_000, penaltyPerMissingWorkerPaise: 20_000 }, [
      { totalCoach: 18, required: 5, assigned: 3 },
      { totalCoach: null, required: 2, assigned: 2 },
    ], []);
    expect(figures).toMatchObject({ units: 1, billValuePaise: 45_000_000, dutyPenaltyPaise: 40_000, netPaise: 44_960_000 });
    expect(figures.duties.map((d) => d.units)).toEqual([0, 0]);
    // a fixed month with no duty at all is billed too
    expect(billFigures({ unit: 'month', ratePaise: 45_000_000, penaltyPerMissingWorkerPaise: 0 }, [], [])).toMatchObject({ units: 1, billValuePaise: 45_000_000 });
  });

  it('counts a duty without coaches (null or 0) as none, and more crew than required as no shortfall', () => {
    const figures = billFigures(coach(100_000, 30_000), [
      { totalCoach: null, required: 4, assigned: 1 },
      { totalCoach: 0, required: 0, assigned: 0 },
      { totalCoach: 22, required: 13, assigned: 16 },
    ], []);
    expect(figures.units).toBe(22);
    expect(figures.duties.map((d) => [d.units, d.shortfall, d.penaltyPaise])).toEqual([
      [0, 3, 90_000],
      [0, 0, 0],
      [22, 0, 0],
    ]);
  });

  it('adds the penalties given by hand, and goes below zero when they exceed the value (the draft names that)', () => {
    const figures = billFigures(coach(10_000), [{ totalCoach: 2, required: 0, assigned: 0 }], [15_000, 5_050]);
    expect(figures).toMatchObject({ billValuePaise: 20_000, manualPenaltyPaise: 20_050, penaltyPaise: 20_050, netPaise: -50 });
  });

  it('is exact to the paisa where rupee floats are not (0.10 × 3, 0.07 × 100)', () => {
    expect(0.1 * 3).not.toBe(0.3);
    expect(billFigures(coach(moneyPaise('0.10')!), [{ totalCoach: 3, required: 0, assigned: 0 }], []).billValuePaise).toBe(30);
    expect(billFigures(coach(moneyPaise('0.07')!), [{ totalCoach: 100, required: 0, assigned: 0 }], []).billValuePaise).toBe(700);
    const figures = billFigures(coach(moneyPaise('1234.56')!, moneyPaise('99.99')!), [{ totalCoach: 7, required: 9, assigned: 2 }], [moneyPaise('0.01')!]);
    expect(figures).toMatchObject({ billValuePaise: 864_192, dutyPenaltyPaise: 69_993, penaltyPaise: 69_994, netPaise: 794_198 });
  });

  it('stays exact at the largest figures the terms allow (₹10,00,000 per coach, 40,000 coaches)', () => {
    const duties = Array.from({ length: 2_000 }, () => ({ totalCoach: 20, required: 20, assigned: 0 }));
    const figures = billFigures({ unit: 'tank', ratePaise: 100_000_000, penaltyPerMissingWorkerPaise: 100_000_000 }, duties, []);
    expect(figures.units).toBe(40_000);
    expect(figures.billValuePaise).toBe(4_000_000_000_000);
    expect(figures.dutyPenaltyPaise).toBe(4_000_000_000_000);
    expect(figures.netPaise).toBe(0);
  });
});

describe('defaultBillUnit', () => {
  it('is tanks for bio toilets, a fixed month for laundry and pit & yard, else coaches', () => {
    expect(['mcc', 'acca', 'bio', 'laundry', 'pftr', 'pit & yard'].map(defaultBillUnit)).toEqual(['coach', 'coach', 'tank', 'month', 'coach', 'month']);
  });
});
