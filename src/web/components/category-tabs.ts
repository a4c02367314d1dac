import { toWorkType, type WorkType } from '../../shared/work-types.js';

/**
 * The six category tabs of the attendance, wage and Bill Details pages, in SPEC §2's tab
 * order and labels (the first selected).
 */
export const CATEGORY_TABS: { value: WorkType; label: string }[] = [
  { value: 'mcc', label: 'MCC' },
  { value: 'acca', label: 'ACCA' },
  { value: 'bio', label: 'BIO' },
  { value: 'pftr', label: 'PFTR' },
  { value: 'laundry', label: 'Laundry' },
  { value: 'pit & yard', label: 'Pit & Yard' },
];

/** The work type named in the address, else the first tab (SPEC: first selected). */
export function tabFromParam(value: string | null): WorkType {
  return toWorkType(value) ?? CATEGORY_TABS[0]!.value;
}
