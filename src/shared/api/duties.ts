import { z } from 'zod';
import { MSG } from '../messages.js';
import { createDutyBody, DUTY_PAGE_DEFAULT, DUTY_PAGE_MAX, dutyListQuery, dutyResponse, dutyTotalsResponse, dutyViewQuery, updateDutyBody } from '../schemas/duties.js';
import { XLSX_TYPE } from './reports.js';
import { WORK_TYPES } from '../work-types.js';
import { API } from './addresses.js';
import { defineRoute } from './contract.js';
import { errorResponses, idempotencyKeyHeaders, idParams, successMsg } from './envelopes.js';

/** Train duties (SPEC §7 /mcctrain train rows). Supervisors and managers; admins read and edit too. */

const tags = ['duties'] as const;
const dutyId = idParams(MSG.dutyNotFound);
/** How the three writes a phone may queue offline treat the Idempotency-Key header. */
const onceNote =
  'An optional Idempotency-Key header (one per intended change, e.g. a UUID) makes the write happen once: a repeat with the same key and the same request within 24 hours ' +
  'answers the first answer again (header idempotent-replayed: true) and changes nothing; the same key with another request answers 422. A refused request keeps no answer, so its key may be sent again. Without the header nothing changes.';
const saved = (status: string) => z.object({ success: z.literal(true), message: z.string().describe(status), duty: dutyResponse });

export const createDuty = defineRoute({
  ...API.createDuty,
  tags,
  summary: 'Add a duty (supervisors: of their own work type)',
  description:
    "`supervisor` is a supervisor's user id, the caller's own id (a manager or admin adding work), or empty where SPEC §5 allows it (not for mcc, bio and acca). " +
    'A supervisor\'s duty is of their work type and records them as supervisor. Required staff (reqq) is computed from the staffing norm of the work type (GET /staffing-norms). ' +
    `${onceNote} A repeat answers the first 201 with the duty as it was created.`,
  headers: idempotencyKeyHeaders,
  body: createDutyBody,
  responses: { 201: saved(MSG.trainAdded), ...errorResponses(400, 401, 403, 422) },
});

const listQueryNote =
  `Paging: \`limit\` (1–${DUTY_PAGE_MAX}, default ${DUTY_PAGE_DEFAULT}) rows per page, newest first; the header x-next-cursor carries the \`cursor\` of the next page when there is one (send it back unchanged, with the same filters). ` +
  "Optional (issue 28): `q` keeps the duties whose train number or supervisor's name holds the text (any letter case); `sort` orders by a column " +
  "(trainno, completedDay, createdAt, coaches, crew, shortfall, supervisor; '-' before it for descending; ties newest first). " +
  'A sorted list is paged by position: its x-next-cursor is an offset cursor, valid only with the same filters and sort (rows added meanwhile may shift a row to the next page). ' +
  'Without `sort` the order and cursor are as before. The totals of the whole view are at the sibling *-totals endpoint, its spreadsheet at *-export.';

export const liveDuties = defineRoute({
  ...API.liveDuties,
  tags,
  summary: 'Live duties, newest first (filters: work, supervisor)',
  description: listQueryNote,
  query: dutyListQuery,
  responses: { 200: z.array(dutyResponse), ...errorResponses(400, 401, 403) },
});

export const completedDuties = defineRoute({
  ...API.completedDuties,
  tags,
  summary: 'Completed duties by completion, newest first (filters: work, from, to (completed day), supervisor)',
  description:
    `${listQueryNote} Without from and to there is no date filter: every completed duty, newest completion first, one page at a time. ` +
    'With from and/or to, only duties completed on those days (in the company\'s time zone; a missing end is open); the headers x-range-from and x-range-to repeat the days used.',
  query: dutyListQuery,
  responses: { 200: z.array(dutyResponse), ...errorResponses(400, 401, 403) },
});

export const oneDuty = defineRoute({
  ...API.oneDuty,
  tags,
  summary: 'One duty',
  params: dutyId,
  responses: { 200: dutyResponse, ...errorResponses(401, 403, 404) },
});

