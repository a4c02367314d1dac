import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import * as XLSX from '@e965/xlsx';
import type { Download, Page } from '@playwright/test';
import { expect, START_TIMEOUT, test } from './fixtures.js';
import { callApi, openPage, startApp, type Account, type RunningApp } from './harness.js';
import { MSG } from '../src/shared/messages.js';
import { monthLabel } from '../src/shared/months.js';
import { monthInZone, monthRange } from '../src/shared/time.js';
import { duties, dutyWorkers, staff } from '../src/server/db/schema.js';
import type { Payroll } from '../src/shared/schemas/payroll.js';
import { pageTexts } from '../test/helpers/pdf-text.js';

/**
 * A manager closes last month's laundry payroll (issue 26): the draft flags a worker below
 * the minimum wage, finalising is refused naming him, the manager fixes his wage from the
 * flag's link, finalises, downloads every file, and a worker's Hindi wage slip is read.
 * The month's duties are seeded into the journey's copy of the data (no request can
 * complete a duty in a month that has ended).
 */

const manager: Account = { name: 'Asha Nair', email: 'asha@example.com', password: 'S3cure-pass', role: 'manager' };

/** Last month in the server's zone (APP_TZ defaults to Asia/Kolkata). */
const lastMonth = (() => {
  const current = monthInZone(new Date(), 'Asia/Kolkata');
  const [year, number] = current.split('-').map(Number) as [number, number];
  return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`;
})();

const KAVITHA = 'Kavitha Menon';
const SURESH = 'Suresh Babu';
let app: RunningApp;
let token: string;

test.beforeAll(async () => {
  test.setTimeout(START_TIMEOUT);
  app = await startApp([manager], {
    seedData: async (db) => {
      const details = { work: 'laundry', designation: 'Cleaning Staff', bank: 'State Bank of India', ifscCode: 'SBIN0001234', dob: '1988-04-12', skill: 'unskilled' };
      const [kavitha] = await db
        .insert(staff)
        .values({ ...details, name: KAVITHA, phone: '9876500001', aadhar: '234567890121', wage: '820.00', acNumber: '001122334455', uanNo: '100900800700', esiNo: '3109876543', language: 'hi' })
        .returning();
      const [suresh] = await db
        .insert(staff)
        .values({ ...details, name: SURESH, phone: '9876500002', aadhar: '234567890122', wage: '700.00', acNumber: '009988776655', uanNo: '100900800701', esiNo: '3109876544', language: 'ml' })
        .returning();
      // twenty working days, both on each
      const { from } = monthRange(lastMonth);
      for (let day = 1; day <= 20; day += 1) {
        const completedDay = `${from.slice(0, 8)}${String(day).padStart(2, '0')}`;
        const [duty] = await db
          .insert(duties)
          .values({ work: 'laundry', status: 'completed', completedAt: new Date(`${completedDay}T06:00:00Z`), completedDay, used: 2 })
          .returning({ id: duties.id });
        await db.insert(dutyWorkers).values([kavitha!, suresh!].map((worker) => ({ dutyId: duty!.id, staffId: worker.id, completedDay })));
      }
    },
  });
  token = app.takeSession(manager).token;
});

test.afterAll(async () => {
  await app?.stop();
});

/** Clicks a download button and answers the file's name and bytes. */
async function download(page: Page, name: string): Promise<{ name: string; body: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name, exact: true }).click()]);
  return { name: (file as Download).suggestedFilename(), body: await readFile((await file.path())!) };
}

test('a manager fixes a below-minimum wage, finalises the month, downloads its files and reads a Hindi wage slip', async ({ browser, signedIn }) => {
  const payrollUrl = `/dashboard/manager/payroll?work=laundry&month=${lastMonth}`;
  const { page, context } = await openPage(browser, app);
  await signedIn(page, manager, payrollUrl);
  const table = page.getByRole('region', { name: 'Payroll' });
  // the first draft of a month is computed on the server's first request: a user waits for it too
  await expect(table.getByRole('row', { name: new RegExp(KAVITHA) })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();

  // Suresh earns ₹700 a day, under the unskilled minimum of ₹783: finalising is refused, naming him
  await expect(page.getByText('1 worker below the minimum wage — finalising is refused until fixed')).toBeVisible();
  await page.getByRole('button', { name: 'Finalise', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Finalise', exact: true }).click();
  await expect(page.getByText(new RegExp(`below the minimum wage: ${SURESH}`))).toBeVisible();
  await page.keyboard.press('Escape');

  // the flag's link opens his record: the wage is raised to ₹800
  await page.getByRole('link', { name: new RegExp(`^${SURESH}.*edit the worker`) }).click();
  await page.getByLabel(/^Wage/).fill('800');
  await page.getByRole('button', { name: MSG.updateWorker }).click();
  await page.getByText(MSG.workerUpdated).waitFor();

  await page.goto(payrollUrl);
  await expect(page.getByText(/below the minimum wage/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Finalise', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Finalise', exact: true }).click();
  await expect(page.getByText('Final', { exact: true })).toBeVisible();
  await expect(page.getByText('This payroll is final: it no longer changes. An admin can reopen it.')).toBeVisible();

  const payroll = await callApi<Payroll>(app, 'GET', `/payroll?work=laundry&month=${lastMonth}`, token);
  expect(payroll.status).toBe('final');
  const kavitha = payroll.rows.find((row) => row.name === KAVITHA)!;
  const [year, number] = lastMonth.split('-');

  const ecr = await download(page, 'ECR (EPFO)');
  expect(ecr.name).toBe(`ECR_laundry_${number}_${year}.txt`);
  const lines = ecr.body.toString('utf8').split('\n');
  expect(lines).toHaveLength(2);
  expect(lines.every((line) => line.split('#~#').length === 11)).toBe(true);

  const bank = await download(page, 'Bank file');
  expect(bank.body.toString('utf8')).toContain(`${KAVITHA},001122334455,SBIN0001234,${kavitha.net.toFixed(2)},Wages ${monthLabel(lastMonth).slice(0, 3)} ${year}`);

  const register = XLSX.read((await download(page, 'Register (.xlsx)')).body, { type: 'buffer' });
  const rows = XLSX.utils.sheet_to_json<unknown[]>(register.Sheets[register.SheetNames[0]!]!, { header: 1 });
  expect(rows.flat()).toContain(KAVITHA);

  const esi = XLSX.read((await download(page, 'ESI file')).body, { type: 'buffer' });
  expect(XLSX.utils.sheet_to_json<unknown[]>(esi.Sheets[esi.SheetNames[0]!]!, { header: 1 })).toHaveLength(3);

  const slips = await download(page, 'Wage slips (PDF)');
  expect(slips.name).toBe(`Slips_laundry_${number}_${year}.pdf`);
  const pages = pageTexts(slips.body);
  expect(pages).toHaveLength(2);

  // Kavitha's slip is in Hindi: the title, her name and her net pay
  const hindi = pages.find((slip) => slip.text.includes(KAVITHA))!;
  expect(hindi.text).toContain('वेतन पर्ची');
  expect(hindi.missing).toBe(0);
  expect(hindi.text).toContain(new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2 }).format(kavitha.net));
  // Suresh's is in Malayalam
  expect(pages.find((slip) => slip.text.includes(SURESH))!.text).toContain('ശമ്പള');

  // the printed register: landscape A4 sheets holding the workers, and nothing else of the page
  await page.goto(`/dashboard/manager/payroll/register?work=laundry&month=${lastMonth}`);
  await expect(page.getByRole('cell', { name: KAVITHA }).first()).toBeVisible();
  const printed = await page.pdf({ preferCSSPageSize: true });
  const [width, height] = /Page size:\s+([\d.]+) x ([\d.]+) pts \(A4\)/.exec(execFileSync('pdfinfo', ['-'], { input: printed }).toString())!.slice(1).map(Number);
  expect(width).toBeGreaterThan(height!);
  const registerText = execFileSync('pdftotext', ['-layout', '-', '-'], { input: printed }).toString();
  expect(registerText).toContain(KAVITHA);
  expect(registerText).not.toContain(MSG.logout);

  // the month is locked: a day mark is refused with the reason
  const refused = await fetch(`${app.baseUrl}/api/v1/attendance/marks`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify({ staffId: kavitha.staffId, from: `${lastMonth}-25`, to: `${lastMonth}-25`, kind: 'leave-paid' }),
  });
  expect(refused.status).toBe(409);
  expect(((await refused.json()) as { msg: string }).msg).toBe(MSG.payroll.monthFinal(monthLabel(lastMonth), 'LAUNDRY'));
  await context.close();
});
