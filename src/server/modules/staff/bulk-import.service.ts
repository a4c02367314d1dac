import { inArray } from 'drizzle-orm';
import * as XLSX from '@e965/xlsx';
import { BULK_MAX_ROWS } from '../../../shared/limits.js';
import { MSG } from '../../../shared/messages.js';
import { describeMessage, type DescribedMessage } from '../../../shared/message-template.js';
import { firstMessage } from '../../../shared/api/first-message.js';
import { bulkRow, type StaffInput } from '../../../shared/schemas/staff.js';
import { maskAadhar } from '../../../shared/staff.js';
import type { Database } from '../../db/connect.js';
import { staff } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { recordAudit, type Actor } from '../audit/audit.service.js';
type StaffRow = typeof staff.$inferSelect;
import { readSheetOffThread } from './sheet-reader.js';
import { claimEmpIds, empIdKey, takenEmpIds } from './emp-ids.js';
import { newStaffValues, staffConflict } from './staff.service.js';

/** Row 1 of the sheet: these names, case, spaces and punctuation ignored; other columns are ignored. */
export const BULK_HEADERS = ['name', 'work', 'phone', 'aadhar', 'empid', 'wage', 'acnumber', 'ifsccode', 'bank', 'branch', 'uanno', 'esino', 'designation'] as const;
const REQUIRED_HEADERS = ['name', 'work', 'phone', 'aadhar'] as const;

/**
 * The payroll columns (issue 26), all optional: the field each fills, the template's header
 * (which says how to write it) and the other names a sheet may give the column. A file
 * without them imports as before: the fields stay empty and both memberships are yes.
 */
const PAYROLL_COLUMNS = [
  { field: 'dob', header: 'Date of birth (YYYY-MM-DD)', names: ['dob', 'dateofbirth', 'birthdate'] },
  { field: 'gender', header: 'Gender (M/F/T)', names: ['gender', 'sex'] },
  { field: 'guardianName', header: "Father's/Husband's name", names: ['guardianname', 'fathershusbandsname', 'fathersorhusbandsname', 'fathersname', 'husbandsname'] },
  { field: 'joined', header: 'Date of joining (YYYY-MM-DD)', names: ['joined', 'dateofjoining', 'joiningdate', 'doj'] },
  { field: 'skill', header: 'Skill (unskilled/semi-skilled/skilled/highly-skilled)', names: ['skill', 'skillcategory'] },
  { field: 'language', header: 'Document language (en/hi/ml)', names: ['language', 'documentlanguage', 'languagefordocuments'] },
  { field: 'pfMember', header: 'PF member (Y/N)', names: ['pfmember', 'pf'] },
  { field: 'esiMember', header: 'ESI member (Y/N)', names: ['esimember', 'esi'] },
] as const;
/** The columns that hold a day: a date cell or an Excel serial is read as 'YYYY-MM-DD'. */
const DAY_FIELDS: ReadonlySet<string> = new Set(['dob', 'joined']);

type Header = (typeof BULK_HEADERS)[number] | (typeof PAYROLL_COLUMNS)[number]['field'];

/** A row's reason, with its message's code and values beside it (decision 0030). */
interface Reason extends Partial<DescribedMessage> {
  reason: string;
}

interface RowProblem extends Reason {
  /** the row number as the spreadsheet shows it (headers are row 1) */
  row: number;
  column: string;
}

interface SkippedRow extends Reason {
  row: number;
  aadhar: string;
}

/** A row's reason and its code and values ('Emp ID repeats row 4': {code: 'empIdRepeatsRow', params: {0: 4}}). */
const because = (reason: string): Reason => ({ reason, ...describeMessage(reason) });

export interface ImportResult {
  imported: number;
  skipped: SkippedRow[];
}

/** A header as compared: lower case, without a bracketed note ('(YYYY-MM-DD)'), spaces or punctuation. */
function normaliseHeader(value: unknown): string {
  return String(value ?? '')
    .toLowerCase()
    .replace(/\([^)]*\)/g, '')
    .replace(/[^a-z0-9]+/g, '');
}

/** The largest Excel day serial: 9999-12-31. */
const LAST_SERIAL = 2_958_465;

/**
 * A day cell as the form would send it: a date cell (the sheet holds a day serial) or a
 * Date becomes 'YYYY-MM-DD', and so does text written DD/MM/YYYY or DD-MM-YYYY as people in
 * India write dates; anything else is passed on for the schema to judge.
 */
function dayText(value: unknown): string {
  if (typeof value === 'number' && value >= 1 && value <= LAST_SERIAL) {
    const { y, m, d } = XLSX.SSF.parse_date_code(Math.floor(value));
    return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  }
  const text = cellText(value);
  const indian = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  return indian ? `${indian[3]}-${indian[2]!.padStart(2, '0')}-${indian[1]!.padStart(2, '0')}` : text;
}

