import { z } from 'zod';
import { idSchema } from '../api/envelopes.js';
import { DUTY_STATUSES, DUTY_TYPES, hasDutyType, isTrainWork, MAX_BEDSHEETS, MAX_COACHES, MAX_CREW, type DutyType } from '../duties.js';
import { INT32_MAX, TRAIN_NO_MAX } from '../limits.js';
import { MSG } from '../messages.js';
import { toWorkType, WORK_TYPES, type WorkType } from '../work-types.js';
import { dayParam, isDutyCursor, searchText, text, uuidParam } from './input-rules.js';
import { sortParam } from '../list-view.js';
import { optionalWorkParam } from './work-param.js';

/**
 * Duty schemas (SPEC §3 Train job, §5 Add Work Details and Train edit). Each field states
 * its real type, bounds and choices, so the API document is true; the rules that depend
 * on other fields (what is required for which work type) run after the fields, in SPEC's
 * order, as one object-level refinement. The form and the server parse with the same
 * schema, and both show the first "required" message before any other (first-message.ts).
 *
 * Clients send numbers as text and text as numbers, and blanks as '' or null: each field
 * says so in its type. Blank means "not given"; whether that is allowed is the refinement's
 * business, because it depends on the work type.
 */

/** '', whitespace or null: a field left empty (transformed to null). */
const blank = z.union([z.string().regex(/^\s*$/), z.null()]).transform(() => null);

/** A field that may be left empty: its schema, or a blank (null). Absent stays undefined. */
function orBlank<T extends z.ZodType>(schema: T, message: string) {
  return z.union([blank, schema], { error: message }).optional();
}

/** A whole number from min to max, as a number or as digits in text. */
function wholeNumber(min: number, max: number, message: string) {
  const bounded = z.int({ error: message }).min(min, message).max(max, message);
  return z.union([bounded, z.string().trim().regex(/^\d+$/, message).transform(Number).pipe(bounded)], { error: message });
}

/**
 * One of a fixed list of words, in any letter case (older clients write 'Completed' or
 * 'MCC'), answered as the list writes it. The document lists the choices.
 */
function choice<const T extends readonly string[]>(values: T, message: string, requiredMessage = message) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .transform((value, ctx) => {
      const found = values.find((candidate) => candidate.toLowerCase() === value.toLowerCase());
      if (found === undefined) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return found as T[number];
    })
    .meta({ enum: [...values], description: 'Any letter case is accepted' });
}

/** A crew: worker ids, each a UUID or {_id}, answered as lower-case ids; no worker twice. */
const workerId = idSchema(MSG.workerInvalid);
const crewField = z
  .array(z.union([workerId, z.object({ _id: workerId }).transform((item) => item._id)], { error: MSG.workerInvalid }), { error: MSG.workerInvalid })
  .max(MAX_CREW, MSG.crewTooLarge(MAX_CREW))
  .superRefine((ids, ctx) => {
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', message: MSG.workerTwice });
  })
  .meta({ description: 'Worker ids (staff records of the duty\'s work type), each a UUID or {_id}; no worker twice' });

/** Train number: text (or a number, read as text), at most TRAIN_NO_MAX characters. */
const trainNoField = orBlank(
  z.union([
    text('Train number', { max: TRAIN_NO_MAX }),
    z
      .int()
      .min(0)
      .max(Number.MAX_SAFE_INTEGER)
      .transform((value) => String(value)),
  ]),
  MSG.invalidRequest,
);

const coachesField = orBlank(wholeNumber(1, MAX_COACHES, MSG.coachesInvalid), MSG.coachesInvalid).meta({
  description: `Total coaches (tanks for bio), 1–${MAX_COACHES}; required for mcc, bio and acca`,
});
const bedsheetsField = (what: string) => orBlank(wholeNumber(0, MAX_BEDSHEETS, MSG.bedsheetsInvalid), MSG.bedsheetsInvalid).meta({ description: what });

/** Whether a value, as far as it parsed, is a field left empty. */
function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** How many workers a crew holds, as far as it parsed. */
function crewSize(value: unknown): number {
  return Array.isArray(value) ? value.length : 0;
}

/** The fields the required rules read, as far as they parsed (a refused field keeps its input). */
export interface DutyFieldsSeen {
  work?: unknown;
  workers?: unknown;
  supervisor?: unknown;
  trainno?: unknown;
  totalcoach?: unknown;
  suppliedBedsheet?: unknown;
}

/**
 * SPEC §5 Add Work Details, the required fields in its order: for mcc, bio and acca the
 * workers and the supervisor, then train number and coaches ('Please fill all required
 * fields'), for acca the supplied bedsheets; for the other types at least one worker.
 * Null when nothing required is missing, or when the work type is not known yet.
 */
