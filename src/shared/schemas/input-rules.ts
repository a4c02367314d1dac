import { z } from 'zod';
import { SEARCH_MAX } from '../limits.js';
import { MSG } from '../messages.js';
import { monthProblem, UUID } from '../input-checks.js';
import { isDay, MONTH_PATTERN } from '../time.js';

/**
 * The input rules every request schema shares (docs/decisions/0014-input-rules.md): which
 * characters a text may hold, how days, months and list cursors are written. The forms
 * use the same schemas, so a person sees the rule before the server has to refuse it.
 */

/**
 * A UTF-16 half without its other half cannot be encoded as UTF-8: PostgreSQL refuses it in
 * jsonb (the audit trail) and drivers replace it silently in text, so it is refused.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** NUL cannot be stored in PostgreSQL text at all; other control characters only break screens and exports. */
const CONTROL_SINGLE_LINE = /[\u0000-\u001F\u007F]/;
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** The form Date#toISOString writes for the years 0000–9999. */
const ISO_MOMENT = /^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Whether a text holds a character we do not store (tab and line breaks only when multi-line). */
export function hasUnsupportedCharacters(value: string, multiline = false): boolean {
  return (multiline ? CONTROL_MULTI_LINE : CONTROL_SINGLE_LINE).test(value) || LONE_SURROGATE.test(value);
}

export interface TextOptions {
  /** the longest accepted value (after trimming) */
  max: number;
  /** the message when it is longer; default "{field} must be at most {max} characters" */
  maxMessage?: string;
  /** tab and line breaks allowed (chat, addresses) */
  multiline?: boolean;
  /** the message when the value is missing or not text; default zod's */
  typeMessage?: string;
}

/**
 * A trimmed text field: refuses unsupported characters and over-long values with a message
 * naming the field. Add `.min(1, …)` for a required one.
 */
export function text(field: string, options: TextOptions) {
  return z
    .string(options.typeMessage ? { error: options.typeMessage } : undefined)
    .trim()
    .refine((value) => !hasUnsupportedCharacters(value, options.multiline), MSG.invalidCharacters(field))
    .max(options.max, options.maxMessage ?? MSG.tooLong(field, options.max));
}

/** An optional search box or text filter of a list (?q=, ?entity=). */
export function searchText(field: string, max = SEARCH_MAX) {
  return text(field, { max }).optional();
}

/**
 * An optional 'YYYY-MM-DD' filter: a real calendar day of the years 0001–9999, which
 * PostgreSQL's date holds (a far bound such as 2999-01-01 is a fair filter; 2026-02-30 is not).
 */
export function dayParam(field: string) {
  return z.string().refine(isDay, MSG.dayInvalid(field)).optional().meta({ format: 'date' });
}

/**
 * A 'YYYY-MM' month people may ask for (MONTH_PATTERN, years by monthProblem). With
 * `requiredMessage`, a missing or blank month is refused with it (SPEC §5's "required"
 * message); without, the caller adds `.optional()`.
 */
export function monthField(requiredMessage?: string) {
  const given = requiredMessage
    ? z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? requiredMessage : MSG.monthInvalid) }).trim().min(1, requiredMessage)
    : z.string({ error: MSG.monthInvalid }).trim();
  return given.regex(MONTH_PATTERN, MSG.monthInvalid).superRefine((value, ctx) => {
    const problem = monthProblem(value);
    // a malformed month has its issue from the pattern already
    if (problem && MONTH_PATTERN.test(value)) ctx.addIssue({ code: 'custom', message: problem });
  });
}

/** Whether a form value counts as not given: missing, null, or only blanks. */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * One of a fixed list of texts (a work type, a bill status), matched ignoring case and
 * surrounding blanks and answered as the list writes it. The API document lists the
 * choices (an enum). A missing or blank value gets `required` (when given), anything else
 * `invalid`.
 */
export function choiceOf<const T extends readonly [string, ...string[]]>(choices: T, messages: { invalid: string; required?: string }) {
  const byKey = new Map(choices.map((choice) => [choice.toLowerCase(), choice as T[number]]));
  const refuse = (input: unknown) => (messages.required && isBlank(input) ? messages.required : messages.invalid);
  return z
    .string({ error: (issue) => refuse(issue.input) })
    .transform((value, ctx) => {
      const choice = byKey.get(value.trim().toLowerCase());
      if (choice === undefined) {
        ctx.addIssue({ code: 'custom', message: refuse(value) });
        return z.NEVER;
      }
      return choice;
    })
    .meta({ enum: [...choices] });
}

/** An id in a query string: a UUID in any letter case, answered lower-cased. */
export function uuidParam(field: string) {
  return z
    .string()
    .trim()
    .regex(UUID, MSG.idInvalid(field))
    .transform((value) => value.toLowerCase())
    .optional();
}

/** A base64url text decoded as UTF-8, or null when it is not base64url. */
function fromBase64Url(value: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(value) || value.length % 4 === 1) return null;
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (value.length % 4)) % 4);
  try {
    const binary = atob(base64);
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
  } catch {
    return null;
  }
}

/**
 * Whether a text is a duty list cursor as the server writes it (base64url of
 * `[isoMoment, uuid]`), with a moment PostgreSQL can compare: a real instant written the
 * way toISOString writes it, from 1970 on (year 0000 or 2026-02-30 would fail in SQL).
 */
export function isDutyCursor(value: string): boolean {
  return decodeDutyCursor(value) !== null;
}

/** A duty list cursor's moment and id (see isDutyCursor), or null when it is not one. */
export function decodeDutyCursor(value: string): { at: string; id: string } | null {
  const json = fromBase64Url(value);
  if (json === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) return null;
  const [at, id] = parsed as unknown[];
  if (typeof at !== 'string' || typeof id !== 'string' || !UUID.test(id)) return null;
  const match = ISO_MOMENT.exec(at);
  if (!match || Number(match[1]) < 1970) return null;
  const moment = new Date(at);
  return !Number.isNaN(moment.getTime()) && moment.toISOString() === at ? { at, id } : null;
}