/** Cell values as the form would send them: whole numbers without exponent or decimals. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).trim();
}

/**
 * Reads the first sheet into header-keyed rows; refuses files that are not workbooks or
 * have more than BULK_MAX_ROWS rows. The parsing runs in a worker thread (sheet-reader.ts).
 */
export async function readWorkbook(buffer: Buffer): Promise<{ rowNumber: number; values: Partial<Record<Header, string>> }[]> {
  const grid = await readSheetOffThread(buffer, BULK_MAX_ROWS);
  const headerRow = (grid[0] ?? []).map(normaliseHeader);
  const missing = REQUIRED_HEADERS.filter((header) => !headerRow.includes(header));
  if (missing.length) throw new HttpError(400, MSG.bulkMissingHeaders(missing.join(', ')));
  const columnOf = new Map<Header, number>();
  for (const header of BULK_HEADERS) {
    const index = headerRow.indexOf(header);
    if (index !== -1) columnOf.set(header, index);
  }
  for (const { field, names } of PAYROLL_COLUMNS) {
    const index = headerRow.findIndex((header) => (names as readonly string[]).includes(header));
    if (index !== -1) columnOf.set(field, index);
  }
  const rows: { rowNumber: number; values: Partial<Record<Header, string>> }[] = [];
  for (let index = 1; index < grid.length; index += 1) {
    const cells = grid[index] ?? [];
    const values: Partial<Record<Header, string>> = {};
    let blank = true;
    for (const [header, column] of columnOf) {
      const text = DAY_FIELDS.has(header) ? dayText(cells[column]) : cellText(cells[column]);
      if (text !== '') blank = false;
      values[header] = text;
    }
    if (blank) continue;
    rows.push({ rowNumber: index + 1, values });
    if (rows.length > BULK_MAX_ROWS) throw new HttpError(400, MSG.bulkTooManyRows);
  }
  if (rows.length === 0) throw new HttpError(400, MSG.bulkEmpty);
  return rows;
}

/**
 * POST /worker/uploadbulkdata. Every row is checked first; any invalid row rejects the
 * whole file with a row-by-row report and nothing is imported. Rows whose Aadhaar is
 * already registered, or repeated in the file, are skipped and listed. The import is one
 * transaction of multi-row inserts.
 */
export async function importWorkers(db: Database, actor: Actor, rows: Awaited<ReturnType<typeof readWorkbook>>, today: string): Promise<ImportResult> {
  const problems: RowProblem[] = [];
  const valid: { rowNumber: number; input: StaffInput }[] = [];
  for (const { rowNumber, values } of rows) {
    const parsed = bulkRow.safeParse(values);
    if (parsed.success) {
      valid.push({ rowNumber, input: parsed.data });
    } else {
      // one problem a row, the one the Add Worker form would show first
      const reason = firstMessage(parsed.error.issues) ?? MSG.invalidRequest;
      const issue = parsed.error.issues.find((candidate) => candidate.message === reason);
      problems.push({ row: rowNumber, column: String(issue?.path[0] ?? ''), ...because(reason) });
    }
  }

  // Emp IDs must be unique in the file and against the register, in any letter case
  const empRows = new Map<string, number>();
  for (const { rowNumber, input } of valid) {
    if (!input.empid) continue;
    const first = empRows.get(empIdKey(input.empid));
    if (first !== undefined) problems.push({ row: rowNumber, column: 'empid', ...because(MSG.empIdRepeatsRow(first)) });
    else empRows.set(empIdKey(input.empid), rowNumber);
  }
  const givenEmpIds = valid.flatMap(({ input }) => (input.empid ? [input.empid] : []));
  const aadhars = valid.map(({ input }) => input.aadhar);
  // one after the other: on a transaction they share one connection
  const takenEmpSet = await takenEmpIds(db, givenEmpIds);
  const takenAadhar = await chunkedSelect(aadhars, (chunk) => db.select({ value: staff.aadhar }).from(staff).where(inArray(staff.aadhar, chunk)));
  const takenAadharSet = new Set(takenAadhar);
  for (const { rowNumber, input } of valid) {
    if (input.empid && takenEmpSet.has(empIdKey(input.empid))) problems.push({ row: rowNumber, column: 'empid', ...because(MSG.empIdTaken) });
  }
  if (problems.length) {
    problems.sort((a, b) => a.row - b.row);
    const rowsWithProblems = new Set(problems.map((p) => p.row)).size;
    throw new HttpError(400, MSG.bulkRowsInvalid(rowsWithProblems), { success: false, errors: problems.slice(0, 1000) });
  }

  const skipped: SkippedRow[] = [];
  const seen = new Map<string, number>();
  const toInsert: { rowNumber: number; input: StaffInput }[] = [];
  for (const item of valid) {
    const { aadhar } = item.input;
    const first = seen.get(aadhar);
    if (first !== undefined) {
      skipped.push({ row: item.rowNumber, aadhar: maskAadhar(aadhar), ...because(MSG.aadharRepeatsRow(first)) });
    } else if (takenAadharSet.has(aadhar)) {
      seen.set(aadhar, item.rowNumber);
      skipped.push({ row: item.rowNumber, aadhar: maskAadhar(aadhar), ...because(MSG.aadharAlreadyRegistered) });
    } else {
      seen.set(aadhar, item.rowNumber);
      toInsert.push(item);
    }
  }

  const insertedRows = await insertAll(db, actor, toInsert, today);
  const insertedAadhars = new Set(insertedRows.map((row) => row.aadhar));
  for (const item of toInsert) {
    if (!insertedAadhars.has(item.input.aadhar)) {
      skipped.push({ row: item.rowNumber, aadhar: maskAadhar(item.input.aadhar), ...because(MSG.aadharAlreadyRegistered) });
    }
  }
  skipped.sort((a, b) => a.row - b.row);
  return { imported: insertedRows.length, skipped };
}

