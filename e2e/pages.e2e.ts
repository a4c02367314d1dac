import { expect, START_TIMEOUT, test } from './fixtures.js';
import type { Browser, Page } from '@playwright/test';
import { MSG } from '../src/shared/messages.js';
import { DESKTOP, horizontalOverflow, motionSettled, openPage, PHONE, screenshot, startApp, submitLogin, type Account, type RunningApp } from './harness.js';

const manager: Account = { name: 'Asha Nair', email: 'asha@example.com', password: 'S3cure-pass', role: 'manager' };
const admin: Account = { name: 'Meera Das', email: 'meera@example.com', password: 'Admin-pass-1', role: 'admin' };

let app: RunningApp;
let browser: Browser;

test.beforeAll(async ({ browser: chromium }) => {
  test.setTimeout(START_TIMEOUT);
  browser = chromium;
  app = await startApp([manager, admin]);
});

test.afterAll(async () => {
  await app?.stop();
});

/** Script files the page has fetched so far. */
function scriptsLoaded(page: Page, into: string[]): void {
  page.on('request', (request) => {
    if (request.resourceType() === 'script') into.push(new URL(request.url()).pathname);
  });
}

test.describe('404 page', () => {
  test('shows Page Not Found and Go Back returns one step', async () => {
    const { context, page } = await openPage(browser, app);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login', exact: true }).last().waitFor();
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: MSG.pageNotFound }).waitFor();
    await page.getByRole('button', { name: MSG.goBack }).click();
    await page.waitForURL('**/login');
    await context.close();
  });

  test('an unknown API path answers JSON, not the page', async () => {
    const response = await fetch(`${app.baseUrl}/api/v1/no-such-call`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ msg: expect.any(String) });
  });
});

test.describe('layout', () => {
  test('public pages load no dashboard code; the sign-in page fetches only the supervisor\'s home while idle', async () => {
    const { context, page } = await openPage(browser, app);
    const scripts: string[] = [];
    scriptsLoaded(page, scripts);
    for (const path of ['/', '/forget']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((file) => /manager|admin|user-area|supervisor|role-guard/.test(file))).toEqual([]);
    // issue 15: the sign-in page prefetches the supervisor's first screen (decision 0023), never the office's
    await page.goto('/login');
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((file) => /manager|admin/.test(file))).toEqual([]);
    await context.close();
  });

  test("the sign-in page of a device where a manager signed in last fetches the manager's dashboard while idle, not the supervisor's home", async () => {
    const { context, page } = await openPage(browser, app);
    await page.addInitScript(() => window.localStorage.setItem('dutyroll.lastRole', '1'));
    const scripts: string[] = [];
    scriptsLoaded(page, scripts);
    const area = page.waitForRequest(/\/assets\/manager-area-/);
    const dashboard = page.waitForRequest(/\/assets\/manager-dashboard-page-/);
    await page.goto('/login');
    await Promise.all([area, dashboard]);
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((file) => /user-area|live-duty-page|admin/.test(file))).toEqual([]);
    await context.close();
  });

  test('the top bar and footer carry the company details and links', async () => {
    const { context, page } = await openPage(browser, app);
    await page.goto('/');
    const banner = page.getByRole('banner');
    await banner.getByText('+91 484 400 1998').waitFor();
    await banner.getByText('contact@dutyroll.in').waitFor();
    await banner.getByRole('link', { name: 'About' }).waitFor();
    const footer = page.getByRole('contentinfo');
    for (const name of ['About', 'Privacy Policy', 'Contact']) await footer.getByRole('link', { name }).waitFor();
    await footer.getByText(`© ${new Date().getFullYear()}`).waitFor();
    await context.close();
  });

  test('at 360 px the public pages do not scroll sideways and offer Login', async () => {
    const { context, page } = await openPage(browser, app, PHONE);
    for (const path of ['/login', '/forget', '/', '/no-such-page']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect({ path, overflow: await horizontalOverflow(page) }).toEqual({ path, overflow: 0 });
    }
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).waitFor();
    await context.close();
  });

  test('the manager menu becomes a drawer at 360 px', async () => {
    const { context, page } = await openPage(browser, app, PHONE);
    await page.goto('/login');
    await submitLogin(page, manager.email, manager.password);
    await page.waitForURL('**/dashboard/manager');
    expect(await horizontalOverflow(page)).toBe(0);
    await page.getByRole('button', { name: 'Open Quick Links' }).click();
    const drawer = page.getByRole('dialog', { name: 'Quick Links' });
    await drawer.getByRole('link', { name: 'Supervisor Tab' }).click();
    await page.waitForURL('**/dashboard/user');
    await context.close();
  });
});

test.describe('screenshots', () => {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    test(`captures the main pages (${label})`, async () => {
      const { context, page, errors } = await openPage(browser, app, viewport);
      await page.goto('/');
      await page.waitForLoadState('networkidle');
      await screenshot(page, `${label}-landing`);
      await page.goto('/login');
      await page.waitForLoadState('networkidle');
      await screenshot(page, `${label}-login`);
      await page.goto('/forget');
      await page.waitForLoadState('networkidle');
      await screenshot(page, `${label}-forget`);
      await page.goto('/dashboard/admin');
      await page.getByText(MSG.redirecting(3)).waitFor();
      await screenshot(page, `${label}-guard`);
      await page.goto('/no-such-page');
      await page.getByRole('heading', { name: MSG.pageNotFound }).waitFor();
      await screenshot(page, `${label}-404`);

      await page.goto('/login');
      await submitLogin(page, manager.email, manager.password);
      await page.waitForURL('**/dashboard/manager');
      await page.waitForLoadState('networkidle');
      await screenshot(page, `${label}-manager-dashboard`);
      await screenshot(page, `${label}-manager-dashboard-toast`, { withToasts: true });
      if (label === 'phone') {
        await page.getByRole('button', { name: 'Open Quick Links' }).click();
        await page.getByRole('dialog', { name: 'Quick Links' }).waitFor();
        await motionSettled(page); // the drawer has slid in
        await screenshot(page, `${label}-manager-drawer`);
        await page.keyboard.press('Escape');
      }

      await page.goto('/login');
      await submitLogin(page, admin.email, admin.password);
      await page.waitForURL('**/dashboard/admin');
      await page.getByText(MSG.adminWelcome).waitFor();
      await motionSettled(page);
      await screenshot(page, `${label}-admin-dashboard`);
      expect(errors.filter((text) => !text.startsWith('Failed to load resource'))).toEqual([]);
      await context.close();
    });
  }
});
