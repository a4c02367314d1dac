import { expect, START_TIMEOUT, test } from './fixtures.js';
import type { Browser, Page } from '@playwright/test';
import { WORK_TYPE_SELECT_LABELS } from '../src/shared/work-types.js';
import hi from '../src/web/i18n/locales/hi.json' with { type: 'json' };
import ml from '../src/web/i18n/locales/ml.json' with { type: 'json' };
import { clippedTexts, callApi, DESKTOP, openPage, realErrors, screenshot, startApp, type Account, type RunningApp } from './harness.js';

/**
 * The admin's screens and the team chat in Hindi and Malayalam (issue 14 part 3): with the
 * device's language set, an admin goes through the dashboard, accounts (with the create
 * dialog, its field errors and a confirm dialog), states, company profile, staffing norms
 * (saving one), contract terms, the audit trail and a duty's page; a manager opens
 * Connect and sends a message. On every screen no English word is left, except SPEC's
 * fixed names and the data this journey made.
 */

const admin: Account = { name: 'Meera Das', email: 'meera@example.com', password: 'Admin-pass-1', role: 'admin' };
const manager: Account = { name: 'Asha Nair', email: 'asha@example.com', password: 'S3cure-pass', role: 'manager' };
const supervisor: Account = { name: 'Ravi Kumar', email: 'ravi@example.com', password: 'Platform-4-pass', role: 'supervisor', work: 'mcc' };
const WORKER = { name: 'Suresh Babu', work: 'mcc', phone: '9847000001', aadhar: '400000000001', designation: 'Cleaning Staff' };
const TRAIN = '12625';

const CATALOGUES = { hi, ml } as const;
type Code = keyof typeof CATALOGUES;

let app: RunningApp;
let browser: Browser;
let dutyId: string;
/** Words of the data on screen: names, e-mails, the states list, the duty's crew. */
const dataWords = new Set<string>();

const words = (text: string) => text.match(/[A-Za-z]{3,}/g) ?? [];
const call = <T>(method: string, path: string, token: string | null, body?: unknown) => callApi<T>(app, method, path, token, body);

async function apiLogin(account: Account): Promise<{ token: string; user: unknown }> {
  return call<{ token: string; user: unknown }>('POST', '/auth/login', null, { email: account.email, password: account.password });
}

test.beforeAll(async ({ browser: chromium }) => {
  test.setTimeout(START_TIMEOUT);
  browser = chromium;
  app = await startApp([admin, manager, supervisor]);
  // a duty for the duty page and the audit trail, added by the manager through the API
  const { token } = await apiLogin(manager);
  const { worker } = await call<{ worker: { _id: string; empid: string } }>('POST', '/worker/create-worker', token, WORKER);
  const { supervisor: supervisors } = await call<{ supervisor: { _id: string; name: string }[] }>('GET', '/auth/getsupervisor', token);
  const { duty } = await call<{ duty: { _id: string } }>('POST', '/mcctrain/create-mcctrain', token, {
    work: 'mcc',
    trainno: TRAIN,
    totalcoach: '10',
    type: 'Primary',
    supervisor: supervisors.find((s) => s.name === supervisor.name)?._id,
    workers: [worker._id],
  });
  dutyId = duty._id;
  const { state } = await call<{ state: { name: string }[] }>('GET', '/states/get-states', token);
  for (const text of [admin.name, admin.email, manager.name, manager.email, supervisor.name, supervisor.email, WORKER.name, worker.empid, ...state.map((s) => s.name)]) {
    for (const word of words(text)) dataWords.add(word);
  }
});

test.afterAll(async () => {
  await app?.stop();
});

/** SPEC's fixed names of the work types (SPEC §1), which stay as they are in every language. */
const FIXED_NAMES = new Set(Object.values(WORK_TYPE_SELECT_LABELS).flatMap(words));
/** The product's name, in the document title. */
const PRODUCT = new Set(['Dutyroll']);
/** Image formats, named as they are in every language (the catalogue test allows them in messages.logoHint). */
const FILE_FORMATS = new Set(['PNG', 'JPEG', 'WebP', 'SVG']);

/**
 * Every English word the reader would meet in what the feature draws: the visible text,
 * and the placeholder, aria-label, title and alt of visible elements, of `main` (the page
 * and, where asked, the links of the area's side menu), open dialogs, menus and toasts, and the
 * document's title. Stored data the page marks translate="no" (the audit trail's recorded
 * field names and values) is left out, as are the top bar and the footer (the layout's).
 */
