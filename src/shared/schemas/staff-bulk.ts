import { z } from 'zod';
import { BULK_CHANGE_MAX_ROWS } from '../limits.js';
import { MSG } from '../messages.js';
import { SKILLS, type Skill } from '../payroll.js';
import { DESIGNATIONS, STAFF_STATUSES, type Designation, type StaffStatus } from '../staff.js';
import { isDay } from '../time.js';
import type { WorkType } from '../work-types.js';
import { idSchema, MESSAGE_CODE_FIELDS } from '../api/envelopes.js';
import { searchText } from './input-rules.js';
import { wageField } from './staff.js';
import { optionalWorkParam } from './work-param.js';

/**
 * Bulk changes to staff (issue 28): which records (their ids, or every record matching a
 * filter, resolved by the server) and the one change to make to each of them.
 */

/** The staff list's filters, as the list sends them; {} matches every record. Unknown keys are refused (a misspelt filter must not widen the selection to everyone). */
const bulkFilter = z
  .strictObject({
    work: optionalWorkParam,
    status: z.enum(STAFF_STATUSES, { error: MSG.statusInvalid }).optional(),
    q: searchText(MSG.fields.search),
    designation: z.enum(DESIGNATIONS, { error: MSG.designationInvalid }).optional(),
    skill: z.enum(SKILLS, { error: MSG.skillInvalid }).optional(),
  })
  .describe('Every record matching these filters (as the staff list filters): work type, status, search text (name, phone or Emp ID), designation, skill category');
export type BulkFilter = z.output<typeof bulkFilter>;

/** The one change, as the handlers receive it. `value` of a wage is exact rupees as text ("650.00"). */
export type BulkChange =
  | { field: 'status'; value: StaffStatus }
  | { field: 'work'; value: WorkType }
  | { field: 'designation'; value: Designation }
  | { field: 'skill'; value: Skill }
  | { field: 'wage'; value: string; from: string };

const bulkChange = z
  .strictObject({
    status: z.enum(STAFF_STATUSES, { error: MSG.statusInvalid }).optional(),
    work: optionalWorkParam,
    designation: z.enum(DESIGNATIONS, { error: MSG.designationInvalid }).optional(),
    skill: z.enum(SKILLS, { error: MSG.skillInvalid }).optional(),
    wage: wageField.describe('Daily wage in rupees, with at most 2 decimals (as the Update Worker form); goes with `from`'),
    from: z.string().optional().meta({ format: 'date' }).describe('YYYY-MM-DD: the first day of the new wage (company time zone); today or earlier applies at once'),
  })
  .transform((raw, ctx): BulkChange => {
    const changes: BulkChange[] = [];
    if (raw.status !== undefined) changes.push({ field: 'status', value: raw.status });
    if (raw.work !== undefined) changes.push({ field: 'work', value: raw.work });
    if (raw.designation !== undefined) changes.push({ field: 'designation', value: raw.designation });
    if (raw.skill !== undefined) changes.push({ field: 'skill', value: raw.skill });
    const wageAsked = raw.wage !== null || raw.from !== undefined;
    if (wageAsked) changes.push({ field: 'wage', value: raw.wage ?? '', from: raw.from ?? '' });
    const fail = (message: string, path: string) => {
      ctx.addIssue({ code: 'custom', message, path: [path] });
      return z.NEVER;
    };
    if (changes.length === 0) return fail(MSG.staffBulk.changeRequired, 'status');
    if (changes.length > 1) return fail(raw.from !== undefined && raw.wage === null ? MSG.staffBulk.fromOnlyWithWage : MSG.staffBulk.oneChange, 'from');
    const change = changes[0]!;
    if (change.field === 'wage') {
      if (raw.wage === null) return fail(MSG.staffBulk.wageRequired, 'wage');
      if (raw.from === undefined || raw.from.trim() === '') return fail(MSG.staffBulk.fromRequired, 'from');
      if (!isDay(raw.from.trim())) return fail(MSG.staffBulk.fromInvalid, 'from');
      return { field: 'wage', value: raw.wage, from: raw.from.trim() };
    }
    return change;
  })
  .describe('Exactly one of: status; work; designation; skill; or wage with from');

/** POST /worker/bulk-preview and /worker/bulk-update: `ids` or `filter`, and the change. */
export const bulkChangeBody = z
  .object({
    ids: z
      .array(idSchema(MSG.staffBulk.notOnRegister), { error: MSG.staffBulk.noneSelected })
      .min(1, MSG.staffBulk.noneSelected)
      .max(BULK_CHANGE_MAX_ROWS, MSG.staffBulk.tooMany(BULK_CHANGE_MAX_ROWS))
      .optional()
      .describe(`The records to change (at most ${BULK_CHANGE_MAX_ROWS})`),
    filter: bulkFilter.optional(),
    change: bulkChange,
  })
  .superRefine((body, ctx) => {
    if (body.ids === undefined && body.filter === undefined) ctx.addIssue({ code: 'custom', message: MSG.staffBulk.selectionRequired, path: ['ids'] });
    if (body.ids !== undefined && body.filter !== undefined) ctx.addIssue({ code: 'custom', message: MSG.staffBulk.selectionBoth, path: ['filter'] });
  });
export type BulkChangeBody = z.output<typeof bulkChangeBody>;

/** A record the change would change: its value before and after (a status, work type, designation, skill code or rupees as text). */
const bulkChangeRow = z.object({
  _id: z.string(),
  name: z.string(),
  empid: z.string(),
  before: z.string().nullable(),
  after: z.string(),
});

/** A record the change may not be made to, and why. */
export const bulkRefusedRow = z.object({
  _id: z.string(),
  name: z.string(),
  empid: z.string(),
  reason: z.string(),
  ...MESSAGE_CODE_FIELDS,
});

export const bulkPreviewResponse = z.object({
  selected: z.number().describe('How many records the selection names (found on the register)'),
  changes: z.array(bulkChangeRow).describe('The records the change would change'),
  unchanged: z.number().describe('Records that already have the value'),
  refused: z.array(bulkRefusedRow).describe('Records the change may not be made to, with the reason; the others can still be changed'),
  pending: z.boolean().describe('A wage from a day after today: kept and applied when its day comes'),
});
export type BulkPreview = z.output<typeof bulkPreviewResponse>;
