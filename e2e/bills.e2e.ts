import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import * as XLSX from '@e965/xlsx';
import type { Page } from '@playwright/test';
import { expect, START_TIMEOUT, test } from './fixtures.js';
import { axeViolations, describeViolations, smallTargets } from './axe.js';
import { callApi, horizontalOverflow, motionSettled, openPage, PHONE, realErrors, screenshot, startApp, type Account, type RunningApp } from './harness.js';
import { MSG } from '../src/shared/messages.js';
import { monthLabel, shiftMonth } from '../src/shared/months.js';
import { monthInZone } from '../src/shared/time.js';
import { formatRupees } from '../src/shared/money.js';
import { contractTerms, duties, dutyWorkers, staff } from '../src/server/db/schema.js';

/**
 * The bill computed from the duties (issue 27): the admin's terms for MCC (₹350 a coach,
 * ₹100 a missing worker) are in place; a manager opens Bill from duties from Bill Details on
 * last month (five duties of 20 coaches, one a worker short), adds an inspection penalty
 * with its reason, creates the bill, finds it on Bill Details and the dashboard, downloads
 * the annexure and reads it. The pages pass axe and fit a 360 px phone, where only the
 * annexure's table scrolls sideways, with 44 px buttons.
 */

const manager: Account = { name: 'Asha Nair', email: 'asha@example.com', password: 'S3cure-pass', role: 'manager' };

/** Last month in the server's zone (APP_TZ defaults to Asia/Kolkata). */
const lastMonth = shiftMonth(monthInZone(new Date(), 'Asia/Kolkata'), -1);
const [YEAR, MM] = lastMonth.split('-') as [string, string];
const TRAINS = ['12625', '12627', '16301', '16525', '22641'];

let app: RunningApp;
let token: string;

test.beforeAll(async () => {
  test.setTimeout(START_TIMEOUT);
  app = await startApp([manager], {
    seedData: async (db) => {
      await db.insert(contractTerms).values({ work: 'mcc', effectiveFrom: '2024-01', unit: 'coach', rate: '350.00', penaltyPerMissingWorker: '100.00', contractPeriod: 'Apr 2024 – Mar 2027' });
      const crew = await db
        .insert(staff)
        .values([1, 2, 3, 4].map((n) => ({ name: `Crew ${n}`, work: 'mcc', designation: 'Cleaning Staff', phone: `98765000${10 + n}`, aadhar: `23456789014${n}`, wage: '800.00' })))
        .returning({ id: staff.id });
      for (const [index, trainNo] of TRAINS.entries()) {
        const completedDay = `${lastMonth}-${String(index * 5 + 2).padStart(2, '0')}`;
        // the second duty is a worker short of the four its norm asked for
        const assigned = index === 1 ? 3 : 4;
        const [duty] = await db
          .insert(duties)
          .values({ work: 'mcc', trainNo, totalCoach: 20, type: 'Primary', reqq: 4, used: assigned, status: 'completed', completedAt: new Date(`${completedDay}T06:00:00Z`), completedDay })
          .returning({ id: duties.id });
        await db.insert(dutyWorkers).values(crew.slice(0, assigned).map((worker) => ({ dutyId: duty!.id, staffId: worker.id, completedDay })));
      }
    },
  });
  token = app.takeSession(manager).token;
});

test.afterAll(async () => {
  await app?.stop();
});

/** The value under a figure's label on the draft page. */
const figure = (page: Page, label: string) => page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

