import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  OTP_MAX_ATTEMPTS,
  OTP_REQUESTS_PER_EMAIL_PER_HOUR,
  OTP_REQUESTS_PER_IP_PER_HOUR,
  RESET_PASSWORD_FAILURES_PER_EMAIL_PER_HOUR,
  RESET_PASSWORD_PER_IP_PER_HOUR,
  RESET_TICKET_TTL_MINUTES,
} from '../../../shared/limits.js';
import { MSG } from '../../../shared/messages.js';
import { loggerOptions } from '../../app.js';
import type { Mailer, MailMessage } from '../../mail/mailer.js';
import { rowsOf } from '../../db/connect.js';
import { passwordResets } from '../../db/schema.js';
import { buildUser, loginAs } from '../../../../test/helpers/factories.js';
import { startSmtpPeer } from '../../../../test/helpers/smtp-peer.js';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.js';
import * as passwords from './passwords.js';
import { RESET_TICKET_COOKIE } from './reset-cookie.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let ipCounter = 0;
/** Every log line the app wrote (at trace level), to prove no code, ticket or password is in it. */
const logLines: string[] = [];
/** Every secret this file handled: codes, tickets, new passwords. */
const secrets = new Set<string>();

beforeAll(async () => {
  smtp = await startSmtpPeer();
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  // the app's own mailer, sending over SMTP to the peer
  t = await createTestApp({
    config: { smtpUrl: smtp.url },
    mailer: 'from-config',
    logger: { ...(loggerOptions('trace') as object), stream },
  });
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

const call = (url: string, payload: object, ip: string, cookie?: string, app = t.app) =>
  app.inject({ method: 'POST', url: `/api/v1/auth/${url}`, payload, remoteAddress: ip, headers: cookie ? { cookie } : {} });

/** The Set-Cookie value of the reset ticket in an answer. */
function setCookieOf(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const values = Array.isArray(header) ? header : header ? [header] : [];
  const found = values.find((value) => value.startsWith(`${RESET_TICKET_COOKIE}=`));
  if (!found) throw new Error('no reset ticket cookie in the answer');
  return found;
}

/** What a browser sends back for a Set-Cookie: the name=value pair. */
const cookieHeaderOf = (response: LightMyRequestResponse) => setCookieOf(response).split(';')[0]!;

/** Requests a code and verifies it: the verify answer (with the ticket in body and cookie). */
async function verifiedTicket(email: string, ip: string) {
  expect((await call('forgetpswd', { email }, ip)).statusCode).toBe(200);
  const code = smtp.lastCodeFor(email);
  secrets.add(code);
  const verified = await call('verifyotp', { email, otp: code }, ip);
  expect(verified.statusCode).toBe(200);
  const ticket = verified.json().resetToken as string;
  secrets.add(ticket);
  return { verified, ticket, cookie: cookieHeaderOf(verified) };
}

/** A new password for a test, remembered so the log scan can look for it. */
function newPassword(label: string): string {
  const value = `${label}-${Math.random().toString(36).slice(2, 10)}`;
  secrets.add(value);
  return value;
}

describe('password reset', () => {
  it('runs the whole flow: mailed code, verify, reset once, old sessions end, new password works', async () => {
    const ip = freshIp();
    const user = await buildUser(t.deps.db);
    const oldSession = await loginAs(t.app, user);

    const requested = await call('forgetpswd', { email: user.email }, ip);
    expect(requested.statusCode).toBe(200);
    expect(requested.json()).toEqual({ success: true, message: MSG.otpSent, code: 'otpSent' });
    const code = smtp.lastCodeFor(user.email);
    expect(code).toMatch(/^\d{6}$/);

    const stored = JSON.stringify(await t.deps.db.execute(sql`select * from password_resets`));
    expect(stored).not.toContain(code);

    const wrong = await call('verifyotp', { email: user.email, otp: code === '000000' ? '111111' : '000000' }, ip);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ success: false, message: MSG.invalidOtp, msg: MSG.invalidOtp });

    const verified = await call('verifyotp', { email: user.email, otp: code }, ip);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ success: true, message: MSG.otpVerified, resetToken: expect.any(String), code: 'otpVerified' });
    secrets.add(code).add(verified.json().resetToken);

    // a SPEC §7 client on the same origin sends back the cookie and the SPEC body only
    const reset = await call('resetpassword', { email: user.email, newPassword: 'a-brand-new-pass' }, ip, cookieHeaderOf(verified));
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ success: true, message: MSG.resetSuccess, code: 'resetSuccess' });
    expect(setCookieOf(reset)).toMatch(/Max-Age=0/);

    // once only
    const again = await call('resetpassword', { email: user.email, newPassword: 'another-new-pass' }, ip, cookieHeaderOf(verified));
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
    expect((await call('forgetpswd', { email: '' }, ip)).json()).toEqual({ msg: MSG.emailRequired, code: 'emailRequired' });
    expect((await call('verifyotp', { email: 'a@example.com', otp: '' }, ip)).json()).toEqual({ msg: MSG.otpRequired, code: 'otpRequired' });
    expect((await call('verifyotp', { email: 'a@example.com' }, ip)).json()).toEqual({ msg: MSG.otpRequired, code: 'otpRequired' });
    expect((await call('resetpassword', { email: 'a@example.com', newPassword: '' }, ip)).json()).toEqual({ msg: MSG.newPasswordRequired, code: 'newPasswordRequired' });
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

  it(`refuses a ticket older than ${RESET_TICKET_TTL_MINUTES} minutes, from the body or the cookie`, async () => {
    const ip = freshIp();
    const user = await buildUser(t.deps.db);
    const { ticket, cookie } = await verifiedTicket(user.email, ip);
    await t.deps.db.execute(
      sql`update password_resets set verified_at = now() - make_interval(mins => ${RESET_TICKET_TTL_MINUTES + 1}) where user_id = ${user.id}`,
    );
    const late = newPassword('late');
    expect((await call('resetpassword', { email: user.email, newPassword: late, resetToken: ticket }, ip)).statusCode).toBe(400);
    expect((await call('resetpassword', { email: user.email, newPassword: late }, ip, cookie)).statusCode).toBe(400);
    expect((await call('login', { email: user.email, password: user.password }, ip)).statusCode).toBe(200);
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
    expect(blocked.json().msg).toBe(MSG.tooManyRequests);
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

describe('the reset ticket (step 3 belongs to whoever passed step 2)', () => {
  it('an attacker who knows only the e-mail never wins, before, during or after the owner resets', async () => {
    const owner = await buildUser(t.deps.db);
    const ownerIp = freshIp();
    const attackerIp = freshIp();
    const attackerPassword = newPassword('attacker');
    const attackerAnswers: number[] = [];
    const attack = async (times: number) => {
      for (let i = 0; i < times; i += 1) {
        // with only the e-mail, with a made-up ticket in the body, and with a made-up cookie
        const variant = i % 3;
        const payload = variant === 1 ? { email: owner.email, newPassword: attackerPassword, resetToken: 'x'.repeat(43) } : { email: owner.email, newPassword: attackerPassword };
        const cookie = variant === 2 ? `${RESET_TICKET_COOKIE}=${'y'.repeat(43)}` : undefined;
        attackerAnswers.push((await call('resetpassword', payload, attackerIp, cookie)).statusCode);
      }
    };

    expect((await call('forgetpswd', { email: owner.email }, ownerIp)).statusCode).toBe(200);
    // the ticket is checked before the new password is hashed: refused calls cost no argon2 work
    const hashing = vi.spyOn(passwords, 'hashPassword');
    onTestFinished(() => hashing.mockRestore());
    // before the owner's verify: more attempts than the per-e-mail limit of failures
    await attack(RESET_PASSWORD_FAILURES_PER_EMAIL_PER_HOUR + 2);
    const code = smtp.lastCodeFor(owner.email);
    secrets.add(code);
    // the owner's verify and reset race the attacker's loop
    const ownerPassword = newPassword('owner');
    const [ownerReset] = await Promise.all([
      (async () => {
        const verified = await call('verifyotp', { email: owner.email, otp: code }, ownerIp);
        expect(verified.statusCode).toBe(200);
        secrets.add(verified.json().resetToken);
        return call('resetpassword', { email: owner.email, newPassword: ownerPassword }, ownerIp, cookieHeaderOf(verified));
      })(),
      attack(6),
    ]);
    // and after it
    await attack(4);

    expect(ownerReset.statusCode).toBe(200);
    expect(hashing.mock.calls.map(([password]) => password)).toEqual([ownerPassword]);
    expect(attackerAnswers.length).toBeGreaterThan(0);
    expect(attackerAnswers.every((status) => status === 400 || status === 429)).toBe(true);
    expect((await call('login', { email: owner.email, password: attackerPassword }, attackerIp)).statusCode).toBe(401);
    expect((await call('login', { email: owner.email, password: ownerPassword }, ownerIp)).statusCode).toBe(200);
  });

  it('is single use, from the body alone (a client without cookies)', async () => {
    const ip = freshIp();
    const user = await buildUser(t.deps.db);
    const { ticket } = await verifiedTicket(user.email, ip);
    const first = newPassword('first');
    expect((await call('resetpassword', { email: user.email, newPassword: first, resetToken: ticket }, ip)).statusCode).toBe(200);
    const second = await call('resetpassword', { email: user.email, newPassword: newPassword('second'), resetToken: ticket }, ip);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ success: false, message: MSG.resetFailed, msg: MSG.resetFailed });
    expect((await call('login', { email: user.email, password: first }, ip)).statusCode).toBe(200);
  });

  it("refuses the ticket of another account, in the body or as the cookie", async () => {
    const ip = freshIp();
    const victim = await buildUser(t.deps.db);
    const attacker = await buildUser(t.deps.db);
    const { ticket, cookie } = await verifiedTicket(attacker.email, ip);
    const stolen = newPassword('stolen');
    expect((await call('resetpassword', { email: victim.email, newPassword: stolen, resetToken: ticket }, ip)).statusCode).toBe(400);
    expect((await call('resetpassword', { email: victim.email, newPassword: stolen }, ip, cookie)).statusCode).toBe(400);
    expect((await call('login', { email: victim.email, password: victim.password }, ip)).statusCode).toBe(200);
    // the attacker's own ticket still serves its own account only
    expect((await call('resetpassword', { email: attacker.email, newPassword: newPassword('own'), resetToken: ticket }, ip)).statusCode).toBe(200);
  });

  it('a new verify or a new code request voids the earlier ticket', async () => {
    const ip = freshIp();
    const user = await buildUser(t.deps.db);
    const older = await verifiedTicket(user.email, ip);
    // the same code verified again hands out a new ticket; the first one stops working
    const again = await call('verifyotp', { email: user.email, otp: smtp.lastCodeFor(user.email) }, ip);
    expect(again.statusCode).toBe(200);
    const newer = again.json().resetToken as string;
    secrets.add(newer);
    expect(newer).not.toBe(older.ticket);
    expect((await call('resetpassword', { email: user.email, newPassword: newPassword('old'), resetToken: older.ticket }, ip)).statusCode).toBe(400);

    // a new code request voids the ticket of the previous code
    await call('forgetpswd', { email: user.email }, ip);
    expect((await call('resetpassword', { email: user.email, newPassword: newPassword('void'), resetToken: newer }, ip)).statusCode).toBe(400);
    expect((await call('login', { email: user.email, password: user.password }, ip)).statusCode).toBe(200);
  });

  it('is sent as an HttpOnly, SameSite=Strict cookie for the reset path only, stored only as a hash', async () => {
    const ip = freshIp();
    const user = await buildUser(t.deps.db);
    const { verified, ticket } = await verifiedTicket(user.email, ip);
    const attributes = setCookieOf(verified).split(';').map((part) => part.trim());
    expect(attributes[0]).toBe(`${RESET_TICKET_COOKIE}=${ticket}`);
    expect(attributes).toEqual(
      expect.arrayContaining(['HttpOnly', 'SameSite=Strict', 'Path=/api/v1/auth/resetpassword', `Max-Age=${RESET_TICKET_TTL_MINUTES * 60}`]),
    );
    // plain HTTP (tests): not Secure, else the browser would drop it
    expect(attributes).not.toContain('Secure');
    expect(verified.headers['cache-control']).toBe('no-store');
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = JSON.stringify(await t.deps.db.execute(sql`select * from password_resets where user_id = ${user.id}`));
    expect(stored).not.toContain(ticket);

    // served over HTTPS (PUBLIC_URL), the cookie is Secure
    const secure = await createTestApp({ database: t.database, config: { publicUrl: 'https://dutyroll.example.com' } });
    try {
      const answer = await secure.app.inject({
        method: 'POST',
        url: '/api/v1/auth/verifyotp',
        payload: { email: user.email, otp: smtp.lastCodeFor(user.email) },
        remoteAddress: ip,
      });
      expect(answer.statusCode).toBe(200);
      secrets.add(answer.json().resetToken);
      expect(setCookieOf(answer).split(';').map((part) => part.trim())).toContain('Secure');
    } finally {
      await secure.close();
    }
  });

  it(`limits step 3 to ${RESET_PASSWORD_PER_IP_PER_HOUR} calls an hour per IP address without a valid ticket, never a valid one`, async () => {
    const ip = freshIp();
    const user = await buildUser(t.deps.db);
    for (let i = 0; i < RESET_PASSWORD_PER_IP_PER_HOUR; i += 1) {
      const status = (await call('resetpassword', { email: `nobody-${i}@example.com`, newPassword: 'whatever-pass' }, ip)).statusCode;
      expect(status).toBe(400);
    }
    const blocked = await call('resetpassword', { email: user.email, newPassword: newPassword('blocked') }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ success: false, message: MSG.tooManyRequests, msg: MSG.tooManyRequests });
    // a noisy client behind the same address (a shared NAT) does not block a valid reset
    const { ticket } = await verifiedTicket(user.email, freshIp());
    const own = newPassword('same-ip');
    expect((await call('resetpassword', { email: user.email, newPassword: own, resetToken: ticket }, ip)).statusCode).toBe(200);
    expect((await call('login', { email: user.email, password: own }, freshIp())).statusCode).toBe(200);
  });

  it('answers a ticket of the wrong type or length like a wrong ticket', async () => {
    const ip = freshIp();
    const user = await buildUser(t.deps.db);
    for (const resetToken of [12345, 'x'.repeat(201), { ticket: 'x' }]) {
      const response = await call('resetpassword', { email: user.email, newPassword: 'whatever-pass', resetToken }, ip);
      expect(response.statusCode, JSON.stringify(resetToken)).toBe(400);
      expect(response.json().msg).toBe(MSG.resetFailed);
    }
  });
});

