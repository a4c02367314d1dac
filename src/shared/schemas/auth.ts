import { z } from 'zod';
import { MSG } from '../messages.js';
import { AADHAR_DIGITS, EMAIL_MAX, NAME_MAX, OTP_DIGITS, PASSWORD_MAX, PASSWORD_MIN, PHONE_DIGITS, SHORT_TEXT_MAX, STAFF_TEXT_MAX } from '../limits.js';
import { ROLE, type Role } from '../roles.js';
import { DESIGNATIONS, STAFF_STATUSES } from '../staff.js';
import { hasUnsupportedCharacters } from './input-rules.js';
import { LABELS as STAFF_LABELS } from './staff.js';
import { optionalWorkType, workTypeSchema } from './work-param.js';

/** The work type of a form or command line (src/server/cli/user-create.ts): see workTypeSchema. */
export const workSchema = workTypeSchema;

/**
 * Schemas of the /auth calls (SPEC §7). Each is used by its form in the browser and by
 * its route on the server, so both sides refuse the same input with the same words.
 */

/** A required text field: missing, wrong type or blank all answer with `message`. */
const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);

export const emailSchema = requiredText(MSG.emailRequired)
  .max(EMAIL_MAX, MSG.emailInvalid)
  .pipe(z.email({ error: MSG.emailInvalid }))
  .transform((value) => value.toLowerCase())
  // the document shows the input side: a non-empty text of the e-mail format
  .meta({ format: 'email', description: 'An e-mail address; surrounding spaces and letter case are ignored' });

export const loginBody = z.object({
  email: emailSchema,
  // passwords are never trimmed: spaces may be part of them
  password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(PASSWORD_MAX, MSG.passwordTooLong),
});
export type LoginBody = z.input<typeof loginBody>;

export const newPasswordSchema = z
  .string({ error: MSG.newPasswordRequired })
  .min(1, MSG.newPasswordRequired)
  .min(PASSWORD_MIN, MSG.passwordTooShort)
  .max(PASSWORD_MAX, MSG.passwordTooLong);

/**
 * A required, trimmed one-line text: missing, of another type or blank answer
 * `requiredMessage` (a "required" message, shown first); then the input rules of text().
 */
export function requiredLine(field: string, requiredMessage: string, max: number, maxMessage = MSG.tooLong(field, max)) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .refine((value) => !hasUnsupportedCharacters(value), MSG.invalidCharacters(field))
    .max(max, maxMessage);
}

/**
 * An optional field of exactly `count` digits, sent as text (leading zeros kept) or as a
 * number, as forms and older clients do; empty, null or missing mean "not given" ('').
 */
export function optionalDigits(count: number, message: string) {
  return z
    .union(
      [
        z.string().trim().regex(new RegExp(`^(?:\\d{${count}})?$`), message),
        z.int().min(10 ** (count - 1), message).max(10 ** count - 1, message),
      ],
      { error: message },
    )
    .nullish()
    .transform((value) => (value === undefined || value === null ? '' : String(value)));
}

/** An account's role (DESIGN.md): 0 supervisor, 1 manager, 2 admin; as a number or its digit. */
export const roleSchema = z
  .union([z.literal([ROLE.supervisor, ROLE.manager, ROLE.admin]), z.enum([String(ROLE.supervisor), String(ROLE.manager), String(ROLE.admin)])], { error: MSG.roleInvalid })
  .transform((value) => Number(value) as Role)
  .meta({ description: '0 supervisor, 1 manager, 2 admin' });

type StaffField = keyof typeof STAFF_LABELS;

/**
 * An optional staff-record field of the register form: text (or a number, read as text)
 * (a number too, where the field holds digits) under the label the staff forms use, so form and server refuse it with the same words.
 * Empty, null or missing count as "not given". Over-long values are refused (never cut:
 * a cut account number is a wrong one). The staff register checks the values' formats.
 */
const optionalText = (field: StaffField, max: number, numeric = false) =>
  z
    .union(
      [
        // text() with this field's words for a value of another type
        z
          .string({ error: MSG.notText(STAFF_LABELS[field]) })
          .trim()
          .refine((value) => !hasUnsupportedCharacters(value), MSG.invalidCharacters(STAFF_LABELS[field]))
          .max(max, MSG.tooLong(STAFF_LABELS[field], max)),
        ...(numeric ? [z.number().min(0).max(Number.MAX_SAFE_INTEGER)] : []),
      ],
      { error: MSG.notText(STAFF_LABELS[field]) },
    )
    .nullish()
    .transform((value) => (value === undefined || value === null || value === '' ? undefined : String(value)));

