import { START_TIMEOUT, test } from './fixtures.js';
import type { Browser } from '@playwright/test';
import { MSG } from '../src/shared/messages.js';
import { openPage, screenshot, startApp, submitLogin, type RunningApp } from './harness.js';

const REGISTER = '/registerygigyictgyjutgtyjuctyuccftyutucfyj';

let app: RunningApp;
let browser: Browser;

test.beforeAll(async ({ browser: chromium }) => {
  test.setTimeout(START_TIMEOUT);
  browser = chromium;
  // No accounts at all: the hidden page creates the first manager.
  app = await startApp([]);
});

test.afterAll(async () => {
  await app?.stop();
});

test.describe('registration page', () => {
  test('creates the first manager on an empty installation, who then registers a supervisor', async () => {
    const { context, page } = await openPage(browser, app);
    await page.goto(REGISTER);
    await page.getByRole('heading', { name: 'Create the first manager' }).waitFor();
    await screenshot(page, 'desktop-register-first');
    await page.getByLabel(/^Name/).fill('Asha Nair');
    await page.getByLabel(/^Email/).fill('asha@example.com');
    await page.getByLabel(/^Phone/).fill('9876543210');
    await page.getByLabel(/^Password/).fill('S3cure-pass');
    await page.getByLabel(/^Confirm password/).fill('S3cure-pass-typo');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText(MSG.passwordsDoNotMatch).waitFor();
    await page.getByLabel(/^Confirm password/).fill('S3cure-pass');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText(MSG.registered).waitFor();
    await page.waitForURL('**/login');

    await submitLogin(page, 'asha@example.com', 'S3cure-pass');
    await page.waitForURL('**/dashboard/manager');

    // Signed in as the manager, the page registers further accounts.
    await page.goto(REGISTER);
    await page.getByRole('heading', { name: 'Register an account' }).waitFor();
    await page.getByLabel(/^Name/).fill('Ravi Kumar');
    await page.getByLabel(/^Email/).fill('ravi@example.com');
    await page.getByRole('combobox', { name: /^Work type/ }).selectOption({ label: 'MCC' });
    await page.getByLabel(/^Password/).fill('Platform-4-pass');
    await page.getByLabel(/^Confirm password/).fill('Platform-4-pass');
    await screenshot(page, 'desktop-register-by-manager');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText(MSG.registered).waitFor();

    // The same e-mail again.
    await page.getByLabel(/^Name/).fill('Ravi Kumar');
    await page.getByLabel(/^Email/).fill('ravi@example.com');
    await page.getByLabel(/^Password/).fill('Platform-4-pass');
    await page.getByLabel(/^Confirm password/).fill('Platform-4-pass');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText(MSG.alreadyRegistered).waitFor();
    await context.close();

    const second = await openPage(browser, app);
    // Signed out, once an account exists, the page asks for a manager or admin.
    await second.page.goto(REGISTER);
    await second.page.getByText(MSG.registerNeedsSession).waitFor();
    await second.page.goto('/login');
    await submitLogin(second.page, 'ravi@example.com', 'Platform-4-pass');
    await second.page.waitForURL('**/dashboard/user');
    await second.page.getByRole('heading', { name: 'Welcome, Ravi Kumar' }).waitFor();
    await second.context.close();
  });
});
