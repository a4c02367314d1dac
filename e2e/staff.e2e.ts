import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as XLSX from '@e965/xlsx';
import { expect, START_TIMEOUT, test } from './fixtures.js';
import type { Browser, Page } from '@playwright/test';
import { MSG } from '../src/shared/messages.js';
import { DESKTOP, horizontalOverflow, openPage, PHONE, screenshot, startApp, submitLogin, type Account, type RunningApp, realErrors, seedSession } from './harness.js';

/**
 * Staff register journeys (issue 4): Add Worker with an IFSC lookup against a fake
 * upstream, Add Supervisor whose account then signs in, the bulk import and its report,
 * and Update Worker setting Resigned, after which that account cannot sign in.
 */

const manager: Account = { name: 'Asha Nair', email: 'asha@example.com', password: 'S3cure-pass', role: 'manager' };
const supervisor = { name: 'Suresh Pillai', email: 'suresh@example.com', password: 'Yard-shift-42', phone: '9123456780', aadhar: '234567890123' };

/** The fake IFSC service (IFSC_API_URL): one branch it knows, one it does not. */
const upstreamAnswers: Record<string, { BANK: string; BRANCH: string }> = {
  '/SBIN0000001': { BANK: 'State Bank of India', BRANCH: 'KOLKATA MAIN' },
  '/HDFC0000001': { BANK: 'HDFC Bank', BRANCH: '' },
};
const upstreamRequests: string[] = [];
/**
 * The fake service answers at once, except when a test holds its next answer (to see the
 * form's 'Checking IFSC...' while a real, slower service would still be answering): then it
 * answers when the test lets it go, never after a fixed delay the test could miss.
 */
let heldAnswer: Promise<void> | null = null;
let releaseAnswer: () => void = () => {};
function holdNextAnswer(): void {
  heldAnswer = new Promise<void>((resolve) => {
    releaseAnswer = resolve;
  });
}
let upstream: Server;
let app: RunningApp;
let browser: Browser;