/** A mailer whose sends the test holds and fails, or lets through, one by one. */
class ControlledMailer implements Mailer {
  readonly delivered: MailMessage[] = [];
  readonly held: { message: MailMessage; fail: () => void }[] = [];
  /** 'hold' keeps the next sends waiting for the test; 'fail' refuses them; 'deliver' sends. */
  mode: 'hold' | 'fail' | 'deliver' = 'deliver';
  async send(message: MailMessage): Promise<void> {
    if (this.mode === 'fail') throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ECONNREFUSED' });
    if (this.mode === 'hold') {
      await new Promise<void>((_resolve, reject) => this.held.push({ message, fail: () => reject(new Error('Greeting never received')) }));
    }
    this.delivered.push(message);
  }
  close(): void {}
  codeFor(email: string): string {
    const mail = [...this.delivered].reverse().find((m) => m.to === email);
    const code = mail && /password is (\d{6})/.exec(mail.text)?.[1];
    if (!code) throw new Error(`no code delivered to ${email}`);
    return code;
  }
}

describe('a mail server that fails', () => {
  let mailer: ControlledMailer;
  let local: TestApp;
  beforeAll(async () => {
    mailer = new ControlledMailer();
    local = await createTestApp({ database: t.database, mailer });
  });
  afterAll(async () => {
    for (const held of mailer.held) held.fail();
    await local.close();
  });

  it("a slow failed request does not void the newer code that was delivered", async () => {
    const user = await buildUser(t.deps.db);
    mailer.mode = 'hold';
    const slow = call('forgetpswd', { email: user.email }, freshIp(), undefined, local.app);
    const deadline = Date.now() + 10_000;
    while (mailer.held.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(mailer.held).toHaveLength(1);
    mailer.mode = 'deliver';
    expect((await call('forgetpswd', { email: user.email }, freshIp(), undefined, local.app)).statusCode).toBe(200);
    const code = mailer.codeFor(user.email);
    secrets.add(code);
    mailer.held.shift()!.fail();
    expect((await slow).statusCode).toBe(503);
    const verified = await call('verifyotp', { email: user.email, otp: code }, freshIp(), undefined, local.app);
    expect(verified.statusCode).toBe(200);
    secrets.add(verified.json().resetToken);
  });

  it("answers SPEC's error shape and gives the request back to the limits", async () => {
    const user = await buildUser(t.deps.db);
    const ip = freshIp();
    mailer.mode = 'fail';
    for (let i = 0; i < OTP_REQUESTS_PER_EMAIL_PER_HOUR + 2; i += 1) {
      const response = await call('forgetpswd', { email: user.email }, ip, undefined, local.app);
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toMatch(/^\d+$/);
      expect(response.json()).toEqual({ success: false, message: MSG.mailUnavailable, msg: MSG.mailUnavailable, code: 'mailUnavailable' });
    }
    const counts = rowsOf<{ count: number }>(
      await t.deps.db.execute(sql`select count from rate_limits where key in (${`reset-ip:${ip}`}, ${`reset-email:${user.email}`})`),
    );
    expect(counts.map((row) => Number(row.count))).toEqual([0, 0]);
    // once the mail server is back, the person gets a code at once
    mailer.mode = 'deliver';
    expect((await call('forgetpswd', { email: user.email }, ip, undefined, local.app)).statusCode).toBe(200);
    secrets.add(mailer.codeFor(user.email));
  });
});

describe('code checks in parallel', () => {
  it(`20 simultaneous wrong codes are counted one by one: the code dies after ${OTP_MAX_ATTEMPTS}`, async () => {
    const user = await buildUser(t.deps.db);
    await call('forgetpswd', { email: user.email }, freshIp());
    const code = smtp.lastCodeFor(user.email);
    secrets.add(code);
    const wrong = code === '999999' ? '999998' : '999999';
    const answers = await Promise.all(Array.from({ length: 20 }, () => call('verifyotp', { email: user.email, otp: wrong }, freshIp())));
    const messages = answers.map((answer) => answer.json().message as string);
    expect(messages.filter((message) => message === MSG.invalidOtp)).toHaveLength(OTP_MAX_ATTEMPTS - 1);
    expect(messages.filter((message) => message === MSG.otpTooManyTries)).toHaveLength(20 - (OTP_MAX_ATTEMPTS - 1));
    const [row] = await t.deps.db.select({ attempts: passwordResets.attempts }).from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(row?.attempts).toBe(OTP_MAX_ATTEMPTS);
    const right = await call('verifyotp', { email: user.email, otp: code }, freshIp());
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe(MSG.otpTooManyTries);
  });
});

describe('a mail server that never greets', () => {
  it('answers 503 with Retry-After and a clear text after the configured timeout, and voids the code', async () => {
    const sockets = new Set<net.Socket>();
    // accepts the connection and then says nothing, like a wedged SMTP server
    const silent = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const local = await createTestApp({
      database: t.database,
      mailer: 'from-config',
      config: { smtpUrl: `smtp://127.0.0.1:${port}`, smtpTimeoutMs: 300 },
    });
    try {
      const user = await buildUser(t.deps.db);
      const response = await call('forgetpswd', { email: user.email }, freshIp(), undefined, local.app);
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toMatch(/^\d+$/);
      expect(response.json()).toEqual({ success: false, message: MSG.mailUnavailable, msg: MSG.mailUnavailable, code: 'mailUnavailable' });
      const rows = await t.deps.db.execute(sql`select user_id from password_resets where user_id = ${user.id}`);
      expect(JSON.stringify(rows)).not.toContain(user.id);
    } finally {
      await local.close();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe('mail without SMTP_URL', () => {
  it('writes the reset mail as an .eml file in DATA_DIR/outbox', async () => {
    const local = await createTestApp({ database: t.database, mailer: 'from-config', config: { smtpUrl: undefined } });
    try {
      const user = await buildUser(t.deps.db);
      const response = await call('forgetpswd', { email: user.email }, freshIp(), undefined, local.app);
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

describe('the log', () => {
  // runs last in this file: every code, ticket and new password above has been handled
  it('never contains a reset code, a reset ticket or a new password', () => {
    expect(logLines.length).toBeGreaterThan(0);
    expect(secrets.size).toBeGreaterThan(5);
    // times and durations are digits too; a six-digit code must not be matched inside them
    const text = logLines.join('').replace(/"(time|responseTime)":[\d.]+/g, '');
    for (const secret of secrets) expect(text, 'a secret reached the log').not.toContain(secret);
  });
});
