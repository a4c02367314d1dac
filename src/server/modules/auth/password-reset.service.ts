import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  OTP_DIGITS,
  OTP_MAX_ATTEMPTS,
  OTP_REQUESTS_PER_EMAIL_PER_HOUR,
  OTP_REQUESTS_PER_IP_PER_HOUR,
  OTP_TTL_MINUTES,
  OTP_VERIFY_PER_IP_PER_HOUR,
  RESET_PASSWORD_FAILURES_PER_EMAIL_PER_HOUR,
  RESET_PASSWORD_PER_IP_PER_HOUR,
  RESET_TICKET_TTL_MINUTES,
} from '../../../shared/limits.js';
import { MSG } from '../../../shared/messages.js';
import type { AppDeps } from '../../deps.js';
import { passwordResets, sessions, users } from '../../db/schema.js';
import { HttpError, ServiceUnavailableError } from '../../http-error.js';
import { giveBackRateLimit, hitRateLimit } from '../../rate-limit.js';
import { canSignIn, findUserByEmail } from './accounts.service.js';
import { hashPassword } from './passwords.js';
import { newToken, sha256 } from './tokens.js';

const HOUR = 3600;
/** A mail server that failed now is rarely back within seconds. */
const MAIL_RETRY_AFTER_SECONDS = 60;

/** Errors of this flow carry SPEC's {success: false, message} besides {msg}. */
function resetError(status: number, message: string): HttpError {
  return new HttpError(status, message, { success: false, message });
}

function codeHash(userId: string, code: string): string {
  return sha256(`${userId}:${code}`);
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Step 1: e-mails a new 6-digit code. A new request voids the previous code (and any ticket
 * of it). Limited per e-mail and per IP address; a request that fails because the mail
 * server is down is given back to both counters, so an outage does not use up the quota.
 */
export async function requestResetCode(deps: AppDeps, email: string, ip: string): Promise<void> {
  const { db } = deps;
  const ipKey = `reset-ip:${ip}`;
  const emailKey = `reset-email:${email}`;
  if ((await hitRateLimit(db, ipKey, HOUR)) > OTP_REQUESTS_PER_IP_PER_HOUR) {
    throw resetError(429, MSG.tooManyRequests);
  }
  if ((await hitRateLimit(db, emailKey, HOUR)) > OTP_REQUESTS_PER_EMAIL_PER_HOUR) {
    throw resetError(429, MSG.tooManyRequests);
  }
  const user = await findUserByEmail(db, email);
  if (!user || !canSignIn(user)) throw resetError(404, MSG.userNotFound);
  try {
    await sendResetCode(deps, user);
  } catch (error) {
    if (!(error instanceof ServiceUnavailableError)) throw error;
    // a failed give-back (the database is down too) must not hide the 503 itself
    await Promise.allSettled([giveBackRateLimit(db, ipKey), giveBackRateLimit(db, emailKey)]);
    throw new ServiceUnavailableError(error.message, error.retryAfterSeconds, {
      cause: error.cause,
      extra: { success: false, message: error.message },
    });
  }
}

/**
 * Issues a new code for an account (voiding any earlier one) and e-mails it. Used by the
 * forgot-password page and by the admin's "send a reset code".
 */
export async function sendResetCode(deps: AppDeps, user: { id: string; name: string; email: string }): Promise<void> {
  const { db } = deps;

  const code = String(randomInt(0, 10 ** OTP_DIGITS)).padStart(OTP_DIGITS, '0');
  const hash = codeHash(user.id, code);
  await db
    .insert(passwordResets)
    .values({
      userId: user.id,
      codeHash: hash,
      expiresAt: sql`now() + make_interval(mins => ${OTP_TTL_MINUTES})`,
    })
    .onConflictDoUpdate({
      target: passwordResets.userId,
      set: {
        codeHash: hash,
        createdAt: sql`now()`,
        expiresAt: sql`now() + make_interval(mins => ${OTP_TTL_MINUTES})`,
        attempts: 0,
        verifiedAt: null,
        ticketHash: null,
      },
    });

  try {
    await deps.mailer.send({
      to: user.email,
      subject: 'Your Dutyroll password reset code',
      text: [
        `Hello ${user.name},`,
        '',
        `Your code to reset your Dutyroll password is ${code}.`,
        `It is valid for ${OTP_TTL_MINUTES} minutes. If you did not ask for it, ignore this e-mail.`,
        '',
        `${deps.config.publicUrl}/forget`,
      ].join('\n'),
    });
  } catch (error) {
    // The code never reached anyone: void it, and tell the person to try again later
    // (an unreachable mail server is an outage, not a bug). Only this code's row: a newer
    // request may have replaced it meanwhile and delivered its own code.
    await db.delete(passwordResets).where(and(eq(passwordResets.userId, user.id), eq(passwordResets.codeHash, hash)));
    throw new ServiceUnavailableError(MSG.mailUnavailable, MAIL_RETRY_AFTER_SECONDS, { cause: error });
  }
}

/**
 * Step 2: checks a code and, when right, answers a new reset ticket (32 random bytes) that
 * step 3 requires; the database keeps only its SHA-256. A new check voids the previous
 * ticket. Five wrong tries void the code; an expired code is refused. The row is locked
 * while checked, so parallel guesses cannot exceed the limit.
 */
export async function verifyResetCode(deps: AppDeps, email: string, otp: string, ip: string): Promise<{ ticket: string }> {
  const { db } = deps;
  if ((await hitRateLimit(db, `verify-ip:${ip}`, HOUR)) > OTP_VERIFY_PER_IP_PER_HOUR) {
    throw resetError(429, MSG.tooManyRequests);
  }
  const user = await findUserByEmail(db, email);
  if (!user || !canSignIn(user)) throw resetError(400, MSG.invalidOtp);
  const ticket = newToken();

  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        codeHash: passwordResets.codeHash,
        attempts: passwordResets.attempts,
        expired: sql<boolean>`${passwordResets.expiresAt} <= now()`,
      })
      .from(passwordResets)
      .where(eq(passwordResets.userId, user.id))
      .for('update');
    if (!row) return 'invalid' as const;
    if (row.attempts >= OTP_MAX_ATTEMPTS) return 'locked' as const;
    if (row.expired) return 'expired' as const;
    if (!sameHash(row.codeHash, codeHash(user.id, otp))) {
      await tx
        .update(passwordResets)
        .set({ attempts: sql`${passwordResets.attempts} + 1` })
        .where(eq(passwordResets.userId, user.id));
      return row.attempts + 1 >= OTP_MAX_ATTEMPTS ? ('locked' as const) : ('invalid' as const);
    }
    await tx
      .update(passwordResets)
      .set({ verifiedAt: sql`now()`, ticketHash: sha256(ticket) })
      .where(eq(passwordResets.userId, user.id));
    return 'ok' as const;
  });

  if (outcome === 'expired') throw resetError(400, MSG.otpExpired);
  if (outcome === 'locked') throw resetError(400, MSG.otpTooManyTries);
  if (outcome === 'invalid') throw resetError(400, MSG.invalidOtp);
  return { ticket };
}

