import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTP_MAX_ATTEMPTS, OTP_REQUESTS_PER_EMAIL_PER_HOUR, OTP_REQUESTS_PER_IP_PER_HOUR } from '../../../shared/limits.js';
import { MSG } from '../../../shared/messages.js';
import { buildUser, loginAs } from '../../../../test/helpers/factories.js';
import { startSmtpPeer } from '../../../../test/helpers/smtp-peer.js';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let ipCounter = 0;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  // the app's own mailer, sending over SMTP to the peer
  t = await createTestApp({ config: { smtpUrl: smtp.url }, mailer: 'from-config' });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

/** Each test uses its own client address, so the per-IP limits of one do not touch another. */
function freshIp(): string {
  ipCounter += 1;
  return `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

const call = (url: string, payload: object, ip: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1/auth/${url}`, payload, remoteAddress: ip });

describe('password reset', () => {
  it('runs the whole flow: mailed code, verify, reset once, old sessions end, new password works', async () => {
    const ip = freshIp();
    const user = await buildUser(t.deps.db);
    const oldSession = await loginAs(t.app, user);

    const requested = await call('forgetpswd', { email: user.email }, ip);
    expect(requested.statusCode).toBe(200);
    expect(requested.json()).toEqual({ success: true, message: MSG.otpSent });
    const code = smtp.lastCodeFor(user.email);
    expect(code).toMatch(/^\d{6}$/);

    const stored = JSON.stringify(await t.deps.db.execute(sql`select * from password_resets`));
    expect(stored).not.toContain(code);

    const wrong = await call('verifyotp', { email: user.email, otp: code === '000000' ? '111111' : '000000' }, ip);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ success: false, message: MSG.invalidOtp, msg: MSG.invalidOtp });

    const verified = await call('verifyotp', { email: user.email, otp: code }, ip);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().success).toBe(true);

    const reset = await call('resetpassword', { email: user.email, newPassword: 'a-brand-new-pass' }, ip);
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ success: true, message: MSG.resetSuccess });

    // once only
    const again = await call('resetpassword', { email: user.email, newPassword: 'another-new-pass' }, ip);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MSG.resetFailed);

    const guard = await t.app.inject({ method: 'GET', url: '/api/v1/auth/userauth', headers: { authorization: oldSession } });
    expect(guard.statusCode).toBe(401);
    const oldLogin = await call('login', { email: user.email, password: user.password }, ip);
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await call('login', { email: user.email, password: 'a-brand-new-pass' }, ip);
    expect(newLogin.statusCode).toBe(200);
  });

  it('answers "User not found" for an unknown e-mail and validates input', async () => {
    const ip = freshIp();
    const unknown = await call('forgetpswd', { email: 'nobody-here@example.com' }, ip);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, message: MSG.userNotFound });
    expect((await call('forgetpswd', { email: '' }, ip)).json()).toEqual({ msg: MSG.emailRequired });
    expect((await call('verifyotp', { email: 'a@example.com', otp: '' }, ip)).json()).toEqual({ msg: MSG.otpRequired });
    expect((await call('verifyotp', { email: 'a@example.com' }, ip)).json()).toEqual({ msg: MSG.otpRequired });
    expect((await call('resetpassword', { email: 'a@example.com', newPassword: '' }, ip)).json()).toEqual({ msg: MSG.newPasswordRequired });
  });

  it('refuses a reset without a verified code', async () => {
    const ip = freshIp();
    const user = await buildUser(t.deps.db);
    await call('forgetpswd', { email: user.email }, ip);
    const reset = await call('resetpassword', { email: user.email, newPassword: 'sneaky-new-pass' }, ip);
    expect(reset.statusCode).toBe(400);
    expect((await call('login', { email: user.email, password: user.password }, ip)).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const ip = freshIp();
    const user = await buildUser(t.deps.db);
    await call('forgetpswd', { email: user.email }, ip);
    const code = smtp.lastCodeFor(user.email);
    await t.deps.db.execute(sql`update password_resets set expires_at = now() - interval '1 second' where user_id = ${user.id}`);
    const response = await call('verifyotp', { email: user.email, otp: code }, ip);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MSG.otpExpired);
  });

  it('refuses a code verified more than 10 minutes ago', async () => {
    const ip = freshIp();
    const user = await buildUser(t.deps.db);
    await call('forgetpswd', { email: user.email }, ip);
    await call('verifyotp', { email: user.email, otp: smtp.lastCodeFor(user.email) }, ip);
    await t.deps.db.execute(sql`update password_resets set verified_at = now() - interval '11 minutes' where user_id = ${user.id}`);
    expect((await call('resetpassword', { email: user.email, newPassword: 'late-new-password' }, ip)).statusCode).toBe(400);
  });

  it(`voids the code after ${OTP_MAX_ATTEMPTS} wrong tries, even for the right code`, async () => {
    const ip = freshIp();
    const user = await buildUser(t.deps.db);
    await call('forgetpswd', { email: user.email }, ip);
    const code = smtp.lastCodeFor(user.email);
    const wrongCode = code === '999999' ? '999998' : '999999';
    const answers = [];
    for (let i = 0; i < OTP_MAX_ATTEMPTS; i += 1) answers.push((await call('verifyotp', { email: user.email, otp: wrongCode }, ip)).json().message);
    expect(answers.slice(0, -1).every((m) => m === MSG.invalidOtp)).toBe(true);
    expect(answers.at(-1)).toBe(MSG.otpTooManyTries);
    const right = await call('verifyotp', { email: user.email, otp: code }, ip);
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe(MSG.otpTooManyTries);
  });

  it('voids the old code when a new one is requested', async () => {
    const ip = freshIp();
    const user = await buildUser(t.deps.db);
    await call('forgetpswd', { email: user.email }, ip);
    const first = smtp.lastCodeFor(user.email);
    let second = first;
    // a new code could by chance equal the old one; ask until it differs
    while (second === first) {
      await call('forgetpswd', { email: user.email }, freshIp());
      second = smtp.lastCodeFor(user.email);
    }
    expect((await call('verifyotp', { email: user.email, otp: first }, ip)).statusCode).toBe(400);
    expect((await call('verifyotp', { email: user.email, otp: second }, ip)).statusCode).toBe(200);
  });

  it(`limits code requests to ${OTP_REQUESTS_PER_EMAIL_PER_HOUR} an hour per e-mail`, async () => {
    const user = await buildUser(t.deps.db);
    for (let i = 0; i < OTP_REQUESTS_PER_EMAIL_PER_HOUR; i += 1) {
      expect((await call('forgetpswd', { email: user.email }, freshIp())).statusCode).toBe(200);
    }
    const blocked = await call('forgetpswd', { email: user.email }, freshIp());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().msg).toBe(MSG.tooManyResetRequests);
  });

  it(`limits code requests to ${OTP_REQUESTS_PER_IP_PER_HOUR} an hour per IP address`, async () => {
    const ip = freshIp();
    for (let i = 0; i < OTP_REQUESTS_PER_IP_PER_HOUR; i += 1) {
      expect((await call('forgetpswd', { email: `unknown-${i}@example.com` }, ip)).statusCode).toBe(404);
    }
    const user = await buildUser(t.deps.db);
    expect((await call('forgetpswd', { email: user.email }, ip)).statusCode).toBe(429);
    expect((await call('forgetpswd', { email: user.email }, freshIp())).statusCode).toBe(200);
  });
});

describe('mail without SMTP_URL', () => {
  it('writes the reset mail as an .eml file in DATA_DIR/outbox', async () => {
    const local = await createTestApp({ database: t.database, mailer: 'from-config', config: { smtpUrl: undefined } });
    try {
      const user = await buildUser(t.deps.db);
      const response = await local.app.inject({
        method: 'POST',
        url: '/api/v1/auth/forgetpswd',
        payload: { email: user.email },
        remoteAddress: freshIp(),
      });
      expect(response.statusCode).toBe(200);
      const outbox = path.join(local.config.dataDir, 'outbox');
      const files = readdirSync(outbox).filter((file) => file.endsWith('.eml'));
      expect(files).toHaveLength(1);
      const mail = readFileSync(path.join(outbox, files[0]!), 'utf8');
      expect(mail).toContain(`To: ${user.email}`);
      expect(mail).toMatch(/code to reset your Dutyroll password is \d{6}/);
    } finally {
      await local.close();
    }
  });
});