export function missingForNewDuty(value: DutyFieldsSeen): string | null {
  const work = toWorkType(value.work);
  if (!work) return null;
  if (isTrainWork(work)) {
    if (crewSize(value.workers) === 0 || isBlank(value.supervisor)) return MSG.fillAllRequired;
    if (isBlank(value.trainno) || isBlank(value.totalcoach)) return MSG.fillAllRequired;
    if (work === 'acca' && isBlank(value.suppliedBedsheet)) return MSG.enterSuppliedBedsheet;
    return null;
  }
  return crewSize(value.workers) === 0 ? MSG.selectAtLeastOneWorker : null;
}

/**
 * A refused worker id is not a worker of the duty's type: once the type is known, the
 * refusal names it, as the server's check of the crew does.
 */
function nameTheWorkType(ctx: z.core.$RefinementCtx<unknown>, work: WorkType): void {
  ctx.issues.forEach((issue, index) => {
    // an issue of one worker (['workers', 2] or ['workers', 2, '_id']), not of the list
    if (issue.path?.[0] === 'workers' && issue.path.length >= 2) ctx.issues[index] = { ...issue, message: MSG.workerNotEligible(work.toUpperCase()) };
  });
}

/**
 * POST /mcctrain/create-mcctrain, as sent. reqq, used and status are decided by the
 * server (accepted and ignored); a supervisor's duty is of their own work type, so they
 * may leave out work and supervisor. Field order is the order of SPEC's messages.
 */
export const createDutyBody = z
  .object({
    work: choice(WORK_TYPES, MSG.workInvalid).optional().meta({ description: 'Required for managers and admins; a supervisor\'s duty is of their own work type' }),
    workers: crewField.optional(),
    totalcoach: coachesField,
    suppliedBedsheet: bedsheetsField('Supplied bedsheets; required for acca'),
    type: orBlank(choice(DUTY_TYPES, MSG.dutyTypeInvalid), MSG.dutyTypeInvalid).meta({ description: 'mcc and acca; Primary when left empty' }),
    trainno: trainNoField.meta({ description: 'Required for mcc, bio and acca' }),
    supervisor: orBlank(idSchema(MSG.supervisorInvalid), MSG.supervisorInvalid).meta({
      description: "A supervisor's user id, or the caller's own; may be empty except for mcc, bio and acca. A supervisor's duty records them.",
    }),
    status: orBlank(choice(DUTY_STATUSES, MSG.invalidRequest), MSG.invalidRequest).meta({ description: 'Ignored: a new duty is processing' }),
    reqq: orBlank(wholeNumber(0, INT32_MAX, MSG.invalidRequest), MSG.invalidRequest).meta({ description: "Ignored: computed from the work type's staffing norm" }),
    used: orBlank(wholeNumber(0, INT32_MAX, MSG.invalidRequest), MSG.invalidRequest).meta({ description: 'Ignored: the number of workers' }),
  })
  .superRefine(
    (value, ctx) => {
      // runs even when the fields failed: a body that is no object at all has nothing to read
      if (typeof value !== 'object' || value === null) return;
      const work = toWorkType(value.work);
      if (!work) return;
      nameTheWorkType(ctx, work);
      const missing = missingForNewDuty(value);
      if (missing) ctx.addIssue({ code: 'custom', message: missing });
    },
    // the required fields are named first even when another field is also wrong
    { when: () => true },
  );
export type CreateDutyRequest = z.output<typeof createDutyBody>;

/** A new duty as the server stores it, from a request whose rules passed and the type decided. */
export interface NewDuty {
  work: WorkType;
  trainNo: string | null;
  supervisorId: string | null;
  totalCoach: number | null;
  type: DutyType | null;
  workerIds: string[];
  suppliedBedsheet: number | null;
}

/** What a valid request stores: the fields its work type has, Primary when the type is left empty. */
export function newDutyOf(request: CreateDutyRequest & { work: WorkType }): NewDuty {
  const train = isTrainWork(request.work);
  return {
    work: request.work,
    trainNo: request.trainno ?? null,
    supervisorId: request.supervisor ?? null,
    totalCoach: train ? (request.totalcoach ?? null) : null,
    type: hasDutyType(request.work) ? (request.type ?? 'Primary') : null,
    workerIds: request.workers ?? [],
    suppliedBedsheet: request.work === 'acca' ? (request.suppliedBedsheet ?? null) : null,
  };
}

/**
 * SPEC §5 Train edit, the required fields: status always; with the full edit (train
 * number, coaches or workers sent), for mcc, bio and acca train number and coaches, and
 * a crew of at least one. Null when nothing required is missing.
 */
export function missingForDutyEdit(value: { trainno?: unknown; totalcoach?: unknown; workers?: unknown }, work: string): string | null {
  if (!isFullEdit(value)) return null;
  const train = isTrainWork(work);
  if (train && (isBlank(value.trainno) || isBlank(value.totalcoach))) return MSG.fillAllRequired;
  if (crewSize(value.workers) === 0) return train ? MSG.fillAllRequired : MSG.selectAtLeastOneWorker;
  return null;
}

/** The full edit sends train number, coaches or workers; otherwise it is a status change. */
export function isFullEdit(value: { trainno?: unknown; totalcoach?: unknown; workers?: unknown }): boolean {
  return value.trainno !== undefined || value.totalcoach !== undefined || value.workers !== undefined;
}

