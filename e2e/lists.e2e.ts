import type { Browser } from '@playwright/test';
import { expect, START_TIMEOUT, test } from './fixtures.js';
import { MSG } from '../src/shared/messages.js';
import { openPage, realErrors, seedSession, startApp, type Account, type RunningApp } from './harness.js';
import { staff } from '../src/server/db/schema.js';
import { execFileSync } from 'node:child_process';

/**
 * Office lists (issue 28), on one server: the staff search keeps every key typed fast on a
 * slowed CPU; a manager changes the daily wage of several workers at once from the staff
 * list, and a record they may not change (another manager's) is listed with its reason and
 * left as it was.
 */

const manager: Account = { name: 'Asha Nair', email: 'asha@example.com', password: 'S3cure-pass', role: 'manager' };
const admin: Account = { name: 'Meera Das', email: 'meera@example.com', password: 'Admin-pass-1', role: 'admin' };

/** A worker of a work type other than the first tab's, with a name long enough to lose letters from. */
const searched = { name: 'Kavitha Menon Raghavan', work: 'bio' };

/** Laundry workers seeded for the printed list: one page of the list (50) runs onto a second A4 sheet. */
const PRINTED_ROWS = 60;

let app: RunningApp;
let browser: Browser;

test.beforeAll(async ({ browser: chromium }) => {
  test.setTimeout(START_TIMEOUT);
  browser = chromium;
  app = await startApp([manager, admin], {
    seedData: async (db) => {
      // a laundry crew of 60, older than the rest, for the printed list (two A4 pages)
      await db.insert(staff).values(
        Array.from({ length: PRINTED_ROWS }, (_, index) => ({
          name: `Laundry Worker ${String(index + 1).padStart(2, '0')}`,
          work: 'laundry',
          designation: 'Cleaning Staff',
          phone: `98765${String(20000 + index)}`,
          aadhar: `4567890${String(10000 + index)}`,
          wage: '650.00',
          createdAt: new Date('2026-01-01T00:00:00Z'),
        })),
      );
      await db.insert(staff).values([
        { name: searched.name, work: searched.work, designation: 'Cleaning Staff', phone: '9876511001', aadhar: '345678901201', wage: '700.00' },
        { name: 'Kavya Menon', work: 'mcc', designation: 'Cleaning Staff', phone: '9876511002', aadhar: '345678901202', wage: '700.00' },
      ]);
    },
  });
});

test.afterAll(async () => {
  await app?.stop();
});

