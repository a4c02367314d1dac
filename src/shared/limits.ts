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
/** Consumed coaches of a bill: a whole number up to this. */
export const CONSUMED_COACH_MAX = 9_999_999;
/** The manager dashboard's chart of completed duties covers this many days up to today. */
export const DASHBOARD_CHART_DAYS = 30;

// ---- input rules (issue 12, docs/decisions/0014-input-rules.md) ----
/** Free-text staff fields: Emp ID, category, bank, branch, account, UAN and ESI numbers. */
export const STAFF_TEXT_MAX = 200;
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
