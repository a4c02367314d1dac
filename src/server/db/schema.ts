import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Sign-in accounts. E-mail is unique ignoring case (stored lower-cased). */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    /** 0 supervisor, 1 manager, 2 admin */
    role: smallint('role').notNull(),
    work: text('work'),
    /** The staff record of this person, when they are on the register (supervisors, managers). */
    staffId: uuid('staff_id').references((): AnyPgColumn => staff.id, { onDelete: 'set null' }),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`), uniqueIndex('users_staff_id_key').on(t.staffId)],
);

/** Opaque session tokens; only their SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_id_idx').on(t.userId)],
);

/** At most one live password-reset code per account; a new request replaces it. */
export const passwordResets = pgTable('password_resets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  /** SHA-256 of the reset ticket handed out by the last successful code check (step 3 needs it). */
  ticketHash: text('ticket_hash'),
});

/**
 * Fixed-window counters for rate limits, kept in the database so that every server
 * instance behind a load balancer sees the same counts.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_window_start_idx').on(t.windowStart)],
);

/** Emp IDs the database hands out when none is given: EMP00001, EMP00002, … */
export const staffEmpNoSeq = pgSequence('staff_emp_no_seq', { startWith: 1 });

/**
 * Every employee (SPEC §3 Worker). Phone, Aadhaar, account, UAN and ESI numbers are text
 * so leading zeros survive; the wage is exact money. Work types are stored lower-case.
 */
export const staff = pgTable(
  'staff',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    empId: text('emp_id')
      .notNull()
      .default(sql`'EMP' || lpad(nextval('staff_emp_no_seq')::text, 5, '0')`),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    aadhar: text('aadhar').notNull(),
    designation: text('designation').notNull().default('Cleaning Staff'),
    category: text('category'),
    work: text('work'),
    wage: numeric('wage', { precision: 12, scale: 2 }),
    bank: text('bank'),
    branch: text('branch'),
    ifscCode: text('ifsc_code'),
    acNumber: text('ac_number'),
    uanNo: text('uan_no'),
    esiNo: text('esi_no'),
    status: text('status').notNull().default('Active'),
    // payroll (issue 26): all optional but the two memberships
    dob: date('dob', { mode: 'string' }),
    /** M, F or T */
    gender: text('gender'),
    /** father's or husband's name */
    guardianName: text('guardian_name'),
    joined: date('joined', { mode: 'string' }),
    /** unskilled, semi-skilled, skilled, highly-skilled */
    skill: text('skill'),
    /** the language of the worker's documents: en, hi, ml */
    language: text('language'),
    pfMember: boolean('pf_member').notNull().default(true),
    esiMember: boolean('esi_member').notNull().default(true),
    /** The first day of the current On Leave spell (status On Leave), shown as L on the grid. */
    onLeaveFrom: date('on_leave_from', { mode: 'string' }),
    /** The day the record was set to Resigned (the ESI file's last working day). */
    leftOn: date('left_on', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What the staff list's search matches (issue 28): the name, phone and Emp ID in lower
     * case, kept by the database. One LIKE on it costs a fifth of three ILIKEs; the \x01
     * between the parts keeps a search from matching across two of them.
     */
    searchText: text('search_text').generatedAlwaysAs(sql`lower(name || chr(1) || phone || chr(1) || emp_id)`),
  },
  (t) => [
    uniqueIndex('staff_aadhar_key').on(t.aadhar),
    uniqueIndex('staff_emp_id_key').on(t.empId),
    index('staff_work_status_created_idx').on(t.work, t.status, t.createdAt),
    index('staff_created_idx').on(t.createdAt),
    check('staff_status_check', sql`${t.status} in ('Active', 'On Leave', 'Resigned')`),
    check('staff_phone_check', sql`${t.phone} ~ '^[0-9]{10}$'`),
    check('staff_aadhar_check', sql`${t.aadhar} ~ '^[0-9]{12}$'`),
    check('staff_gender_check', sql`${t.gender} in ('M', 'F', 'T')`),
    check('staff_skill_check', sql`${t.skill} in ('unskilled', 'semi-skilled', 'skilled', 'highly-skilled')`),
    check('staff_language_check', sql`${t.language} in ('en', 'hi', 'ml')`),
  ],
);

/**
 * Every change to a record, for the audit trail: who, what, the record before and after.
 * Written in the same transaction as the change.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    /** e.g. staff.create, staff.update, staff.import, account.create */
    action: text('action').notNull(),
    /** the kind of record: staff, account, duty, bill, … */
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.at),
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
  ],
);

/**
 * Branch details by IFSC: loaded from the published dataset (npm run ifsc:import) or
 * cached from the upstream service.
 */
export const ifscBranches = pgTable('ifsc_branches', {
  ifsc: text('ifsc').primaryKey(),
  bank: text('bank').notNull(),
  branch: text('branch').notNull(),
  address: text('address'),
  city: text('city'),
  state: text('state'),
  source: text('source').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Required staff per coach (or tank) by work type; a missing row means the default 0.6. */
export const staffingNorms = pgTable('staffing_norms', {
  work: text('work').primaryKey(),
  perCoach: numeric('per_coach', { precision: 6, scale: 3 }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A train duty (SPEC §3 Train job). `completedAt` is the moment it was completed and
 * `completedDay` that moment's date in APP_TZ, which attendance and the completed lists
 * use. `version` grows with every change, for edits made from an out-of-date copy.
 */
export const duties = pgTable(
  'duties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trainNo: text('train_no'),
    status: text('status').notNull().default('processing'),
    work: text('work').notNull(),
    supervisorId: uuid('supervisor_id').references(() => users.id, { onDelete: 'set null' }),
    totalCoach: integer('total_coach'),
    type: text('type'),
    reqq: integer('reqq').notNull().default(0),
    used: integer('used').notNull().default(0),
    suppliedBedsheet: integer('supplied_bedsheet'),
    returned: integer('returned'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    completedDay: date('completed_day', { mode: 'string' }),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    check('duties_status_check', sql`${t.status} in ('processing', 'completed')`),
    check('duties_completed_check', sql`(${t.status} = 'completed') = (${t.completedAt} is not null and ${t.completedDay} is not null)`),
    index('duties_live_idx').on(t.work, t.createdAt).where(sql`${t.status} = 'processing'`),
    index('duties_completed_idx').on(t.work, t.completedDay, t.completedAt).where(sql`${t.status} = 'completed'`),
    index('duties_completed_day_idx').on(t.completedDay).where(sql`${t.status} = 'completed'`),
    index('duties_supervisor_idx').on(t.supervisorId),
  ],
);

/**
 * Completed duties counted by their completed day and work type, and in all (the row of day
 * -infinity and work ''), kept by triggers on duties in the same transaction as the change
 * (migration 0013, decision 0042), once per statement: the dashboard reads a few rows instead of counting two
 * years of duties on every request. Each change adds to one of eight slots chosen at random,
 * so writes at the same moment seldom wait for each other's row; a count is the sum of its slots.
 */
export const dutyTallies = pgTable(
  'duty_tallies',
  {
    day: date('day', { mode: 'string' }).notNull(),
    work: text('work').notNull(),
    slot: smallint('slot').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.work, t.slot] })],
);

/**
 * Who worked a duty. Indexed both ways: a duty's crew, and a worker's duties. Each row
 * carries its duty's completed day (null while the duty is live), written in the same
 * transaction as the duty's status, so "duties of a worker on a day" (attendance) reads
 * one index instead of joining years of duties.
 */
export const dutyWorkers = pgTable(
  'duty_workers',
  {
    dutyId: uuid('duty_id')
      .notNull()
      .references(() => duties.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'restrict' }),
    completedDay: date('completed_day', { mode: 'string' }),
  },
  (t) => [
    primaryKey({ columns: [t.dutyId, t.staffId] }),
    index('duty_workers_staff_idx').on(t.staffId, t.dutyId),
    index('duty_workers_staff_day_idx').on(t.staffId, t.completedDay).where(sql`${t.completedDay} is not null`),
    // the live duty a worker is on (the crew list's flag): live rows only, a few hundred
    index('duty_workers_live_idx').on(t.staffId).where(sql`${t.completedDay} is null`),
  ],
);

/**
 * Idempotency keys of writes (decision 0017): a client sends one key per intended change,
 * and a repeat with the same key (the first answer lost on the way, or an offline queue
 * sending twice) gets the first answer back instead of a second effect. One row per
 * account and key: the request it was used for (method, path with its ids, SHA-256 of the
 * parsed body as canonical JSON) and the answer (status and JSON body), written in the
 * write's own transaction. Kept 24 hours.
 */
export const requestKeys = pgTable(
  'request_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    method: text('method').notNull(),
    /** The path with its parameters filled in, without the /api/v1 prefix. */
    route: text('route').notNull(),
    /** SHA-256 (hex) of the parsed request body as canonical JSON (sorted keys). */
    bodyHash: text('body_hash').notNull(),
    /** Null only inside the transaction that claimed the key: a committed row always has its answer. */
    statusCode: smallint('status_code'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('request_keys_created_idx').on(t.createdAt),
    check('request_keys_answer_check', sql`(${t.statusCode} is null) = (${t.response} is null)`),
  ],
);

/** Monthly bills (SPEC §3 Bill): one per work type and month; amounts are exact. */
export const bills = pgTable(
  'bills',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'YYYY-MM' */
    month: text('month').notNull(),
    work: text('work').notNull(),
    status: text('status').notNull(),
    billValue: numeric('bill_value', { precision: 14, scale: 2 }).notNull(),
    penalty: numeric('penalty', { precision: 14, scale: 2 }).notNull(),
    netAmount: numeric('net_amount', { precision: 14, scale: 2 }).notNull(),
    consumedCoach: integer('consumed_coach'),
    contractPeriod: text('contract_period'),
    /**
     * Made by "Create bill from duties" (issue 27): the draft's figures it was made from
     * ({ billvalue, penalty, netamount, consumedcoach } in paise and units), so a later
     * change of the month's duties shows the bill as out of date; null for a typed bill.
     */
    computed: jsonb('computed'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bills_work_month_key').on(t.work, t.month),
    index('bills_month_idx').on(t.month),
    check('bills_status_check', sql`${t.status} in ('Processing', 'Passed to Division', 'Accounts', 'Bill Passed')`),
    check('bills_month_check', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
  ],
);

/** Team chat (SPEC §3 Chat message). The sender's name is kept as sent, for history. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('chat_messages_created_idx').on(t.createdAt, t.id)],
);

/** Reference data kept as documents: the company profile (key 'company_profile'). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** States and union territories (SPEC §3 States list), kept by the admin. */
export const states = pgTable(
  'states',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('states_name_lower_key').on(sql`lower(${t.name})`)],
);

/** The contract period of each work type, shown on the Bill Details page. */
export const contractPeriods = pgTable('contract_periods', {
  work: text('work').primaryKey(),
  period: text('period').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Days that are not duties (issue 26): a worker's leave (paid or unpaid), weekly off or a
 * holiday granted to them. One mark per worker and day; a day with a duty still shows its P.
 */
export const dayMarks = pgTable(
  'day_marks',
  {
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** leave-paid, leave-unpaid, weekly-off, holiday */
    kind: text('kind').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.staffId, t.day] }),
    check('day_marks_kind_check', sql`${t.kind} in ('leave-paid', 'leave-unpaid', 'weekly-off', 'holiday')`),
  ],
);

/** National and festival holidays (paid), kept by the admin per year. */
export const holidays = pgTable('holidays', {
  day: date('day', { mode: 'string' }).primaryKey(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

/**
 * Payroll settings (EPF, ESI, minimum wages) in force from a month ('YYYY-MM') until the
 * next row's month. The value is the API's settings document (rates as percentages).
 */
export const payrollSettings = pgTable(
  'payroll_settings',
  {
    effectiveFrom: text('effective_from').primaryKey(),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('payroll_settings_month_check', sql`${t.effectiveFrom} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`)],
);

/** Advances, fines, damages and other deductions of a worker's month, with a reason. */
export const deductions = pgTable(
  'deductions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    kind: text('kind').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    reason: text('reason').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('deductions_month_staff_idx').on(t.month, t.staffId),
    check('deductions_kind_check', sql`${t.kind} in ('advance', 'fine', 'damage', 'other')`),
    check('deductions_amount_check', sql`${t.amount} > 0`),
    check('deductions_month_check', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
  ],
);

/**
 * A finalised payroll of a month and work type: the rows and totals as finalised (rates
 * included), and the settings they were computed with. No row: the month is a draft.
 */
export const payrolls = pgTable(
  'payrolls',
  {
    month: text('month').notNull(),
    work: text('work').notNull(),
    /** the GET /payroll answer as finalised */
    payroll: jsonb('payroll').notNull(),
    finalisedBy: uuid('finalised_by').references(() => users.id, { onDelete: 'set null' }),
    finalisedAt: timestamp('finalised_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.month, t.work] }), check('payrolls_month_check', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`)],
);