async function api(path: string, token: string, body: object): Promise<Response> {
  return fetch(`${app.baseUrl}/api/v1${path}`, { method: 'POST', headers: { authorization: token, 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

test.describe('the staff search keeps every key', () => {
  test('a manager types a full name at 20 ms a key on a slowed CPU: every letter stays, the address follows, the row is found in every work type', async () => {
    const { context, page, errors } = await openPage(browser, app);
    await seedSession(context, app, manager);
    await page.goto('/dashboard/manager/staffdetails?work=all');
    // the first screen after sign-in loads its files, slow on a busy machine
    await expect(page.getByRole('cell', { name: 'Kavya Menon', exact: true })).toBeVisible({ timeout: 30_000 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

    const box = page.getByRole('searchbox', { name: 'Search' });
    await box.pressSequentially(searched.name, { delay: 20 });
    await expect(box).toHaveValue(searched.name);
    await expect(page).toHaveURL((url) => url.searchParams.get('q') === searched.name && url.searchParams.get('work') === 'all');
    const rows = page.getByRole('table').getByRole('row');
    await expect(page.getByRole('cell', { name: searched.name, exact: true })).toBeVisible();
    // the header, the one worker and the Total row
    await expect(rows).toHaveCount(3);
    await expect(page.getByRole('status', { name: MSG.staffList.countsLabel })).toHaveText('Active 1 · On Leave 0 · Resigned 0 · Total 1');
    await expect(box).toHaveValue(searched.name);

    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });
});

test.describe('bulk changes to staff', () => {
  test("a manager sets a daily wage from today for a few workers; another manager's record is refused with its reason", async () => {
    // two workers, and a manager's account with its staff record (the admin registers it)
    const managerToken = app.takeSession(manager).token;
    const adminToken = app.takeSession(admin).token;
    const ids: Record<string, string> = {};
    for (const [name, aadhar] of [
      ['Kavitha Menon', '345678901234'],
      ['Biju Joseph', '345678901235'],
    ] as const) {
      const created = await api('/worker/create-worker', managerToken, { name, phone: '9876543210', aadhar, work: 'mcc', wage: '600' });
      expect(created.status).toBe(201);
      ids[name] = ((await created.json()) as { worker: { _id: string } }).worker._id;
    }
    const registered = await api('/auth/register', adminToken, {
      name: 'Kiran Varma',
      email: 'kiran@example.com',
      password: 'Peer-manager-9',
      confirmPassword: 'Peer-manager-9',
      role: 1,
      phone: '9876500001',
      aadhar: '345678901236',
      work: 'mcc',
      designation: 'Manager',
      wage: '900',
    });
    expect(registered.status).toBe(201);

    const { context, page, errors } = await openPage(browser, app);
    await seedSession(context, app, manager);
    await page.goto('/dashboard/manager/staffdetails');
    for (const name of ['Kavitha Menon', 'Biju Joseph', 'Kiran Varma']) await page.getByRole('checkbox', { name: `Select ${name}` }).check();
    const bar = page.getByRole('region', { name: 'Bulk change' });
    await expect(bar.getByText('3 selected')).toBeVisible();
    await bar.getByRole('button', { name: 'Change selected' }).click();

    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'What to change' }).selectOption('wage');
    await dialog.getByRole('textbox', { name: 'New daily wage (₹)' }).fill('750');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect(dialog.getByText('2 workers will change to ₹750.00')).toBeVisible();
    await expect(dialog.getByTestId('bulk-names')).toHaveText(/^(Kavitha Menon, Biju Joseph|Biju Joseph, Kavitha Menon)$/);
    const refused = dialog.getByRole('table', { name: '1 cannot be changed' });
    await expect(refused.getByRole('row', { name: new RegExp(`Kiran Varma.*${MSG.staffOfHigherRole.slice(0, 40)}`) })).toBeVisible();

    await dialog.getByRole('button', { name: 'Confirm: change 2 workers' }).click();
    await expect(page.getByText(MSG.staffBulk.changed(2))).toBeVisible();

    // the new wage is on each worker's record at once; the manager's record keeps its own
    for (const name of ['Kavitha Menon', 'Biju Joseph']) {
      await page.goto(`/dashboard/manager/editstaff/${ids[name]}`);
      await expect(page.getByRole('textbox', { name: /^Wage/ })).toHaveValue('750');
    }
    await page.goto('/dashboard/manager/staffdetails');
    await page.getByRole('link', { name: 'Edit Kiran Varma' }).first().click();
    await expect(page.getByText(MSG.staffOfHigherRole)).toBeVisible();
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });
});

test.describe('a printed list', () => {
  test('the staff list prints as one A4 table: its header row on every page, page numbers, no menu or buttons', async () => {
    const { context, page, errors } = await openPage(browser, app);
    await seedSession(context, app, manager);
    await page.goto('/dashboard/manager/staffdetails?work=laundry&sort=name');
    await expect(page.getByRole('cell', { name: 'Laundry Worker 01', exact: true })).toBeVisible({ timeout: 30_000 });
    const pdf = await page.pdf({ preferCSSPageSize: true });
    // poppler's pdftotext: one form feed between pages
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString();
    const pages = text.split('\f').filter((sheet) => sheet.trim() !== '');
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((sheet, index) => {
      // the header row (the sortable columns' names as text) and the page number on every sheet
      for (const column of ['Name', 'Emp ID', 'Phone', 'Aadhar', 'Designation', 'Status']) expect(sheet).toContain(column);
      // pdftotext may close up the margin box's small type ("1/4")
      expect(sheet).toMatch(new RegExp(`\\b${index + 1} ?/ ?${pages.length}\\b`));
    });
    // one table: the page's 50 workers, each once, in name order, and the view named once
    const printed = [...text.matchAll(/EMP000(\d\d)/g)].map((match) => Number(match[1]));
    expect(printed).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
    expect(text.match(new RegExp(MSG.allStaffMembers, 'g'))).toHaveLength(1);
    // every column fits the sheet, the last one too, its status whole
    expect(text.match(/ACTIVE/g)).toHaveLength(50);
    // no menu, buttons or pagination
    for (const screenOnly of [MSG.logout, MSG.lists.export, MSG.lists.print, MSG.addWorker]) expect(text).not.toContain(screenOnly);
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });
  test('the attendance grid prints on landscape A4 sheets, and the staff list after it on portrait again', async () => {
    const { context, page, errors } = await openPage(browser, app);
    await seedSession(context, app, manager);
    await page.goto('/dashboard/manager/attendance?work=laundry');
    await expect(page.getByRole('cell', { name: /Laundry Worker 01/ }).first()).toBeVisible({ timeout: 30_000 });
    const size = (pdf: Buffer) => /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(execFileSync('pdfinfo', ['-'], { input: pdf }).toString())!.slice(1).map(Number);
    const grid = await page.pdf({ preferCSSPageSize: true });
    const [width, height] = size(grid);
    expect(width).toBeGreaterThan(height!);
    expect(execFileSync('pdftotext', ['-layout', '-', '-'], { input: grid }).toString()).toContain('Laundry Worker 01');
    // the app's own navigation to another list: the wide page's size leaves with it
    await page.getByRole('link', { name: 'Staff Details' }).first().click();
    await expect(page.getByRole('heading', { name: MSG.allStaffMembers })).toBeVisible();
    const [listWidth, listHeight] = size(await page.pdf({ preferCSSPageSize: true }));
    expect(listWidth).toBeLessThan(listHeight!);
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });
});