const dutyEditFields = z.object({
  status: choice(DUTY_STATUSES, MSG.invalidRequest, MSG.fillAllRequired),
  returned: bedsheetsField('Returned bedsheets (acca), sent on completion; may be left out'),
  workers: crewField.optional(),
  totalcoach: coachesField,
  trainno: trainNoField.meta({ description: 'Required for mcc, bio and acca in the full edit' }),
  /** the version of the copy the edit was made from; a stale one is refused with 409 */
  version: wholeNumber(0, INT32_MAX, MSG.invalidRequest)
    .optional()
    .meta({ description: 'The version of the copy the edit was made from; an older one is refused with 409' }),
});

/**
 * PUT /mcctrain/update-mcctrain/{id}: a status change ({status, returned}) or the full
 * edit ({trainno, status, totalcoach, workers, version}). What the full edit requires
 * depends on the duty's work type: given it (the train page), the schema checks it too;
 * the server checks it once it has read the duty (missingForDutyEdit).
 */
export function dutyEditSchema(work?: string) {
  return dutyEditFields.superRefine(
    (value, ctx) => {
      if (work === undefined || typeof value !== 'object' || value === null) return;
      const workType = toWorkType(work);
      if (workType) nameTheWorkType(ctx, workType);
      const missing = missingForDutyEdit(value, work);
      if (missing) ctx.addIssue({ code: 'custom', message: missing });
    },
    { when: () => true },
  );
}
export const updateDutyBody = dutyEditSchema();
export type UpdateDutyRequest = z.output<typeof updateDutyBody>;

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

/** Rows per page of a duty list: the default and the most one page may ask for. */
export const DUTY_PAGE_DEFAULT = 500;
export const DUTY_PAGE_MAX = 2000;

/**
 * The columns a duty list may be sorted by (?sort=, issue 28): train number, completed day
 * (completed list), the moment it was added, coaches, crew count, shortfall (required crew
 * less the crew, at least 0) and supervisor name. Ties go newest first.
 */
export const DUTY_SORT_KEYS = ['trainno', 'completedDay', 'createdAt', 'coaches', 'crew', 'shortfall', 'supervisor'] as const;
export type DutySortKey = (typeof DUTY_SORT_KEYS)[number];

/**
 * A sorted list's cursor: base64url of `["offset", rows already sent]`. A list sorted by
 * another column than its own order is paged by position (the x-next-cursor of each page).
 */
export function writeOffsetCursor(offset: number): string {
  const json = JSON.stringify(['offset', offset]);
  return btoa(json).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The rows already sent, from an offset cursor; null when the text is not one. */
export function readOffsetCursor(value: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,60}$/.test(value)) return null;
  try {
    const parsed: unknown = JSON.parse(atob(value.replace(/-/g, '+').replace(/_/g, '/')));
    if (!Array.isArray(parsed) || parsed.length !== 2 || parsed[0] !== 'offset') return null;
    const offset = parsed[1] as unknown;
    return typeof offset === 'number' && Number.isSafeInteger(offset) && offset > 0 && offset <= 10_000_000 ? offset : null;
  } catch {
    return null;
  }
}

/** The view of a duty list: its filters, search and sort (what the export takes). */
export const dutyViewQuery = z.object({
  work: optionalWorkParam,
  supervisor: uuidParam('Supervisor'),
  from: dayParam('From').meta({ format: 'date', description: 'Completed list: the first completed day (YYYY-MM-DD)' }),
  to: dayParam('To').meta({ format: 'date', description: 'Completed list: the last completed day (YYYY-MM-DD)' }),
  q: searchText('Search').meta({ description: "Part of a train number or of the supervisor's name, any letter case" }),
  sort: sortParam(DUTY_SORT_KEYS),
});
export type DutyViewQuery = z.output<typeof dutyViewQuery>;

export const dutyListQuery = dutyViewQuery.extend({
  limit: z.coerce.number().int().min(1).max(DUTY_PAGE_MAX).default(DUTY_PAGE_DEFAULT),
  /** x-next-cursor of the previous page, as it was sent */
  cursor: z
    .string()
    .max(200)
    .refine((value) => isDutyCursor(value) || readOffsetCursor(value) !== null, MSG.cursorInvalid)
    .optional(),
});
export type DutyListQuery = z.output<typeof dutyListQuery>;

/** The totals of a duty list's whole view (every page): GET /mcctrain/completed-totals and live-totals. */
export const dutyTotalsResponse = z.object({
  duties: z.number().describe('Duties in the view'),
  coaches: z.number().describe('Total coaches (tanks for bio)'),
  crewRequired: z.number().describe('Crew required (reqq), added up'),
  crewAssigned: z.number().describe('Crew on the duties, added up'),
  shortfall: z.number().describe('Crew short of the required, added up over the duties that are short'),
});
export type DutyTotals = z.infer<typeof dutyTotalsResponse>;
