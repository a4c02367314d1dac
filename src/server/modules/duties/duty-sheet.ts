import type { ListCell, ListColumn, ListSheet } from '../../../shared/list-view.js';
import type { Duty, DutyViewQuery } from '../../../shared/schemas/duties.js';

/**
 * The live and completed works as spreadsheets (issue 28): a row per duty with the train
 * number as text, the completed day as a date (the moment added as a date-time for live
 * works), coaches and crew figures as numbers, and each crew member's name in a cell of
 * its own (Crew 1, Crew 2, …, as many columns as the largest crew). The Total row adds up
 * coaches, crew required, crew assigned and shortfall, and counts the duties.
 */

const SORT_NAMES: Record<NonNullable<DutyViewQuery['sort']>['key'], string> = {
  trainno: 'Train No',
  completedDay: 'Completed on',
  createdAt: 'Added at',
  coaches: 'Coaches',
  crew: 'Crew assigned',
  shortfall: 'Shortfall',
  supervisor: 'Supervisor',
};

/** 'dd-mm-yyyy' of a 'YYYY-MM-DD' day, as the sheet's date cells show it. */
function dayText(day: string): string {
  return day.split('-').reverse().join('-');
}

/** The filters of a view as people read them, for the title row. */
export function dutyViewFilters(query: DutyViewQuery, supervisorName: string | null, range: { from: string; to: string } | undefined): string[] {
  const filters = [`Work type: ${query.work ? query.work.toUpperCase() : 'All work types'}`];
  if (range) filters.push(`Completed: ${dayText(range.from)} to ${dayText(range.to)}`);
  if (query.supervisor) filters.push(`Supervisor: ${supervisorName ?? query.supervisor}`);
  if (query.q) filters.push(`Search: "${query.q}"`);
  if (query.sort) filters.push(`Sorted by: ${SORT_NAMES[query.sort.key]}${query.sort.desc ? ' (descending)' : ''}`);
  return filters;
}

function shortfallOf(duty: Duty): number {
  return Math.max(duty.reqq - duty.workerCount, 0);
}

/** The sheet of a duty list's view. */
export function dutySheet(state: 'processing' | 'completed', duties: Duty[], filters: string[]): ListSheet {
  const completed = state === 'completed';
  const crewColumns = duties.reduce((most, duty) => Math.max(most, duty.workerDetails.length), 0);
  const withBedsheets = duties.some((duty) => duty.work === 'acca');
  const columns: ListColumn[] = [
    { header: 'Train No', kind: 'text', width: 12 },
    { header: 'Work type', kind: 'text', width: 12 },
    { header: 'Type', kind: 'text', width: 11 },
    completed ? { header: 'Completed on', kind: 'date' } : { header: 'Added at', kind: 'datetime' },
    { header: 'Coaches', kind: 'number' },
    { header: 'Crew required', kind: 'number', width: 13 },
    { header: 'Crew assigned', kind: 'number', width: 13 },
    { header: 'Shortfall', kind: 'number' },
    { header: 'Supervisor', kind: 'text', width: 22 },
    ...(withBedsheets
      ? ([
          { header: 'Bedsheets supplied', kind: 'number', width: 12 },
          { header: 'Bedsheets returned', kind: 'number', width: 12 },
        ] as const)
      : []),
    ...Array.from({ length: crewColumns }, (_, index): ListColumn => ({ header: `Crew ${index + 1}`, kind: 'text', width: 24 })),
  ];
  const rows: ListCell[][] = duties.map((duty) => [
    duty.trainno,
    duty.work.toUpperCase(),
    duty.type,
    completed ? duty.completedDay : duty.createdAt,
    duty.totalcoach,
    duty.reqq,
    duty.workerCount,
    shortfallOf(duty),
    duty.supervisorName,
    ...(withBedsheets ? [duty.suppliedBedsheet, duty.returned] : []),
    ...Array.from({ length: crewColumns }, (_, index) => {
      return duty.workerDetails[index]?.name ?? null;
    }),
  ]);
  const sum = (of: (duty: Duty) => number | null) => duties.reduce((total, duty) => total + (of(duty) ?? 0), 0);
  const totals: ListCell[] = [
    null,
    `${duties.length} ${duties.length === 1 ? 'duty' : 'duties'}`,
    null,
    null,
    sum((duty) => duty.totalcoach),
    sum((duty) => duty.reqq),
    sum((duty) => duty.workerCount),
    sum(shortfallOf),
    null,
    ...(withBedsheets ? [sum((duty) => duty.suppliedBedsheet), sum((duty) => duty.returned)] : []),
  ];
  const title = completed ? 'Completed works' : 'Live works';
  return { sheetName: title, title, filters, columns, rows, totals };
}