/**
 * The stored ticket hash of the account when one of `tickets` matches it (constant-time)
 * and it is still fresh; else null.
 */
async function matchingTicketHash(deps: AppDeps, userId: string, tickets: readonly string[]): Promise<string | null> {
  if (tickets.length === 0) return null;
  const [row] = await deps.db
    .select({
      ticketHash: passwordResets.ticketHash,
      fresh: sql<boolean>`${passwordResets.verifiedAt} > now() - make_interval(mins => ${RESET_TICKET_TTL_MINUTES})`,
    })
    .from(passwordResets)
    .where(eq(passwordResets.userId, userId));
  if (!row?.ticketHash || !row.fresh) return null;
  const stored = row.ticketHash;
  // every candidate is compared, so the time taken does not tell which one matched
  const matches = tickets.map((ticket) => sameHash(stored, sha256(ticket)));
  return matches.includes(true) ? stored : null;
}

export interface ResetPasswordRequest {
  email: string;
  newPassword: string;
  /** The ticket(s) the caller brought: from the request body and from the cookie. */
  tickets: readonly string[];
  ip: string;
}

/**
 * Step 3: sets the new password for the holder of a fresh reset ticket of this account
 * (from step 2), once, and ends every session of the account. The ticket is checked
 * before the new password is hashed, so calls without one cost no hashing. Only calls
 * without a valid ticket are counted, per IP address and per e-mail: a noisy client behind
 * the same address, or someone who knows only the e-mail, cannot block a valid reset.
 */
export async function resetPassword(deps: AppDeps, request: ResetPasswordRequest): Promise<void> {
  const { db } = deps;
  const { email, newPassword, tickets, ip } = request;
  const user = await findUserByEmail(db, email);
  const ticketHash = user && canSignIn(user) ? await matchingTicketHash(deps, user.id, tickets) : null;
  if (!user || !ticketHash) {
    if ((await hitRateLimit(db, `reset-password-ip:${ip}`, HOUR)) > RESET_PASSWORD_PER_IP_PER_HOUR) {
      throw resetError(429, MSG.tooManyRequests);
    }
    if ((await hitRateLimit(db, `reset-password-fail:${email}`, HOUR)) > RESET_PASSWORD_FAILURES_PER_EMAIL_PER_HOUR) {
      throw resetError(429, MSG.tooManyRequests);
    }
    throw resetError(400, MSG.resetFailed);
  }
  const passwordHash = await hashPassword(newPassword);
  // One transaction: consume the ticket (delete ... returning, so two simultaneous
  // requests with it cannot both use it, and a newer ticket issued meanwhile is not
  // consumed by an older one), set the password, end every session.
  const done = await db.transaction(async (tx) => {
    const claimed = await tx
      .delete(passwordResets)
      .where(
        sql`${passwordResets.userId} = ${user.id}
          and ${passwordResets.ticketHash} = ${ticketHash}
          and ${passwordResets.verifiedAt} > now() - make_interval(mins => ${RESET_TICKET_TTL_MINUTES})`,
      )
      .returning({ userId: passwordResets.userId });
    if (claimed.length === 0) return false;
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    return true;
  });
  if (!done) throw resetError(400, MSG.resetFailed);
}
