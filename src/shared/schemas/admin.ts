import { z } from 'zod';
import { DEFAULT_STAFFING_NORM } from '../duties.js';
import {
  ACCOUNTS_PAGE_DEFAULT,
  ACCOUNTS_PAGE_MAX,
  AUDIT_ENTITY_ID_MAX,
  AUDIT_ENTITY_MAX,
  AUDIT_PAGE_DEFAULT,
  AUDIT_PAGE_MAX,
  NAME_MAX,
  PHONE_DIGITS,
  STAFFING_NORM_MAX,
  STATE_NAME_MAX,
} from '../limits.js';
import { STAFFING_NORM_TEXT } from '../input-checks.js';
import { MSG } from '../messages.js';
import { ROLE, type Role } from '../roles.js';
import { WORK_TYPES } from '../work-types.js';
import { emailSchema, newPasswordSchema, requiredLine, roleSchema } from './auth.js';
import { dayParam, searchText, uuidParam } from './input-rules.js';
import { optionalWorkType } from './work-param.js';
import { sortParam } from '../list-view.js';

/**
 * Schemas of the admin area (issue 8) and the reference reads (states, contract periods).
 * Each request schema states its real types, lengths and choices, so the API document
 * tells the truth; the admin's forms check with the same schemas.
 */

/** The ?work= filter of the account list is a search text (any part of a work type). */
const WORK_FILTER_MAX = 40;

export const accountResponse = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.number(),
  work: z.string().nullable(),
  disabled: z.boolean(),
  staffId: z.string().nullable(),
  staffName: z.string().nullable(),
  staffStatus: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Account = z.infer<typeof accountResponse>;

/** A whole number given as digits (a query string) or as a number, within [min, max]. */
function wholeNumber(min: number, max: number, message: string) {
  return z
    .union([z.string().trim().regex(/^\d+$/, message), z.int().min(min, message).max(max, message)], { error: message })
    .transform((value) => Number(value))
    .pipe(z.number().int().min(min, message).max(max, message));
}

/** The account list's sortable columns (issue 28). */
export const ACCOUNT_SORT_KEYS = ['name', 'email', 'role', 'work', 'status'] as const;

export const accountsQuery = z.object({
  q: searchText('Search'),
  role: z
    .enum([String(ROLE.supervisor), String(ROLE.manager), String(ROLE.admin)], { error: MSG.roleInvalid })
    .transform((value) => Number(value) as Role)
    .optional()
    .meta({ description: '0 supervisor, 1 manager, 2 admin' }),
  work: searchText('Work type', WORK_FILTER_MAX),
  disabled: z.enum(['true', 'false']).optional(),
  // issue 28: a sortable column ('status' is enabled/disabled); without it, by name
  sort: sortParam(ACCOUNT_SORT_KEYS),
  limit: wholeNumber(1, ACCOUNTS_PAGE_MAX, MSG.pageSizeInvalid(ACCOUNTS_PAGE_MAX)).default(ACCOUNTS_PAGE_DEFAULT),
  offset: wholeNumber(0, Number.MAX_SAFE_INTEGER, MSG.offsetInvalid).default(0),
});

/** GET /admin/accounts/export: the list's filters and sort, every page (issue 28). */
export const accountsExportQuery = accountsQuery.omit({ limit: true, offset: true });

const PHONE_PATTERN = new RegExp(`^(?:\\d{${PHONE_DIGITS}})?$`);

export const createAccountBody = z.object({
  name: requiredLine('Name', MSG.fillAllFields, NAME_MAX, MSG.nameTooLong),
  email: emailSchema,
  // optional: empty, null or missing mean none
  phone: z
    .string({ error: MSG.phoneDigits })
    .trim()
    .regex(PHONE_PATTERN, MSG.phoneDigits)
    .nullish()
    .transform((value) => value || null),
  password: newPasswordSchema,
  role: roleSchema,
  work: optionalWorkType.transform((value) => value ?? null),
});

