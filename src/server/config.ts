import path from 'node:path';
import { SMTP_TIMEOUT_MS } from '../shared/limits.js';
import { DEFAULT_APP_TZ } from '../shared/time.js';

/** Runtime settings, read once from the environment (documented in the README). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  appTz: string;
  publicUrl: string;
  logLevel: string;
  sessionTtlDays: number;
  /** Serve the built web app from this folder (absent in API-only tests). */
  webRoot: string | undefined;
  /** Trust X-Forwarded-For from a reverse proxy for the client address. */
  trustProxy: boolean;
  /** IFSC service for branch details (GET {url}/{code}); empty: offline answers only. */
  ifscApiUrl: string | undefined;
  ifscTimeoutMs: number;
  /** Longest wait for the SMTP server to connect, greet or answer (SMTP_TIMEOUT_MS). */
  smtpTimeoutMs: number;
  /** Longest wait for a database connection (embedded: for its turn) before a 503. */
  dbWaitTimeoutSeconds: number;
  /** After SIGTERM/SIGINT, how long running requests may finish before the process exits. */
  shutdownGraceSeconds: number;
  /**
   * Memory for answers of the busiest lists kept until their data changes (RESPONSE_CACHE_MB;
   * 0: none), counted as each answer really costs (response-cache.ts).
   */
  responseCacheMb: number;
}

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0) {
    throw new Error(`${name} must be a positive whole number, got "${value}"`);
  }
  return parsed;
}

function wholeNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) {
    throw new Error(`${name} must be a whole number (0 or more), got "${value}"`);
  }
  return parsed;
}

function validTimeZone(value: string): string {
  try {
    new Intl.DateTimeFormat('en-IN', { timeZone: value });
    return value;
  } catch {
    throw new Error(`APP_TZ "${value}" is not a time zone this system knows (for example Asia/Kolkata)`);
  }
}

/** Builds the configuration from an environment (process.env by default). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const port = positiveInt('PORT', env.PORT, 3000);
  const host = env.HOST || '0.0.0.0';
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    port,
    host,
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Dutyroll <no-reply@dutyroll.local>',
    appTz: validTimeZone(env.APP_TZ || DEFAULT_APP_TZ),
    publicUrl,
    logLevel: env.LOG_LEVEL || 'info',
    sessionTtlDays: positiveInt('SESSION_TTL_DAYS', env.SESSION_TTL_DAYS, 30),
    webRoot: undefined,
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    ifscApiUrl: env.IFSC_API_URL === undefined ? 'https://ifsc.razorpay.com' : env.IFSC_API_URL || undefined,
    ifscTimeoutMs: 3000,
    smtpTimeoutMs: positiveInt('SMTP_TIMEOUT_MS', env.SMTP_TIMEOUT_MS, SMTP_TIMEOUT_MS),
    dbWaitTimeoutSeconds: positiveInt('DB_WAIT_TIMEOUT_SECONDS', env.DB_WAIT_TIMEOUT_SECONDS, 5),
    shutdownGraceSeconds: positiveInt('SHUTDOWN_GRACE_SECONDS', env.SHUTDOWN_GRACE_SECONDS, 10),
    responseCacheMb: wholeNumber('RESPONSE_CACHE_MB', env.RESPONSE_CACHE_MB, 64),
    ...overrides,
  };
}
