import { UUID } from '../shared/input-checks.js';

/**
 * What the log may say (decision 0013). The company keeps Aadhaar numbers, bank accounts,
 * password hashes and session tokens; none of them may reach a log line, on any path.
 *
 * Three layers, all inside the logger so that every log call is covered without each
 * caller having to remember:
 * 1. serializers for errors and requests keep what helps to debug (type, message without
 *    the query's parameters, SQLSTATE, constraint, table, column, stack frames) and drop
 *    parameter values, row details and query strings;
 * 2. any Error logged under another key is serialized the same way;
 * 3. the finished line is scanned once more: long digit runs, argon2 hashes and long
 *    random tokens in any string are masked, and the line's size is bounded.
 */

/** Longest string a serializer emits; the rest is cut with a note of how much. */
const MAX_STRING_LENGTH = 2048;
/** Longest log line; a longer one is replaced by a short summary of itself. */
export const MAX_LINE_LENGTH = 16 * 1024;
const MAX_CAUSE_DEPTH = 3;
const MAX_STACK_FRAMES = 15;

const ARGON2 = /\$argon2(?:id|i|d)\$[A-Za-z0-9$=,+/._-]*/g;
const TOKEN_LIKE = /[A-Za-z0-9_-]{32,}/g;
// Aadhaar as people write it: three groups of four digits apart by spaces, dashes, dots,
// slashes or underscores, one to three of them (1234 5678 9012, 1234-5678-9012,
// 1234.5678.9012, 1234  5678  9012). Not inside a longer word or a UUID.
const GROUPED_AADHAAR = /(?<![\w-])\d{4}[\s.\-/_]{1,3}\d{4}[\s.\-/_]{1,3}\d{4}(?![\w-])/g;
// Aadhaar (12), bank accounts (9-18), phone numbers (10) and anything longer
const DIGIT_RUN = /(?<![\d])\d{9,}(?![\d])/g;

function keepLastFour(digits: string): string {
  return '*'.repeat(digits.length - 4) + digits.slice(-4);
}

/** 1234 5678 9012 → **** **** 9012: the separators stay, the first eight digits go. */
function maskAllButLastFourDigits(grouped: string): string {
  let seen = 0;
  return grouped.replace(/\d/g, (digit) => (++seen <= 8 ? '*' : digit));
}

// A random token mixes at least two of digits, upper and lower case letters; a
// snake_case constraint name or a record's UUID does not count.
function looksLikeToken(run: string): boolean {
  if (UUID.test(run)) return false;
  const classes = Number(/\d/.test(run)) + Number(/[A-Z]/.test(run)) + Number(/[a-z]/.test(run));
  return classes >= 2;
}

/**
 * Masks what may be a secret or a personal number in free text: argon2 hashes, long
 * tokens (hex, base64url), Aadhaar and account numbers (the last four digits stay).
 */
export function maskSecrets(text: string): string {
  return text
    .replace(ARGON2, '[argon2 hash]')
    .replace(TOKEN_LIKE, (run) => (looksLikeToken(run) ? '[token]' : run))
    .replace(GROUPED_AADHAAR, maskAllButLastFourDigits)
    .replace(DIGIT_RUN, keepLastFour);
}

/** Cuts a string to `max` characters, saying how much was left out. */
function capLength(text: string, max = MAX_STRING_LENGTH): string {
  return text.length <= max ? text : `${text.slice(0, max)}…[${text.length - max} more characters]`;
}

/** Masked and bounded: what every string a serializer emits goes through. */
function scrub(text: string, max = MAX_STRING_LENGTH): string {
  return capLength(maskSecrets(text), max);
}

/**
 * Drizzle's DrizzleQueryError says "Failed query: <sql>\nparams: <values>": the SQL
 * (with $1 placeholders) helps, the values are the very data that must not be logged.
 */
function withoutQueryParams(message: string): string {
  const at = message.indexOf('\nparams:');
  return at === -1 ? message : `${message.slice(0, at)}\nparams: [redacted]`;
}

/**
 * PostgreSQL's detail names the columns and repeats the values: "Key (aadhar)=(1234…)
 * already exists.", "Failing row contains (…).". Keeps the columns and the reason.
 */
