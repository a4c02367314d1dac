import type { Browser } from '@playwright/test';
import { expect, START_TIMEOUT, test } from './fixtures.js';
import { MSG } from '../src/shared/messages.js';
import { openPage, realErrors, seedSession, startApp, type Account, type RunningApp } from './harness.js';

/**
 * Office lists (issue 28). Part "bulk": a manager changes the daily wage of several workers
 * at once from the staff list; a record they may not change (another manager's) is listed
 * with its reason and left as it was.
 */

const manager: Account = { name: 'Asha Nair', email: 'asha@example.com', password: 'S3cure-pass', role: 'manager' };
const admin: Account = { name: 'Meera Das', email: 'meera@example.com', password: 'Admin-pass-1', role: 'admin' };

let app: RunningApp;
let browser: Browser;

test.beforeAll(async ({ browser: chromium }) => {
  test.setTimeout(START_TIMEOUT);
  browser = chromium;
  app = await startApp([manager, admin]);
});

test.afterAll(async () => {
  await app?.stop();
});

async function api(path: string, token: string, body: object): Promise<Response> {
  return fetch(`${app.baseUrl}/api/v1${path}`, { method: 'POST', headers: { authorization: token, 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

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
