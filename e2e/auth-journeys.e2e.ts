import { expect, REDIRECTING, START_TIMEOUT, test } from './fixtures.js';
import type { Browser, Page } from '@playwright/test';
import { RESET_REDIRECT_MS } from '../src/shared/limits.js';
import { MSG } from '../src/shared/messages.js';
import { latestResetCode, openPage, PHONE, screenshot, startApp, submitLogin, type Account, type RunningApp, realErrors } from './harness.js';

const manager: Account = { name: 'Asha Nair', email: 'asha@example.com', password: 'S3cure-pass', role: 'manager' };
const supervisor: Account = { name: 'Ravi Kumar', email: 'ravi@example.com', password: 'Platform-4-pass', role: 'supervisor', work: 'mcc' };
const admin: Account = { name: 'Meera Das', email: 'meera@example.com', password: 'Admin-pass-1', role: 'admin' };
const forgetful: Account = { name: 'Joseph Thomas', email: 'joseph@example.com', password: 'Old-pass-123', role: 'supervisor', work: 'acca' };

let app: RunningApp;
let browser: Browser;

test.beforeAll(async ({ browser: chromium }) => {
  test.setTimeout(START_TIMEOUT);
  browser = chromium;
  app = await startApp([manager, supervisor, admin, forgetful]);
});

test.afterAll(async () => {
  await app?.stop();
});

async function storedSession(page: Page): Promise<unknown> {
  return page.evaluate(() => {
    const raw = window.localStorage.getItem('auth');
    return raw === null ? null : (JSON.parse(raw) as unknown);
  });
}

test.describe('signing in', () => {
  test('a manager signs in and lands on the manager dashboard, then logs out', async () => {
    const { context, page, errors } = await openPage(browser, app);
    await page.goto('/login');
    await submitLogin(page, manager.email, manager.password);
    await page.waitForURL('**/dashboard/manager');
    await page.getByRole('heading', { name: `Welcome, ${manager.name}` }).waitFor();
    await page.getByText(MSG.managerSubtitle).waitFor();
    await page.getByText(MSG.loginSuccess).waitFor();
    await page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'Supervisor Tab' }).waitFor();
    expect(await storedSession(page)).toMatchObject({ user: { name: manager.name, role: 1 }, token: expect.any(String) });

    // The landing page sends a signed-in manager back to the dashboard.
    await page.goto('/');
    await page.waitForURL('**/dashboard/manager');

    // A manager may open the supervisor tab (/auth/userauth admits roles 0 and 1).
    await page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'Supervisor Tab' }).click();
    await page.waitForURL('**/dashboard/user');
    await page.getByRole('heading', { name: `Welcome, ${manager.name}` }).waitFor();

    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await page.getByText(MSG.loggedOut).waitFor();
    await page.waitForURL('**/login');
    expect(await storedSession(page)).toBeNull();
    // The old session is revoked: the area now refuses it.
    await page.goto('/dashboard/manager');
    await page.getByText(REDIRECTING).waitFor();
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  test('a supervisor signs in and lands on the supervisor area', async () => {
    const { context, page, errors } = await openPage(browser, app);
    await page.goto('/login');
    await submitLogin(page, supervisor.email, supervisor.password);
    await page.waitForURL('**/dashboard/user');
    await page.getByRole('heading', { name: `Welcome, ${supervisor.name}` }).waitFor();
    await page.getByText('MCC', { exact: true }).waitFor();
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  test('an admin signs in and is greeted on the admin dashboard', async () => {
    const { context, page } = await openPage(browser, app);
    await page.goto('/login');
    await submitLogin(page, admin.email, admin.password);
    await page.waitForURL('**/dashboard/admin');
    await page.getByRole('heading', { name: MSG.adminGreeting(admin.name) }).waitFor();
    await page.getByText(MSG.adminWelcome).waitFor();
    await context.close();
  });

  test('a wrong password shows the server message and stays on /login', async () => {
    const { context, page } = await openPage(browser, app);
    await page.goto('/login');
    await submitLogin(page, manager.email, 'not-the-password');
    await page.getByText(MSG.invalidCredentials).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await storedSession(page)).toBeNull();
    await context.close();
  });

  test('checks the e-mail format before calling the server', async () => {
    const { context, page } = await openPage(browser, app);
    await page.goto('/login');
    await submitLogin(page, 'not-an-email', 'whatever');
    await page.getByText(MSG.emailInvalid).waitFor();
    await context.close();
  });
});