export const updateDuty = defineRoute({
  ...API.updateDuty,
  tags,
  summary: 'Mark completed ({status, returned}) or edit ({trainno, status, totalcoach, workers, version})',
  description:
    '`returned` is optional when completing an acca duty: left out, it stays empty. The full edit (train number, coaches or workers sent) requires ' +
    'status, workers and, for mcc, bio and acca, train number and coaches. A `version` older than the stored one is refused with 409. ' +
    'The answer carries the duty as saved, with its new `version` for a later edit. ' +
    `${onceNote} A repeat answers the first answer, also when the duty was changed since.`,
  headers: idempotencyKeyHeaders,
  params: dutyId,
  body: updateDutyBody,
  responses: { 200: saved(MSG.trainUpdated), ...errorResponses(400, 401, 403, 404, 409, 422) },
});

export const deleteDuty = defineRoute({
  ...API.deleteDuty,
  tags,
  summary: 'Delete a mistaken duty with its crew (managers and admins)',
  description:
    'Removes the duty and its crew in one transaction and keeps a copy of the whole duty (with the crew ids) in the audit trail; attendance and the dashboard no longer count it. ' +
    'A repeated delete of the same duty (already gone) answers 404 with the not-found message, as does an id that names no duty, unless it repeats the Idempotency-Key of the delete that removed it. ' +
    onceNote,
  headers: idempotencyKeyHeaders,
  params: dutyId,
  responses: { 200: successMsg.describe(MSG.dutyDeleted), ...errorResponses(400, 401, 403, 404, 422) },
});

/** One work type's required staff per coach (or tank). */
const staffingNorm = z.object({ work: z.enum(WORK_TYPES), perCoach: z.number().positive() });

export const staffingNorms = defineRoute({
  ...API.staffingNorms,
  tags,
  summary: 'Required staff per coach, by work type (read by those who add duties)',
  description:
    'The norms the server computes required staff (reqq) with: reqq = round(perCoach × totalcoach), halves rounded up. Every work type is listed; one the admin never set has the default. ' +
    'Admins change them through PUT /admin/staffing-norms/{work}.',
  responses: { 200: z.object({ norms: z.array(staffingNorm) }), ...errorResponses(401, 403) },
});

const totalsNote =
  'The totals over every page of the view the list endpoint answers with the same query (its filters and search; paging and sort play no part): ' +
  'duties, coaches, crew required, crew assigned and shortfall (the crew missing on the duties short of the required, added up). Supervisors get their own work type.';

export const completedDutyTotals = defineRoute({
  ...API.completedDutyTotals,
  tags,
  summary: 'Totals of the completed duties in view (work, from, to, supervisor, q)',
  description: totalsNote,
  query: dutyViewQuery,
  responses: { 200: dutyTotalsResponse, ...errorResponses(400, 401, 403) },
});

export const liveDutyTotals = defineRoute({
  ...API.liveDutyTotals,
  tags,
  summary: 'Totals of the live duties in view (work, supervisor, q)',
  description: totalsNote,
  query: dutyViewQuery,
  responses: { 200: dutyTotalsResponse, ...errorResponses(400, 401, 403) },
});

const exportNote =
  'Managers and admins. Every duty of the view (the list\'s query without paging: filters, search and sort), as one sheet: a title row naming the filters, ' +
  'then a row per duty (train number as text, days as dates, numbers as numbers, each crew member\'s name in a cell of its own) and a Total row. ';

export const completedDutiesExport = defineRoute({
  ...API.completedDutiesExport,
  tags,
  summary: 'The completed duties in view as a spreadsheet (managers and admins)',
  description: `${exportNote}Without from and to, every completed duty, as the list answers (more than 50,000 rows are refused with 413).`,
  query: dutyViewQuery,
  responses: { 200: { file: [XLSX_TYPE], description: 'Completed_works_{yyyy-mm-dd}.xlsx' }, ...errorResponses(400, 401, 403, 413) },
});

export const liveDutiesExport = defineRoute({
  ...API.liveDutiesExport,
  tags,
  summary: 'The live duties in view as a spreadsheet (managers and admins)',
  description: exportNote,
  query: dutyViewQuery,
  responses: { 200: { file: [XLSX_TYPE], description: 'Live_works_{yyyy-mm-dd}.xlsx' }, ...errorResponses(400, 401, 403, 413) },
});

export const dutyContracts = [
  createDuty,
  liveDuties,
  completedDuties,
  oneDuty,
  updateDuty,
  deleteDuty,
  staffingNorms,
  completedDutyTotals,
  liveDutyTotals,
  completedDutiesExport,
  liveDutiesExport,
];
