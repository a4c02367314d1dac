import { WORK_TYPES, type WorkType } from '../../../shared/work-types.js';
import { BOARD_TAB_ORDER, WORK_TAB_LABELS } from '../../components/category-tabs.js';
import { formatDateTime } from '../../i18n/format.js';
import { messageText } from '../../i18n/messages.js';

/**
 * Pure display rules of the duty screens (SPEC §2, §4), kept apart from the components so
 * they are unit-tested.
 */

/** Live boards' tab labels, in SPEC §2's order (MCC, ACCA, BIO, PFTR, Laundry, Pit & Yard). */
export const LIVE_TABS: { work: WorkType; label: string }[] = BOARD_TAB_ORDER.map((work) => ({ work, label: WORK_TAB_LABELS[work] }));

/** Completed boards' tabs, in SPEC §2's order (mcc, acca, bio, laundry, pftr, pit & yard), shown in capitals. */
export const COMPLETED_TABS: { work: WorkType; label: string }[] = WORK_TYPES.map((work) => ({ work, label: work.toUpperCase() }));

/**
 * The tabs a person sees (SPEC §6): only their own when their work value is a known type,
 * otherwise all of them.
 */
export function tabsFor<T extends { work: WorkType }>(tabs: T[], ownWork: WorkType | null): T[] {
  if (!ownWork) return tabs;
  return tabs.filter((tab) => tab.work === ownWork);
}

/**
 * "Created At" of the lists: day/month/year, hour:minute (SPEC §2: en-IN), in the company's
 * time zone and the reader's language (Western digits in every language).
 */
export function formatCreatedAt(iso: string, timeZone: string): string {
  return formatDateTime(iso, timeZone, { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/**
 * Timestamps of the detail page as SPEC §2 shows them (en-GB: 23/11/2026, 17:35:09, a
 * 24-hour clock with seconds), in the company's time zone and the reader's language.
 */
export function formatTimestamp(iso: string, timeZone: string): string {
  return formatDateTime(iso, timeZone, { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
}

/**
 * A calendar day 'YYYY-MM-DD' as en-IN shows it (dd/mm/yyyy). The day is already the
 * company's (APP_TZ), so it is rearranged, not converted through the browser's zone.
 */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-');
  return year && month && date ? `${date}/${month}/${year}` : day;
}

/** A real calendar day 'YYYY-MM-DD' (not 2026-02-31). */
function isDay(text: string | null): text is string {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10) === text;
}

/**
 * A completed list's ?from=&to= (kept in the address so Details → Back shows the same
 * range) as a range of days, when both are real calendar days in order; otherwise none,
 * and the list shows this month.
 */
export function addressRange(from: string | null, to: string | null): { from: string; to: string } | null {
  return isDay(from) && isDay(to) && from <= to ? { from, to } : null;
}

/** SPEC §2 Completed Trains: the name, 'Unknown' if the account is gone, 'Not Assigned' if none (in the reader's language). */
export function supervisorLabel(duty: { supervisor: string | null; supervisorName: string | null }): string {
  if (!duty.supervisor) return messageText('supervisorNotAssigned');
  return duty.supervisorName || messageText('supervisorUnknown');
}

/** A difference with its sign: +2, -1, 0. */
export function signed(value: number): string {
  return value > 0 ? `+${value}` : String(value);
}

/** SPEC §4: manpower short (negative) is red, excess (positive) green. */
export function manpowerColor(difference: number): string | undefined {
  if (difference < 0) return 'red.8';
  if (difference > 0) return 'green.8';
  return undefined;
}

/** SPEC §4: bedsheets missing (supplied − returned positive) are red, extra returned (negative) green. */
export function bedsheetColor(difference: number): string | undefined {
  if (difference > 0) return 'red.8';
  if (difference < 0) return 'green.8';
  return undefined;
}

export interface CrewCandidate {
  _id: string;
  name: string;
  work: string | null;
}

/**
 * SPEC §5 suggestions: workers of the chosen type whose name contains the text
 * (case-insensitive) and who are not chosen yet. Nothing before the person types.
 */
export function suggestWorkers<T extends CrewCandidate>(workers: readonly T[], options: { work: string; chosenIds: readonly string[]; text: string }): T[] {
  const text = options.text.trim().toLowerCase();
  if (!text) return [];
  const chosen = new Set(options.chosenIds);
  const work = options.work.toLowerCase();
  return workers.filter((worker) => (worker.work ?? '').toLowerCase() === work && !chosen.has(worker._id) && worker.name.toLowerCase().includes(text));
}
