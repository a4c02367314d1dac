import { randomInt, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  OTP_DIGITS,
  OTP_MAX_ATTEMPTS,
  OTP_REQUESTS_PER_EMAIL_PER_HOUR,
  OTP_REQUESTS_PER_IP_PER_HOUR,
  OTP_TTL_MINUTES,
  OTP_VERIFY_PER_IP_PER_HOUR,
} from '../../../shared/limits.js';
import { MSG } from '../../../shared/messages.js';
import type { AppDeps } from '../../deps.js';
import { passwordResets, sessions, users } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { hitRateLimit } from '../../rate-limit.js';
import { canSignIn, findUserByEmail } from './accounts.service.js';
import { hashPassword } from './passwords.js';
import { sha256 } from './tokens.js';

const HOUR = 3600;

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
 * Step 1: e-mails a new 6-digit code. A new request voids the previous code. Limited per
 * e-mail and per IP address.
 */
export async function requestResetCode(deps: AppDeps, email: string, ip: string): Promise<void> {
  const { db } = deps;
  if ((await hitRateLimit(db, `reset-ip:${ip}`, HOUR)) > OTP_REQUESTS_PER_IP_PER_HOUR) {
    throw resetError(429, MSG.tooManyResetRequests);
  }
  if ((await hitRateLimit(db, `reset-email:${email}`, HOUR)) > OTP_REQUESTS_PER_EMAIL_PER_HOUR) {
    throw resetError(429, MSG.tooManyResetRequests);
  }
  const user = await findUserByEmail(db, email);
  if (!user || !canSignIn(user)) throw resetError(404, MSG.userNotFound);
  await sendResetCode(deps, user);
}

/**
 * Issues a new code for an account (voiding any earlier one) and e-mails it. Used by the
 * forgot-password page and by the admin's "send a reset code".
 */
export async function sendResetCode(deps: AppDeps, user: { id: string; name: string; email: string }): Promise<void> {
  const { db } = deps;

  const code = String(randomInt(0, 10 ** OTP_DIGITS)).padStart(OTP_DIGITS, '0');
  await db
    .insert(passwordResets)
    .values({
      userId: user.id,
      codeHash: codeHash(user.id, code),
      expiresAt: sql`now() + make_interval(mins => ${OTP_TTL_MINUTES})`,
    })
    .onConflictDoUpdate({
      target: passwordResets.userId,
      set: {
        codeHash: codeHash(user.id, code),
        createdAt: sql`now()`,
        expiresAt: sql`now() + make_interval(mins => ${OTP_TTL_MINUTES})`,
        attempts: 0,
        verifiedAt: null,
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
    await db.delete(passwordResets).where(eq(passwordResets.userId, user.id));
    throw Object.assign(new Error('sending the reset mail failed'), { cause: error });
  }
}

/**
 * Step 2: checks a code. Five wrong tries void it; an expired code is refused. The row is
 * locked while checked, so parallel guesses cannot exceed the limit.
 */
export async function verifyResetCode(deps: AppDeps, email: string, otp: string, ip: string): Promise<void> {
  const { db } = deps;
  if ((await hitRateLimit(db, `verify-ip:${ip}`, HOUR)) > OTP_VERIFY_PER_IP_PER_HOUR) {
    throw resetError(429, MSG.tooManyResetRequests);
  }
  const user = await findUserByEmail(db, email);
  if (!user || !canSignIn(user)) throw resetError(400, MSG.invalidOtp);

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
      .set({ verifiedAt: sql`coalesce(${passwordResets.verifiedAt}, now())` })
      .where(eq(passwordResets.userId, user.id));
    return 'ok' as const;
  });

  if (outcome === 'expired') throw resetError(400, MSG.otpExpired);
  if (outcome === 'locked') throw resetError(400, MSG.otpTooManyTries);
  if (outcome === 'invalid') throw resetError(400, MSG.invalidOtp);
}

/**
 * Step 3: sets the new password, once, for a code verified in the last 10 minutes, and
 * ends every session of the account.
 */
export async function resetPassword(deps: AppDeps, email: string, newPassword: string): Promise<void> {
  const { db } = deps;
  const user = await findUserByEmail(db, email);
  if (!user || !canSignIn(user)) throw resetError(400, MSG.resetFailed);
  const passwordHash = await hashPassword(newPassword);
  // One transaction: claim the verified code (delete ... returning, so two simultaneous
  // requests cannot both use it), set the password, end every session.
  const done = await db.transaction(async (tx) => {
    const claimed = await tx
      .delete(passwordResets)
      .where(
        sql`${passwordResets.userId} = ${user.id}
          and ${passwordResets.verifiedAt} is not null
          and ${passwordResets.verifiedAt} > now() - make_interval(mins => ${OTP_TTL_MINUTES})`,
      )
      .returning({ userId: passwordResets.userId });
    if (claimed.length === 0) return false;
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    return true;
  });
  if (!done) throw resetError(400, MSG.resetFailed);
}