async function englishLeft(page: Page, options: { withSideMenu: boolean }): Promise<string[]> {
  const texts = await page.evaluate(({ withSideMenu }) => {
    const roots = [
      document.querySelector('main'),
      ...document.querySelectorAll('[role="dialog"], [role="menu"], [role="listbox"], .mantine-Notifications-root'),
    ].filter((root): root is Element => root !== null);
    // stored data the page marks as such, and (on the chat page) the area's side menu
    const outside = (element: Element) => element.closest('[translate="no"]') !== null || (!withSideMenu && element.closest('aside') !== null);
    const shown = (element: Element) => element.checkVisibility({ visibilityProperty: true, opacityProperty: true });
    const found: string[] = [document.title];
    for (const root of roots) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        // a text box's words are what was typed (data), not the page's
        if (!parent || parent.closest('script, style, textarea') || outside(parent) || !shown(parent)) continue;
        if (node.textContent?.trim()) found.push(node.textContent.trim());
      }
      for (const element of [root, ...root.querySelectorAll('[placeholder], [aria-label], [title], [alt]')]) {
        // the side menu's links are the area's, its own labels ('Side menu') the layout's
        if (outside(element) || element.closest('aside') || !shown(element)) continue;
        for (const name of ['placeholder', 'aria-label', 'title', 'alt']) {
          const value = element.getAttribute(name);
          if (value?.trim()) found.push(value.trim());
        }
      }
    }
    return found;
  }, options);
  const left: string[] = [];
  for (const text of texts) {
    for (const word of words(text)) {
      if (!FIXED_NAMES.has(word) && !PRODUCT.has(word) && !FILE_FORMATS.has(word) && !dataWords.has(word)) left.push(`${word} (in "${text.trim()}")`);
    }
  }
  return [...new Set(left)];
}

async function expectNoEnglish(page: Page, screen: string, options = { withSideMenu: true }): Promise<void> {
  await screenshot(page, `i18n-admin/${screen}`, { withToasts: true });
  expect.soft(await englishLeft(page, options), `English left on ${screen}`).toEqual([]);
}

/** A page with this device's language set and the account signed in (its session stored, as the sign-in page stores it). */
async function openAs(account: Account, code: Code) {
  const session = await apiLogin(account);
  const opened = await openPage(browser, app, DESKTOP);
  await opened.context.addInitScript(
    ([language, stored]) => {
      localStorage.setItem('dutyroll.language', language);
      if (!localStorage.getItem('auth')) localStorage.setItem('auth', stored);
    },
    [code, JSON.stringify({ user: session.user, token: session.token })] as const,
  );
  return opened;
}

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name]));

