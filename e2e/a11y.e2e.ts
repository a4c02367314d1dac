/**
 * Legible outdoors (issue 15 item 3): axe-core (WCAG 2.2 A/AA and best practices) on every
 * main screen of each role and the public pages, at phone and desktop widths, with data in
 * the tables and the main dialogs open; and 44 × 44 px touch targets on the supervisor's
 * phone screens. Each screen's findings are collected, so one run lists them all.
 */
import { expect, START_TIMEOUT, test } from './fixtures.js';
import type { Browser, Page } from '@playwright/test';
import { MSG } from '../src/shared/messages.js';
import { axeViolations, describeViolations, smallTargets } from './axe.js';
import { callApi, DESKTOP, motionSettled, openPage, PHONE, screenshot, startApp, type Account, type RunningApp } from './harness.js';

const manager: Account = { name: 'Asha Nair', email: 'asha@example.com', password: 'S3cure-pass', role: 'manager' };
const supervisor: Account = { name: 'Joseph Thomas', email: 'joseph@example.com', password: 'Coach-pass-22', role: 'supervisor', work: 'acca' };
const admin: Account = { name: 'Meera Iyer', email: 'meera@example.com', password: 'Admin-pass-77', role: 'admin' };

let app: RunningApp;
let browser: Browser;
let workerId: string;
let liveDutyId: string;
let doneDutyId: string;

const call = <T>(method: string, path: string, token: string | null, body?: unknown) => callApi<T>(app, method, path, token, body);
const apiLogin = async (account: Account) => (await call<{ token: string }>('POST', '/auth/login', null, { email: account.email, password: account.password })).token;

test.beforeAll(async ({ browser: chromium }) => {
  test.setTimeout(START_TIMEOUT);
  browser = chromium;
  app = await startApp([manager, supervisor, admin]);
  const token = await apiLogin(manager);
  const worker = async (name: string, n: number) =>
    (await call<{ worker: { _id: string } }>('POST', '/worker/create-worker', token, { name, work: 'acca', phone: `984700000${n}`, aadhar: `40000000000${n}`, designation: 'Cleaning Staff' })).worker._id;
  workerId = await worker('Leela Das', 1);
  const crew = [workerId, await worker('Mohan Pillai', 2)];
  const { supervisor: supervisors } = await call<{ supervisor: { _id: string; name: string }[] }>('GET', '/auth/getsupervisor', token);
  const supervisorId = supervisors.find((s) => s.name === supervisor.name)!._id;
  const duty = async (trainno: string) =>
    (await call<{ duty: { _id: string } }>('POST', '/mcctrain/create-mcctrain', token, { work: 'acca', trainno, supervisor: supervisorId, totalcoach: 10, type: 'Primary', workers: crew, suppliedBedsheet: 40 })).duty._id;
  liveDutyId = await duty('22640');
  doneDutyId = await duty('22641');
  await call('PUT', `/mcctrain/update-mcctrain/${doneDutyId}`, token, { status: 'completed', returnedBedsheet: 38 });
});

test.afterAll(async () => {
  await app?.stop();
});

type Width = { width: number; height: number };
const widths: [string, Width][] = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
];

/**
 * The page has drawn its heading, loaded its data (no skeleton, busy table, spinner —
 * PageLoader's, or a Mantine Loader in the page — or page-loading bar left; the chat's
 * live stream never lets the network idle) and stopped moving.
 */
async function settled(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForFunction(
    () => !document.querySelector('.mantine-Skeleton-root, [aria-busy="true"], main .mantine-Loader-root:not(button *), [data-page-loader], [role="progressbar"][aria-label="Loading page"]'),
  );
  await motionSettled(page);
}

/** axe on the page as it is; the findings as text (empty when clean), counted in `tally`. */
async function check(page: Page, label: string, tally: Map<string, number>): Promise<string[]> {
  const violations = await axeViolations(page);
  for (const v of violations) tally.set(v.id, (tally.get(v.id) ?? 0) + v.nodes.length);
  return violations.length ? [describeViolations(label, violations)] : [];
}

function report(role: string, tally: Map<string, number>): void {
  const total = [...tally.values()].reduce((a, b) => a + b, 0);
  console.log(`A11Y ${role}: ${total} violation node(s) ${JSON.stringify(Object.fromEntries(tally))}`);
}

/** A path without its query and trailing record id: two paths of one screen look alike. */
const screenOf = (path: string) => path.split('?')[0]!.replace(/\/[0-9a-f-]{36}$/, '/:id');

/**
 * Opens `path` as the app's own links do, without loading the page again (the app and axe
 * stay loaded: a fresh load of each screen was most of this file's time), then waits for
 * the new screen's heading. A path of the screen already shown (another record's details) is
 * loaded afresh, as a new heading could not tell it apart.
 */
