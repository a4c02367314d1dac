import { useTranslation } from 'react-i18next';
import type { BillUnit } from '../../../shared/bill-draft.js';
import { MSG } from '../../../shared/messages.js';
import { monthLabel } from '../../../shared/months.js';
import type { BillDraft } from '../../../shared/schemas/bill-draft.js';
import { issueText } from '../../forms/field-errors.js';
import { toWorkType, type WorkType } from '../../../shared/work-types.js';
import { WORK_TAB_LABELS } from '../../components/category-tabs.js';
import { formatMoney, formatNumber } from '../../i18n/format.js';

/**
 * How the bill's screens (issue 27) show what the draft answers: the units with the unit's
 * name, the rate with what it is per, a difference with its sign, and the work type's
 * label (the tabs' spelling, as the payroll's printed pages name it).
 */

/** '1,234 coaches', '56 tanks', 'Fixed monthly value' in the reader's language; a dash without terms. */
export function useUnitsText(): (unit: BillUnit | null, units: number) => string {
  const { t } = useTranslation();
  return (unit, units) => {
    if (!unit) return '—';
    if (unit === 'month') return t('billDraft.units.month');
    return t(`billDraft.units.${unit}`, { count: units, units: formatNumber(units) });
  };
}

/** '₹350 per coach', '₹12 per tank', '₹4,50,000 fixed monthly value'; a dash without terms. */
export function useRateText(): (unit: BillUnit | null, rate: number | null) => string {
  const { t } = useTranslation();
  return (unit, rate) => (unit && rate !== null ? t(`billDraft.ratePer.${unit}`, { rate: formatMoney(rate) }) : '—');
}

/** The name of what a duty's count is: coaches, or tanks for a work type billed by the tank. */
export function useCountLabel(): (unit: BillUnit | null) => string {
  const { t } = useTranslation();
  return (unit) => (unit === 'tank' ? t('billDraft.annexure.tanks') : t('billDraft.annexure.coaches'));
}

/** A money difference with its sign: '+₹1,000', '−₹500', '₹0'. */
export function signedMoney(amount: number): string {
  if (amount === 0) return formatMoney(0);
  return `${amount > 0 ? '+' : '−'}${formatMoney(Math.abs(amount))}`;
}

/** A count difference with its sign: '+12', '−3', '0'. */
export function signedNumber(count: number): string {
  if (count === 0) return '0';
  return `${count > 0 ? '+' : '−'}${formatNumber(Math.abs(count))}`;
}

/** The work type as the tabs spell it (MCC, BIO, Laundry); as given when not one of the six. */
export function workLabel(work: WorkType | string): string {
  const known = toWorkType(work);
  return known ? WORK_TAB_LABELS[known] : work;
}

/**
 * The draft's problems in the reader's language. The server sends them as MSG's English
 * words, without codes, and the web knows a template's words only once it has built them
 * (src/shared/message-template.ts: exact words, never a pattern). So the messages the
 * draft's own data calls for are built here with the server's arguments (the rules of
 * src/server/modules/bills/bill-draft.service.ts: the work type in capitals, the month's
 * name, the trains without coaches or tanks, else their days); each problem is then read
 * by its exact words, and one the web does not know shows as it came.
 */
export function useProblemTexts(draft: BillDraft): string[] {
  useTranslation();
  if (draft.problems.length === 0) return [];
  const work = draft.work.toUpperCase();
  const month = monthLabel(draft.month);
  MSG.billDraft.noTerms(work, month);
  MSG.billDraft.noDuties(work, month);
  const without = [...new Set(draft.duties.filter((duty) => !duty.totalcoach).map((duty) => duty.trainno?.trim() || duty.completedDay))];
  if (without.length > 0) MSG.billDraft.noUnits(without.join(', '));
  return draft.problems.map(issueText);
}

