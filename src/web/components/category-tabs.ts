import { toWorkType, type WorkType } from '../../shared/work-types.js';

/** A work type's label on the category tabs of every board and register (SPEC §2's spelling). */
export const WORK_TAB_LABELS: Record<WorkType, string> = {
  mcc: 'MCC',
  acca: 'ACCA',
  bio: 'BIO',
  pftr: 'PFTR',
  laundry: 'Laundry',
  'pit & yard': 'Pit & Yard',
};

/** The tab order of the live boards, attendance, wages and Bill Details (SPEC §2). */
export const BOARD_TAB_ORDER: readonly WorkType[] = ['mcc', 'acca', 'bio', 'pftr', 'laundry', 'pit & yard'];

/**
 * The six category tabs of the attendance, wage and Bill Details pages, in SPEC §2's tab
 * order and labels (the first selected).
 */
export const CATEGORY_TABS: { value: WorkType; label: string }[] = BOARD_TAB_ORDER.map((value) => ({ value, label: WORK_TAB_LABELS[value] }));

/** The work type named in the address, else the first tab (SPEC: first selected). */
export function tabFromParam(value: string | null): WorkType {
  return toWorkType(value) ?? CATEGORY_TABS[0]!.value;
}
