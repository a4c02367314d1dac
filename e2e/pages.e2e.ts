import { gzipSync } from 'node:zlib';
import { expect, REDIRECTING, START_TIMEOUT, test } from './fixtures.js';
import type { Browser, Page } from '@playwright/test';
import { MSG } from '../src/shared/messages.js';
import { DESKTOP, horizontalOverflow, motionSettled, openPage, PHONE, screenshot, startApp, submitLogin, type Account, type RunningApp } from './harness.js';

const manager: Account = { name: 'Asha Nair', email: 'asha@example.com', password: 'S3cure-pass', role: 'manager' };
const admin: Account = { name: 'Meera Das', email: 'meera@example.com', password: 'Admin-pass-1', role: 'admin' };
const supervisor: Account = { name: 'Ravi Kumar', email: 'ravi@example.com', password: 'Platform-4-pass', role: 'supervisor', work: 'mcc' };

let app: RunningApp;
let browser: Browser;

test.beforeAll(async ({ browser: chromium }) => {
  test.setTimeout(START_TIMEOUT);
  browser = chromium;
  app = await startApp([manager, admin, supervisor]);
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

/**
 * The chunk a built file belongs to (vite.chunks.ts, decision 0029): its name without the
 * hash, '/assets/signed-in-BUeTiVmR.js' → 'signed-in'; a page's own file is named after
 * the page ('manager-dashboard-page').
 */
const chunkOf = (file: string): string => new URL(file, 'http://x').pathname.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.(?:js|css)$/, '');

/** The JS and CSS files the page has fetched so far, by chunk name. */
function chunksLoaded(page: Page, into: Set<string>): void {
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/assets/') && /\.(?:js|css)$/.test(pathname)) into.add(chunkOf(pathname));
  });
}

/** The files index.html names (the entry: the same on every page). */
async function entryFiles(): Promise<Set<string>> {
  const html = await (await fetch(`${app.baseUrl}/`)).text();
  return new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!));
}

/** The chunks of the entry, by name. */
async function entryChunks(): Promise<Set<string>> {
  return new Set([...(await entryFiles())].map(chunkOf));
}

/** What a list of chunk names holds beyond the allowed ones. */
const beyond = (loaded: Set<string>, allowed: Set<string>, ...more: string[]): string[] => [...loaded].filter((name) => !allowed.has(name) && !more.includes(name)).sort();

/** The signed-in areas' chunks, which no public page may load (not even at its first tap). */
const SIGNED_IN_CODE = /^(?:signed-in|shared|libs|dashboard|overlays|user-area|live-duty-page|manager|admin)(?:-|$)/;