test('a manager makes last month\'s bill from its duties, with an inspection penalty, and downloads its annexure', async ({ browser, signedIn }) => {
  const { page, context, errors } = await openPage(browser, app);
  await signedIn(page, manager, '/dashboard/manager/bills');
  await page.getByRole('link', { name: 'Bill from duties' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Bill from duties - ${monthLabel(lastMonth)}` })).toBeVisible();

  // 100 coaches at ₹350; one worker short at ₹100
  await expect(figure(page, 'Units')).toHaveText('100 coaches');
  await expect(figure(page, 'Bill Value')).toHaveText(formatRupees(35000));
  await expect(figure(page, 'Total penalty')).toHaveText(formatRupees(100));
  await expect(page.getByText(`No bill for ${monthLabel(lastMonth)} yet.`)).toBeVisible();

  await page.getByRole('button', { name: 'Add penalty' }).click();
  const dialog = page.getByRole('dialog', { name: `Add a penalty to the bill of ${monthLabel(lastMonth)}` });
  await dialog.getByRole('textbox', { name: /Amount/ }).fill('500');
  await dialog.getByRole('textbox', { name: /Reason/ }).fill('Inspection: two coaches not cleaned on time');
  await dialog.getByRole('button', { name: 'Add penalty' }).click();
  await expect(page.getByText(MSG.billDraft.penaltyAdded)).toBeVisible();
  await expect(figure(page, 'Net Amount')).toHaveText(formatRupees(34400));

  await page.getByRole('button', { name: 'Create bill from duties' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Create bill from duties' }).click();
  await expect(page.getByText(MSG.billDraft.created)).toBeVisible();
  await expect(page.getByText('The bill matches the duties.')).toBeVisible();
  await screenshot(page, 'bills-draft-desktop');

  // the annexure: a row per duty, the train number as text, numbers as numbers
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download annexure (.xlsx)' }).click()]);
  expect(file.suggestedFilename()).toBe(`Annexure_MCC_${MM}_${YEAR}.xlsx`);
  const book = XLSX.read(await readFile((await file.path())!), { type: 'buffer' });
  const sheet = book.Sheets[book.SheetNames[0]!]!;
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 });
  const short = rows.find((row) => row.includes('12627'))!;
  expect(short).toContain(20);
  expect(short).toContain(100);

  // its printed cover page: a portrait A4 sheet with the net amount, and nothing of the app around it
  await page.goto(`/dashboard/manager/bills/print/cover?work=mcc&month=${lastMonth}`);
  await expect(page.locator('section h1')).toBeVisible();
  const cover = await page.pdf({ preferCSSPageSize: true });
  const [width, height] = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(execFileSync('pdfinfo', ['-'], { input: cover }).toString())!.slice(1).map(Number);
  expect(width).toBeLessThan(height!);
  const coverText = execFileSync('pdftotext', ['-layout', '-', '-'], { input: cover }).toString();
  expect(coverText).toContain('34,400');
  expect(coverText).not.toContain(MSG.logout);

  // Bill Details lists it, made from the duties; the dashboard counts it
  await page.goto('/dashboard/manager/bills/draft?work=mcc&month=' + lastMonth);
  await page.getByRole('link', { name: 'Back to Bill Details' }).click();
  const row = page.getByRole('row', { name: new RegExp(monthLabel(lastMonth)) });
  await expect(row.getByText('From duties')).toBeVisible();
  await expect(row.getByText(formatRupees(34400))).toBeVisible();
  await page.goto('/dashboard/manager');
  await expect(page.getByRole('group', { name: MSG.totalBillAmount, exact: true })).toContainText('35,000');

  const bills = await callApi<{ bills: Array<{ month: string; netamount: number; fromDuties: boolean }> }>(app, 'GET', '/mcctrain/getbills?work=mcc', token);
  expect(bills.bills.find((bill) => bill.month === lastMonth)).toMatchObject({ netamount: 34400, fromDuties: true });
  expect(realErrors(errors)).toEqual([]);
  await context.close();
});

test('the bill\'s pages pass axe and fit a 360 px phone, where only the annexure scrolls sideways', async ({ browser, signedIn }) => {
  const { page, context } = await openPage(browser, app, PHONE);
  await signedIn(page, manager, `/dashboard/manager/bills/draft?work=mcc&month=${lastMonth}`);
  const failures: string[] = [];
  for (const path of ['draft', 'print/annexure', 'print/cover', 'print/compliance']) {
    await page.goto(`/dashboard/manager/bills/${path}?work=mcc&month=${lastMonth}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForFunction(() => !document.querySelector('[role="status"]'));
    await motionSettled(page);
    expect(await horizontalOverflow(page), `${path} scrolls sideways at 360 px`).toBeLessThanOrEqual(0);
    const violations = await axeViolations(page);
    if (violations.length) failures.push(describeViolations(path, violations));
    await screenshot(page, `bills-phone-${path.replace('/', '-')}`);
  }
  await page.goto(`/dashboard/manager/bills/draft?work=mcc&month=${lastMonth}`);
  await expect(page.getByRole('region', { name: /^Duty-wise annexure, / })).toBeVisible();
  // the draft's buttons, tabs and links of their own are 44 px targets (the area's Quick Links button is the shell's, checked with it)
  const small = (await smallTargets(page, 44)).filter((target) => !target.what.includes('Open Quick Links'));
  expect(small).toEqual([]);
  // the annexure's table is wider than the phone, inside its own scroll box
  const region = page.getByRole('region', { name: /^Duty-wise annexure, / });
  expect(await region.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
  // a month without terms names the problem, which axe reads too
  await page.goto(`/dashboard/manager/bills/draft?work=acca&month=${lastMonth}`);
  await expect(page.getByText(MSG.billDraft.noTerms('ACCA', monthLabel(lastMonth)))).toBeVisible();
  await motionSettled(page);
  const withProblems = await axeViolations(page);
  if (withProblems.length) failures.push(describeViolations('draft with problems', withProblems));
  expect(failures).toEqual([]);
  await context.close();
});
