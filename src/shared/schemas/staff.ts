import { z } from 'zod';
import { AADHAR_DIGITS, NAME_MAX, PHONE_DIGITS, SHORT_TEXT_MAX, STAFF_TEXT_MAX } from '../limits.js';
import { MSG } from '../messages.js';
import { DOC_LANGUAGES, GENDERS, SKILLS, type DocLanguage, type Gender, type Skill } from '../payroll.js';
import { DESIGNATIONS, DOB_YEAR_MIN, IFSC_PATTERN, STAFF_STATUS, STAFF_STATUSES, type Designation, type StaffStatus } from '../staff.js';
import { DEFAULT_APP_TZ, dayInZone, isDay } from '../time.js';
import { toWorkType, WORK_TYPES, type WorkType } from '../work-types.js';
import { sortParam } from '../list-view.js';
import { hasUnsupportedCharacters, searchText, text } from './input-rules.js';
import { optionalWorkParam } from './work-param.js';

/**
 * Staff schemas (SPEC §3 Worker, §5 Add Worker / Add Supervisor / Edit worker). Each field
 * states its real rule — type, pattern, enum, length, required or not — so the API
 * document shows it; forms and older SPEC §7 clients send phone and Aadhaar numbers as
 * text or as numbers, and blanks as '' or null, and both are declared. A required field
 * that is missing or blank answers the form's "required" message, which the error handler
 * and the forms show before any other (src/shared/api/first-message.ts), so the first
 * message is the one SPEC's form would show.
 */

/** Rupees with at most 2 decimals, commas between thousands allowed (1,200 or 1,20,000), or blank. */
const WAGE_RE = /^(?:(?:\d{1,10}|\d{1,3}(?:,\d{2,3})+)(?:\.\d{1,2})?)?$/;
/** The largest wage the numeric(12, 2) column holds. */
const WAGE_MAX = 9_999_999_999.99;
/** IFSC_PATTERN in any letter case (codes are stored and looked up upper-cased). */
const IFSC_ANY_CASE = IFSC_PATTERN.source.slice(1, -1).replace(/A-Z/g, 'A-Za-z');
const IFSC_OR_BLANK = new RegExp(`^(?:${IFSC_ANY_CASE})?$`);

/** The fields as the forms label them, for messages (the register form uses them too). */
export const LABELS = {
  name: MSG.columnName,
  phone: MSG.fields.phone,
  aadhar: MSG.fields.aadhar,
  empid: MSG.columnEmpId,
  designation: MSG.fields.designation,
  category: MSG.fields.category,
  work: MSG.fields.work,
  wage: MSG.fields.wage,
  bank: MSG.fields.bank,
  branch: MSG.fields.branch,
  ifsccode: MSG.fields.ifscCode,
  acnumber: MSG.fields.accountNumber,
  uanno: MSG.fields.uanNumber,
  esino: MSG.fields.esiNumber,
  status: MSG.columnStatus,
  dob: MSG.payrollFields.dob,
  gender: MSG.payrollFields.gender,
  guardianName: MSG.payrollFields.guardianName,
  joined: MSG.payrollFields.joined,
  skill: MSG.payrollFields.skill,
  language: MSG.payrollFields.language,
  pfMember: MSG.payrollFields.pfMember,
  esiMember: MSG.payrollFields.esiMember,
} as const;

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** A required text: missing, null or blank answers `required`. */
function requiredText(field: keyof typeof LABELS, max: number, required: string, maxMessage = MSG.tooLong(LABELS[field], max)) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, maxMessage)
    .refine((value) => !hasUnsupportedCharacters(value), MSG.invalidCharacters(LABELS[field]));
}

/** An optional text: '' and null mean "not given" (null in the record). */
function optionalText(field: keyof typeof LABELS, max: number) {
  return z
    .union([text(LABELS[field], { max }), z.null()])
    .optional()
    .transform((value) => value || null);
}

/**
 * An optional number-like text (account, UAN and ESI numbers): text, or a whole number
 * from an older client (read as its digits).
 */
function optionalNumberText(field: keyof typeof LABELS, max: number) {
  return z
    .union([text(LABELS[field], { max }), z.int().min(0).max(Number.MAX_SAFE_INTEGER), z.null()])
    .optional()
    .transform((value) => (value === null || value === undefined || value === '' ? null : String(value)));
}