test.beforeAll(async ({ browser: chromium }) => {
  test.setTimeout(START_TIMEOUT);
  browser = chromium;
  upstream = createServer((request, response) => {
    upstreamRequests.push(request.url ?? '');
    const answer = upstreamAnswers[request.url ?? ''];
    const gate = heldAnswer ?? Promise.resolve();
    heldAnswer = null;
    void gate.then(() => {
      response.writeHead(answer ? 200 : 404, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer ?? 'Not Found'));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  // the harness passes this process's environment to the server
  process.env.IFSC_API_URL = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  app = await startApp([manager]);
});

test.afterAll(async () => {
  await app?.stop();
  await new Promise((resolve) => upstream?.close(resolve));
});

async function signInAsManager(viewport?: { width: number; height: number }) {
  const opened = await openPage(browser, app, viewport);
  await seedSession(opened.context, app, manager);
  await opened.page.goto('/dashboard/manager');
  return opened;
}

/** Picks an option of a form's select (the browser's own) by its label, which may end with the required asterisk. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: new RegExp(`^${label}\\s*\\*?$`) }).selectOption({ label: option });
}

function workbook(rows: (string | number)[][], bookType: 'xlsx' | 'xls' = 'xlsx'): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Workers');
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
}
const HEADERS = ['Name', 'Work', 'Phone', 'Aadhar', 'Wage', 'IFSC Code', 'Designation'];

test.describe('staff register', () => {
  test('a manager adds a worker, with the IFSC lookup filling bank and branch', async () => {
    const { context, page, errors } = await signInAsManager();
    await page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'Add Worker' }).click();
    await page.waitForURL('**/dashboard/manager/addworkers');
    await page.getByRole('heading', { name: MSG.addWorker }).waitFor();

    // Nothing filled: SPEC's required-fields message.
    await page.getByRole('button', { name: MSG.addWorker }).click();
    await page.getByText(MSG.fillAllRequired).waitFor();

    await choose(page, 'Work', 'MCC');
    await page.getByLabel(/^Worker Name/).fill('Anil Kumar');
    await page.getByLabel(/^Phone Number/).fill('98765432');
    await page.getByLabel(/^Aadhar Number/).fill('123456789012');
    await page.getByRole('button', { name: MSG.addWorker }).click();
    await page.getByText(MSG.phoneDigits).waitFor();
    await page.getByLabel(/^Phone Number/).fill('9876543210');
    await page.getByLabel(/^Wage Per Day/).fill('650');

    // A code the published list does not know: refused, bank and branch stay empty.
    const ifsc = page.getByLabel(/^IFSC Code/);
    await ifsc.fill('abcd0123456');
    await page.getByText(MSG.ifscInvalidAdd).waitFor();
    await expect(page.getByLabel(/^Bank Name/)).toHaveValue('');

    holdNextAnswer();
    await ifsc.fill('sbin0000001');
    await expect(ifsc).toHaveValue('SBIN0000001');
    await page.getByText(MSG.checkingIfsc).waitFor();
    releaseAnswer();
    await expect.poll(() => page.getByLabel(/^Bank Name/).inputValue()).toBe('State Bank of India');
    await expect(page.getByLabel(/^Branch Name/)).toHaveValue('KOLKATA MAIN');
    expect(await page.getByLabel(/^Bank Name/).getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel(/^Branch Name/).getAttribute('readonly')).not.toBeNull();
    expect(upstreamRequests).toContain('/SBIN0000001');
    await page.getByLabel(/^Account Number/).fill('00123456789');
    await page.getByLabel(/^UAN Number/).fill('100200300400');
    await page.getByLabel(/^ESI Number/).fill('0012345678');
    await screenshot(page, 'desktop-add-worker');

    await page.getByRole('button', { name: MSG.addWorker }).click();
    await page.getByText(MSG.workerAdded).waitFor();
    // The form resets.
    await expect.poll(() => page.getByLabel(/^Worker Name/).inputValue()).toBe('');
    await expect(page.getByLabel(/^IFSC Code/)).toHaveValue('');

    // The same Aadhaar again.
    await choose(page, 'Work', 'ACCA');
    await page.getByLabel(/^Worker Name/).fill('Anil K');
    await page.getByLabel(/^Phone Number/).fill('9876543211');
    await page.getByLabel(/^Aadhar Number/).fill('123456789012');
    await page.getByRole('button', { name: MSG.addWorker }).click();
    await page.getByText(MSG.alreadyRegistered).waitFor();
    await page.setViewportSize(PHONE);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-add-worker');
    await page.setViewportSize(DESKTOP);

    // The list shows the worker with the Aadhaar masked and an Active badge.
    await page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'Staff Details' }).click();
    await page.getByRole('heading', { name: MSG.allStaffMembers }).waitFor();
    for (const tab of ['MCC', 'BIO', 'ACCA', 'Laundry', 'Pit & Yard', 'PFTR']) await page.getByRole('tab', { name: tab, exact: true }).waitFor();
    const row = page.getByRole('row', { name: /Anil Kumar/ });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('XXXX XXXX 9012');
    expect(await row.textContent()).toContain('Active');
    expect(await row.textContent()).not.toContain('123456789012');
    await screenshot(page, 'desktop-staff-list');
    await page.getByRole('tab', { name: 'PFTR', exact: true }).click();
    await page.getByText(MSG.noStaffInCategory).filter({ visible: true }).waitFor();
    await screenshot(page, 'desktop-staff-list-empty');
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  test('a manager adds a supervisor, who can then sign in', async () => {
    const { context, page, errors } = await signInAsManager(PHONE);
    await page.goto('/dashboard/manager/addsupervisors');
    await page.getByRole('heading', { name: MSG.addSupervisor }).waitFor();
    await page.getByRole('button', { name: MSG.addSupervisor }).click();
    await page.getByText(MSG.fillAllFields).first().waitFor();

    await choose(page, 'Work', 'PIT & YARD');
    await page.getByLabel(/^Supervisor Name/).fill(supervisor.name);
    await page.getByLabel(/^Supervisor Email/).fill(supervisor.email);
    await page.getByLabel(/^Phone Number/).fill(supervisor.phone);
    await page.getByLabel(/^Password/).fill(supervisor.password);
    await page.getByLabel(/^Confirm Password/).fill(`${supervisor.password}-typo`);
    await page.getByLabel(/^Aadhar Number/).fill('23456789');
    await page.getByLabel(/^Wage Per Day/).fill('900');
    await page.getByRole('button', { name: MSG.addSupervisor }).click();
    await page.getByText(MSG.aadharDigits).waitFor();
    await page.getByLabel(/^Aadhar Number/).fill(supervisor.aadhar);
    await page.getByRole('button', { name: MSG.addSupervisor }).click();
    await page.getByText(MSG.passwordsDoNotMatch).waitFor();
    await page.getByLabel(/^Confirm Password/).fill(supervisor.password);

    // A valid code whose branch the upstream does not know: the bank fills in, the branch is typed.
    await page.getByLabel(/^IFSC Code/).fill('HDFC0000001');
    await expect.poll(() => page.getByLabel(/^Bank Name/).inputValue()).toBe('HDFC Bank');
    const branch = page.getByLabel(/^Branch Name/);
    expect(await branch.getAttribute('readonly')).toBeNull();
    await branch.fill('Ernakulam South');
    await page.getByLabel(/^Account Number/).fill('50100012345678');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-add-supervisor');

    await page.getByRole('button', { name: MSG.addSupervisor }).click();
    await page.getByText(MSG.registered).waitFor();
    await expect.poll(() => page.getByLabel(/^Supervisor Name/).inputValue()).toBe('');
    expect(realErrors(errors)).toEqual([]);
    await context.close();

    const second = await openPage(browser, app, PHONE);
    await second.page.goto('/login');
    await submitLogin(second.page, supervisor.email, supervisor.password);
    await second.page.waitForURL('**/dashboard/user');
    await second.page.getByRole('heading', { name: `Welcome, ${supervisor.name}` }).waitFor();
    await second.context.close();
  });

  test('a manager imports workers from a spreadsheet and reads the report', async () => {
    const { context, page, errors } = await signInAsManager();
    await page.goto('/dashboard/manager/addworkerss');
    await page.getByRole('heading', { name: MSG.bulkUploadTitle }).waitFor();
    await page.getByRole('button', { name: MSG.upload, exact: true }).click();
    await page.getByText(MSG.selectExcelFile).waitFor();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: MSG.downloadTemplate }).click();
    expect((await download).suggestedFilename()).toBe('Workers_upload_template.xlsx');

    const fileInput = page.locator('input[type="file"]');
    // One bad row rejects the whole file, with a row-by-row report.
    await fileInput.setInputFiles({
      name: 'bad.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: workbook([HEADERS, ['Bindu Raj', 'laundry', '9000000001', '345678901234', 500, '', 'Cleaning Staff'], ['Chacko', 'laundry', '90000', '345678901235', 500, '', '']]),
    });
    await page.getByRole('button', { name: MSG.upload, exact: true }).click();
    const problems = page.getByRole('table', { name: MSG.bulkProblemsTitle });
    await problems.waitFor();
    await page.getByRole('alert').filter({ hasText: MSG.uploadFailed }).getByText(MSG.bulkRowsInvalid(1)).first().waitFor();
    const problemRow = problems.getByRole('row').nth(1);
    expect(await problemRow.textContent()).toContain('3');
    expect(await problemRow.textContent()).toContain('phone');
    expect(await problemRow.textContent()).toContain(MSG.phoneDigits);
    await screenshot(page, 'desktop-bulk-problems');

    // A good .xls file; one Aadhaar is already registered (the worker added above).
    await fileInput.setInputFiles({
      name: 'workers.xls',
      mimeType: 'application/vnd.ms-excel',
      buffer: workbook(
        [
          HEADERS,
          ['Bindu Raj', 'laundry', '9000000001', '345678901234', 500, 'SBIN0000001', 'Cleaning Staff'],
          ['Chacko Varghese', 'Laundry', '9000000002', '345678901235', 520, '', ''],
          ['Anil Again', 'mcc', '9000000003', '123456789012', 500, '', ''],
        ],
        'xls',
      ),
    });
    await page.getByRole('button', { name: MSG.upload, exact: true }).click();
    await page.getByText(MSG.bulkUploaded(2, 1)).first().waitFor();
    const skipped = page.getByRole('table', { name: MSG.bulkSkippedTitle });
    await skipped.waitFor();
    expect(await skipped.getByRole('row').nth(1).textContent()).toContain('4');
    await screenshot(page, 'desktop-bulk-success');
    await page.setViewportSize(PHONE);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-bulk-success');
    await page.setViewportSize(DESKTOP);

    await page.goto('/dashboard/manager/staffdetails?work=laundry');
    await page.getByRole('row', { name: /Chacko Varghese/ }).waitFor();
    await page.getByRole('row', { name: /Bindu Raj/ }).waitFor();
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  test('a manager sets a supervisor to Resigned, and that account can no longer sign in', async () => {
    const { context, page, errors } = await signInAsManager(PHONE);
    await page.goto('/dashboard/manager/staffdetails');
    await page.getByRole('tab', { name: 'Pit & Yard' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill('Suresh');
    // On a phone each person is a card.
    const row = page.getByRole('listitem', { name: supervisor.name });
    await row.waitFor();
    expect(await row.textContent()).toContain('Active');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-staff-list');
    await row.getByRole('link', { name: `Edit ${supervisor.name}` }).click();
    await page.waitForURL('**/dashboard/manager/editstaff/*');
    await page.getByRole('heading', { name: MSG.updateWorker }).waitFor();
    // The edit form shows the full Aadhaar and the stored bank details.
    await expect.poll(() => page.getByLabel(/^Aadhar/).inputValue()).toBe(supervisor.aadhar);
    await expect(page.getByLabel(/^IFSC Code/)).toHaveValue('HDFC0000001');
    await expect(page.getByLabel(/^Branch$/)).toHaveValue('Ernakulam South');

    await page.getByLabel(/^IFSC Code/).fill('ZZZZ0999999');
    await page.getByText(MSG.ifscInvalidEdit).waitFor();
    await page.getByLabel(/^IFSC Code/).fill('SBIN0000001');
    await expect.poll(() => page.getByLabel(/^Branch$/).inputValue()).toBe('KOLKATA MAIN');

    await page.getByLabel(/^Aadhar/).fill('2345');
    await page.getByRole('button', { name: MSG.updateWorker }).click();
    await page.getByText(MSG.aadharDigitsEdit).waitFor();
    await page.getByLabel(/^Aadhar/).fill(supervisor.aadhar);
    await choose(page, 'Status', 'Resigned');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-edit-staff');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'desktop-edit-staff');
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: MSG.updateWorker }).click();
    await page.getByText(MSG.workerUpdated).waitFor();
    await page.waitForURL('**/dashboard/manager/staffdetails?work=pit*');
    const updated = page.getByRole('listitem', { name: supervisor.name });
    await expect.poll(() => updated.textContent()).toContain('Resigned');

    // An unknown id: the load failure message.
    await page.goto('/dashboard/manager/editstaff/00000000-0000-4000-8000-000000000000');
    await page.getByText(MSG.workerFetchFailed).waitFor();
    expect(realErrors(errors)).toEqual([]);
    await context.close();

    const resigned = await openPage(browser, app);
    await resigned.page.goto('/login');
    await submitLogin(resigned.page, supervisor.email, supervisor.password);
    await resigned.page.getByText(MSG.invalidCredentials).waitFor();
    expect(resigned.page.url()).toContain('/login');
    await resigned.context.close();
  });
});
