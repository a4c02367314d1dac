import { z } from 'zod';
import { BULK_CHANGE_MAX_ROWS, WAGE_FROM_FUTURE_DAYS, WAGE_FROM_PAST_DAYS } from '../limits.js';
import { MSG } from '../messages.js';
import { bulkChangeBody, bulkPreviewResponse, bulkRefusedRow } from '../schemas/staff-bulk.js';
import { API } from './addresses.js';
import { defineRoute } from './contract.js';
import { errorBody, errorResponses, GUARDED, idempotencyKeyHeaders, MESSAGE_CODE_FIELDS } from './envelopes.js';

/** Bulk changes to staff (issue 28): a preview that changes nothing, then the change in one transaction. */

const tags = ['staff'] as const;

const rules =
  'Select the records by `ids` or by `filter` (the server finds every record matching it), at most ' +
  `${BULK_CHANGE_MAX_ROWS}. The change is one of status, work, designation, skill, or wage with from (a day from ${WAGE_FROM_PAST_DAYS} days back ` +
  `to ${WAGE_FROM_FUTURE_DAYS} days ahead in the company's time zone). The single edit's rules apply to each record: a manager may not change ` +
  "another manager's or an admin's record, nobody changes their own designation or sets themself Resigned, the last admin who can sign in stays.";

export const staffBulkPreview = defineRoute({
  ...API.staffBulkPreview,
  tags,
  summary: 'Preview a bulk change to staff: who would change, who already has the value, who is refused and why (managers and admins; changes nothing)',
  description: rules,
  body: bulkChangeBody,
  responses: { 200: bulkPreviewResponse, ...errorResponses(...GUARDED) },
});

export const staffBulkUpdate = defineRoute({
  ...API.staffBulkUpdate,
  tags,
  summary: 'Make a bulk change to staff in one transaction, one audit entry per changed record (managers and admins)',
  description:
    `${rules} Send the ids the preview listed as changing. When any selected record would be refused, nothing is changed: 409 with \`refused\`. ` +
    'A wage from today or earlier is the record\'s wage at once; from a later day it is kept and applied when that day comes. Honours an Idempotency-Key.',
  headers: idempotencyKeyHeaders,
  body: bulkChangeBody,
  responses: {
    200: z.object({
      success: z.literal(true),
      msg: z.string().describe(MSG.staffBulk.changed(2)),
      changed: z.number().describe('Records changed (or, for a wage from a later day, revisions kept)'),
      unchanged: z.number().describe('Records that already had the value'),
      pending: z.boolean(),
      ...MESSAGE_CODE_FIELDS,
    }),
    ...errorResponses(...GUARDED, 422),
    409: errorBody.extend({ refused: z.array(bulkRefusedRow).optional() }).describe('Some selected records may not be changed this way; nothing was changed'),
  },
});

export const staffBulkContracts = [staffBulkPreview, staffBulkUpdate];
