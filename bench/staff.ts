import * as XLSX from '@e965/xlsx';
import { WORK_TYPES } from '../src/shared/work-types.js';

/** An upload workbook of `count` valid workers spread over the six work types. */
export function staffWorkbook(count: number, aadharStart: number): Buffer {
  const rows: unknown[][] = [['name', 'work', 'phone', 'aadhar', 'wage', 'acnumber', 'designation']];
  for (let i = 0; i < count; i += 1) {
    rows.push([`Bench Worker ${aadharStart + i}`, WORK_TYPES[i % WORK_TYPES.length], '9876543210', String(aadharStart + i), 600 + (i % 200), `00${100000 + i}`, 'Cleaning Staff']);
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Workers');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** Uploads a workbook through the API; answers the wall time in milliseconds. */
export async function uploadStaff(baseUrl: string, token: string, file: Buffer): Promise<{ ms: number; msg: string }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), 'workers.xlsx');
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/v1/worker/uploadbulkdata`, { method: 'POST', body: form, headers: { authorization: token } });
  const ms = performance.now() - started;
  const body = (await response.json()) as { msg: string };
  if (!response.ok) throw new Error(`upload failed: ${response.status} ${body.msg}`);
  return { ms, msg: body.msg };
}
