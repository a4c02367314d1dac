/**
 * The monthly bill computed from the month's duties (issue 27): the arithmetic in whole
 * paise, shared by the server (the draft, the bill it makes, the annexure) and the web.
 * Every input is already whole paise or a count, so no figure is rounded: units × rate,
 * shortfall × penalty per missing worker and their sums are exact integers.
 */

/** What the railway pays for: each coach, each tank (bio toilets), or a fixed monthly value. */
export const BILL_UNITS = ['coach', 'tank', 'month'] as const;
export type BillUnit = (typeof BILL_UNITS)[number];

/** The unit a work type is billed in unless its terms say otherwise (SPEC §1: bio counts tanks; laundry and pit & yard have no coaches). */
export function defaultBillUnit(work: string): BillUnit {
  if (work === 'bio') return 'tank';
  if (work === 'laundry' || work === 'pit & yard') return 'month';
  return 'coach';
}

/** The terms a month is billed on, in paise. */
export interface BillTermsPaise {
  unit: BillUnit;
  /** per coach or tank; for unit `month`, the fixed monthly value */
  ratePaise: number;
  penaltyPerMissingWorkerPaise: number;
}

/** One completed duty as the bill counts it. */
export interface BillDuty {
  totalCoach: number | null;
  /** the staffing norm's required crew (SPEC's reqq) */
  required: number;
  /** the crew assigned to it */
  assigned: number;
}

export interface BillDutyFigures {
  /** the coaches or tanks it adds to the units (0 for unit `month`, and for a duty without them, which the draft names) */
  units: number;
  shortfall: number;
  penaltyPaise: number;
}

export interface BillFigures {
  /** coaches or tanks; 1 for unit `month` */
  units: number;
  billValuePaise: number;
  dutyPenaltyPaise: number;
  manualPenaltyPaise: number;
  penaltyPaise: number;
  netPaise: number;
  duties: BillDutyFigures[];
}

/** A duty's share: its units and its penalty, max(0, required − assigned) × the penalty per missing worker. */
export function billDutyFigures(terms: BillTermsPaise, duty: BillDuty): BillDutyFigures {
  const shortfall = Math.max(0, duty.required - duty.assigned);
  return {
    units: terms.unit === 'month' ? 0 : (duty.totalCoach ?? 0),
    shortfall,
    penaltyPaise: shortfall * terms.penaltyPerMissingWorkerPaise,
  };
}

/**
 * The month's figures: units = the sum of the duties' coaches (or tanks), bill value =
 * units × rate (or the fixed value), penalty = the duties' shortfall penalties + the
 * penalties added by hand, net = bill value − penalty (negative when the penalties exceed
 * the value; the draft names that and no bill is made of it).
 */
export function billFigures(terms: BillTermsPaise, duties: readonly BillDuty[], manualPenaltiesPaise: readonly number[]): BillFigures {
  const shares = duties.map((duty) => billDutyFigures(terms, duty));
  const units = terms.unit === 'month' ? 1 : shares.reduce((sum, share) => sum + share.units, 0);
  const billValuePaise = units * terms.ratePaise;
  const dutyPenaltyPaise = shares.reduce((sum, share) => sum + share.penaltyPaise, 0);
  const manualPenaltyPaise = manualPenaltiesPaise.reduce((sum, amount) => sum + amount, 0);
  const penaltyPaise = dutyPenaltyPaise + manualPenaltyPaise;
  return { units, billValuePaise, dutyPenaltyPaise, manualPenaltyPaise, penaltyPaise, netPaise: billValuePaise - penaltyPaise, duties: shares };
}
