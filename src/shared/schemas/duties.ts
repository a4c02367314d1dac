import { z } from 'zod';
import { DUTY_STATUSES, DUTY_TYPES, hasDutyType, isTrainWork, MAX_BEDSHEETS, MAX_COACHES, type DutyType } from '../duties.js';
import { INT32_MAX, TRAIN_NO_MAX } from '../limits.js';
import { MSG } from '../messages.js';
import { toWorkType, type WorkType } from '../work-types.js';
import { dayParam, hasUnsupportedCharacters, isDutyCursor, looseText, uuidParam } from './input-rules.js';
import { optionalWorkParam } from './work-param.js';

/**
 * Duty schemas (SPEC §3 Train job, §5 Add Work Details and Train edit). The request is
 * first read leniently (forms send numbers as text and blanks as ''), then the rules of
 * SPEC run in its order through `checkNewDuty` / `checkDutyEdit`, which the form and the
 * server share.
 */


const ids = z
  .array(z.union([z.string(), z.object({ _id: z.string() })]))
  .max(500)
  .optional()
  .transform((list) => (list ?? []).map((item) => (typeof item === 'string' ? item : item._id).trim()).filter(Boolean));

/** POST /mcctrain/create-mcctrain, as sent (reqq, used and status are decided by the server). */
export const createDutyBody = z.object({
  work: looseText('Work'),
  trainno: looseText('Train number'),
  supervisor: looseText('Supervisor'),
  totalcoach: looseText('Total coaches'),
  type: looseText('Type'),
  workers: ids,
  suppliedBedsheet: looseText('Supplied bedsheets'),
  status: looseText('Status'),
  reqq: looseText('Required staff'),
  used: looseText('Used'),
});
export type CreateDutyRequest = z.output<typeof createDutyBody>;

export interface NewDuty {
  work: WorkType;
  trainNo: string | null;
  supervisorId: string | null;
  totalCoach: number | null;
  type: DutyType | null;
  workerIds: string[];
  suppliedBedsheet: number | null;
}

function wholeNumber(value: string, min: number, max: number): number | null {
  if (!/^\d+$/.test(value)) return null;
  const parsed = Number(value);
  return parsed >= min && parsed <= max ? parsed : null;
}

export type RuleResult<T> = { ok: true; value: T } | { ok: false; message: string };

/** SPEC §5 Add Work Details, in its order. */
export function checkNewDuty(request: CreateDutyRequest): RuleResult<NewDuty> {
  const work = toWorkType(request.work);
  if (!work) return { ok: false, message: MSG.workInvalid };
  const train = isTrainWork(work);
  if (train) {
    if (request.workers.length === 0 || !request.supervisor) return { ok: false, message: MSG.fillAllRequired };
    if (!request.trainno || !request.totalcoach) return { ok: false, message: MSG.fillAllRequired };
    if (work === 'acca' && request.suppliedBedsheet === '') return { ok: false, message: MSG.enterSuppliedBedsheet };
  } else if (request.workers.length === 0) {
    return { ok: false, message: MSG.selectAtLeastOneWorker };
  }
  if (new Set(request.workers).size !== request.workers.length) return { ok: false, message: MSG.workerTwice };
  let totalCoach: number | null = null;
  if (train) {
    totalCoach = wholeNumber(request.totalcoach, 1, MAX_COACHES);
    if (totalCoach === null) return { ok: false, message: MSG.coachesInvalid };
  }
  let suppliedBedsheet: number | null = null;
  if (work === 'acca') {
    suppliedBedsheet = wholeNumber(request.suppliedBedsheet, 0, MAX_BEDSHEETS);
    if (suppliedBedsheet === null) return { ok: false, message: MSG.bedsheetsInvalid };
  }
  let type: DutyType | null = null;
  if (hasDutyType(work)) {
    const given = request.type || 'Primary';
    type = DUTY_TYPES.find((t) => t.toLowerCase() === given.toLowerCase()) ?? null;
    if (!type) return { ok: false, message: MSG.dutyTypeInvalid };
  }
  if (request.trainno.length > TRAIN_NO_MAX) return { ok: false, message: MSG.tooLong('Train number', TRAIN_NO_MAX) };
  return {
    ok: true,
    value: {
      work,
      trainNo: train ? request.trainno : request.trainno || null,
      supervisorId: request.supervisor || null,
      totalCoach,
      type,
      workerIds: request.workers,
      suppliedBedsheet,
    },
  };
}

