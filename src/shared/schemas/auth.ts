import { z } from 'zod';
import { MSG } from '../messages.js';
import { AADHAR_DIGITS, EMAIL_MAX, NAME_MAX, OTP_DIGITS, PASSWORD_MAX, PASSWORD_MIN, PHONE_DIGITS, SHORT_TEXT_MAX, STAFF_TEXT_MAX } from '../limits.js';
import { WORK_TYPES } from '../work-types.js';
import { text } from './input-rules.js';
import { LABELS as STAFF_LABELS } from './staff.js';

/**
 * Schemas of the /auth calls (SPEC §7). Each is used by its form in the browser and by
 * its route on the server, so both sides refuse the same input with the same words.
 */

const trimmed = z.string().trim();
/** A required text field: missing, wrong type or blank all answer with `message`. */
const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);

export const emailSchema = requiredText(MSG.emailRequired)
  .max(EMAIL_MAX, MSG.emailInvalid)
  .pipe(z.email({ error: MSG.emailInvalid }))
  .transform((value) => value.toLowerCase());

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

const digits = (count: number, message: string) =>
  trimmed.regex(new RegExp(`^\\d{${count}}$`), message);

type StaffField = keyof typeof STAFF_LABELS;

/**
 * An optional staff-record field of the register form: input-rules' text() under the label
 * the staff forms use, so form and server refuse it with the same words. A number is read
 * as text; empty, null or missing count as "not given". Over-long values are refused
 * (never cut: a cut account number is a wrong one).
 */
const optionalText = (field: StaffField, max: number) =>
  z
    .preprocess((value) => (typeof value === 'number' ? String(value) : value ?? undefined), text(STAFF_LABELS[field], { max }).optional())
    .transform((value) => (value === '' ? undefined : value));

export const workSchema = z
  .string()
  .trim()
  .transform((value) => value.toLowerCase())
  .pipe(z.enum(WORK_TYPES, { error: MSG.workInvalid }));

/**
 * SPEC §3 registration payload. The staff-record fields (aadhar, bank, …) are accepted
 * here and stored by the staff register; the account needs name, e-mail and password.
 */
export const registerBody = z
  .object({
    name: z.string({ error: MSG.fillAllFields }).pipe(text(STAFF_LABELS.name, { max: NAME_MAX, maxMessage: MSG.nameTooLong }).min(1, MSG.fillAllFields)),
    email: emailSchema,
    phone: z
      .union([z.string(), z.number()])
      .optional()
      .transform((value) => (value === undefined ? '' : String(value).trim()))
      .pipe(z.union([z.literal(''), digits(PHONE_DIGITS, MSG.phoneDigits)])),
    password: z.string({ error: MSG.fillAllFields }).min(1, MSG.fillAllFields).min(PASSWORD_MIN, MSG.passwordTooShort).max(PASSWORD_MAX, MSG.passwordTooLong),
    confirmPassword: z.string({ error: MSG.fillAllFields }).min(1, MSG.fillAllFields),
    work: z
      .preprocess((value) => (value === '' || value === undefined ? null : value), workSchema.nullable())
      .optional()
      .transform((value) => value ?? null),
    role: z.coerce.number().int().min(0).max(2).optional(),
    aadhar: z
      .union([z.string(), z.number()])
      .optional()
      .transform((value) => (value === undefined ? '' : String(value).trim()))
      .pipe(z.union([z.literal(''), digits(AADHAR_DIGITS, MSG.aadharDigits)])),
    // the same limits as the staff register, which stores these (supervisorStaffBody)
    designation: optionalText('designation', SHORT_TEXT_MAX),
    empid: optionalText('empid', STAFF_TEXT_MAX),
    wage: optionalText('wage', SHORT_TEXT_MAX),
    bank: optionalText('bank', STAFF_TEXT_MAX),
    branch: optionalText('branch', STAFF_TEXT_MAX),
    ifsccode: optionalText('ifsccode', SHORT_TEXT_MAX),
    acnumber: optionalText('acnumber', STAFF_TEXT_MAX),
    uanno: optionalText('uanno', STAFF_TEXT_MAX),
    esino: optionalText('esino', STAFF_TEXT_MAX),
    status: optionalText('status', SHORT_TEXT_MAX),
  })
  .refine((body) => body.password === body.confirmPassword, { message: MSG.passwordsDoNotMatch, path: ['confirmPassword'] });
export type RegisterBody = z.input<typeof registerBody>;

export const forgetBody = z.object({ email: emailSchema });

export const verifyOtpBody = z.object({
  email: emailSchema,
  otp: z
    .union([z.string(), z.number()], { error: MSG.otpRequired })
    .transform((value) => String(value).trim())
    .pipe(z.string().min(1, MSG.otpRequired).regex(new RegExp(`^\\d{${OTP_DIGITS}}$`), MSG.invalidOtp)),
});

/**
 * SPEC §7 {email, newPassword}; `resetToken` (ours, optional) is the ticket verifyotp
 * answered, for clients that do not keep its cookie. One of the two is required.
 */
export const resetPasswordBody = z.object({
  email: emailSchema,
  newPassword: newPasswordSchema,
  // a ticket of the wrong type or length gets the same answer as a wrong ticket
  resetToken: z.string({ error: MSG.resetFailed }).max(200, MSG.resetFailed).optional(),
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