/**
 * Inserts the rows with their audit entries, on the request's transaction. Emp IDs left empty are
 * generated inside it after every taken one (claimEmpIds), which also refuses a typed ID
 * registered meanwhile (409).
 */
async function insertAll(db: Database, actor: Actor, toInsert: { rowNumber: number; input: StaffInput }[], today: string): Promise<StaffRow[]> {
  const typed = toInsert.flatMap(({ input }) => (input.empid ? [input.empid] : []));
  try {
    const generated = await claimEmpIds(db, typed, toInsert.length - typed.length);
    let next = 0;
    const values = toInsert.map(({ input }) => newStaffValues(input, input.empid ? '' : generated[next++]!, today));
    const inserted: StaffRow[] = [];
    // 1,000 rows × 25 columns stays well under PostgreSQL's 65,535 parameters
    for (let start = 0; start < values.length; start += 1000) {
      const returned = await db
        .insert(staff)
        .values(values.slice(start, start + 1000))
        // registered meanwhile by someone else: skipped, not an error
        .onConflictDoNothing({ target: staff.aadhar })
        .returning();
      inserted.push(...returned);
    }
    await recordAudit(
      db,
      actor,
      inserted.map((row) => ({
        action: 'staff.import',
        entity: 'staff',
        entityId: row.id,
        after: {
          _id: row.id,
          empid: row.empId,
          name: row.name,
          work: row.work,
          aadhar: maskAadhar(row.aadhar),
          dob: row.dob,
          gender: row.gender,
          guardianName: row.guardianName,
          joined: row.joined,
          skill: row.skill,
          language: row.language,
          pfMember: row.pfMember,
          esiMember: row.esiMember,
        },
      })),
    );
    return inserted;
  } catch (error) {
    if (staffConflict(error) === 'empid') throw new HttpError(409, MSG.empIdTaken);
    throw error;
  }
}

async function chunkedSelect(values: string[], query: (chunk: string[]) => Promise<{ value: string }[]>): Promise<string[]> {
  const found: string[] = [];
  for (let start = 0; start < values.length; start += 5000) {
    const chunk = values.slice(start, start + 5000);
    if (chunk.length) found.push(...(await query(chunk)).map((row) => row.value));
  }
  return found;
}

/** The template offered for download: the header row and one sheet of notes. */
export function templateWorkbook(): Buffer {
  const workbook = XLSX.utils.book_new();
  const headers = [...BULK_HEADERS, ...PAYROLL_COLUMNS.map((column) => column.header)];
  const sheet = XLSX.utils.aoa_to_sheet([headers]);
  sheet['!cols'] = headers.map((header) => ({ wch: header === 'name' ? 24 : Math.max(14, header.length + 2) }));
  XLSX.utils.book_append_sheet(workbook, sheet, 'Workers');
  const notes = XLSX.utils.aoa_to_sheet([
    ['Fill one worker per row on the first sheet, below the header row.'],
    ['Required: name, work (mcc, acca, bio, laundry, pftr, pit & yard), phone (10 digits), aadhar (12 digits).'],
    ['Optional: empid (generated when empty), wage (rupees per day), acnumber, ifsccode, bank, branch, uanno, esino, designation (Supervisor or Cleaning Staff).'],
    [
      'Optional payroll columns: date of birth and date of joining (YYYY-MM-DD, DD/MM/YYYY or a date cell), gender (M, F or T), father\'s or husband\'s name, ' +
        'skill (unskilled, semi-skilled, skilled or highly-skilled), document language for wage slips (en, hi or ml), PF member and ESI member (Y or N; empty means Y).',
    ],
    ['Format the phone, aadhar and account number columns as Text so leading zeros are kept.'],
    ['Rows whose Aadhar is already registered are skipped. Any invalid row stops the whole upload, and nothing is imported.'],
  ]);
  notes['!cols'] = [{ wch: 120 }];
  XLSX.utils.book_append_sheet(workbook, notes, 'Notes');
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

