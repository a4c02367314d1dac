import * as XLSX from '@e965/xlsx';
import { medianOf } from './payroll.js';

/**
 * Issue 28's export benchmark: the completed works of the seed's busy month of mcc (about
 * 1,700 duties) as a spreadsheet (GET /mcctrain/completed-export), sorted by shortfall, each
 * answer opened and checked: a row per duty between the title and header rows and the Total row.
 */

export interface DutyExportTiming {
  work: string;
  month: string;
  /** wall times of the sequential requests, in order, ms */
  times: number[];
  duties: number;
  bytes: number;
  /** why the answers are not a valid figure (null when they are) */
  problem: string | null;
}

/** The first and last day of a month 'YYYY-MM'. */
function monthDays(month: string): { from: string; to: string } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** `count` sequential exports of one work type's completed works of a month, each opened and checked. */
export async function timeCompletedExport(baseUrl: string, token: string, work: string, month: string, count: number, minimumDuties: number): Promise<DutyExportTiming> {
  const { from, to } = monthDays(month);
  const times: number[] = [];
  let duties = 0;
  let bytes = 0;
  let problem: string | null = null;
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/v1/mcctrain/completed-export?work=${encodeURIComponent(work)}&from=${from}&to=${to}&sort=-shortfall`, {
      headers: { authorization: token },
    });
    const body = Buffer.from(await response.arrayBuffer());
    times.push(Math.round(performance.now() - started));
    if (!response.ok) throw new Error(`bench: GET /mcctrain/completed-export (${work}, ${month}) answered ${response.status}: ${body.toString('utf8').slice(0, 200)}`);
    const book = XLSX.read(body, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, defval: null });
    const found = rows.length - 3; // title, header and Total rows
    if (rows.at(-1)?.[0] !== 'Total') problem ??= 'the sheet ends without its Total row';
    if (found < minimumDuties) problem ??= `${found} duties where the seed made more than ${minimumDuties}`;
    if (duties && found !== duties) problem ??= 'two exports of the same view held different rows';
    duties = found;
    bytes = body.length;
  }
  return { work, month, times, duties, bytes, problem };
}

/** One line of figures for the report. */
export function describeCompletedExport(timing: DutyExportTiming): string {
  return (
    `GET /mcctrain/completed-export?work=${timing.work} (${timing.month}, ${timing.duties} duties, ${Math.round(timing.bytes / 1024)} KiB): first ${timing.times[0]} ms, ` +
    `median ${medianOf(timing.times)} ms of ${timing.times.length} (${timing.times.join(', ')} ms)${timing.problem ? `; NOT VALID: ${timing.problem}` : ''}`
  );
}
