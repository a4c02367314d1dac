import { expect, START_TIMEOUT, test } from './fixtures.js';
import type { Browser, Page } from '@playwright/test';
import { BULK_HEADERS } from '../src/server/modules/staff/bulk-import.service.js';
import { maskAadhar } from '../src/shared/staff.js';
import { WORK_TYPE_SELECT_LABELS } from '../src/shared/work-types.js';
import { DEFAULT_COMPANY_PROFILE } from '../src/shared/company-profile-defaults.js';
import hi from '../src/web/i18n/locales/hi.json' with { type: 'json' };
import ml from '../src/web/i18n/locales/ml.json' with { type: 'json' };
import { callApi, clippedTexts, DESKTOP, openPage, realErrors, screenshot, startApp, type Account, type RunningApp } from './harness.js';

/**
 * A manager who reads Hindi or Malayalam closes a month in their language: the staff list,
 * the Add Worker form with a refused field, the other staff forms, attendance, the wage
 * register, bills (with the bill from duties and its cover page) and the dashboard with its charts show no English word except SPEC's fixed
 * names and the data the manager entered.
 */

const manager: Account = { name: 'Lakshmi Menon', email: 'lakshmi@example.com', password: 'Language-pass-1', role: 'manager' };

let app: RunningApp;
let browser: Browser;
let session: { token: string; user: unknown };
let workerId = '';
/** Every word of the data this journey created (names, Emp IDs, masked Aadhaar numbers, e-mail). */
const dataWords = new Set<string>();

const WORKERS = [
  { name: 'Anil Joseph', aadhar: '234567890123', work: 'laundry', wage: '650' },
  { name: 'Beena Thomas', aadhar: '345678901234', work: 'laundry', wage: '700.50' },
];

function keepWords(text: string) {
  for (const word of text.match(/[A-Za-z]{3,}/g) ?? []) dataWords.add(word);
}

/**
 * Words that stay Latin in every language: SPEC's fixed names (the work types: tabs MCC, ACCA,
 * BIO, PFTR, Laundry, Pit & Yard; selects BIO TOILET, LAUNDRY, PIT & YARD), the product's name
 * in the tab title, and the spreadsheet file types the picker names.
 */
const FIXED = new Set(['MCC', 'ACCA', 'BIO', 'PFTR', 'Laundry', 'Pit', 'Yard', ...Object.values(WORK_TYPE_SELECT_LABELS).flatMap((label) => label.match(/[A-Za-z]{3,}/g) ?? []), 'Dutyroll', 'xlsx', 'xls',
  // the language switch names each language in its own words ('English' stays 'English'), and
  // 'Emp ID' is kept as written in every language (messages.columnEmpId)
  'English', 'Emp',
  // the bulk upload's spreadsheet column names (MSG.bulkColumnsHint): a file's headers, kept as the file must have them
  ...BULK_HEADERS]);


/**
 * The English words a reader meets on the page: the visible text of the signed-in area (menu
 * and page, charts' SVG text included), the names and hints of the page's visible controls
 * (aria-label, placeholder, title; the side menu's frame belongs to the layout) and the tab title.
 */
async function englishWords(page: Page): Promise<string[]> {
  const words = await page.evaluate(() => {
    const main = document.querySelector('main');
    if (!main) return ['<no main>'];
    const texts = [main.innerText, document.title];
    for (const element of main.querySelectorAll('svg text')) texts.push(element.textContent ?? '');
    for (const element of main.querySelectorAll('[aria-label], [placeholder], [title]')) {
      if (element.closest('aside') || !element.checkVisibility()) continue;
      for (const name of ['aria-label', 'placeholder', 'title']) texts.push(element.getAttribute(name) ?? '');
    }
    return texts.join('\n').match(/[A-Za-z]{3,}/g) ?? [];
  });
  return [...new Set(words)].filter((word) => !FIXED.has(word) && !dataWords.has(word));
}

/** Opens a manager's page in `language`, signed in, the choice made before the app loads. */
async function openIn(language: string) {
  const opened = await openPage(browser, app, DESKTOP);
  await opened.context.addInitScript(
    ([code, auth]) => {
      localStorage.setItem('dutyroll.language', code);
      localStorage.setItem('auth', auth);
    },
    [language, JSON.stringify(session)] as const,
  );
  return opened;
}

test.beforeAll(async ({ browser: chromium }) => {
  test.setTimeout(START_TIMEOUT);
  browser = chromium;
  app = await startApp([manager]);
  const login = await callApi<{ token: string; user: unknown }>(app, 'POST', '/auth/login', null, { email: manager.email, password: manager.password });
  session = { token: login.token, user: login.user };
  keepWords(`${manager.name} ${manager.email}`);
  for (const worker of WORKERS) {
    const answer = await callApi<{ worker: { _id: string; empid: string } }>(app, 'POST', '/worker/create-worker', session.token, {
      ...worker,
      phone: `98${worker.aadhar.slice(-8)}`,
      designation: 'Cleaning Staff',
    });
    workerId ||= answer.worker._id;
    // the list shows the Aadhaar number masked (XXXX XXXX 0123), as the server sends it
    keepWords(`${worker.name} ${answer.worker.empid} ${maskAadhar(worker.aadhar)}`);
  }
  // A duty completed today (attendance P, the dashboard's chart) and a live one.
  const duty = await callApi<{ duty?: { _id: string }; train?: { _id: string } }>(app, 'POST', '/mcctrain/create-mcctrain', session.token, { work: 'laundry', workers: [workerId] });
  const dutyId = duty.duty?._id ?? duty.train?._id;
  await callApi(app, 'PUT', `/mcctrain/update-mcctrain/${dutyId}`, session.token, { status: 'completed' });
  await callApi(app, 'POST', '/mcctrain/create-mcctrain', session.token, { work: 'laundry', workers: [workerId] });
  // Bills of laundry: one passed, one still with accounts.
  const year = new Date().getFullYear();
  await callApi(app, 'POST', '/mcctrain/createbill', session.token, { work: 'laundry', month: `${year}-01`, status: 'Bill Passed', billvalue: '1234567', penalty: '500.50', netamount: '1234066.50' });
  await callApi(app, 'POST', '/mcctrain/createbill', session.token, { work: 'laundry', month: `${year}-02`, status: 'Accounts', billvalue: '98000', penalty: '0', netamount: '98000' });
});