/** PUT /mcctrain/update-mcctrain/{id}: a status change (with returned), or the full edit. */
export const updateDutyBody = z.object({
  status: looseText('Status'),
  returned: looseText('Returned bedsheets'),
  trainno: z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .refine((value) => typeof value !== 'string' || !hasUnsupportedCharacters(value), MSG.invalidCharacters('Train number')),
  totalcoach: z.union([z.string(), z.number(), z.null()]).optional(),
  workers: z.array(z.union([z.string(), z.object({ _id: z.string() })])).max(500).optional(),
  /** the version of the copy the edit was made from; a stale one is refused with 409 */
  version: z.coerce.number().int().min(0).max(INT32_MAX).optional(),
});
export type UpdateDutyRequest = z.output<typeof updateDutyBody>;

export interface DutyChange {
  status: 'processing' | 'completed';
  /** undefined: not given */
  returned?: number;
  /** present for the full edit only */
  edit?: { trainNo: string | null; totalCoach: number | null; workerIds: string[] };
  version?: number;
}

/** SPEC §5 Train edit: train number, status and total coaches are required. */
export function checkDutyEdit(request: UpdateDutyRequest, work: string): RuleResult<DutyChange> {
  const status = DUTY_STATUSES.find((s) => s === request.status.toLowerCase());
  const isFullEdit = request.trainno !== undefined || request.totalcoach !== undefined || request.workers !== undefined;
  const train = isTrainWork(work);
  if (isFullEdit) {
    const trainNo = request.trainno === null || request.trainno === undefined ? '' : String(request.trainno).trim();
    const coaches = request.totalcoach === null || request.totalcoach === undefined ? '' : String(request.totalcoach).trim();
    if (!request.status || (train && (!trainNo || !coaches))) return { ok: false, message: MSG.fillAllRequired };
    if (!status) return { ok: false, message: MSG.invalidRequest };
    const workerIds = (request.workers ?? []).map((item) => (typeof item === 'string' ? item : item._id).trim()).filter(Boolean);
    if (workerIds.length === 0) return { ok: false, message: train ? MSG.fillAllRequired : MSG.selectAtLeastOneWorker };
    if (new Set(workerIds).size !== workerIds.length) return { ok: false, message: MSG.workerTwice };
    let totalCoach: number | null = null;
    if (train) {
      totalCoach = wholeNumber(coaches, 1, MAX_COACHES);
      if (totalCoach === null) return { ok: false, message: MSG.coachesInvalid };
    }
    if (trainNo.length > TRAIN_NO_MAX) return { ok: false, message: MSG.tooLong('Train number', TRAIN_NO_MAX) };
    return { ok: true, value: { status, edit: { trainNo: trainNo || null, totalCoach, workerIds }, version: request.version } };
  }
  if (!status) return { ok: false, message: request.status ? MSG.invalidRequest : MSG.fillAllRequired };
  let returned: number | undefined;
  if (request.returned !== '') {
    const parsed = wholeNumber(request.returned, 0, MAX_BEDSHEETS);
    if (parsed === null) return { ok: false, message: MSG.bedsheetsInvalid };
    returned = parsed;
  }
  return { ok: true, value: { status, returned, version: request.version } };
}

/** A duty as the API answers it: SPEC §3 fields plus what the screens show. */
export const dutyResponse = z.object({
  _id: z.string(),
  trainno: z.string().nullable(),
  status: z.enum(DUTY_STATUSES),
  work: z.string(),
  workers: z.array(z.string()),
  workerDetails: z.array(z.object({ _id: z.string(), name: z.string(), empid: z.string() })),
  workerCount: z.number(),
  supervisor: z.string().nullable(),
  supervisorName: z.string().nullable(),
  totalcoach: z.number().nullable(),
  type: z.string().nullable(),
  reqq: z.number(),
  used: z.number(),
  suppliedBedsheet: z.number().nullable(),
  returned: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  completedAt: z.string().nullable(),
  completedDay: z.string().nullable(),
  version: z.number(),
});
export type Duty = z.infer<typeof dutyResponse>;

export const dutyListQuery = z.object({
  work: optionalWorkParam,
  supervisor: uuidParam('Supervisor'),
  from: dayParam('From'),
  to: dayParam('To'),
  limit: z.coerce.number().int().min(1).max(2000).default(500),
  /** x-next-cursor of the previous page, as it was sent */
  cursor: z.string().max(200).refine(isDutyCursor, MSG.cursorInvalid).optional(),
});
export type DutyListQuery = z.output<typeof dutyListQuery>;
