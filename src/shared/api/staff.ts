import { z } from 'zod';
import { LIST_EXPORT_MAX_ROWS } from '../list-view.js';
import { MSG } from '../messages.js';
import {
  ifscParams,
  ifscResponse,
  supervisorListResponse,
  workerCountsQuery,
  workerCountsResponse,
  workerCreateBody,
  workerResponse,
  workersExportQuery,
  workersQuery,
  workerUpdateBody,
} from '../schemas/staff.js';
import { API } from './addresses.js';
import { XLSX_TYPE } from './reports.js';
import { defineRoute } from './contract.js';
import { errorBody, errorResponses, idParams, MESSAGE_CODE_FIELDS } from './envelopes.js';

/** The staff register (SPEC §7 /worker rows) and the supervisor list (/auth/getsupervisor). */

const tags = ['staff'] as const;
const workerId = idParams(MSG.workerNotFound);
const saved = (message: string) => z.object({ success: z.literal(true), msg: z.string().describe(message), worker: workerResponse });

export const createWorker = defineRoute({
  ...API.createWorker,
  tags,
  summary: 'Add a worker (managers and admins)',
  description: 'An Aadhaar number already on the register answers 200 {success: false, msg: "Already registered, please login"} (SPEC §8).',
  body: workerCreateBody,
  responses: {
    201: saved(MSG.workerAdded),
    200: z.object({ success: z.literal(false), msg: z.string().describe(MSG.alreadyRegistered) }),
    ...errorResponses(400, 401, 403, 409),
  },
});

export const listWorkers = defineRoute({
  ...API.listWorkers,
  tags,
  summary: 'Staff, newest first (supervisors: their own work type, without private fields)',
  description:
    'Paging: `limit` (1–5000, default 1000) rows from `offset`; the header x-total-count carries the number of matching records. Managers and admins read the Aadhaar masked; ' +
    "managers also read the account number of a manager's or an admin's record masked (XXXXXXXX1234).",
  query: workersQuery,
  responses: { 200: z.array(workerResponse), ...errorResponses(400, 401, 403) },
});

// the staff list's counts and export (issue 28, staff list)
const VIEW_RULES =
  'The view as GET /worker/get-workers takes it: `work` (none: every work type), `status`, `designation`, `skill`, `q` (name, Emp ID or phone) and `sort`; ' +
  'a supervisor reads their own work type only.';

export const workerStatusCounts = defineRoute({
  ...API.workerStatusCounts,
  tags,
  summary: 'How many staff of the list view are Active, On Leave and Resigned (supervisors, managers and admins)',
  description: `${VIEW_RULES} The status is left out: the counts are by status.`,
  query: workerCountsQuery,
  responses: { 200: workerCountsResponse, ...errorResponses(400, 401, 403) },
});

export const workersExport = defineRoute({
  ...API.workersExport,
  tags,
  summary: 'The staff list view, every page, as .xlsx (supervisors, managers and admins)',
  description:
    `${VIEW_RULES} Managers and admins read the Aadhaar masked, as in the list; a supervisor's file leaves out what their list leaves out (Aadhaar, skill, wage, date of joining). ` +
    `413 "${MSG.lists.exportTooLarge}" above ${LIST_EXPORT_MAX_ROWS.toLocaleString('en-US')} rows.`,
  query: workersExportQuery,
  responses: {
    200: { file: [XLSX_TYPE], description: 'Staff_{yyyy-mm-dd}.xlsx: a title row naming the filters, the header, a row per person, the Total row' },
    ...errorResponses(400, 401, 403, 413),
  },
});

export const oneWorker = defineRoute({
  ...API.oneWorker,
  tags,
  summary: 'One staff record, as a list whose first item is the record (managers and admins)',
  description:
    "`editable` is false for a record the reader may not change (for a manager: another manager's or an admin's), whose Aadhaar and account number are then masked. " +
    '`ownRecord` is true for the reader\'s own record: they may change it, except their designation and setting themself Resigned.',
  params: workerId,
  responses: { 200: z.array(workerResponse), ...errorResponses(401, 403, 404) },
});

export const updateWorker = defineRoute({
  ...API.updateWorker,
  tags,
  summary: 'Change a staff record: every field of the Update Worker form (managers and admins)',
  description:
    `403 "${MSG.staffOfHigherRole}" when a manager changes another manager's or an admin's record; 403 "${MSG.ownStaffRecord}" for one's own designation or Resigned; ` +
    `409 "${MSG.lastAdminResigned}".`,
  params: workerId,
  body: workerUpdateBody,
  responses: { 200: saved(MSG.workerUpdated), ...errorResponses(400, 401, 403, 404, 409) },
});

const rowProblem = z.object({
  row: z.number().describe('The row number as the spreadsheet shows it (the header is row 1)'),
  column: z.string(),
  reason: z.string(),
  ...MESSAGE_CODE_FIELDS,
});

export const uploadWorkers = defineRoute({
  ...API.uploadWorkers,
  tags,
  summary: 'Import workers from the first sheet of an .xlsx or .xls file (multipart, one file field; managers and admins)',
  description:
    'Row 1 names the columns (name, work, phone and aadhar required). Any invalid row refuses the whole file with 400 and `errors`, one per row; rows whose Aadhaar is already registered or repeated are skipped and listed.',
  multipart: true,
  responses: {
    200: z.object({
      success: z.literal(true),
      msg: z.string(),
      imported: z.number(),
      skipped: z.array(z.object({ row: z.number(), aadhar: z.string().describe('Masked: XXXX XXXX 1234'), reason: z.string(), ...MESSAGE_CODE_FIELDS })),
    }),
    ...errorResponses(401, 403, 409, 413),
    400: errorBody.extend({ errors: z.array(rowProblem).optional() }).describe('The file or a row breaks a rule; errors lists the rows'),
  },
});

export const uploadTemplate = defineRoute({
  ...API.uploadTemplate,
  tags,
  summary: 'The bulk upload template (managers and admins)',
  responses: {
    200: { file: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'], description: 'Workers_upload_template.xlsx: the header row and a sheet of notes' },
    ...errorResponses(401, 403),
  },
});

export const ifscLookup = defineRoute({
  ...API.ifscLookup,
  tags,
  summary: 'Bank and branch of an IFSC code (managers and admins)',
  description: 'A code that is not an IFSC, or names no bank, answers 404. Without the upstream source the branch may be empty.',
  params: ifscParams,
  responses: { 200: ifscResponse, ...errorResponses(401, 403, 404) },
});

export const supervisorList = defineRoute({
  ...API.supervisorList,
  tags,
  summary: 'Supervisors who can sign in, by name (any signed-in account)',
  description: 'Managers and admins read every supervisor; a supervisor reads the supervisors of their own work type (themself included).',
  responses: { 200: supervisorListResponse, ...errorResponses(401) },
});

export const staffContracts = [createWorker, listWorkers, workerStatusCounts, workersExport, oneWorker, updateWorker, uploadWorkers, uploadTemplate, ifscLookup, supervisorList];
