import { z } from 'zod';
import { MSG } from '../messages.js';
import { toWorkType, WORK_TYPES, type WorkType } from '../work-types.js';

/** The longest work-type name, with room for spaces around it. */
const WORK_TEXT_MAX = 20;

/**
 * A work type as a request names it: one of WORK_TYPES, or the same in another letter case
 * ('MCC', 'Pit & Yard'), which the schema using it normalises. The union is what the API
 * document shows, so a client sees the real values.
 */
const workTypeText = z.union([z.enum(WORK_TYPES), z.string().max(WORK_TEXT_MAX)]).describe(`A work type: ${WORK_TYPES.join(', ')} (any letter case)`);

/**
 * An optional ?work= filter of a list: absent or empty means every work type; a known one
 * in any case ('MCC', 'Pit & Yard') is normalised; anything else is refused with SPEC's
 * message.
 */
export const optionalWorkParam = workTypeText
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === '') return undefined;
    const work = toWorkType(value);
    if (!work) ctx.addIssue({ code: 'custom', message: MSG.workInvalid });
    return work ?? undefined;
  });

/** A work type named in any letter case, answered canonical, or SPEC's message. */
function toWorkTypeOrIssue(value: string, ctx: z.core.$RefinementCtx): WorkType {
  const work = toWorkType(value);
  if (!work) {
    ctx.addIssue({ code: 'custom', message: MSG.workInvalid });
    return z.NEVER;
  }
  return work;
}

/**
 * A required work type (SPEC §1): one of WORK_TYPES in any letter case ('MCC',
 * ' Pit & Yard '), answered in its canonical form; anything else is refused with SPEC's
 * message.
 */
export const workTypeSchema = z.union([z.enum(WORK_TYPES), z.string().max(WORK_TEXT_MAX, MSG.workInvalid)], { error: MSG.workInvalid })
  .describe(`A work type: ${WORK_TYPES.join(', ')} (any letter case)`)
  .transform(toWorkTypeOrIssue);

/**
 * An optional work type of a form (an account's, a registration's): missing, null or ''
 * mean "none" (null); otherwise as workTypeSchema. Undefined when not sent.
 */
export const optionalWorkType = z
  .union([z.enum(WORK_TYPES), z.literal(''), z.string().max(WORK_TEXT_MAX, MSG.workInvalid)], { error: MSG.workInvalid })
  .describe(`A work type: ${WORK_TYPES.join(', ')} (any letter case); empty or null: none`)
  .nullish()
  .transform((value, ctx): WorkType | null | undefined => (value === undefined ? undefined : value === null || value.trim() === '' ? null : toWorkTypeOrIssue(value, ctx)));

/**
 * A `{work}` path parameter (PUT /admin/staffing-norms/{work}); 'pit & yard' is sent
 * URL-encoded. A name that is not a work type names no record: 404 with SPEC's message.
 */
export const workParams = z.object({ work: workTypeSchema });