test.describe('route guards', () => {
  test('a signed-out visit to /dashboard/manager counts down, goes to /login and returns after sign-in', async () => {
    const { context, page, errors } = await openPage(browser, app);
    await page.goto('/dashboard/manager?from=mail');
    await page.getByText(REDIRECTING).waitFor();
    await page.getByText(MSG.redirecting(2)).waitFor();
    await page.getByText(MSG.redirecting(1)).waitFor();
    await page.waitForURL('**/login', { timeout: 5_000 });
    await submitLogin(page, manager.email, manager.password);
    await page.waitForURL('**/dashboard/manager?from=mail');
    await page.getByRole('heading', { name: `Welcome, ${manager.name}` }).waitFor();
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  test('a supervisor may not enter the manager area', async () => {
    const { context, page } = await openPage(browser, app);
    await page.goto('/login');
    await submitLogin(page, supervisor.email, supervisor.password);
    await page.waitForURL('**/dashboard/user');
    await page.goto('/dashboard/manager');
    await page.getByText(REDIRECTING).waitFor();
    await page.waitForURL('**/login', { timeout: 6_000 });
    // Opening /login while signed in signs out first.
    await page.waitForFunction(() => window.localStorage.getItem('auth') === null);
    await context.close();
  });

  test('the landing page clears a session with an unknown role and goes to /login', async () => {
    const { context, page } = await openPage(browser, app);
    await page.goto('/login');
    await page.evaluate(() =>
      window.localStorage.setItem('auth', JSON.stringify({ user: { _id: 'x', name: 'Odd', email: 'odd@example.com', role: 7, work: null }, token: 'nope' })),
    );
    await page.goto('/home');
    await page.waitForURL('**/login');
    expect(await storedSession(page)).toBeNull();
    await context.close();
  });
});

test.describe('forgot password', () => {
  test('resets a password through /forget, then signs in with the new one', async () => {
    const { context, page, errors } = await openPage(browser, app, PHONE);
    await context.clock.install(); // time flows as usual until it is stopped below
    await page.goto('/forget');
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await page.getByText(MSG.emailRequired).waitFor();

    await page.getByLabel(/^Email/).fill('nobody@example.com');
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await page.getByText(MSG.userNotFound).waitFor();

    await page.getByLabel(/^Email/).fill(forgetful.email);
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await page.getByText(MSG.otpSent).waitFor();
    const otpField = page.getByRole('textbox', { name: 'OTP' });
    await otpField.waitFor();

    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await page.getByText(MSG.otpRequired).waitFor();

    const code = await latestResetCode(app);
    const wrong = code === '000000' ? '111111' : '000000';
    await otpField.fill(wrong);
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await page.getByText(MSG.invalidOtp).waitFor();
    await screenshot(page, 'phone-forget-wrong-otp');

    await otpField.fill(code);
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    const newPassword = page.getByLabel(/^New password/);
    await newPassword.waitFor();

    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText(MSG.newPasswordRequired).waitFor();
    await newPassword.fill('New-pass-2024');
    // The page's clock stops: the success notice stays for RESET_REDIRECT_MS of its time, then /login.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText(MSG.resetSuccess).waitFor();
    await screenshot(page, 'phone-forget-done');
    // the screen's effects have run (React's scheduler posts them before this message), so the redirect's timer is set
    await page.evaluate(() => new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = resolve;
      channel.port2.postMessage(null);
    }));
    await page.clock.runFor(RESET_REDIRECT_MS - 1);
    expect(new URL(page.url()).pathname).toBe('/forget');
    await page.getByText(MSG.resetSuccess).waitFor();
    await page.clock.runFor(1);
    await page.waitForURL('**/login', { timeout: 5_000 });
    await page.clock.resume();

    await submitLogin(page, forgetful.email, forgetful.password);
    await page.getByText(MSG.invalidCredentials).waitFor();
    await submitLogin(page, forgetful.email, 'New-pass-2024');
    await page.waitForURL('**/dashboard/user');
    await page.getByRole('heading', { name: `Welcome, ${forgetful.name}` }).waitFor();
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });
});
