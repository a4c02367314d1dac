import { z } from 'zod';
import { CONTRACT_PERIOD_MAX, NAME_MAX, STATE_NAME_MAX } from '../limits.js';
import { MSG } from '../messages.js';
import { newPasswordSchema, emailSchema, workSchema } from './auth.js';
import { dayParam, searchText, text, uuidParam } from './input-rules.js';

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

export const accountsQuery = z.object({
  q: searchText('Search'),
  role: z.coerce.number().int().min(0).max(2).optional(),
  work: searchText('Work type', 40),
  disabled: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});

export const createAccountBody = z.object({
  name: z.string({ error: MSG.fillAllFields }).pipe(text('Name', { max: NAME_MAX, maxMessage: MSG.nameTooLong }).min(1, MSG.fillAllFields)),
  email: emailSchema,
  phone: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || null)
    .pipe(z.string().regex(/^\d{10}$/, MSG.phoneDigits).nullable()),
  password: newPasswordSchema,
  role: z.coerce.number().int().min(0, 'Choose a role').max(2, 'Choose a role'),
  work: z
    .preprocess((value) => (value === '' || value === undefined ? null : value), workSchema.nullable())
    .optional()
    .transform((value) => value ?? null),
});

export const updateAccountBody = z.object({
  role: z.coerce.number().int().min(0).max(2).optional(),
  work: z
    .preprocess((value) => (value === '' ? null : value), workSchema.nullable())
    .optional(),
  disabled: z.boolean().optional(),
});

export const stateBody = z.object({
  name: z.string({ error: 'State name is required' }).pipe(text('State name', { max: STATE_NAME_MAX }).min(1, 'State name is required')),
});
export const stateResponse = z.object({ _id: z.string(), name: z.string() });

export const staffingNormBody = z.object({
  perCoach: z.coerce.number({ error: 'Enter staff per coach, e.g. 0.6' }).gt(0, 'Staff per coach must be above 0').max(10, 'Staff per coach must be at most 10'),
});
export const contractPeriodBody = z.object({
  period: z
    .string({ error: 'Contract period is required' })
    .pipe(text('Contract period', { max: CONTRACT_PERIOD_MAX }).min(1, 'Contract period is required')),
});

export const auditQuery = z.object({
  actor: uuidParam('Actor'),
  entity: searchText('Record type', 40),
  entityId: searchText('Record', 100),
  from: dayParam('From'),
  to: dayParam('To'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  // audit ids are a bigint sequence; a safe integer always fits
  cursor: z.coerce.number({ error: MSG.cursorInvalid }).int(MSG.cursorInvalid).positive(MSG.cursorInvalid).max(Number.MAX_SAFE_INTEGER, MSG.cursorInvalid).optional(),
});
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
});
