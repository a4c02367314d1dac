import { DEDUCTION_KINDS, toPaise, type DeductionKind } from '../../../shared/payroll.js';
import type { PayrollRow } from '../../../shared/schemas/payroll.js';

/**
 * The most deduction entries a slip lists one by one; more are summed per kind (advance,
 * fine, damage, other: four lines at most), so that a slip always fits its page.
 */
const ENTRIES_LISTED = 4;

/** A slip's deduction lines in paise, in print order: EPF, ESI, then the month's other deductions. */
export type SlipDeductionLine = { kind: 'epf' | 'esi' | DeductionKind; paise: number };

/** What a slip prints as money, in paise. */
export interface SlipFigures {
  grossPaise: number;
  lines: SlipDeductionLine[];
  totalDeductionsPaise: number;
  netPaise: number;
  /** the employer's EPF share: EPS + the EPF difference */
  employerEpfPaise: number;
  employerEsiPaise: number;
}

/** A slip whose figures do not add up: the job is wrong, and none of its slips is printed. */
export class SlipFiguresError extends Error {
  override name = 'SlipFiguresError';
}

/** The month's other deductions as slip lines: each entry, or with many entries one line per kind. */
function otherLines(deductions: readonly { kind: DeductionKind; amount: number }[]): SlipDeductionLine[] {
  const entries = deductions.map((deduction) => ({ kind: deduction.kind, paise: toPaise(deduction.amount) }));
  if (entries.length <= ENTRIES_LISTED) return entries;
  return DEDUCTION_KINDS.flatMap((kind) => {
    const ofKind = entries.filter((entry) => entry.kind === kind);
    return ofKind.length > 0 ? [{ kind, paise: ofKind.reduce((sum, entry) => sum + entry.paise, 0) }] : [];
  });
}

/**
 * A slip's figures in paise from its payroll row (rupees, the edge) and deductions, checked
 * to add up: the deductions are the row's other deductions, and gross − all deductions is
 * the net. A slip must never print figures that contradict each other.
 */
export function slipFigures(
  row: Pick<PayrollRow, 'empid' | 'gross' | 'pfEmployee' | 'esiEmployee' | 'otherDeductions' | 'net' | 'eps' | 'pfEmployerDiff' | 'esiEmployer'>,
  deductions: readonly { kind: DeductionKind; amount: number }[],
): SlipFigures {
  const lines: SlipDeductionLine[] = [
    { kind: 'epf', paise: toPaise(row.pfEmployee) },
    { kind: 'esi', paise: toPaise(row.esiEmployee) },
    ...otherLines(deductions),
  ];
  const totalDeductionsPaise = lines.reduce((sum, line) => sum + line.paise, 0);
  const otherPaise = totalDeductionsPaise - lines[0]!.paise - lines[1]!.paise;
  const grossPaise = toPaise(row.gross);
  const netPaise = toPaise(row.net);
  if (otherPaise !== toPaise(row.otherDeductions)) {
    throw new SlipFiguresError(`wage slip of ${row.empid}: the deductions (${otherPaise / 100}) are not the payroll's other deductions (${row.otherDeductions})`);
  }
  if (grossPaise - totalDeductionsPaise !== netPaise) {
    throw new SlipFiguresError(`wage slip of ${row.empid}: gross ${row.gross} − deductions ${totalDeductionsPaise / 100} is not the net ${row.net}`);
  }
  return {
    grossPaise,
    lines,
    totalDeductionsPaise,
    netPaise,
    employerEpfPaise: toPaise(row.eps) + toPaise(row.pfEmployerDiff),
    employerEsiPaise: toPaise(row.esiEmployer),
  };
}