/** Only the fields sent change; work '' or null clears the work type. */
export const updateAccountBody = z.object({
  role: roleSchema.optional(),
  work: optionalWorkType,
  disabled: z.boolean({ error: MSG.disabledInvalid }).optional(),
});

export const stateBody = z.object({
  name: requiredLine('State name', MSG.stateNameRequired, STATE_NAME_MAX),
});
export const stateResponse = z.object({ _id: z.string(), name: z.string() });

/** Staff per coach: above 0, at most STAFFING_NORM_MAX, as a number or decimal text. */
const perCoachNumber = z
  .number({ error: MSG.staffingNormRequired(DEFAULT_STAFFING_NORM) })
  .gt(0, MSG.staffingNormPositive)
  .max(STAFFING_NORM_MAX, MSG.staffingNormTooHigh(STAFFING_NORM_MAX));
export const staffingNormBody = z.object({
  perCoach: z.union(
    [
      perCoachNumber,
      z
        .string()
        .trim()
        .regex(STAFFING_NORM_TEXT, MSG.staffingNormRequired(DEFAULT_STAFFING_NORM))
        .transform(Number)
        .pipe(perCoachNumber),
    ],
    { error: MSG.staffingNormRequired(DEFAULT_STAFFING_NORM) },
  ),
});

/** A staffing norm as GET /admin/staffing-norms answers it. */
export const staffingNormResponse = z.object({ work: z.enum(WORK_TYPES), perCoach: z.number() });
/** A contract period as GET /contract-periods answers it (null: none set). */
export const contractPeriodResponse = z.object({ work: z.enum(WORK_TYPES), period: z.string().nullable() });

/** Counts on the admin dashboard (GET /admin/overview). */
export const adminOverviewResponse = z.object({
  accounts: z.int().describe('every account, disabled ones included'),
  admins: z.int(),
  managers: z.int(),
  supervisors: z.int(),
  disabled: z.int(),
  staff: z.int().describe('staff records that are not Resigned'),
  states: z.int(),
});
export type AdminOverview = z.infer<typeof adminOverviewResponse>;

/** The response cache of the instance that answers (GET /admin/response-cache; decision 0027). */
export const responseCacheSizeResponse = z.object({
  entries: z.int().describe('answers kept'),
  bytes: z.int().describe('the memory they and the searches asked once are counted as (key, headers, body, compressed copies, overhead)'),
  searchesSeenOnce: z.int().describe('searches asked once, remembered until asked again (kept then) or for a minute'),
  maxEntries: z.int(),
  maxBytes: z.int().describe('RESPONSE_CACHE_MB in bytes'),
});

export const auditQuery = z.object({
  actor: uuidParam('Actor'),
  entity: searchText('Record type', AUDIT_ENTITY_MAX),
  entityId: searchText('Record', AUDIT_ENTITY_ID_MAX),
  from: dayParam('From'),
  to: dayParam('To'),
  // issue 28: a record's name (an account, a duty's train number), the actor's name or a record id
  q: searchText('Search'),
  limit: wholeNumber(1, AUDIT_PAGE_MAX, MSG.pageSizeInvalid(AUDIT_PAGE_MAX)).default(AUDIT_PAGE_DEFAULT),
  // audit ids are a bigint sequence; a safe integer always fits
  cursor: wholeNumber(1, Number.MAX_SAFE_INTEGER, MSG.cursorInvalid).optional(),
});
/** GET /admin/audit/export: the trail's filters, every page, newest first (issue 28). */
export const auditExportQuery = auditQuery.omit({ limit: true, cursor: true });
export const auditEntry = z.object({
  _id: z.number(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  /** Duties only: the train number (as it is now, or as recorded when the duty is gone), so the trail names trains, not ids. */
  trainNo: z.string().nullable().optional().describe('For a duty: its train number (null when it has none)'),
  /** Duties only: the names of the staff in the crews recorded (before and after), by staff id, so the trail names people, not ids (issue 28). */
  crewNames: z.record(z.string(), z.string()).optional().describe('For a duty: the names of the staff ids in its recorded crews, by id (a record since removed is left out)'),
});