export function scrubDetail(detail: string): string {
  if (detail.startsWith('Failing row contains')) return 'Failing row contains (…).';
  const keyEnd = detail.indexOf(')=(');
  if (detail.startsWith('Key (') && keyEnd !== -1) {
    // the value may itself hold parentheses: the reason is the text after its last ")"
    const reason = /\) ((?:already exists|is not present in table|is still referenced from table|conflicts with)[^)]*)$/.exec(detail);
    return `${scrub(detail.slice(0, keyEnd + 1), 200)}=(…)${reason ? ` ${reason[1]}` : ''}`;
  }
  return scrub(detail, 200);
}

// Fields of pg, PGlite, postgres.js and Fastify errors that carry no values of a row.
const SAFE_ERROR_FIELDS = [
  'code',
  'errno',
  'severity',
  'constraint',
  'constraint_name',
  'table',
  'table_name',
  'column',
  'column_name',
  'schema',
  'schema_name',
  'dataType',
  'routine',
  'statusCode',
] as const;

function typeOf(error: Error): string {
  const ctor = (error as { constructor?: unknown }).constructor;
  return typeof ctor === 'function' && ctor.name ? ctor.name : error.name;
}

function stackFrames(stack: unknown): string[] {
  if (typeof stack !== 'string') return [];
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, MAX_STACK_FRAMES);
}

/**
 * pino's `serializers.err`: the error's type, message (without query parameters), code,
 * constraint, table and column, stack frames and causes; never its parameters, query
 * values or row details.
 */
export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

export function serializeError(value: unknown, depth = 0): SerializedError {
  if (!(value instanceof Error)) {
    // a thrown non-Error: a string is kept (masked); an object's shape is unknown, so only its kind
    const message = typeof value === 'string' ? scrub(value) : typeof value === 'object' && value !== null ? Object.prototype.toString.call(value) : scrub(String(value));
    return { type: typeof value, message, stack: '' };
  }
  const error = value as Error & Record<string, unknown>;
  const type = typeOf(error);
  const message = scrub(withoutQueryParams(String(error.message ?? '')));
  const out: SerializedError = { type, message, stack: '' };
  for (const field of SAFE_ERROR_FIELDS) {
    const fieldValue = error[field];
    if (typeof fieldValue === 'number') out[field] = fieldValue;
    else if (typeof fieldValue === 'string') out[field] = scrub(fieldValue, 200);
  }
  if (typeof error.detail === 'string') out.detail = scrubDetail(error.detail);
  if (typeof error.hint === 'string') out.hint = scrub(error.hint, 200);
  // PL/pgSQL context: function and line, sometimes an SQL statement with values
  if (typeof error.where === 'string') out.where = scrub(error.where, 300);
  const frames = stackFrames(error.stack);
  // V8's stack starts with the message, parameters included: rebuild it from the clean one
  out.stack = [`${type}: ${message}`, ...frames].join('\n');
  if (error.cause !== undefined) {
    out.cause = depth < MAX_CAUSE_DEPTH ? serializeError(error.cause, depth + 1) : '[more causes]';
  }
  if (error instanceof AggregateError && Array.isArray(error.errors)) {
    out.errors = error.errors.slice(0, 5).map((inner) => serializeError(inner, MAX_CAUSE_DEPTH));
  }
  return out;
}

// Query-string values worth seeing in a request log: filters and paging, never free text
// (the staff search ?q= may be an Aadhaar or a name) and never an unknown parameter.
const LOGGED_QUERY_KEYS = new Set([
  'work',
  'status',
  'role',
  'disabled',
  'limit',
  'offset',
  'cursor',
  'before',
  'after',
  'from',
  'to',
  'month',
  'entity',
  'entityId',
  'actor',
  'supervisor',
]);

