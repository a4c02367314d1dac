/** The six work categories of SPEC §1, in the order the screens list them. */
export const WORK_TYPES = ['mcc', 'acca', 'bio', 'laundry', 'pftr', 'pit & yard'] as const;

export type WorkType = (typeof WORK_TYPES)[number];

function isWorkType(value: unknown): value is WorkType {
  return typeof value === 'string' && (WORK_TYPES as readonly string[]).includes(value);
}

/**
 * Normalises a stored or typed work value ("MCC", " Pit & Yard ") to its canonical
 * lower-case form, or null when it is not one of the six.
 */
export function toWorkType(value: unknown): WorkType | null {
  if (typeof value !== 'string') return null;
  const lowered = value.trim().toLowerCase();
  return isWorkType(lowered) ? lowered : null;
}

/** Upper-case labels for buttons (SPEC §2: "work-type buttons in upper case"). */
export function workTypeButtonLabel(work: WorkType): string {
  return work.toUpperCase();
}

/** Labels used by selects; bio reads BIO TOILET there (SPEC §1). */
export const WORK_TYPE_SELECT_LABELS: Record<WorkType, string> = {
  mcc: 'MCC',
  acca: 'ACCA',
  bio: 'BIO TOILET',
  laundry: 'LAUNDRY',
  pftr: 'PFTR',
  'pit & yard': 'PIT & YARD',
};