/**
 * The contract terms a work type is billed on (issue 27), each version effective from a
 * month: the latest version at or before a month applies to it. Money in numeric rupees.
 */
export const contractTerms = pgTable(
  'contract_terms',
  {
    work: text('work').notNull(),
    effectiveFrom: text('effective_from').notNull(),
    /** coach, tank or month */
    unit: text('unit').notNull(),
    /** per coach or tank; for unit month the fixed monthly value */
    rate: numeric('rate', { precision: 14, scale: 2 }).notNull(),
    penaltyPerMissingWorker: numeric('penalty_per_missing_worker', { precision: 14, scale: 2 }).notNull(),
    contractPeriod: text('contract_period'),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.work, t.effectiveFrom] }),
    check('contract_terms_month_check', sql`${t.effectiveFrom} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('contract_terms_unit_check', sql`${t.unit} in ('coach', 'tank', 'month')`),
    check('contract_terms_money_check', sql`${t.rate} >= 0 and ${t.penaltyPerMissingWorker} >= 0`),
  ],
);

/** Penalties the railway deducted from a month's bill (an inspection's), added by hand with a reason (issue 27). */
export const billPenalties = pgTable(
  'bill_penalties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    work: text('work').notNull(),
    month: text('month').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    reason: text('reason').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('bill_penalties_work_month_idx').on(t.work, t.month),
    check('bill_penalties_month_check', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('bill_penalties_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * Revisions of a worker's daily wage from a day (issue 28, bulk changes to staff). One
 * effective today or earlier is applied to staff.wage when it is made (applied_at set); one
 * effective later waits (applied_at null) until its day comes in the company's time zone,
 * when applyDueWageRevisions (src/server/modules/staff/wage-revisions.ts) applies it.
 */
export const wageRevisions = pgTable(
  'wage_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    /** rupees, exact (paise as the two decimals) */
    wage: numeric('wage', { precision: 12, scale: 2 }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    createdAt: createdAt(),
    /** when the revision became the worker's wage; null while it waits for its day */
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [
    index('wage_revisions_staff_idx').on(t.staffId, t.effectiveFrom),
    index('wage_revisions_pending_idx').on(t.effectiveFrom).where(sql`${t.appliedAt} is null`),
    check('wage_revisions_wage_check', sql`${t.wage} >= 0`),
  ],
);