async function navigate(page: Page, path: string, from: string | null): Promise<void> {
  if (from === null || screenOf(from) === screenOf(path)) {
    await page.goto(path);
    return;
  }
  await page.evaluate(() => {
    for (const heading of document.querySelectorAll('h1')) (heading as unknown as { shown?: boolean }).shown = true;
  });
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForFunction(() => [...document.querySelectorAll('h1')].some((heading) => !(heading as unknown as { shown?: boolean }).shown));
}

/** Visits each path, runs axe there, and takes a screenshot to look at. */
async function visitAll(page: Page, name: string, paths: string[], tally: Map<string, number>): Promise<string[]> {
  const failures: string[] = [];
  let from: string | null = null;
  for (const path of paths) {
    await navigate(page, path, from);
    from = path;
    await settled(page);
    failures.push(...(await check(page, `${name} ${path}`, tally)));
    await screenshot(page, `a11y-${name}${path.replace(/[/:?=]/g, '_')}`);
  }
  return failures;
}

const publicPaths = ['/', '/login', '/forget', '/about', '/contact', '/policy', '/registerygigyictgyjutgtyjuctyuccftyutucfyj', '/no/such/page'];
const supervisorPaths = () => ['/dashboard/user', '/dashboard/user/addduty', '/dashboard/user/completedduty', `/dashboard/user/traindetails/${liveDutyId}`, '/dashboard/user/connect'];
/** This month in the company's zone (IST), as the server dates the duties. */
const thisMonth = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
/** The manager's screens in two halves, each its own test: the day's work, and the office's. */
const managerDayPaths = () => [
  '/dashboard/manager',
  '/dashboard/manager/addwork',
  '/dashboard/manager/livework',
  '/dashboard/manager/completed',
  `/dashboard/manager/traindetail/${doneDutyId}`,
  `/dashboard/manager/traindetail/${liveDutyId}`,
  '/dashboard/manager/connect',
];
const managerOfficePaths = () => [
  '/dashboard/manager/addworkers',
  '/dashboard/manager/addsupervisors',
  '/dashboard/manager/staffdetails',
  `/dashboard/manager/editstaff/${workerId}`,
  '/dashboard/manager/addworkerss',
  '/dashboard/manager/attendance?work=acca',
  '/dashboard/manager/wages?work=acca',
  '/dashboard/manager/bills',
  '/dashboard/manager/addbills',
  // this month's draft, which holds the duties above (the page opens on the last month by default)
  `/dashboard/manager/payroll?work=acca&month=${thisMonth()}`,
  `/dashboard/manager/payroll/register?work=acca&month=${thisMonth()}`,
  `/dashboard/manager/bills/draft?work=acca&month=${thisMonth()}`,
];
const adminPaths = () => [
  '/dashboard/admin',
  '/dashboard/admin/accounts',
  '/dashboard/admin/states',
  '/dashboard/admin/company',
  '/dashboard/admin/norms',
  '/dashboard/admin/contracts',
  '/dashboard/admin/audit',
  '/dashboard/admin/payroll-settings',
  '/dashboard/admin/holidays',
  '/dashboard/admin/addworkers',
  '/dashboard/admin/addsupervisors',
  `/dashboard/admin/Live-train/${liveDutyId}`,
];

/** Opens `path`, taps the first button whose name starts with `button`, and checks the dialog it opens. */
async function checkDialog(page: Page, path: string, button: string, label: string, tally: Map<string, number>): Promise<string[]> {
  await page.goto(path);
  await settled(page);
  await page.getByRole('button', { name: new RegExp(`^${button}`) }).first().click();
  await page.getByRole('dialog').waitFor();
  await motionSettled(page);
  return check(page, label, tally);
}

