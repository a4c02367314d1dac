import { z } from 'zod';
import {
  COMPANY_ADDRESS_MAX,
  COMPANY_NAME_MAX,
  COMPANY_PHONE_MAX,
  COMPANY_PHONE_MIN,
  COMPANY_SHORT_NAME_MAX,
  COMPANY_YEAR_MAX,
  COMPANY_YEAR_MIN,
  COUNTER_MAX,
  EMAIL_MAX,
  FAQ_ANSWER_MAX,
  FAQ_MAX,
  FAQ_QUESTION_MAX,
  LOGO_DATA_URL_MAX,
  LOGO_MAX_BYTES,
  PERCENT_MAX,
  RATING_MAX,
  STATES_COUNTER_MAX,
  TESTIMONIAL_NAME_MAX,
  TESTIMONIAL_TEXT_MAX,
  TESTIMONIALS_MAX,
} from './limits.js';
import { DEFAULT_COMPANY_PROFILE as DEFAULTS } from './company-profile-defaults.js';
import { MSG } from './messages.js';
import { text } from './schemas/input-rules.js';

/**
 * The company profile the public site shows (issue 3) and the admin edits (issue 8):
 * one schema for the API and the forms, and the defaults an empty installation starts
 * with. No transforms: the same schema checks the answers of GET /company-profile and
 * PUT /admin/company-profile (an answer is encoded through its schema).
 */

/** A required one-line (or multi-line) text with the input rules of text(). */
const required = (field: string, max: number, message = MSG.fieldRequired(field), options: { min?: number; multiline?: boolean } = {}) =>
  text(field, { max, multiline: options.multiline, typeMessage: message }).min(options.min ?? 1, message);

const wholeNumber = (field: string, min: number, max: number) =>
  z.int({ error: MSG.wholeNumberInvalid(field, max) }).min(min, MSG.wholeNumberInvalid(field, max)).max(max, MSG.wholeNumberInvalid(field, max));

const LOGO_PATTERN = /^data:image\/(png|jpeg|webp|svg\+xml);base64,[A-Za-z0-9+/=]+$/;

export const companyProfileSchema = z.object({
  name: required('Company name', COMPANY_NAME_MAX, MSG.companyNameRequired),
  shortName: required('Short name', COMPANY_SHORT_NAME_MAX, MSG.shortNameRequired),
  /** a data: URL (PNG, JPEG, WebP or SVG) or null for the text logo */
  logo: z
    .string({ error: MSG.logoType })
    .max(LOGO_DATA_URL_MAX, MSG.logoTooLarge(LOGO_MAX_BYTES))
    .regex(LOGO_PATTERN, MSG.logoType)
    .nullable()
    .describe('A data: URL of a PNG, JPEG, WebP or SVG image, or null for the built-in logo'),
  phone: required('Phone', COMPANY_PHONE_MAX, MSG.companyPhoneRequired, { min: COMPANY_PHONE_MIN }),
  email: z.email({ error: MSG.emailInvalid }).max(EMAIL_MAX, MSG.emailInvalid),
  address: required('Address', COMPANY_ADDRESS_MAX, MSG.addressRequired, { multiline: true }),
  established: z
    .int({ error: MSG.yearInvalid('Year established', COMPANY_YEAR_MIN, COMPANY_YEAR_MAX) })
    .min(COMPANY_YEAR_MIN, MSG.yearInvalid('Year established', COMPANY_YEAR_MIN, COMPANY_YEAR_MAX))
    .max(COMPANY_YEAR_MAX, MSG.yearInvalid('Year established', COMPANY_YEAR_MIN, COMPANY_YEAR_MAX)),
  satisfaction: wholeNumber('Client satisfaction', 0, PERCENT_MAX).describe('per cent'),
  counters: z.object(
    {
      workers: wholeNumber('Workers', 0, COUNTER_MAX),
      totalWork: wholeNumber('Total Work', 0, COUNTER_MAX),
      clients: wholeNumber('Clients', 0, COUNTER_MAX),
      states: wholeNumber('States', 0, STATES_COUNTER_MAX),
    },
    { error: MSG.invalidRequest },
  ),
  testimonials: z
    .array(
      z.object(
        {
          name: required('Testimonial name', TESTIMONIAL_NAME_MAX),
          role: text('Testimonial role', { max: TESTIMONIAL_NAME_MAX, typeMessage: MSG.fieldRequired('Testimonial role') }),
          text: required('Testimonial text', TESTIMONIAL_TEXT_MAX, undefined, { multiline: true }),
          rating: z.int({ error: MSG.ratingInvalid(RATING_MAX) }).min(1, MSG.ratingInvalid(RATING_MAX)).max(RATING_MAX, MSG.ratingInvalid(RATING_MAX)),
        },
        { error: MSG.invalidRequest },
      ),
      { error: MSG.invalidRequest },
    )
    .max(TESTIMONIALS_MAX, MSG.tooMany('testimonials', TESTIMONIALS_MAX)),
  faq: z
    .array(
      z.object(
        {
          question: required('FAQ question', FAQ_QUESTION_MAX),
          answer: required('FAQ answer', FAQ_ANSWER_MAX, undefined, { multiline: true }),
        },
        { error: MSG.invalidRequest },
      ),
      { error: MSG.invalidRequest },
    )
    .max(FAQ_MAX, MSG.tooMany('questions', FAQ_MAX)),
});
export type CompanyProfile = z.infer<typeof companyProfileSchema>;

/** The profile as the API answers it (what was stored, already checked). @alias */
export const companyProfileResponse = companyProfileSchema;

/** The defaults (company-profile-defaults.ts, which imports nothing), held to the schema's type here. */
export const DEFAULT_COMPANY_PROFILE: CompanyProfile = DEFAULTS;