/** A choice of a fixed list, in any letter case (the staff register keeps SPEC's spelling). */
const optionalChoice = (field: StaffField, choices: readonly string[], message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((value) => value === '' || choices.some((choice) => choice.toLowerCase() === value.toLowerCase()), message)
    .meta({ enum: ['', ...choices], description: `${STAFF_LABELS[field]}: one of ${choices.join(', ')} (any letter case); empty: the default` })
    .nullish()
    .transform((value) => (value ? value : undefined));

/**
 * SPEC §3 registration payload. The staff-record fields (aadhar, bank, …) are accepted
 * here and stored by the staff register; the account needs name, e-mail and password.
 * Required fields answer SPEC §5's "Please fill all fields" first, then the formats.
 */
export const registerBody = z
  .object({
    name: requiredLine(STAFF_LABELS.name, MSG.fillAllFields, NAME_MAX, MSG.nameTooLong),
    email: emailSchema,
    phone: optionalDigits(PHONE_DIGITS, MSG.phoneDigits),
    password: z.string({ error: MSG.fillAllFields }).min(1, MSG.fillAllFields).min(PASSWORD_MIN, MSG.passwordTooShort).max(PASSWORD_MAX, MSG.passwordTooLong),
    confirmPassword: z.string({ error: MSG.fillAllFields }).min(1, MSG.fillAllFields).max(PASSWORD_MAX, MSG.passwordsDoNotMatch),
    work: optionalWorkType.transform((value) => value ?? null),
    role: roleSchema.optional(),
    aadhar: optionalDigits(AADHAR_DIGITS, MSG.aadharDigits),
    // the same limits as the staff register, which stores these (supervisorStaffBody)
    designation: optionalChoice('designation', DESIGNATIONS, MSG.designationInvalid),
    empid: optionalText('empid', STAFF_TEXT_MAX, true),
    wage: optionalText('wage', SHORT_TEXT_MAX, true),
    bank: optionalText('bank', STAFF_TEXT_MAX),
    branch: optionalText('branch', STAFF_TEXT_MAX),
    ifsccode: optionalText('ifsccode', SHORT_TEXT_MAX),
    acnumber: optionalText('acnumber', STAFF_TEXT_MAX, true),
    uanno: optionalText('uanno', STAFF_TEXT_MAX, true),
    esino: optionalText('esino', STAFF_TEXT_MAX, true),
    status: optionalChoice('status', STAFF_STATUSES, MSG.statusInvalid),
  })
  .refine((body) => body.password === body.confirmPassword, { message: MSG.passwordsDoNotMatch, path: ['confirmPassword'] });
export type RegisterBody = z.input<typeof registerBody>;

export const forgetBody = z.object({ email: emailSchema });

const OTP_PATTERN = new RegExp(`^\\d{${OTP_DIGITS}}$`);

export const verifyOtpBody = z.object({
  email: emailSchema,
  // the code as typed (text, leading zeros kept) or as a number
  otp: z
    .union([z.string().trim().min(1, MSG.otpRequired).regex(OTP_PATTERN, MSG.invalidOtp), z.int().min(0, MSG.invalidOtp).max(10 ** OTP_DIGITS - 1, MSG.invalidOtp)], {
      error: MSG.otpRequired,
    })
    .transform((value) => (typeof value === 'number' ? String(value).padStart(OTP_DIGITS, '0') : value)),
});

/** The longest reset ticket a client may send back (ours are 43 characters of base64url). */
const RESET_TICKET_MAX = 200;

/**
 * SPEC §7 {email, newPassword}; `resetToken` (ours, optional) is the ticket verifyotp
 * answered, for clients that do not keep its cookie. One of the two is required.
 */
export const resetPasswordBody = z.object({
  email: emailSchema,
  newPassword: newPasswordSchema,
  // a ticket of the wrong type or length gets the same answer as a wrong ticket
  resetToken: z.string({ error: MSG.resetFailed }).max(RESET_TICKET_MAX, MSG.resetFailed).optional(),
});

/** The signed-in user as the client stores it (SPEC §3 auth session). */
export const authUser = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.number().int(),
  work: z.string().nullable(),
});
export type AuthUser = z.infer<typeof authUser>;

export const loginResponse = z.object({
  success: z.literal(true),
  msg: z.string(),
  user: authUser,
  token: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

/** Answer of /auth/userauth, /auth/managerauth and /auth/adminauth. */
export const guardResponse = z.object({ ok: z.boolean(), msg: z.string().optional() });

/** The shape of every error answer: {msg}. Some SPEC calls also carry success/message. */
export const errorResponse = z.object({
  msg: z.string(),
  success: z.boolean().optional(),
  message: z.string().optional(),
  ok: z.boolean().optional(),
});

export const messageResponse = z.object({ success: z.boolean(), message: z.string(), msg: z.string().optional() });
/** verifyotp's SPEC answer plus `resetToken` (ours): the ticket that /auth/resetpassword needs. */
export const verifyOtpResponse = messageResponse.extend({ resetToken: z.string() });
export const msgResponse = z.object({ success: z.boolean(), msg: z.string() });