test.afterAll(async () => {
  await app?.stop();
});

const LANGUAGES = [
  { code: 'hi', script: /[\u0900-\u097F]/, name: 'Hindi', lakhs: '₹12,34,567', wage: '₹700.50' },
  { code: 'ml', script: /[\u0D00-\u0D7F]/, name: 'Malayalam', lakhs: '₹12,34,567', wage: '₹700.50' },
] as const;

for (const { code, script, name, lakhs, wage } of LANGUAGES) test.describe(`the manager’s screens in ${name}`, () => {
  test('leave no English word but SPEC’s fixed names and the data', async () => {
    const { context, page, errors } = await openIn(code);
    const visit = async (path: string, ready: (page: Page) => Promise<unknown>, shot: string) => {
      await page.goto(path);
      await ready(page);
      await expect.poll(() => englishWords(page), { message: `English words on ${path}` }).toEqual([]);
      expect(await page.locator('main').innerText()).toMatch(script);
      await screenshot(page, `i18n-${code}-${shot}`);
    };

    // issue 28: at 1366 px the live works' Mark Completed shows its whole label (Malayalam's is long)
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.goto('/dashboard/manager/livework?work=laundry');
    const mark = page.getByRole('button', { name: new RegExp(`^${{ hi, ml }[code].messages.markCompleted}`) });
    await mark.first().waitFor();
    expect(await clippedTexts(mark)).toEqual([]);
    await page.setViewportSize(DESKTOP);

    await visit('/dashboard/manager/staffdetails?work=laundry', (p) => p.getByRole('cell', { name: WORKERS[0]!.name, exact: true }).waitFor(), 'staff');

    await visit('/dashboard/manager/addworkers', (p) => p.locator('form button[type="submit"]').waitFor(), 'add-worker');
    // A refused form: the message sits at the first field, and the page is still in the language.
    await page.locator('form button[type="submit"]').click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await expect.poll(() => englishWords(page), { message: 'English words on the refused Add Worker form' }).toEqual([]);
    await screenshot(page, `i18n-${code}-add-worker-refused`);

    await visit('/dashboard/manager/addsupervisors', (p) => p.locator('form button[type="submit"]').waitFor(), 'add-supervisor');
    await visit(`/dashboard/manager/editstaff/${workerId}`, (p) => p.locator(`input[value="${WORKERS[0]!.name}"]`).waitFor(), 'edit-staff');
    await visit('/dashboard/manager/addworkerss', (p) => p.locator('form button[type="submit"]').waitFor(), 'bulk-upload');

    await visit('/dashboard/manager/attendance?work=laundry', (p) => p.getByRole('rowheader', { name: new RegExp(WORKERS[0]!.name) }).waitFor(), 'attendance');
    await visit('/dashboard/manager/wages?work=laundry', (p) => p.getByRole('row', { name: new RegExp(WORKERS[1]!.name) }).waitFor(), 'wages');
    // Money keeps ₹ and Indian grouping in every language.
    expect(await page.getByRole('row', { name: new RegExp(WORKERS[1]!.name) }).innerText()).toContain(wage);

    await visit('/dashboard/manager/bills?work=laundry', (p) => p.locator('tbody tr').nth(1).waitFor(), 'bills');
    expect(await page.locator('tbody').innerText()).toContain(lakhs);
    await visit('/dashboard/manager/addbills', (p) => p.locator('form button[type="submit"]').waitFor(), 'add-bill');
    // the bill from duties (issue 27): laundry has no contract terms, which the page names in the language
    await visit('/dashboard/manager/bills/draft?work=laundry', (p) => p.getByRole('alert').first().waitFor(), 'bill-draft');
    // its printed cover page, headed by the company's name and address (data)
    keepWords(`${DEFAULT_COMPANY_PROFILE.name} ${DEFAULT_COMPANY_PROFILE.address}`);
    await visit('/dashboard/manager/bills/print/cover?work=laundry', (p) => p.locator('section h1').waitFor(), 'bill-cover');

    await visit(
      '/dashboard/manager',
      async (p) => {
        await p.getByRole('heading', { level: 1, name: new RegExp(manager.name) }).waitFor();
        // both charts drawn, with their axis labels
        await p.locator('figure svg[role="img"] rect').first().waitFor({ state: 'attached' });
        await expect.poll(() => p.locator('figure svg[role="img"] text').count()).toBeGreaterThan(4);
      },
      'dashboard',
    );
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });
});
