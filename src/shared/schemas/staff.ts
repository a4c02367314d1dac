import { z } from 'zod';
import { AADHAR_DIGITS, NAME_MAX, PHONE_DIGITS, STAFF_TEXT_MAX } from '../limits.js';
import { MSG } from '../messages.js';
import { DESIGNATIONS, IFSC_PATTERN, STAFF_STATUSES, type Designation, type StaffStatus } from '../staff.js';
import { toWorkType, type WorkType } from '../work-types.js';
import { hasUnsupportedCharacters, searchText } from './input-rules.js';
import { optionalWorkParam } from './work-param.js';

/**
 * Staff schemas (SPEC §3 Worker, §5 Add Worker / Add Supervisor / Edit worker). Forms and
 * spreadsheets send numbers and blanks freely, so each field is first read leniently as
 * trimmed text; then the rules run in SPEC's order — required fields first, then formats —
 * so the first message is the one SPEC's form would show.
 */

/** Text, a number, null or nothing, read as trimmed text ('' for nothing). */
const loose = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((value) => (value === null || value === undefined ? '' : String(value).trim()));

const PHONE_RE = new RegExp(`^\\d{${PHONE_DIGITS}}$`);
const AADHAR_RE = new RegExp(`^\\d{${AADHAR_DIGITS}}$`);
const WAGE_RE = /^\d{1,10}(\.\d{1,2})?$/;

const staffFields = {
  name: loose,
  phone: loose,
  aadhar: loose,
  empid: loose,
  designation: loose,
  category: loose,
  work: loose,
  wage: loose,
  bank: loose,
  branch: loose,
  ifsccode: loose,
  acnumber: loose,
  uanno: loose,
  esino: loose,
  status: loose,
};

export interface StaffInput {
  name: string;
  phone: string;
  aadhar: string;
  /** null: the database generates one */
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
}

type Raw = { [K in keyof typeof staffFields]: string };

/** The fields as the forms label them, for messages (the register form uses them too). */
export const LABELS: Record<keyof Raw, string> = {
  name: 'Name',
  phone: 'Phone',
  aadhar: 'Aadhar',
  empid: 'Emp ID',
  designation: 'Designation',
  category: 'Category',
  work: 'Work',
  wage: 'Wage',
  bank: 'Bank',
  branch: 'Branch',
  ifsccode: 'IFSC code',
  acnumber: 'Account Number',
  uanno: 'UAN Number',
  esino: 'ESI Number',
  status: 'Status',
};

interface Rules {
  required: (keyof Raw)[];
  requiredMessage: string;
  aadharMessage: string;
  ifscMessage: string;
}

function findProblem(raw: Raw, rules: Rules): { path: keyof Raw; message: string } | null {
  const blank = rules.required.find((field) => raw[field] === '');
  if (blank) return { path: blank, message: rules.requiredMessage };
  if (raw.name.length > NAME_MAX) return { path: 'name', message: MSG.nameTooLong };
  // SPEC §5's digit rules speak first for phone and Aadhaar (they refuse any other character)
  if (!PHONE_RE.test(raw.phone)) return { path: 'phone', message: MSG.phoneDigits };
  if (!AADHAR_RE.test(raw.aadhar)) return { path: 'aadhar', message: rules.aadharMessage };
  const garbled = (Object.keys(LABELS) as (keyof Raw)[]).find((field) => hasUnsupportedCharacters(raw[field]));
  if (garbled) return { path: garbled, message: MSG.invalidCharacters(LABELS[garbled]) };
  if (!toWorkType(raw.work)) return { path: 'work', message: MSG.workInvalid };
  if (raw.designation && !DESIGNATIONS.some((d) => d.toLowerCase() === raw.designation.toLowerCase())) {
    return { path: 'designation', message: MSG.designationInvalid };
  }
  if (raw.status && !STAFF_STATUSES.some((s) => s.toLowerCase() === raw.status.toLowerCase())) {
    return { path: 'status', message: MSG.statusInvalid };
  }
  if (raw.wage && !WAGE_RE.test(raw.wage.replace(/,/g, ''))) return { path: 'wage', message: MSG.wageInvalid };
  if (raw.ifsccode && !IFSC_PATTERN.test(raw.ifsccode.toUpperCase())) return { path: 'ifsccode', message: rules.ifscMessage };
  for (const field of ['empid', 'category', 'bank', 'branch', 'acnumber', 'uanno', 'esino'] as const) {
    if (raw[field].length > STAFF_TEXT_MAX) return { path: field, message: MSG.tooLong(LABELS[field], STAFF_TEXT_MAX) };
  }
  return null;
}

