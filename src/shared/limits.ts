/** Business constants of SPEC §9 and the limits DESIGN.md leaves to us. */
export const PHONE_DIGITS = 10;
export const AADHAR_DIGITS = 12;
export const IFSC_LENGTH = 11;
export const OTP_DIGITS = 6;

export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
/** argon2 hashes long inputs fine, but an unbounded body is a denial-of-service lever. */
export const PASSWORD_MAX = 200;

export const REDIRECT_COUNTDOWN_SECONDS = 3;
export const LOGOUT_REDIRECT_MS = 1000;
export const RESET_REDIRECT_MS = 2000;
export const TOAST_AUTO_CLOSE_MS = 5000;

/** Sign-in attempts for one e-mail without a success before further ones are refused (issue 2). */
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MINUTES = 15;

export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
/** Reset codes one e-mail address may request per hour, and one IP address. */
export const OTP_REQUESTS_PER_EMAIL_PER_HOUR = 5;
export const OTP_REQUESTS_PER_IP_PER_HOUR = 20;
/** Code checks one IP address may make per hour, across e-mails. */
export const OTP_VERIFY_PER_IP_PER_HOUR = 30;
/**
 * A verified code yields a reset ticket valid this long; step 3 needs it. Calls of step 3
 * per IP address (all of them) and per e-mail (those without a valid ticket) per hour.
 */
export const RESET_TICKET_TTL_MINUTES = 10;
export const RESET_PASSWORD_PER_IP_PER_HOUR = 30;
export const RESET_PASSWORD_FAILURES_PER_EMAIL_PER_HOUR = 10;

/** How long the server waits for the mail server (connect, greeting, each reply) by default. */
export const SMTP_TIMEOUT_MS = 5000;

// ---- bills, chat and reports (issue 13: the texts that state these are built from them) ----
/** The longest chat message, in characters. */
export const CHAT_TEXT_MAX = 2000;
/** A page of GET /chat/getchats: the latest this many by default, at most CHAT_PAGE_MAX. */
export const CHAT_PAGE_DEFAULT = 200;
export const CHAT_PAGE_MAX = 500;
/** Consumed coaches of a bill: a whole number up to this. */
export const CONSUMED_COACH_MAX = 9_999_999;
/** The manager dashboard's chart of completed duties covers this many days up to today. */
export const DASHBOARD_CHART_DAYS = 30;

// ---- input rules (issue 12, docs/decisions/0014-input-rules.md) ----
/** Free-text staff fields: Emp ID, category, bank, branch, account, UAN and ESI numbers. */
export const STAFF_TEXT_MAX = 200;
/** Bulk upload of workers (issue 4): the file's size and its worker rows. */
export const BULK_MAX_BYTES = 5 * 1024 * 1024;
export const BULK_MAX_ROWS = 10_000;
/** Fields that are a choice or a short code sent as text (designation, status, wage, IFSC). */
export const SHORT_TEXT_MAX = 50;
export const TRAIN_NO_MAX = 20;
export const CONTRACT_PERIOD_MAX = 100;
export const STATE_NAME_MAX = 100;
/** Search boxes and filters given as text. */
export const SEARCH_MAX = 100;
/** Days and months people ask for (filters, reports, bills) lie in these years. */
export const CALENDAR_YEAR_MIN = 2000;
export const CALENDAR_YEAR_MAX = 2100;
/** PostgreSQL integer columns (versions, counts) hold at most this. */
export const INT32_MAX = 2_147_483_647;

// ---- admin area (issue 8; issue 13: every limit a message states is named here) ----
/** The most staff per coach a staffing norm may ask for; a norm must be above 0. */
export const STAFFING_NORM_MAX = 10;
/** Accounts one page of the admin's account list holds at most, and by default. */
export const ACCOUNTS_PAGE_MAX = 500;
export const ACCOUNTS_PAGE_DEFAULT = 100;
/** Audit entries one page holds at most, and by default. */
export const AUDIT_PAGE_MAX = 200;
export const AUDIT_PAGE_DEFAULT = 50;
/** Record types and record ids typed into the audit filters. */
export const AUDIT_ENTITY_MAX = 40;
export const AUDIT_ENTITY_ID_MAX = 100;

// ---- the company profile (issue 3, edited by the admin) ----
export const COMPANY_NAME_MAX = 100;
export const COMPANY_SHORT_NAME_MAX = 40;
export const COMPANY_PHONE_MIN = 6;
export const COMPANY_PHONE_MAX = 30;
export const COMPANY_ADDRESS_MAX = 300;
/** The uploaded logo's file size; its data: URL (base64, 4 characters per 3 bytes) is longer. */
export const LOGO_MAX_BYTES = 200 * 1024;
export const LOGO_DATA_URL_MAX = Math.ceil(LOGO_MAX_BYTES / 3) * 4 + 64;
export const COMPANY_YEAR_MIN = 1900;
export const COMPANY_YEAR_MAX = 2100;
export const PERCENT_MAX = 100;
export const COUNTER_MAX = 10_000_000;
/** SPEC §1 counts states (India has 36 states and union territories). */
export const STATES_COUNTER_MAX = 100;
export const TESTIMONIALS_MAX = 12;
export const TESTIMONIAL_NAME_MAX = 100;
export const TESTIMONIAL_TEXT_MAX = 600;
export const RATING_MAX = 5;
export const FAQ_MAX = 20;
export const FAQ_QUESTION_MAX = 200;
export const FAQ_ANSWER_MAX = 1000;

/** A payroll reason (reopen, deduction) at most this long. */
export const PAYROLL_REASON_MAX = 300;
/** The largest single deduction, in paise (₹10,00,000). */
export const DEDUCTION_MAX_PAISE = 100_000_000;
/** Days a single leave/holiday marking may span (a long leave is marked in parts). */
export const DAY_MARK_RANGE_MAX = 92;

// ---- payroll settings and holidays (issue 26) ----
/** The largest rupee amount a payroll setting takes (a wage ceiling, a minimum wage per day): ₹10,00,000. */
export const PAYROLL_SETTING_MONEY_MAX = 1_000_000;
/** The longest holiday name. */
export const HOLIDAY_NAME_MAX = 100;
// ---- bulk changes to staff (issue 28) ----
/** The most staff records one bulk change covers (ids sent, or records matching a filter). */
export const BULK_CHANGE_MAX_ROWS = 5_000;
/** How far back a daily wage may start (a revision dated back to the start of a quarter). */
export const WAGE_FROM_PAST_DAYS = 92;
/** How far ahead a daily wage may start. */
export const WAGE_FROM_FUTURE_DAYS = 366;
