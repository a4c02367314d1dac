import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { expect, START_TIMEOUT, test } from './fixtures.js';
import type { Browser, Page } from '@playwright/test';
import { attendanceFileName, attendanceTitle } from '../src/shared/attendance.js';
import { MONTH_NAMES } from '../src/shared/months.js';
import { formatCreatedAt } from '../src/web/features/duties/duty-display.js';
import { MSG } from '../src/shared/messages.js';
import { formatRupees } from '../src/shared/money.js';
import { horizontalOverflow, openPage, PHONE, screenshot, startApp, openSignedIn, type Account, type RunningApp, realErrors } from './harness.js';

/**
 * A manager closes a month: checks and downloads the attendance, opens the wage register,
 * records a bill, edits and deletes it, and reads the dashboard figures move.
 */

const manager: Account = { name: 'Lakshmi Menon', email: 'lakshmi@example.com', password: 'Reports-pass-1', role: 'manager' };
const admin: Account = { name: 'Office Admin', email: 'office@example.com', password: 'Reports-admin-1', role: 'admin' };

let app: RunningApp;
let browser: Browser;
let token: string;
let downloadDir: string;
/** The current month and day on the server (APP_TZ). */
let month: string;
let today: string;

async function call<T = Record<string, unknown>>(method: string, route: string, body?: unknown): Promise<{ status: number; data: T }> {
  const response = await fetch(`${app.baseUrl}/api/v1${route}`, {
    method,
    headers: { authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, data: (await response.json()) as T };
}

async function apiLogin(account: Account): Promise<string> {
  const login = await fetch(`${app.baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  return ((await login.json()) as { token: string }).token;
}

async function createWorker(name: string, aadhar: string, work: string): Promise<string> {
  const answer = await call<{ worker: { _id: string } }>('POST', '/worker/create-worker', { name, phone: '98' + aadhar.slice(-8), aadhar, work, designation: 'Cleaning Staff', wage: '650' });
  expect(answer.status).toBe(201);
  return answer.data.worker._id;
}

async function createDuty(work: string, workers: string[]): Promise<string> {
  const answer = await call<{ success: boolean; train?: { _id: string }; duty?: { _id: string } }>('POST', '/mcctrain/create-mcctrain', { work, workers });
  expect(answer.status).toBe(201);
  const id = answer.data.train?._id ?? answer.data.duty?._id;
  expect(id).toBeTruthy();
  return id!;
}

async function completeDuty(id: string): Promise<void> {
  const answer = await call('PUT', `/mcctrain/update-mcctrain/${id}`, { status: 'completed' });
  expect(answer.status).toBe(200);
}

async function signIn(page: Page): Promise<void> {
  await openSignedIn(page, app, manager);
}

/** The figure shown on a summary card. */
async function card(page: Page, label: string): Promise<string> {
  const group = page.getByRole('group', { name: label, exact: true });
  await group.locator('p').nth(1).waitFor();
  return (await group.locator('p').nth(1).innerText()).trim();
}

let laundryWorker = '';
const laundryName = 'Anil Joseph';

test.beforeAll(async ({ browser: chromium }) => {
  test.setTimeout(START_TIMEOUT);
  browser = chromium;
  app = await startApp([manager, admin]);
  downloadDir = await mkdtemp(path.join(os.tmpdir(), 'dutyroll-downloads-'));
  token = await apiLogin(manager);
  const summary = await call<{ today: string }>('GET', '/dashboard/summary');
  today = summary.data.today;
  month = today.slice(0, 7);

  // Two laundry workers: one with a completed duty today (P), one without (A).
  laundryWorker = await createWorker(laundryName, '234567890123', 'laundry');
  await createWorker('Beena Thomas', '345678901234', 'Laundry');
  await completeDuty(await createDuty('laundry', [laundryWorker]));
});

test.afterAll(async () => {
  await app?.stop();
  if (downloadDir) await rm(downloadDir, { recursive: true, force: true });
});

test.describe('attendance', () => {
  test('shows the month, steps back, and downloads SPEC’s Excel file', async () => {
    const { context, page, errors } = await openPage(browser, app);
    await signIn(page);
    await page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'Attendance', exact: true }).click();
    await page.waitForURL('**/dashboard/manager/attendance');
    await page.getByRole('heading', { name: attendanceTitle(month) }).waitFor();
    // The first tab (MCC) is selected and has nobody in it.
    expect(await page.getByRole('tab', { name: 'MCC' }).getAttribute('aria-selected')).toBe('true');
    await page.getByText(MSG.noWorkersInCategory).waitFor();

    await page.getByRole('tab', { name: 'Laundry' }).click();
    const grid = page.getByRole('region', { name: /^Attendance of Laundry/ });
    await grid.getByRole('rowheader', { name: new RegExp(laundryName) }).waitFor();
    const day = Number(today.slice(8, 10));
    const workerRow = grid.getByRole('row', { name: new RegExp(laundryName) });
    expect((await workerRow.locator('td').nth(day - 1).innerText()).trim()).toBe('P');
    const footer = grid.getByRole('row', { name: new RegExp(`^${MSG.presentPerDay}`) });
    expect((await footer.locator('td').nth(day - 1).innerText()).trim()).toBe('1');
    // The page itself never scrolls sideways; the grid does, inside its box.
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'attendance-desktop');

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: MSG.downloadExcel }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(attendanceFileName('laundry', month));
    const saved = path.join(downloadDir, download.suggestedFilename());
    await download.saveAs(saved);
    const book = XLSX.read(await readFile(saved), { type: 'buffer', cellStyles: true });
    expect(book.SheetNames).toEqual(['Attendance']);
    const sheet = book.Sheets.Attendance!;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, defval: '' });
    const [year, monthNumber] = month.split('-').map(Number) as [number, number];
    expect(rows[0]?.[0]).toBe(`Attendance - ${MONTH_NAMES[monthNumber - 1]} ${year}`);
    const days = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
    expect(rows[1]).toEqual(['Name', ...Array.from({ length: days }, (_, i) => i + 1), 'Total']);
    const names = rows.slice(2).map((row) => row[0]);
    expect(names).toEqual(expect.arrayContaining([laundryName, 'Beena Thomas']));
    const annRow = rows.find((row) => row[0] === laundryName)!;
    expect(annRow[day]).toBe('P');
    expect(annRow[days + 1]).toBe(1);
    expect(sheet['!cols']?.[0]?.wch).toBe(20);
    expect(sheet['!cols']?.[1]?.wch).toBe(4);
    expect(sheet['!cols']?.[days + 1]?.wch).toBe(6);

    // An earlier month, and back; never past the current one.
    const next = page.getByRole('button', { name: MSG.nextMonth });
    expect(await next.isDisabled()).toBe(true);
    await page.getByRole('button', { name: MSG.previousMonth }).click();
    const previous = monthNumber === 1 ? `${year - 1}-12` : `${year}-${String(monthNumber - 1).padStart(2, '0')}`;
    await page.getByRole('heading', { name: attendanceTitle(previous) }).waitFor();
    await grid.getByRole('rowheader', { name: new RegExp(laundryName) }).waitFor();
    expect((await workerRow.locator('td').last().innerText()).trim()).toBe('0');
    await next.click();
    await page.getByRole('heading', { name: attendanceTitle(month) }).waitFor();

    // The wage register of the same work type and month.
    await page.getByRole('link', { name: MSG.wageRegister }).click();
    await page.waitForURL(/\/dashboard\/manager\/wages\?work=laundry/);
    // The URL changes before the lazily loaded page replaces the attendance grid.
    await page.getByRole('heading', { name: `${MSG.wageRegister} - ${MONTH_NAMES[monthNumber - 1]} ${year}` }).waitFor();
    const wageRow = page.getByRole('row', { name: new RegExp(laundryName) });
    await wageRow.waitFor();
    expect(await wageRow.innerText()).toContain(formatRupees(650));
    const wagesDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: MSG.downloadExcel }).click();
    expect((await wagesDownload).suggestedFilename()).toBe(`Wages_laundry_${monthNumber}_${year}.xlsx`);
    await screenshot(page, 'wages-desktop');
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  test('fits a 360 px phone: the grid scrolls inside its box with the names in view', async () => {
    const { context, page, errors } = await openPage(browser, app, PHONE);
    await signIn(page);
    await page.goto('/dashboard/manager/attendance?work=laundry');
    const grid = page.getByRole('region', { name: /^Attendance of Laundry/ });
    await grid.getByRole('rowheader', { name: new RegExp(laundryName) }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    const scrolls = await grid.evaluate((element) => element.scrollWidth > element.clientWidth);
    expect(scrolls).toBe(true);
    // Today's column is brought into view on its own, whatever the day of the month.
    const todayHeader = grid.locator('th[aria-current="date"]');
    await page.waitForFunction(() => {
      const cell = document.querySelector('th[aria-current="date"]');
      const rect = cell?.getBoundingClientRect();
      return !!rect && rect.left >= 0 && rect.right <= window.innerWidth;
    });
    expect(await todayHeader.innerText()).toBe(String(Number(today.slice(8, 10))));
    await screenshot(page, 'attendance-phone-today');
    await grid.evaluate((element) => element.scrollTo({ left: 400 }));
    const nameCell = grid.getByRole('rowheader', { name: new RegExp(laundryName) });
    const box = await nameCell.boundingBox();
    expect(box?.x).toBeLessThan(40);
    await screenshot(page, 'attendance-phone');
    await page.goto('/dashboard/manager/wages?work=laundry');
    await page.getByRole('row', { name: new RegExp(laundryName) }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'wages-phone');
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });
});

test.describe('bills', () => {
  test('adds a bill, is told about a second one, edits it and deletes it', async () => {
    const { context, page, errors } = await openPage(browser, app);
    await signIn(page);
    await page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'Bill Details' }).click();
    await page.waitForURL('**/dashboard/manager/bills');
    await page.getByText(MSG.noBillsFor('MCC')).waitFor();
    expect(await card(page, MSG.lastPassedBillMonth)).toBe(MSG.noBillsPassed);
    expect(await card(page, MSG.contractPeriod)).toBe('-');
    // The admin sets the contract terms of a work type, with its contract period; its bills show it.
    const adminToken = await apiLogin(admin);
    const period = await fetch(`${app.baseUrl}/api/v1/admin/contract-terms`, {
      method: 'PUT',
      headers: { authorization: adminToken, 'content-type': 'application/json' },
      body: JSON.stringify({ work: 'mcc', effectiveFrom: '2024-04', unit: 'coach', rate: 350, penaltyPerMissingWorker: 100, contractPeriod: '2024-2027' }),
    });
    expect(period.status).toBe(200);
    await page.getByRole('link', { name: MSG.addBillLink }).click();
    await page.waitForURL('**/dashboard/manager/addbills');
    await page.getByRole('heading', { name: MSG.addMonthlyBill }).waitFor();

    // Validation before any call.
    await page.getByRole('button', { name: MSG.addBill }).click();
    await page.getByText(MSG.fillAllRequired).waitFor();

    await page.getByRole('combobox', { name: /^Work/ }).selectOption({ label: 'MCC' });
    await page.getByRole('button', { name: 'Month' }).click();
    // The picker opens on the current year; January is always there and never in the future.
    const [year] = month.split('-').map(Number) as [number];
    await page.getByRole('button', { name: 'Jan', exact: true }).click();
    const billMonth = `January ${year}`;
    await page.getByRole('combobox', { name: /^Status/ }).selectOption({ label: 'Processing' });
    await page.getByRole('textbox', { name: new RegExp(`^${MSG.billValue}`) }).fill('125000');
    await page.getByRole('textbox', { name: new RegExp(`^${MSG.penalty}`) }).fill('2500.50');
    // Net amount is prefilled as bill value minus penalty.
    await expect(page.getByRole('textbox', { name: new RegExp(`^${MSG.netAmount}`) })).toHaveValue('122499.50');
    await screenshot(page, 'add-bill-desktop');

    await page.getByRole('button', { name: MSG.addBill }).click();
    await page.getByText(MSG.confirmAddBill).waitFor();
    await page.getByRole('button', { name: MSG.confirmAddBillAction }).click();
    await page.getByText(MSG.billAdded).waitFor();

    // The same month again: the server's message under SPEC's title.
    await page.getByRole('button', { name: 'Month' }).click();
    await page.getByRole('button', { name: 'Jan', exact: true }).click();
    await page.getByRole('combobox', { name: /^Status/ }).selectOption({ label: 'Accounts' });
    await page.getByRole('textbox', { name: new RegExp(`^${MSG.billValue}`) }).fill('1');
    await page.getByRole('textbox', { name: new RegExp(`^${MSG.penalty}`) }).fill('0');
    await page.getByRole('button', { name: MSG.addBill }).click();
    await page.getByRole('button', { name: MSG.confirmAddBillAction }).click();
    await page.getByText(MSG.alreadyRegistered).waitFor();
    await page.getByText(MSG.billExists(billMonth, 'MCC')).waitFor();

    await page.getByRole('link', { name: MSG.billDetails }).last().click();
    await page.waitForURL('**/dashboard/manager/bills?work=mcc');
    const row = page.getByRole('row', { name: new RegExp(billMonth) });
    await row.waitFor();
    expect(await row.innerText()).toContain(formatRupees(125000));
    expect(await row.innerText()).toContain(formatRupees(122499.5));
    expect(await card(page, MSG.billValue)).toBe(formatRupees(125000));
    expect(await card(page, MSG.penalty)).toBe('₹2,500.50');
    expect(await card(page, MSG.contractPeriod)).toBe('2024-2027');
    expect(await card(page, MSG.pendingBills)).toBe('1');
    expect(await card(page, MSG.lastPassedBillMonth)).toBe(MSG.noBillsPassed);
    await screenshot(page, 'bills-desktop');

    // Inline edit: pass the bill and change the penalty.
    await page.getByRole('button', { name: `${MSG.billEdit} ${billMonth}` }).click();
    await row.getByRole('textbox', { name: MSG.penalty }).fill('5000');
    await expect(row.getByRole('textbox', { name: MSG.netAmount })).toHaveValue('120000');
    await row.getByRole('combobox', { name: MSG.columnStatus }).selectOption({ label: 'Bill Passed' });
    await screenshot(page, 'bills-editing-desktop');
    await row.getByRole('button', { name: MSG.billSave }).click();
    await page.getByText(MSG.billUpdated).waitFor();
    await page.getByRole('row', { name: new RegExp(`${billMonth}.*Bill Passed`) }).waitFor();
    expect(await card(page, MSG.lastPassedBillMonth)).toBe(billMonth);
    expect(await card(page, MSG.pendingBills)).toBe('0');
    expect(await card(page, MSG.netAmount)).toBe(formatRupees(120000));
    expect(await card(page, MSG.contractPeriod)).toBe('2024-2027');

    // Delete, after the question; Cancel keeps it.
    await page.getByRole('button', { name: `${MSG.delete} ${billMonth}` }).click();
    await page.getByText(MSG.confirmDeleteBill).waitFor();
    await page.getByRole('button', { name: MSG.cancel }).click();
    await page.getByText(MSG.confirmDeleteBill).waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: `${MSG.delete} ${billMonth}` }).click();
    await page.getByRole('button', { name: MSG.confirmDeleteBillAction }).click();
    await page.getByText(MSG.billDeleted).waitFor();
    await page.getByText(MSG.noBillsFor('MCC')).waitFor();
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  test('shows bills as cards on a 360 px phone', async () => {
    const created = await call('POST', '/mcctrain/createbill', { work: 'acca', month: `${month.slice(0, 4)}-02`, status: 'Accounts', billvalue: '9876543.21', penalty: '1000', netamount: '9875543.21' });
    expect(created.status).toBe(201);
    const { context, page, errors } = await openPage(browser, app, PHONE);
    await signIn(page);
    await page.goto('/dashboard/manager/bills?work=acca');
    const item = page.getByRole('listitem', { name: `February ${month.slice(0, 4)}` });
    await item.waitFor();
    expect(await item.innerText()).toContain(formatRupees(9875543.21));
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'bills-phone');
    await item.getByRole('button', { name: new RegExp(`^${MSG.billEdit}`) }).click();
    await item.getByRole('textbox', { name: MSG.billValue }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'bills-editing-phone');
    await page.goto('/dashboard/manager/addbills');
    await page.getByRole('heading', { name: MSG.addMonthlyBill }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'add-bill-phone');
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });
});

test.describe('manager dashboard', () => {
  test('shows the nine cards and they follow new duties and bills', async () => {
    const { context, page, errors } = await openPage(browser, app);
    await signIn(page);
    await page.getByRole('heading', { name: `Welcome, ${manager.name}` }).waitFor();
    await page.getByText(MSG.managerSubtitle).waitFor();
    const before = {
      live: Number(await card(page, MSG.totalLiveWork)),
      completed: Number(await card(page, MSG.totalCompletedWork)),
      todayLive: Number(await card(page, MSG.todayLiveWork)),
      todayCompleted: Number(await card(page, MSG.todayCompletedWork)),
      passed: Number(await card(page, MSG.passedBills)),
      pending: Number(await card(page, MSG.pendingBills)),
    };
    for (const label of [MSG.passedBills, MSG.pendingBills, MSG.netAmount, MSG.totalBillAmount, MSG.totalPenalties]) await card(page, label);

    const duty = await createDuty('laundry', [laundryWorker]);
    await page.reload();
    expect(Number(await card(page, MSG.totalLiveWork))).toBe(before.live + 1);
    expect(Number(await card(page, MSG.todayLiveWork))).toBe(before.todayLive + 1);

    await completeDuty(duty);
    const bill = await call('POST', '/mcctrain/createbill', { work: 'bio', month: `${month.slice(0, 4)}-03`, status: 'Bill Passed', billvalue: '1234567', penalty: '0.5', netamount: '1234566.5' });
    expect(bill.status).toBe(201);
    await page.reload();
    expect(Number(await card(page, MSG.totalLiveWork))).toBe(before.live);
    expect(Number(await card(page, MSG.totalCompletedWork))).toBe(before.completed + 1);
    expect(Number(await card(page, MSG.todayCompletedWork))).toBe(before.todayCompleted + 1);
    expect(Number(await card(page, MSG.passedBills))).toBe(before.passed + 1);
    expect(Number(await card(page, MSG.pendingBills))).toBe(before.pending);
    // The money cards show the server's sums with ₹ and en-IN grouping.
    const sums = (await call<{ netAmount: number; totalBillAmount: number; totalPenalties: number }>('GET', '/dashboard/summary')).data;
    expect(sums.totalBillAmount).toBeGreaterThanOrEqual(1234567);
    expect(await card(page, MSG.totalBillAmount)).toBe(formatRupees(sums.totalBillAmount));
    expect(await card(page, MSG.netAmount)).toBe(formatRupees(sums.netAmount));
    expect(await card(page, MSG.totalPenalties)).toBe(formatRupees(sums.totalPenalties));
    // the charts are plain SVG images with names, each with a table of its figures
    await page.getByRole('figure', { name: MSG.dutiesCompletedChart }).getByRole('img', { name: MSG.dutiesCompletedChart }).locator('rect').first().waitFor({ state: 'attached' });
    await page.getByRole('figure', { name: MSG.billAmountsByStatusChart }).getByRole('img', { name: MSG.billAmountsByStatusChart }).locator('rect').first().waitFor({ state: 'attached' });
    expect(await page.getByRole('table', { name: MSG.billAmountsByStatusChart }).getByRole('row', { name: /Bill Passed/ }).innerText()).toContain('₹');
    await screenshot(page, 'dashboard-desktop');

    await page.setViewportSize(PHONE);
    await page.reload();
    await card(page, MSG.todayCompletedWork);
    await page.getByRole('img', { name: MSG.billAmountsByStatusChart }).locator('rect').first().waitFor({ state: 'attached' });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'dashboard-phone');
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });
});

test.describe('manager screens (issue 15)', () => {
  test('a dashboard card opens its filtered list, and Completed Works keeps tab and dates through Details → Back', async () => {
    const { context, page, errors } = await openPage(browser, app);
    await signIn(page);
    // Add Work is in the manager's menu
    const menu = page.getByRole('navigation', { name: 'Side menu' });
    await menu.getByRole('link', { name: 'Add Work', exact: true }).click();
    await page.waitForURL('**/dashboard/manager/addwork');
    await page.getByRole('button', { name: 'Add Train Details' }).waitFor();
    await menu.getByRole('link', { name: 'Home', exact: true }).click();

    // Today Completed Work opens the completed works of today
    await page.getByRole('group', { name: MSG.todayCompletedWork, exact: true }).getByRole('link').click();
    await page.waitForURL(`**/dashboard/manager/completed?from=${today}&to=${today}`);
    const [year, monthNumber, day] = today.split('-');
    const shownRange = `${day}/${monthNumber}/${year} – ${day}/${monthNumber}/${year}`;
    await page.getByRole('button', { name: 'This month' }).waitFor();
    // the laundry tab holds today's completed duty
    await page.getByRole('tab', { name: 'LAUNDRY' }).click();
    await page.waitForURL(/work=laundry/);
    await page.getByRole('link', { name: /^Details of/ }).first().click();
    await page.waitForURL('**/dashboard/manager/traindetail/**');
    await page.goBack();
    await page.waitForURL(/\/dashboard\/manager\/completed\?/);
    const address = new URL(page.url()).searchParams;
    expect([address.get('work'), address.get('from'), address.get('to')]).toEqual(['laundry', today, today]);
    expect(await page.getByRole('tab', { name: 'LAUNDRY' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('button', { name: /Completed between/ }).innerText()).toContain(shownRange.split(' – ')[0]);
    // the details page's own back link returns to the same view too
    await page.getByRole('link', { name: /^Details of/ }).first().click();
    await page.getByRole('link', { name: '← Completed Works' }).click();
    await page.waitForURL(/\/dashboard\/manager\/completed\?/);
    const again = new URL(page.url()).searchParams;
    expect([again.get('work'), again.get('from'), again.get('to')]).toEqual(['laundry', today, today]);
    await page.getByRole('link', { name: /^Details of/ }).first().waitFor();

    // Total Live Work opens Live Works; its tab too survives a reload
    await page.goto('/dashboard/manager');
    await page.getByRole('group', { name: MSG.totalLiveWork, exact: true }).getByRole('link').click();
    await page.waitForURL('**/dashboard/manager/livework');
    await page.getByRole('tab', { name: 'Laundry' }).click();
    await page.waitForURL(/livework\?work=laundry/);
    await page.reload();
    expect(await page.getByRole('tab', { name: 'Laundry' }).getAttribute('aria-selected')).toBe('true');
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  test('fits the attendance grid on a 1366 px laptop: every day and Total without scrolling sideways', async () => {
    const { context, page, errors } = await openPage(browser, app, { width: 1366, height: 768 });
    await signIn(page);
    await page.goto('/dashboard/manager/attendance?work=laundry');
    const grid = page.getByRole('region', { name: /^Attendance of Laundry/ });
    await grid.getByRole('rowheader', { name: new RegExp(laundryName) }).waitFor();
    expect(await grid.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
    const total = grid.getByRole('columnheader', { name: MSG.columnTotal });
    const box = await total.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(1366);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'attendance-1366');
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  test('shows times in the company’s zone (IST) on a computer set to UTC', async () => {
    const id = await createDuty('laundry', [laundryWorker]);
    const duty = (await call<{ createdAt: string }>('GET', `/mcctrain/getone-mcctrain/${id}`)).data;
    const { context, page, errors } = await openPage(browser, app, undefined, { timezoneId: 'UTC' });
    await signIn(page);
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('UTC');
    await page.goto('/dashboard/manager/livework?work=laundry');
    const ist = formatCreatedAt(duty.createdAt, 'Asia/Kolkata');
    const utc = formatCreatedAt(duty.createdAt, 'UTC');
    expect(ist).not.toBe(utc);
    await page.getByRole('cell', { name: ist, exact: true }).first().waitFor();
    await expect(page.getByRole('cell', { name: utc, exact: true })).toHaveCount(0);
    await completeDuty(id);
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });
});