/** A phone signed in as an account (the session the sign-in page stores), with no service worker: a cold first visit. */
async function signedInPhone(account: Account) {
  const answer = await fetch(`${app.baseUrl}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: account.email, password: account.password }) });
  expect(answer.status).toBe(200);
  const { user, token } = (await answer.json()) as { user: unknown; token: string };
  return browser.newContext({
    baseURL: app.baseUrl,
    viewport: PHONE,
    locale: 'en-IN',
    serviceWorkers: 'block',
    storageState: { cookies: [], origins: [{ origin: app.baseUrl, localStorage: [{ name: 'auth', value: JSON.stringify({ user, token }) }] }] },
  });
}

/**
 * The JS and CSS files a page fetched before its first screen was ready (`ready` answers
 * performance.now() once it is), read from the page's Resource Timing. The toaster is
 * left out: it loads at the first tap or a few seconds after the start (main.tsx), for
 * the toasts, not for the first screen.
 */
async function filesToFirstScreen(page: Page, path: string, ready: () => number | false): Promise<string[]> {
  await page.goto(path, { waitUntil: 'commit' });
  const readyAt = (await (await page.waitForFunction(ready, undefined, { timeout: 60_000 })).jsonValue()) as number;
  const files = await page.evaluate(
    (until) =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime <= until)
        .map((entry) => new URL(entry.name).pathname)
        .filter((pathname) => pathname.startsWith('/assets/') && /\.(?:js|css)$/.test(pathname)),
    readyAt,
  );
  return files.filter((file) => chunkOf(file) !== 'toaster');
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
    expect(await response.json()).toEqual({ msg: MSG.notFound, code: 'notFound' });
  });
});

test.describe('layout', () => {
  test('public pages load no signed-in code, not even at their first tap (the toaster)', async () => {
    const { context, page } = await openPage(browser, app);
    const chunks = new Set<string>();
    chunksLoaded(page, chunks);
    const entry = await entryChunks();
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(beyond(chunks, entry)).toEqual([]);
    // the first tap or key press loads the toaster (main.tsx) with what it needs (`ui`: its
    // buttons, portal and transitions, which the signed-in screens share without the toaster)
    const toaster = page.waitForRequest(/\/assets\/toaster-/);
    await page.keyboard.press('Shift');
    await toaster;
    await page.waitForLoadState('networkidle');
    expect(beyond(chunks, entry, 'toaster', 'ui')).toEqual([]);
    // the public pages: their own file and what they share
    for (const path of ['/about', '/contact', '/policy']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    expect(beyond(chunks, entry, 'toaster', 'ui', 'about-page', 'contact-page', 'policy-page', 'public')).toEqual([]);
    expect([...chunks].filter((name) => SIGNED_IN_CODE.test(name))).toEqual([]);
    await context.close();
  });

  test("the sign-in page loads its own code, the form's when it is used, and the supervisor's home while idle, nothing of the office", async () => {
    const { context, page } = await openPage(browser, app);
    const chunks = new Set<string>();
    chunksLoaded(page, chunks);
    const entry = await entryChunks();
    // issue 15: the sign-in page prefetches the supervisor's first screen (decision 0023)
    const home = Promise.all([page.waitForRequest(/\/assets\/user-area-/), page.waitForRequest(/\/assets\/live-duty-page-/)]);
    await page.goto('/login');
    await home;
    // typing loads the sign-in form's code (its rules in `forms` and /auth calls, with what later
    // screens share: libs, shared) and the toaster
    await page.getByLabel(/^Email/).fill('someone@example.com');
    await page.waitForLoadState('networkidle');
    const own = ['login-page', 'public'];
    const form = ['auth', 'error-text', 'field-errors', 'forms', 'libs', 'shared', 'toaster', 'ui'];
    const supervisorHome = ['user-area', 'live-duty-page', 'signed-in'];
    expect(beyond(chunks, entry, ...own, ...form, ...supervisorHome)).toEqual([]);
    expect([...chunks].filter((name) => /^(?:manager|admin)(?:-|$)/.test(name))).toEqual([]);
    await context.close();
  });

  test("the sign-in page of a device where a manager signed in last fetches the manager's dashboard while idle, not the supervisor's home", async () => {
    const { context, page } = await openPage(browser, app);
    await page.addInitScript(() => window.localStorage.setItem('dutyroll.lastRole', '1'));
    const scripts: string[] = [];
    scriptsLoaded(page, scripts);
    const chunks = new Set<string>();
    chunksLoaded(page, chunks);
    const entry = await entryChunks();
    const area = page.waitForRequest(/\/assets\/manager-area-/);
    const dashboard = page.waitForRequest(/\/assets\/manager-dashboard-page-/);
    await page.goto('/login');
    await Promise.all([area, dashboard]);
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((file) => /user-area|live-duty-page|admin/.test(file))).toEqual([]);
    // the manager's first screen: the area, the dashboard and its figures, what the first screens share and the toaster
    expect(beyond(chunks, entry, 'login-page', 'public', 'manager-area', 'manager-dashboard-page', 'dashboard', 'signed-in', 'ui', 'toaster')).toEqual([]);
    await context.close();
  });

  test("the supervisor's first screen needs at most 8 JS/CSS files beyond the entry, the manager's dashboard at most 250 KB of gzipped JavaScript", async ({}, testInfo) => {
    const entry = await entryFiles();
    const supervisorPhone = await signedInPhone(supervisor);
    const liveList = await filesToFirstScreen(await supervisorPhone.newPage(), '/dashboard/user', () => {
      const text = document.body.innerText;
      return text.includes('No live trains available for') && !text.includes('Loading...') ? performance.now() : false;
    });
    await supervisorPhone.close();
    const supervisorBeyond = liveList.filter((file) => !entry.has(file)).map(chunkOf).sort();
    testInfo.annotations.push({ type: '/dashboard/user beyond the entry', description: supervisorBeyond.join(' ') });
    // issue 15: the area and the live list, the first screens' code, the later screens' shared code
    expect(supervisorBeyond.length, supervisorBeyond.join(' ')).toBeLessThanOrEqual(8);

    const managerPhone = await signedInPhone(manager);
    const dashboard = await filesToFirstScreen(await managerPhone.newPage(), '/dashboard/manager', () =>
      document.querySelector('h1') && document.querySelector('[aria-busy="false"]') && !document.querySelector('[aria-busy="true"]') ? performance.now() : false,
    );
    await managerPhone.close();
    let gzipped = 0;
    for (const file of new Set(dashboard.filter((name) => name.endsWith('.js')))) gzipped += gzipSync(Buffer.from(await (await fetch(`${app.baseUrl}${file}`)).arrayBuffer())).length;
    testInfo.annotations.push({ type: '/dashboard/manager JS', description: `${(gzipped / 1024).toFixed(1)} KB gzipped: ${[...new Set(dashboard.map(chunkOf))].join(' ')}` });
    // issue 15: none of the later screens' code (forms, zod, the supervisor's screens); issue 25: within 250 KB
    expect(dashboard.map(chunkOf).filter((name) => /^(?:libs|shared|live-duty-page)(?:-|$)/.test(name))).toEqual([]);
    expect(gzipped).toBeLessThanOrEqual(250 * 1024);
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

  test('the manager menu becomes a drawer at 360 px', async ({ signedIn }) => {
    const { context, page } = await openPage(browser, app, PHONE);
    await signedIn(page, manager);
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
      await page.getByText(REDIRECTING).waitFor();
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
