import { z } from 'zod';
import { MSG } from '../messages.js';
import { AADHAR_DIGITS, EMAIL_MAX, NAME_MAX, OTP_DIGITS, PASSWORD_MAX, PASSWORD_MIN, PHONE_DIGITS, SHORT_TEXT_MAX, STAFF_TEXT_MAX } from '../limits.js';
import { WORK_TYPES } from '../work-types.js';
import { hasUnsupportedCharacters, refuseUnsupportedCharacters } from './input-rules.js';

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

/**
 * Optional text: empty strings and null count as "not given". Over-long values are refused
 * (never cut: a cut account number is a wrong one), naming the field and the limit.
 */
const optionalText = (field: string, max: number) =>
  z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((value, ctx) => {
      if (value === null || value === undefined) return undefined;
      const text = String(value).trim();
      if (refuseUnsupportedCharacters(text, ctx, field)) return z.NEVER;
      if (text.length > max) {
        ctx.addIssue({ code: 'custom', message: MSG.tooLong(field, max) });
        return z.NEVER;
      }
      return text === '' ? undefined : text;
    });

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
    name: requiredText(MSG.fillAllFields)
      .refine((value) => !hasUnsupportedCharacters(value), MSG.invalidCharacters('Name'))
      .max(NAME_MAX, MSG.nameTooLong),
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
    designation: optionalText('Designation', SHORT_TEXT_MAX),
    empid: optionalText('Emp ID', STAFF_TEXT_MAX),
    wage: optionalText('Wage', SHORT_TEXT_MAX),
    bank: optionalText('Bank', STAFF_TEXT_MAX),
    branch: optionalText('Branch', STAFF_TEXT_MAX),
    ifsccode: optionalText('IFSC code', SHORT_TEXT_MAX),
    acnumber: optionalText('Account number', STAFF_TEXT_MAX),
    uanno: optionalText('UAN number', STAFF_TEXT_MAX),
    esino: optionalText('ESI number', STAFF_TEXT_MAX),
    status: optionalText('Status', SHORT_TEXT_MAX),
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
  resetToken: z.string().max(200).optional(),
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