function toInput(raw: Raw, defaultDesignation: Designation): StaffInput {
  const orNull = (value: string) => (value === '' ? null : value);
  const designation = DESIGNATIONS.find((d) => d.toLowerCase() === raw.designation.toLowerCase()) ?? defaultDesignation;
  const status = STAFF_STATUSES.find((s) => s.toLowerCase() === raw.status.toLowerCase()) ?? 'Active';
  return {
    name: raw.name,
    phone: raw.phone,
    aadhar: raw.aadhar,
    empid: orNull(raw.empid),
    designation,
    category: orNull(raw.category),
    work: toWorkType(raw.work)!,
    wage: raw.wage === '' ? null : Number(raw.wage.replace(/,/g, '')).toFixed(2),
    bank: orNull(raw.bank),
    branch: orNull(raw.branch),
    ifsccode: raw.ifsccode === '' ? null : raw.ifsccode.toUpperCase(),
    acnumber: orNull(raw.acnumber),
    uanno: orNull(raw.uanno),
    esino: orNull(raw.esino),
    status,
  };
}

function staffSchema(rules: Rules, defaultDesignation: Designation) {
  return z
    .object(staffFields)
    .superRefine((raw, ctx) => {
      const problem = findProblem(raw, rules);
      if (problem) ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
    })
    .transform((raw) => toInput(raw, defaultDesignation));
}

/** POST /worker/create-worker (Add Worker): name, Aadhaar and phone are required. */
export const workerCreateBody = staffSchema(
  {
    required: ['name', 'aadhar', 'phone', 'work'],
    requiredMessage: MSG.fillAllRequired,
    aadharMessage: MSG.aadharDigits,
    ifscMessage: MSG.ifscInvalidAdd,
  },
  'Cleaning Staff',
);

/** PUT /worker/update-worker/{id} (Update Worker): name, phone, Emp ID and Aadhaar are required. */
export const workerUpdateBody = staffSchema(
  {
    required: ['name', 'phone', 'empid', 'aadhar', 'work'],
    requiredMessage: MSG.fillAllRequired,
    aadharMessage: MSG.aadharDigitsEdit,
    ifscMessage: MSG.ifscInvalidEdit,
  },
  'Cleaning Staff',
);

/** The staff part of the Add Supervisor form (the account part is registerBody). */
export const supervisorStaffBody = staffSchema(
  {
    required: ['name', 'aadhar', 'phone', 'work'],
    requiredMessage: MSG.fillAllFields,
    aadharMessage: MSG.aadharDigits,
    ifscMessage: MSG.ifscInvalidAdd,
  },
  'Supervisor',
);

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
  /** in lists: the train number (or work type) of a live duty the worker is on, else null */
  liveDuty: z.string().nullable().optional(),
  /** the linked sign-in account, when the person has one */
  userId: z.string().nullable().optional(),
  /** on a single record: false when the reader may not change it (an account of a higher role) */
  editable: z.boolean().optional(),
  createdAt: z.string(),
  updatedAt: z.string().optional(),
});
export type Worker = z.infer<typeof workerResponse>;

export const workersQuery = z.object({
  work: optionalWorkParam,
  status: z.enum(STAFF_STATUSES, { error: MSG.statusInvalid }).optional(),
  q: searchText('Search'),
  limit: z.coerce.number().int().min(1).max(5000).default(1000),
  offset: z.coerce.number().int().min(0).default(0),
});

export const ifscResponse = z.object({ BANK: z.string(), BRANCH: z.string() });

export const supervisorListResponse = z.object({
  supervisor: z.array(z.object({ _id: z.string(), name: z.string(), work: z.string().nullable().optional() })),
});

