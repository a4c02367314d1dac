import { z } from 'zod';
import { MSG } from '../messages.js';
import { toWorkType, WORK_TYPES } from '../work-types.js';

/**
 * An optional ?work= filter of a list: absent or empty means every work type; a known one
 * in any case ('MCC', 'Pit & Yard') is normalised; anything else is refused with SPEC's
 * message.
 */
export const optionalWorkParam = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === '') return undefined;
    const work = toWorkType(value);
    if (!work) ctx.addIssue({ code: 'custom', message: MSG.workInvalid });
    return work ?? undefined;
  })
  // the document lists the choices; any letter case is accepted
  .meta({ enum: ['', ...WORK_TYPES] });
