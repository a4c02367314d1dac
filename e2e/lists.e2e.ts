import type { Browser } from '@playwright/test';
import { expect, START_TIMEOUT, test } from './fixtures.js';
import { openPage, realErrors, seedSession, startApp, type Account, type RunningApp } from './harness.js';
import { MSG } from '../src/shared/messages.js';
import { staff } from '../src/server/db/schema.js';

/**
 * The office lists (issue 28). Each describe starts its own server with its own data, so the
 * journeys of this file stay independent of one another.
 */

test.describe('the staff search keeps every key', () => {
  const manager: Account = { name: 'Asha Nair', email: 'asha@example.com', password: 'S3cure-pass', role: 'manager' };
  /** A worker of a work type other than the first tab's, with a name long enough to lose letters from. */
  const worker = { name: 'Kavitha Menon Raghavan', work: 'bio' };
  let app: RunningApp;
  let browser: Browser;

  test.beforeAll(async ({ browser: chromium }) => {
    test.setTimeout(START_TIMEOUT);
    browser = chromium;
    app = await startApp([manager], {
      seedData: async (db) => {
        await db.insert(staff).values([
          { name: worker.name, work: worker.work, designation: 'Cleaning Staff', phone: '9876500001', aadhar: '345678901201', wage: '700.00' },
          { name: 'Kavya Menon', work: 'mcc', designation: 'Cleaning Staff', phone: '9876500002', aadhar: '345678901202', wage: '700.00' },
        ]);
      },
    });
  });

  test.afterAll(async () => {
    await app?.stop();
  });

  test('a manager types a full name at 20 ms a key on a slowed CPU: every letter stays, the address follows, the row is found in every work type', async () => {
    const { context, page, errors } = await openPage(browser, app);
    await seedSession(context, app, manager);
    await page.goto('/dashboard/manager/staffdetails?work=all');
    // the first screen after sign-in loads its files, slow on a busy machine
    await expect(page.getByRole('cell', { name: 'Kavya Menon', exact: true })).toBeVisible({ timeout: 30_000 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

    const box = page.getByRole('searchbox', { name: 'Search' });
    await box.pressSequentially(worker.name, { delay: 20 });
    await expect(box).toHaveValue(worker.name);
    await expect(page).toHaveURL((url) => url.searchParams.get('q') === worker.name && url.searchParams.get('work') === 'all');
    const rows = page.getByRole('table').getByRole('row');
    await expect(page.getByRole('cell', { name: worker.name, exact: true })).toBeVisible();
    // the header, the one worker and the Total row
    await expect(rows).toHaveCount(3);
    await expect(page.getByRole('status', { name: MSG.staffList.countsLabel })).toHaveText('Active 1 · On Leave 0 · Resigned 0 · Total 1');
    await expect(box).toHaveValue(worker.name);

    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });
});