/**
 * A run of exactly `count` digits (phone, Aadhaar): text, or a whole number of that many
 * digits from an older client. Missing or blank answers `required`, anything else
 * `message` (SPEC §5's digit rule speaks before any character rule).
 */
function digitsField(count: number, required: string, message: string) {
  return z
    .union([z.string().trim().min(1, required).regex(new RegExp(`^\\d{${count}}$`), message), z.int().min(10 ** (count - 1), message).max(10 ** count - 1, message)], {
      error: (issue) => (isBlank(issue.input) ? required : message),
    })
    .transform((value) => String(value));
}

/**
 * One of a few choices (designation, status), in any letter case; the union is what the
 * API document shows. Blank or null gives `fallback`.
 */
function choice<const T extends readonly [string, ...string[]]>(values: T, message: string, fallback: T[number]) {
  return z
    .union([z.enum(values), z.string().max(SHORT_TEXT_MAX, message), z.null()], { error: message })
    .optional()
    .transform((value, ctx): T[number] => {
      if (isBlank(value)) return fallback;
      const found = values.find((option) => option.toLowerCase() === value!.trim().toLowerCase());
      if (!found) ctx.addIssue({ code: 'custom', message });
      return found ?? fallback;
    })
    .describe(`${values.join(', ')} (any letter case)`);
}

/** The work type (required): one of WORK_TYPES in any letter case, normalised. */
function workField(required: string) {
  return z
    .union([z.enum(WORK_TYPES), z.string().max(SHORT_TEXT_MAX, MSG.workInvalid)], { error: (issue) => (isBlank(issue.input) ? required : MSG.workInvalid) })
    .transform((value, ctx): WorkType => {
      const work = toWorkType(value);
      if (!work) ctx.addIssue({ code: 'custom', message: value.trim() === '' ? required : MSG.workInvalid });
      return work ?? 'mcc';
    })
    .describe(`A work type: ${WORK_TYPES.join(', ')} (any letter case)`);
}

/** Wage per day in rupees: text ('650', '650.50', '1,200') or a number; blank or null for none. */
export const wageField = z
  .union(
    [
      z.string().trim().max(SHORT_TEXT_MAX, MSG.wageInvalid).regex(WAGE_RE, MSG.wageInvalid),
      z
        .number()
        .min(0, MSG.wageInvalid)
        .max(WAGE_MAX, MSG.wageInvalid)
        .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, MSG.wageInvalid),
      z.null(),
    ],
    { error: MSG.wageInvalid },
  )
  .optional()
  .transform((value) => {
    if (value === null || value === undefined || value === '') return null;
    return Number(String(value).replace(/,/g, '')).toFixed(2);
  });

function ifscField(message: string) {
  return z
    .union([z.string().trim().regex(IFSC_OR_BLANK, message), z.null()], { error: message })
    .optional()
    .transform((value) => (value ? value.toUpperCase() : null));
}

/*
 * The payroll fields (issue 26). SPEC §7 clients do not know them, so on an update a field
 * left out keeps what the record holds (undefined here), as an account's work type does;
 * '' or null clears a text or a date. A membership left out, blank or null is "not given":
 * yes on a new record (the column's default), unchanged on an edit.
 */

/** How a choice may also be written in a spreadsheet or by hand: words and spacing people use. */
const GENDER_WORDS: Record<string, Gender> = { male: 'M', female: 'F', transgender: 'T' };
const LANGUAGE_WORDS: Record<string, DocLanguage> = { english: 'en', hindi: 'hi', malayalam: 'ml' };

/**
 * An optional one-of-a-few code (gender, skill, language), in any letter case, blanks and
 * spaces read as '-' (semi skilled), or a word from `words`; '' or null clears it.
 */
function payrollChoice<const T extends readonly [string, ...string[]]>(values: T, message: string, words: Record<string, T[number]> = {}) {
  return z
    .union([z.enum(values), z.string().max(SHORT_TEXT_MAX, message), z.null()], { error: message })
    .optional()
    .transform((value, ctx): T[number] | null | undefined => {
      if (value === undefined) return undefined;
      if (isBlank(value)) return null;
      const key = value!.trim().toLowerCase().replace(/[\s_]+/g, '-');
      const found = values.find((option) => option.toLowerCase() === key) ?? words[key];
      if (!found) ctx.addIssue({ code: 'custom', message });
      return found ?? null;
    })
    .describe(`${values.join(', ')} (any letter case); '' or null clears it, left out on an update it stays`);
}