for (const [name, viewport] of widths) test.describe(`axe at ${name} width`, () => {
  test('public pages, the sign-in pages and the redirect screen', async () => {
    const { context, page } = await openPage(browser, app, viewport);
    const tally = new Map<string, number>();
    const failures = await visitAll(page, `${name}-public`, publicPaths, tally);
    // the access-guard screen a signed-out visitor sees on a dashboard address
    await page.goto('/dashboard/user');
    await page.getByText(/Redirecting you in/).waitFor();
    failures.push(...(await check(page, `${name} redirect screen`, tally)));
    report(`${name} public`, tally);
    expect(failures).toEqual([]);
    await context.close();
  });

  test('supervisor screens and the acca Mark as Completed dialog', async ({ signedIn }) => {
    const { context, page } = await openPage(browser, app, viewport);
    const tally = new Map<string, number>();
    await signedIn(page, supervisor);
    const failures = await visitAll(page, `${name}-supervisor`, supervisorPaths(), tally);
    failures.push(...(await checkDialog(page, '/dashboard/user', MSG.markAsCompleted, `${name} acca dialog`, tally)));
    await screenshot(page, `a11y-${name}-supervisor-acca-dialog`);
    if (viewport.width < 768) {
      // the phone's menu drawer, open
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: /^Open / }).click();
      await page.getByRole('dialog').getByRole('link', { name: 'Live Duty' }).waitFor();
      await motionSettled(page);
      failures.push(...(await check(page, `${name} menu drawer`, tally)));
    }
    report(`${name} supervisor`, tally);
    expect(failures).toEqual([]);
    await context.close();
  });

  test('manager screens of the day\'s work and the delete confirmation', async ({ signedIn }) => {
    const { context, page } = await openPage(browser, app, viewport);
    const tally = new Map<string, number>();
    await signedIn(page, manager);
    const failures = await visitAll(page, `${name}-manager`, managerDayPaths(), tally);
    failures.push(...(await checkDialog(page, `/dashboard/manager/traindetail/${liveDutyId}`, MSG.delete, `${name} delete confirmation`, tally)));
    await screenshot(page, `a11y-${name}-manager-delete-dialog`);
    report(`${name} manager (day)`, tally);
    expect(failures).toEqual([]);
    await context.close();
  });

  test('manager screens of the office: staff, attendance, wages and bills', async ({ signedIn }) => {
    const { context, page } = await openPage(browser, app, viewport);
    const tally = new Map<string, number>();
    await signedIn(page, manager);
    const failures = await visitAll(page, `${name}-manager`, managerOfficePaths(), tally);
    report(`${name} manager (office)`, tally);
    expect(failures).toEqual([]);
    await context.close();
  });

  test('admin screens', async ({ signedIn }) => {
    const { context, page } = await openPage(browser, app, viewport);
    const tally = new Map<string, number>();
    await signedIn(page, admin);
    const failures = await visitAll(page, `${name}-admin`, adminPaths(), tally);
    report(`${name} admin`, tally);
    expect(failures).toEqual([]);
    await context.close();
  });
});

test.describe('touch targets', () => {
  test('every control on the supervisor\'s phone screens is at least 44 × 44 px', async ({ signedIn }) => {
    const { context, page } = await openPage(browser, app, PHONE);
    await signedIn(page, supervisor);
    const failures: string[] = [];
    for (const path of supervisorPaths()) {
      await page.goto(path);
      await settled(page);
      const small = await smallTargets(page, 44);
      if (small.length) failures.push(`${path}: ${small.map((t) => `${t.what} ${t.width}×${t.height}`).join('; ')}`);
    }
    // Add Duty with a worker chosen: the crew chip and its remove button, and the acca dialog
    await page.goto('/dashboard/user/addduty');
    await settled(page);
    await page.getByRole('checkbox', { name: /Leela Das/ }).click();
    await page.getByRole('button', { name: /Leela Das/ }).waitFor();
    const withChip = await smallTargets(page, 44);
    if (withChip.length) failures.push(`Add Duty with a worker chosen: ${withChip.map((t) => `${t.what} ${t.width}×${t.height}`).join('; ')}`);
    await screenshot(page, 'a11y-phone-supervisor-addduty-chip');
    await page.goto('/dashboard/user');
    await settled(page);
    await page.getByRole('button', { name: new RegExp(`^${MSG.markAsCompleted}`) }).first().click();
    await page.getByRole('dialog').waitFor();
    await motionSettled(page);
    const inDialog = await smallTargets(page, 44);
    if (inDialog.length) failures.push(`acca dialog: ${inDialog.map((t) => `${t.what} ${t.width}×${t.height}`).join('; ')}`);
    console.log(`A11Y targets: ${failures.length} supervisor screen(s) with small targets`);
    expect(failures).toEqual([]);
    await context.close();
  });
});

test.describe('keyboard', () => {
  test('Skip to content is the first stop; after a navigation focus is on the new page\'s heading', async ({ signedIn }) => {
    const { context, page } = await openPage(browser, app, DESKTOP);
    await signedIn(page, supervisor);
    // a fresh load: the first Tab from the top of the page
    await page.reload();
    await settled(page);
    await page.keyboard.press('Tab');
    await page.waitForFunction(() => document.activeElement?.textContent === 'Skip to content');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    // a link in the side menu: focus leaves the menu for the new page's h1
    await page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'Completed Duty' }).click();
    await page.waitForURL('**/dashboard/user/completedduty');
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1' && document.activeElement.closest('main') !== null);
    // the same from the phone's menu drawer
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: /Open Menu/ }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Add Duty' }).click();
    await page.waitForURL('**/dashboard/user/addduty');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    await context.close();
  });

  test('the wage register\'s scrolling table takes keyboard focus', async ({ signedIn }) => {
    const { context, page } = await openPage(browser, app, PHONE);
    await signedIn(page, manager);
    await page.goto('/dashboard/manager/wages?work=acca');
    await settled(page);
    const region = page.getByRole('region', { name: MSG.wageRegister });
    expect(await region.getAttribute('tabindex')).toBe('0');
    await region.focus();
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'region');
    await context.close();
  });
});
