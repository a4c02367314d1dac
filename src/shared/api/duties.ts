import { z } from 'zod';
import { MSG } from '../messages.js';
import { createDutyBody, dutyListQuery, dutyResponse, updateDutyBody } from '../schemas/duties.js';
import { defineRoute } from './contract.js';
import { errorResponses, idParams } from './envelopes.js';

/** Train duties (SPEC §7 /mcctrain train rows). Supervisors and managers; admins read and edit too. */

const tags = ['duties'] as const;
const dutyId = idParams(MSG.dutyNotFound);
const saved = (status: string) => z.object({ success: z.literal(true), message: z.string().describe(status), duty: dutyResponse });

export const createDuty = defineRoute({
  method: 'POST',
  path: '/mcctrain/create-mcctrain',
  tags,
  summary: 'Add a duty (supervisors: of their own work type)',
  description: 'An optional Idempotency-Key header makes a retry answer the first duty (with the header idempotent-replayed: true).',
  headers: z.object({ 'idempotency-key': z.string().max(200).optional() }).loose(),
  body: createDutyBody,
  responses: { 201: saved(MSG.trainAdded), ...errorResponses(400, 401, 403, 409) },
});

const listQueryNote =
  'Paging: `limit` (1–2000, default 500) rows per page, newest first; the header x-next-cursor carries the `cursor` of the next page when there is one.';

export const liveDuties = defineRoute({
  method: 'GET',
  path: '/mcctrain/get-livemcctrain',
  tags,
  summary: 'Live duties, newest first (filters: work, supervisor)',
  description: listQueryNote,
  query: dutyListQuery,
  responses: { 200: z.array(dutyResponse), ...errorResponses(400, 401, 403) },
});

export const completedDuties = defineRoute({
  method: 'GET',
  path: '/mcctrain/get-completedmcctrain',
  tags,
  summary: 'Completed duties by completion, newest first (filters: work, from, to (completed day), supervisor)',
  description: `${listQueryNote} With from and to, only duties completed on those days; the headers x-range-from and x-range-to repeat the days used.`,
  query: dutyListQuery,
  responses: { 200: z.array(dutyResponse), ...errorResponses(400, 401, 403) },
});

export const oneDuty = defineRoute({
  method: 'GET',
  path: '/mcctrain/getone-mcctrain/{id}',
  tags,
  summary: 'One duty',
  params: dutyId,
  responses: { 200: dutyResponse, ...errorResponses(401, 403, 404) },
});

export const updateDuty = defineRoute({
  method: 'PUT',
  path: '/mcctrain/update-mcctrain/{id}',
  tags,
  summary: 'Mark completed ({status, returned}) or edit ({trainno, status, totalcoach, workers, version})',
  params: dutyId,
  body: updateDutyBody,
  responses: { 200: saved(MSG.trainUpdated), ...errorResponses(400, 401, 403, 404, 409) },
});

export const dutyContracts = [createDuty, liveDuties, completedDuties, oneDuty, updateDuty];