/** Today's day where the company is: the web and the server read the same "today" for a birth date. */
const today = () => dayInZone(new Date(), DEFAULT_APP_TZ);

/**
 * An optional day 'YYYY-MM-DD' (a real one: 2026-02-30 is refused, not turned into March);
 * `birth` also refuses a day after today or before DOB_YEAR_MIN. '' or null clears it.
 */
function payrollDay(field: 'dob' | 'joined', birth = false) {
  const invalid = MSG.dayInvalid(LABELS[field]);
  return z
    .union([z.string().max(SHORT_TEXT_MAX, invalid), z.null()], { error: invalid })
    .optional()
    .transform((value, ctx): string | null | undefined => {
      if (value === undefined) return undefined;
      if (isBlank(value)) return null;
      const day = value!.trim();
      if (!isDay(day)) {
        ctx.addIssue({ code: 'custom', message: invalid });
        return null;
      }
      if (birth && Number(day.slice(0, 4)) < DOB_YEAR_MIN) ctx.addIssue({ code: 'custom', message: MSG.dobTooEarly });
      else if (birth && day > today()) ctx.addIssue({ code: 'custom', message: MSG.dobInFuture });
      return day;
    })
    .meta({ format: 'date' })
    .describe(`YYYY-MM-DD, a real day${birth ? `, from ${DOB_YEAR_MIN} up to today` : ''}; '' or null clears it, left out on an update it stays`);
}

/** Texts and numbers that mean yes or no (a checkbox's boolean, a form's 'true', a sheet's Y or 1). */
const YES = new Set(['true', 'y', 'yes', '1']);
const NO = new Set(['false', 'n', 'no', '0']);

/** An optional membership: true/false, or Y/N, Yes/No, true/false, 1/0 as text or 1/0 as a number. */
function yesNo(field: 'pfMember' | 'esiMember') {
  const message = MSG.yesNoInvalid(LABELS[field]);
  return z
    .union([z.boolean(), z.string().max(SHORT_TEXT_MAX, message), z.literal(0), z.literal(1), z.null()], { error: message })
    .optional()
    .transform((value, ctx): boolean | undefined => {
      if (typeof value === 'boolean') return value;
      if (value === 0 || value === 1) return value === 1;
      if (isBlank(value)) return undefined;
      const word = value!.trim().toLowerCase();
      if (YES.has(word)) return true;
      if (NO.has(word)) return false;
      ctx.addIssue({ code: 'custom', message });
      return undefined;
    })
    .describe("true or false (also Y/N, Yes/No, 1/0 as text); left out, blank or null: yes on a new record, unchanged on an update");
}

/** An optional text that is kept when left out (an update), cleared by '' or null. */
function keptText(field: keyof typeof LABELS, max: number) {
  return z
    .union([text(LABELS[field], { max }), z.null()])
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null));
}

export interface StaffInput {
  name: string;
  phone: string;
  aadhar: string;
  /** null: generated on creation, kept on an edit */
  empid: string | null;
  designation: Designation;
  category: string | null;
  work: WorkType;
  /** exact rupees as text, e.g. "650.00"; null when not given */
  wage: string | null;
  bank: string | null;
  branch: string | null;
  ifsccode: string | null;
  acnumber: string | null;
  uanno: string | null;
  esino: string | null;
  status: StaffStatus;
  // the payroll fields (issue 26): undefined is "left out" (the default on a new record, kept on an edit)
  dob?: string | null | undefined;
  gender?: Gender | null | undefined;
  guardianName?: string | null | undefined;
  joined?: string | null | undefined;
  skill?: Skill | null | undefined;
  language?: DocLanguage | null | undefined;
  pfMember?: boolean | undefined;
  esiMember?: boolean | undefined;
}

interface Rules {
  requiredMessage: string;
  aadharMessage: string;
  ifscMessage: string;
  defaultDesignation: Designation;
  /** the Edit worker form requires the Emp ID: blank is refused, absent keeps the one on record */
  empIdRequired: boolean;
}