for (const code of ['hi', 'ml'] as const) test.describe(`in ${code}`, () => {
  const t = CATALOGUES[code].admin;
  const expectedLang = code;

  test("the admin's screens have no English left but SPEC's names and the data", async () => {
    const { context, page, errors } = await openAs(admin, code);
    await page.goto('/dashboard/admin');
    await page.waitForFunction((lang) => document.documentElement.lang === lang, expectedLang);
    const shortcuts = page.getByRole('navigation', { name: t.dashboard.shortcutsLabel });
    await shortcuts.getByRole('link', { name: new RegExp(`^${t.menu.accounts}\\s*3`) }).waitFor();
    await shortcuts.getByText(fill(t.dashboard.admins_one, { count: 1 })).waitFor();
    await expect(page).toHaveTitle(t.dashboard.documentTitle);
    await expectNoEnglish(page, `${code}-dashboard`);

    // the side menu's links by address: the shell is the layout's
    const menu = (path: string) => page.locator(`aside nav a[href="/dashboard/admin${path}"]`);
    await expect.poll(() => menu('/accounts').innerText()).toBe(t.menu.accounts);
    await menu('/accounts').click();
    await page.waitForURL('**/dashboard/admin/accounts');
    await page.getByRole('cell', { name: supervisor.email }).waitFor();
    await page.getByRole('cell', { name: t.roles.supervisor, exact: true }).waitFor();
    await expectNoEnglish(page, `${code}-accounts`);
    // issue 28: at 1366 px each account's status badge shows its whole word
    await page.setViewportSize({ width: 1366, height: 800 });
    const badges = page.locator('tbody').getByText(t.accounts.enabled, { exact: true });
    await badges.first().waitFor();
    expect(await clippedTexts(page.locator('tbody .mantine-Badge-root'))).toEqual([]);

    // the actions menu and its confirm dialog
    await page.getByRole('button', { name: fill(t.accounts.actionsFor, { name: supervisor.name }) }).click();
    await page.getByRole('menuitem', { name: t.accounts.disable }).waitFor();
    await expectNoEnglish(page, `${code}-account-actions`);
    await page.getByRole('menuitem', { name: t.accounts.disable }).click();
    const confirm = page.getByRole('dialog', { name: fill(t.accounts.confirm.disableTitle, { name: supervisor.name }) });
    await confirm.getByText(t.accounts.confirm.disableText).waitFor();
    await expectNoEnglish(page, `${code}-account-disable`);
    await confirm.getByRole('button', { name: t.accounts.disable }).waitFor();
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });

    // the create dialog, with the shared schema's field errors
    await page.getByRole('button', { name: t.accounts.createAccount }).click();
    const create = page.getByRole('dialog', { name: t.createAccount.title });
    await create.getByRole('button', { name: t.accounts.createAccount }).click();
    await create.getByText(fill(t.createAccount.passwordHint, { min: 8 })).waitFor();
    await expect.poll(() => create.locator('[aria-invalid="true"]').count()).toBeGreaterThan(0);
    await expectNoEnglish(page, `${code}-create-account`);
    await page.keyboard.press('Escape');
    await create.waitFor({ state: 'detached' });

    await menu('/states').click();
    await page.waitForURL('**/dashboard/admin/states');
    await page.getByPlaceholder(t.states.addPlaceholder).waitFor();
    await page.getByRole('button', { name: fill(t.states.renameAria, { name: 'Kerala' }) }).waitFor();
    await expectNoEnglish(page, `${code}-states`);

    await menu('/company').click();
    await page.getByRole('button', { name: t.company.save }).waitFor();
    await page.getByText(fill(t.company.testimonial, { number: 1 })).waitFor();
    await expectNoEnglish(page, `${code}-company`);

    // a staffing norm saved: its toast, and an entry for the audit trail
    await menu('/norms').click();
    const mcc = page.getByRole('textbox', { name: fill(t.norms.perCoachFor, { work: 'MCC' }) });
    // each language's run saves its own value (they share one server)
    const norm = code === 'hi' ? { perCoach: '0.5', staff: 10 } : { perCoach: '0.4', staff: 8 };
    await expect.poll(() => mcc.inputValue()).not.toBe('');
    await mcc.fill(norm.perCoach);
    await page.getByText(fill(t.norms.example, { coaches: 20, staff: norm.staff })).waitFor();
    await page.getByRole('button', { name: fill(t.norms.savePerCoachFor, { work: 'MCC' }) }).click();
    await page.locator('.mantine-Notification-root').getByText(new RegExp(`: MCC ${norm.perCoach.replace('.', '\\.')}$`)).waitFor();
    await expectNoEnglish(page, `${code}-norms`);

    await menu('/contracts').click();
    await page.getByRole('button', { name: t.contractTerms.save }).waitFor();
    await expectNoEnglish(page, `${code}-contracts`);

    await menu('/audit').click();
    const trail = page.getByRole('table', { name: t.menu.audit });
    await trail.getByText(t.audit.actions.norm.update).first().waitFor();
    await trail.getByText(t.audit.actions.duty.create).waitFor();
    await expectNoEnglish(page, `${code}-audit`);
    // the date range picker's calendar: month and weekday names in the reader's language
    await page.getByRole('button', { name: t.audit.dates }).click();
    const calendar = page.getByRole('dialog');
    await calendar.locator('table').first().waitFor();
    await expectNoEnglish(page, `${code}-audit-dates`);
    await page.keyboard.press('Escape');
    await calendar.waitFor({ state: 'detached' });

    await page.goto(`/dashboard/admin/Live-train/${dutyId}`);
    await page.getByRole('heading', { name: fill(t.liveTrain.train, { trainno: TRAIN }) }).waitFor();
    // the duty's status among its details (the history below shows it too, translated, issue 28)
    await page.locator('dl').getByText(t.liveTrain.statuses.processing).waitFor();
    await page.getByRole('table', { name: t.liveTrain.history }).getByText(t.audit.actions.duty.create).waitFor();
    await expectNoEnglish(page, `${code}-live-train`);

    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  test('Connect has no English left but the data, and a sent message shows in the company time', async () => {
    const { context, page, errors } = await openAs(manager, code);
    const streamOpened = page.waitForResponse((response) => response.url().includes('/api/v1/chat/stream') && response.status() === 200, { timeout: 15_000 });
    await page.goto('/dashboard/manager/connect');
    await page.waitForFunction((lang) => document.documentElement.lang === lang, expectedLang);
    await streamOpened;
    const text = `${code === 'hi' ? 'प्लेटफ़ॉर्म 4 पर ट्रेन' : 'പ്ലാറ്റ്ഫോം 4-ൽ ട്രെയിൻ'} ${TRAIN}`;
    const log = page.getByRole('log');
    const box = page.locator('main form textarea');
    await box.fill(text);
    await box.press('Enter');
    const bubble = log.getByTestId('chat-message').filter({ hasText: text });
    await bubble.waitFor();
    // its time and day as the company tells them, in the reader's language (the browser's own Intl)
    const sentAt = (await bubble.locator('time').getAttribute('datetime')) ?? '';
    const { timeZone } = await call<{ timeZone: string }>('GET', '/company-profile', null);
    const expected = await page.evaluate(
      ([iso, zone, locale]) => ({
        time: new Intl.DateTimeFormat(locale, { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(new Date(iso)),
        day: new Intl.DateTimeFormat(locale, { timeZone: zone, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso)),
      }),
      [sentAt, timeZone, `${code}-IN`] as const,
    );
    expect(await bubble.locator('time').innerText()).toBe(expected.time);
    await log.getByText(expected.day, { exact: true }).waitFor();
    // the chat's own content; the area's side menu is the manager area's
    await expectNoEnglish(page, `${code}-chat`, { withSideMenu: false });
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });
});
