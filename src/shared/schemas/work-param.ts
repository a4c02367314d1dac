import { z } from 'zod';
import { MSG } from '../messages.js';
import { toWorkType, WORK_TYPES } from '../work-types.js';

/** The longest work-type name, with room for spaces around it. */
const WORK_TEXT_MAX = 20;

/**
 * A work type as a request names it: one of WORK_TYPES, or the same in another letter case
 * ('MCC', 'Pit & Yard'), which the schema using it normalises. The union is what the API
 * document shows, so a client sees the real values.
 */
export const workTypeText = z.union([z.enum(WORK_TYPES), z.string().max(WORK_TEXT_MAX)]).describe(`A work type: ${WORK_TYPES.join(', ')} (any letter case)`);

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