/** The fields in the order of SPEC's checks: required ones and their formats first. */
function staffSchema(rules: Rules) {
  const required = rules.requiredMessage;
  return z
    .object({
      name: requiredText('name', NAME_MAX, required, MSG.nameTooLong),
      phone: digitsField(PHONE_DIGITS, required, MSG.phoneDigits),
      aadhar: digitsField(AADHAR_DIGITS, required, rules.aadharMessage),
      empid: rules.empIdRequired
        ? requiredText('empid', STAFF_TEXT_MAX, required)
            .optional()
            .transform((value) => value ?? null)
            .describe('Absent: the Emp ID on record stays')
        : optionalText('empid', STAFF_TEXT_MAX).describe('Left blank, one is generated: EMP and five or more digits'),
      designation: choice(DESIGNATIONS, MSG.designationInvalid, rules.defaultDesignation),
      category: optionalText('category', STAFF_TEXT_MAX),
      work: workField(required),
      wage: wageField,
      bank: optionalText('bank', STAFF_TEXT_MAX),
      branch: optionalText('branch', STAFF_TEXT_MAX),
      ifsccode: ifscField(rules.ifscMessage),
      acnumber: optionalNumberText('acnumber', STAFF_TEXT_MAX),
      uanno: optionalNumberText('uanno', STAFF_TEXT_MAX),
      esino: optionalNumberText('esino', STAFF_TEXT_MAX),
      status: choice(STAFF_STATUSES, MSG.statusInvalid, STAFF_STATUS.active),
      dob: payrollDay('dob', true),
      gender: payrollChoice(GENDERS, MSG.genderInvalid, GENDER_WORDS),
      guardianName: keptText('guardianName', NAME_MAX),
      joined: payrollDay('joined'),
      skill: payrollChoice(SKILLS, MSG.skillInvalid),
      language: payrollChoice(DOC_LANGUAGES, MSG.docLanguageInvalid, LANGUAGE_WORDS),
      pfMember: yesNo('pfMember'),
      esiMember: yesNo('esiMember'),
    })
    .transform((fields): StaffInput => fields);
}

/** POST /worker/create-worker (Add Worker): name, Aadhaar, phone and work are required. */
export const workerCreateBody = staffSchema({
  requiredMessage: MSG.fillAllRequired,
  aadharMessage: MSG.aadharDigits,
  ifscMessage: MSG.ifscInvalidAdd,
  defaultDesignation: 'Cleaning Staff',
  empIdRequired: false,
});

/** PUT /worker/update-worker/{id} (Update Worker): name, phone, Emp ID, Aadhaar and work are required. */
export const workerUpdateBody = staffSchema({
  requiredMessage: MSG.fillAllRequired,
  aadharMessage: MSG.aadharDigitsEdit,
  ifscMessage: MSG.ifscInvalidEdit,
  defaultDesignation: 'Cleaning Staff',
  empIdRequired: true,
});

/** The staff part of the Add Supervisor form (the account part is registerBody). */
export const supervisorStaffBody = staffSchema({
  requiredMessage: MSG.fillAllFields,
  aadharMessage: MSG.aadharDigits,
  ifscMessage: MSG.ifscInvalidAdd,
  defaultDesignation: 'Supervisor',
  empIdRequired: false,
});

/** One row of a bulk upload: the Add Worker rules, read from the sheet's cells as text. @alias */
export const bulkRow = workerCreateBody;