/** A URL for the log: the path masked, query values kept only for known filters. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  const pathPart = scrub(at === -1 ? url : url.slice(0, at), 512);
  if (at === -1) return pathPart;
  const query = url
    .slice(at + 1)
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawKey = eq === -1 ? pair : pair.slice(0, eq);
      let key: string;
      try {
        key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
      } catch {
        key = rawKey;
      }
      if (eq === -1) return scrub(rawKey, 64);
      return LOGGED_QUERY_KEYS.has(key) ? scrub(pair, 128) : `${scrub(rawKey, 64)}=[redacted]`;
    })
    .join('&');
  return capLength(`${pathPart}?${query}`, 1024);
}

interface LoggableRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

/** pino's `serializers.req` for Fastify requests: no headers, no body, a redacted URL. */
export function serializeRequest(request: LoggableRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: typeof request.url === 'string' ? redactUrl(request.url) : undefined,
    host: typeof request.host === 'string' ? scrub(request.host, 256) : undefined,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** How deep formatLogObject looks for Errors inside plain objects and arrays. */
const MAX_LOG_OBJECT_DEPTH = 6;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

// An Error anywhere in plain objects and arrays is serialized; what holds none is answered
// as it is (no copy), and a copy is made only along the path to a replaced Error.
function withSerializedErrors(value: unknown, depth: number, seen: Set<object>): unknown {
  if (value instanceof Error) return serializeError(value);
  if (depth >= MAX_LOG_OBJECT_DEPTH || typeof value !== 'object' || value === null || seen.has(value)) return value;
  if (Array.isArray(value)) {
    seen.add(value);
    let copy: unknown[] | undefined;
    value.forEach((item, index) => {
      const next = withSerializedErrors(item, depth + 1, seen);
      if (next !== item) {
        copy ??= [...value];
        copy[index] = next;
      }
    });
    return copy ?? value;
  }
  if (!isPlainObject(value)) return value;
  seen.add(value);
  let copy: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value)) {
    const next = withSerializedErrors(item, depth + 1, seen);
    if (next !== item) {
      copy ??= { ...value };
      copy[key] = next;
    }
  }
  return copy ?? value;
}

/**
 * pino's `formatters.log`: an Error under any key other than the top-level `err` (which
 * `serializers.err` handles), at any depth of plain objects and arrays, is serialized like
 * `err` — JSON of a DrizzleQueryError would carry its `query` and `params`.
 */
export function formatLogObject(object: Record<string, unknown>): Record<string, unknown> {
  const seen = new Set<object>([object]);
  let copy: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(object)) {
    if (key === 'err' && value instanceof Error) continue;
    const next = withSerializedErrors(value, 1, seen);
    if (next !== value) {
      copy ??= { ...object };
      copy[key] = next;
    }
  }
  return copy ?? object;
}

// A JSON string literal, or a bare integer long enough to be an Aadhaar or account number.
// (not the digits of a decimal fraction or an exponent)
const JSON_STRING_OR_LONG_NUMBER = /"(?:[^"\\]|\\.)*"|(?<![\d.eE+-])-?\d{9,}(?![\d.eE])/g;

/**
 * pino's `hooks.streamWrite`, the last line of defence: masks secrets in every string of
 * the finished line (the message included, which pino takes from an error as it is),
 * removes query parameters wherever they appear, and bounds the line's size.
 */
export function scrubLogLine(line: string): string {
  const newline = line.endsWith('\n') ? '\n' : '';
  const body = newline ? line.slice(0, -1) : line;
  let out = body.replace(JSON_STRING_OR_LONG_NUMBER, (token, offset: number) => {
    if (token.startsWith('"')) {
      const at = token.indexOf('\\nparams:');
      const literal = at === -1 ? token : `${token.slice(0, at)}\\nparams: [redacted]"`;
      return maskSecrets(literal);
    }
    // pino's own epoch-millisecond time is the one long number a line legitimately has
    if (body.slice(Math.max(0, offset - 7), offset) === '"time":') return token;
    return `"${keepLastFour(token.replace('-', ''))}"`;
  });
  if (out.length > MAX_LINE_LENGTH) out = summarizeLine(out);
  return out + newline;
}

// A line that is still too long (a huge message or object): keep who, when and what.
function summarizeLine(line: string): string {
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(line) as Record<string, unknown>;
  } catch {
    // not JSON (a transport's own format): only the size is kept
  }
  const summary: Record<string, unknown> = {};
  for (const key of ['level', 'time', 'pid', 'hostname', 'reqId']) {
    if (parsed[key] !== undefined) summary[key] = parsed[key];
  }
  summary.msg = typeof parsed.msg === 'string' ? capLength(parsed.msg, 1024) : 'log line too long';
  const err = parsed.err as Record<string, unknown> | undefined;
  if (err && typeof err === 'object') {
    summary.err = { type: err.type, code: err.code, message: typeof err.message === 'string' ? capLength(err.message, 1024) : undefined };
  }
  summary.truncatedFrom = line.length;
  return JSON.stringify(summary);
}
