import { useTranslation } from 'react-i18next';
import type { BillUnit } from '../../../shared/bill-draft.js';
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
