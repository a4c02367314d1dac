/**
 * Error screens with a way out (issue 15 item 1): a page that cannot load or breaks while
 * drawing shows the app's error screen where the page would be — inside the manager's
 * side-menu layout, or the public site's layout — with Try again and Go back, never the
 * router's developer screen; and a missing file under /assets/ answers 404.
 *
 * The contexts block the service worker: a first visit (or a browser without one), where
 * nothing is kept on the phone yet and a page not opened before needs the network.
 */
import { expect, START_TIMEOUT, test } from './fixtures.js';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { MSG } from '../src/shared/messages.js';
import en from '../src/web/i18n/locales/en.json' with { type: 'json' };
import { DESKTOP, PHONE, startApp, openSignedIn, type Account, type RunningApp } from './harness.js';

const manager: Account = { name: 'Meera Pillai', email: 'meera@example.com', password: 'Errors-4-pass', role: 'manager' };

let app: RunningApp;
let browser: Browser;

test.beforeAll(async ({ browser: chromium }) => {
  test.setTimeout(START_TIMEOUT);
  browser = chromium;
  app = await startApp([manager]);
});

test.afterAll(async () => {
  await app?.stop();
});

/** A context without the service worker: the app's files come from the server each time. */
async function firstVisit(viewport: { width: number; height: number } = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: app.baseUrl, viewport, locale: 'en-IN', serviceWorkers: 'block' });
  return { context, page: await context.newPage() };
}

async function signIn(page: Page): Promise<void> {
  await openSignedIn(page, app, manager);
  await page.getByRole('heading', { name: `Welcome, ${manager.name}` }).waitFor();
}

const sideMenu = (page: Page) => page.getByRole('navigation', { name: 'Side menu' });

/** The error screen's heading, its two ways on, and no developer screen; the menu around it. */
async function errorScreenInMenu(page: Page, heading: string): Promise<void> {
  await page.getByRole('heading', { name: heading }).waitFor();
  await page.getByRole('button', { name: en.common.tryAgain, exact: true }).waitFor();
  await page.getByRole('button', { name: MSG.goBack, exact: true }).waitFor();
  // the manager's menu is still there, every link of it
  await sideMenu(page).getByRole('link', { name: 'Attendance', exact: true }).waitFor();
  await sideMenu(page).getByRole('button', { name: MSG.logout }).waitFor();
  await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
  await expect(page.getByText('Hey developer')).toHaveCount(0);
}

test.describe('a page that cannot load', () => {
  test('offline, a page not yet loaded shows the error screen inside the menu; online again, Try again loads it', async () => {
    const { context, page } = await firstVisit();
    await signIn(page);
    await context.setOffline(true);

    await sideMenu(page).getByRole('link', { name: 'Attendance', exact: true }).click();
    await errorScreenInMenu(page, en.pwa.pageFailed);
    // the network's words, the one text the app has for them
    await page.getByText(MSG.cannotReachServer).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard/manager/attendance');

    await context.setOffline(false);
    // the screen follows the network: no longer "cannot reach", Try again now loads afresh
    await page.getByText(en.pwa.pageFailedHint).waitFor();
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: en.common.tryAgain, exact: true }).click()]);
    await page.getByRole('heading', { name: /^Attendance - / }).waitFor();
    await sideMenu(page).waitFor();
    await context.close();
  });

  test('Go back returns to the page before, on a phone too (the menu in its drawer)', async () => {
    const { context, page } = await firstVisit(PHONE);
    await signIn(page);
    // the menu's code loads when first wanted (decision 0023); the service worker, blocked
    // here, keeps it for offline use after the first visit: open the menu once online
    await page.getByRole('button', { name: /Quick Links/ }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Bill Details', exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await context.setOffline(true);
    await page.getByRole('button', { name: /Quick Links/ }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Bill Details', exact: true }).click();
    await page.getByRole('heading', { name: en.pwa.pageFailed }).waitFor();
    await page.getByText(MSG.cannotReachServer).waitFor();
    // the menu button of the phone layout is still above the screen
    await page.getByRole('button', { name: /Quick Links/ }).waitFor();
    await page.getByRole('button', { name: MSG.goBack, exact: true }).click();
    await page.waitForURL('**/dashboard/manager');
    await page.getByRole('heading', { name: `Welcome, ${manager.name}` }).waitFor();
    await context.close();
  });
});

test.describe('a page that breaks while drawing', () => {
  /** Serves the Wage Register's code as a page that throws when drawn (a bug in a release). */
  async function breakWagePage(context: BrowserContext): Promise<void> {
    await context.route('**/assets/wages-page-*.js', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/javascript',
        body: "export default function WagesPage() { throw new Error('a page that breaks while drawing'); }",
      }),
    );
  }

  test('shows the error screen inside the menu; Try again draws it again, Go back leaves it', async () => {
    const { context, page } = await firstVisit();
    await breakWagePage(context);
    await signIn(page);
    await page.goto('/dashboard/manager/wages');
    await errorScreenInMenu(page, en.pwa.pageBroken);
    await page.getByText(en.pwa.pageBrokenHint).waitFor();
    // never the error's own words
    await expect(page.getByText('a page that breaks while drawing')).toHaveCount(0);

    // Try again draws the page again: still broken, still the screen (and no developer screen)
    await page.getByRole('button', { name: en.common.tryAgain, exact: true }).click();
    await errorScreenInMenu(page, en.pwa.pageBroken);

    // the menu works from the error screen
    await sideMenu(page).getByRole('link', { name: 'Attendance', exact: true }).click();
    await page.getByRole('heading', { name: /^Attendance - / }).waitFor();
    await page.goBack();
    await errorScreenInMenu(page, en.pwa.pageBroken);

    // opened straight from its address, Go back has nothing behind it: the area's home
    await page.goto('/dashboard/manager/wages');
    await errorScreenInMenu(page, en.pwa.pageBroken);
    await page.getByRole('button', { name: MSG.goBack, exact: true }).click();
    await page.waitForURL('**/dashboard/manager');
    await page.getByRole('heading', { name: `Welcome, ${manager.name}` }).waitFor();
    await context.close();
  });

  test('a public page keeps the site layout around the error screen', async () => {
    const { context, page } = await firstVisit();
    await context.route('**/assets/about-page-*.js', (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: "export default function AboutPage() { throw new Error('broken about page'); }" }),
    );
    await page.goto('/about');
    await page.getByRole('heading', { name: en.pwa.pageBroken }).waitFor();
    await page.getByRole('navigation', { name: en.layout.mainNav }).waitFor();
    await page.getByRole('contentinfo').waitFor();
    await page.getByRole('button', { name: MSG.goBack, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});

test.describe('missing files', () => {
  test('/assets/nope.js answers 404, never the page', async () => {
    const response = await fetch(`${app.baseUrl}/assets/nope.js`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type') ?? '').not.toContain('text/html');
  });
});