/** A staff record as the API answers it (SPEC §3 Worker). */
export const workerResponse = z.object({
  _id: z.string(),
  name: z.string(),
  phone: z.string(),
  aadhar: z.string().optional(),
  empid: z.string(),
  designation: z.string(),
  category: z.string().nullable().optional(),
  work: z.string().nullable(),
  wage: z.number().nullable().optional(),
  bank: z.string().nullable().optional(),
  branch: z.string().nullable().optional(),
  ifsccode: z.string().nullable().optional(),
  acnumber: z.string().nullable().optional(),
  uanno: z.string().nullable().optional(),
  esino: z.string().nullable().optional(),
  status: z.string(),
  // the payroll fields (issue 26); not in a supervisor's crew view
  dob: z.string().nullable().optional().describe('YYYY-MM-DD'),
  gender: z.enum(GENDERS).nullable().optional(),
  guardianName: z.string().nullable().optional(),
  joined: z.string().nullable().optional().describe('YYYY-MM-DD'),
  skill: z.enum(SKILLS).nullable().optional(),
  language: z.enum(DOC_LANGUAGES).nullable().optional(),
  pfMember: z.boolean().optional(),
  esiMember: z.boolean().optional(),
  /** read-only: the first day of the current On Leave spell, set when the status becomes On Leave */
  onLeaveFrom: z.string().nullable().optional().describe('YYYY-MM-DD, read-only: the day the status became On Leave'),
  /** read-only: the day the record was set to Resigned */
  leftOn: z.string().nullable().optional().describe('YYYY-MM-DD, read-only: the day the status became Resigned'),
  /** in lists: the train number (or work type) of a live duty the worker is on, else null */
  liveDuty: z.string().nullable().optional(),
  /** the linked sign-in account, when the person has one */
  userId: z.string().nullable().optional(),
  /** on a single record: false when the reader may not change it (a manager's or an admin's account, for a manager) */
  editable: z.boolean().optional(),
  /** on a single record: true when it is the reader's own (their designation and Resigned are an admin's to set) */
  ownRecord: z.boolean().optional(),
  createdAt: z.string(),
  updatedAt: z.string().optional(),
});
export type Worker = z.infer<typeof workerResponse>;

/** The columns the staff list sorts by (issue 28): `?sort=name`, `?sort=-wage`. */
export const WORKER_SORT_KEYS = ['name', 'empid', 'phone', 'status', 'designation', 'work', 'wage', 'joined'] as const;
export type WorkerSortKey = (typeof WORKER_SORT_KEYS)[number];

/**
 * The staff list's view (issue 28): work type (none: every work type), status, designation,
 * skill category, a search by name, Emp ID or phone, and the sort. A SPEC client that sends
 * none of the new ones gets the SPEC list, newest first.
 */
const workersView = z.object({
  work: optionalWorkParam,
  status: z.enum(STAFF_STATUSES, { error: MSG.statusInvalid }).optional(),
  designation: z.enum(DESIGNATIONS, { error: MSG.designationInvalid }).optional(),
  skill: z.enum(SKILLS, { error: MSG.skillInvalid }).optional(),
  q: searchText('Search'),
  sort: sortParam(WORKER_SORT_KEYS),
});

export const workersQuery = workersView.extend({
  limit: z.coerce.number().int().min(1).max(5000).default(1000),
  offset: z.coerce.number().int().min(0).default(0),
});

/** GET /worker/export: the list's view, every page. */
export const workersExportQuery = workersView;

/** GET /worker/status-counts: the view without its status (the counts are by status). */
export const workerCountsQuery = workersView.omit({ status: true, sort: true });

export const workerCountsResponse = z.object({
  counts: z.object({ [STAFF_STATUS.active]: z.number(), [STAFF_STATUS.onLeave]: z.number(), [STAFF_STATUS.resigned]: z.number() }).describe('Records of each status'),
  total: z.number().describe('Every status together (a status outside the three, if any, is counted here only)'),
});
export type WorkerCounts = z.infer<typeof workerCountsResponse>;

/** GET /worker/get-ifsc/{ifsccode}: a code that is not an IFSC names no bank (404). */
export const ifscParams = z.object({
  ifsccode: z.string().trim().regex(new RegExp(`^${IFSC_ANY_CASE}$`), MSG.ifscInvalid),
});

export const ifscResponse = z.object({ BANK: z.string(), BRANCH: z.string() });

/**
 * GET /auth/getsupervisor (SPEC §3 "Supervisor list item"): what a colleague may see of a
 * supervisor — never contacts, Aadhaar, bank data or credentials. Only these keys are sent.
 */
const supervisorListItem = z.object({
  _id: z.string(),
  name: z.string(),
  work: z.enum(WORK_TYPES).nullable().describe('The work type the supervisor leads; null when none is set'),
});
export type SupervisorListItem = z.infer<typeof supervisorListItem>;

export const supervisorListResponse = z.object({ supervisor: z.array(supervisorListItem) });

