import { expect, REDIRECTING, START_TIMEOUT, test } from './fixtures.js';
import type { Browser, Page } from '@playwright/test';
import { MSG } from '../src/shared/messages.js';
import { horizontalOverflow, motionSettled, openPage, PHONE, screenshot, startApp, type Account, type RunningApp, realErrors, callApi } from './harness.js';

/**
 * The admin area end to end (issue 8): an admin creates a manager account, changes the
 * mcc staffing norm and sees a new duty use it, edits the company phone, disables an
 * account that is signed in elsewhere, keeps the states list, and finds every change in
 * the audit trail.
 */

const admin: Account = { name: 'Meera Das', email: 'meera@example.com', password: 'Admin-pass-1', role: 'admin' };
const manager: Account = { name: 'Asha Nair', email: 'asha@example.com', password: 'S3cure-pass', role: 'manager' };
const supervisor: Account = { name: 'Ravi Kumar', email: 'ravi@example.com', password: 'Platform-4-pass', role: 'supervisor', work: 'mcc' };
const elsewhere: Account = { name: 'Joseph Thomas', email: 'joseph@example.com', password: 'Coach-pass-22', role: 'supervisor', work: 'acca' };
const newManager = { name: 'Lakshmi Pillai', email: 'lakshmi@example.com', password: 'Office-pass-9' };
const NEW_PHONE = '+91 484 400 2024';

let app: RunningApp;
let browser: Browser;

test.beforeAll(async ({ browser: chromium }) => {
  test.setTimeout(START_TIMEOUT);
  browser = chromium;
  app = await startApp([admin, manager, supervisor, elsewhere]);
});

test.afterAll(async () => {
  await app?.stop();
});

const call = <T>(method: string, path: string, token: string | null, body?: unknown) => callApi<T>(app, method, path, token, body);

async function apiLogin(account: { email: string; password: string }): Promise<string> {
  return (await call<{ token: string }>('POST', '/auth/login', null, { email: account.email, password: account.password })).token;
}

/** Both widths of one screen, for people to look at. */
async function shots(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, `admin/${name}-desktop`);
  await page.setViewportSize(PHONE);
  await page.waitForFunction((width) => window.innerWidth === width, PHONE.width);
  await motionSettled(page);
  expect(await horizontalOverflow(page), `${name} scrolls sideways at 360 px`).toBeLessThanOrEqual(0);
  await screenshot(page, `admin/${name}-phone`);
  await screenshot(page, `admin/${name}-phone-top`, { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('the admin area', () => {
  test('greets the admin with shortcuts and counts, and creates a manager account who can sign in', async ({ signIn, signedIn }) => {
    const { context, page, errors } = await openPage(browser, app);
    await signedIn(page, admin);
    await page.getByRole('heading', { name: MSG.adminGreeting(admin.name) }).waitFor();
    await page.getByText(MSG.adminWelcome).waitFor();
    const shortcuts = page.getByRole('navigation', { name: 'Admin shortcuts' });
    // four accounts made by the command before start
    await shortcuts.getByRole('link', { name: /^Accounts\s*4\b/ }).waitFor();
    await shots(page, 'dashboard');

    await page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'Accounts' }).click();
    await page.waitForURL('**/dashboard/admin/accounts');
    await page.getByRole('cell', { name: elsewhere.email }).waitFor();
    await shots(page, 'accounts');

    await page.getByRole('button', { name: 'Create account' }).click();
    const dialog = page.getByRole('dialog');
    // the shared schema speaks before the server does
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await dialog.getByText(MSG.fillAllFields).waitFor();
    await dialog.getByLabel('Name').fill(newManager.name);
    await dialog.getByLabel('Email').fill(newManager.email);
    await dialog.getByLabel(/^Password/).fill(newManager.password);
    await screenshot(page, 'admin/create-account-desktop');
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await page.getByText(MSG.registered).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByRole('row').filter({ hasText: newManager.email });
    await row.getByRole('cell', { name: 'Manager', exact: true }).waitFor();
    await row.getByRole('cell', { name: 'Never', exact: true }).waitFor();

    // the same e-mail again: the server's SPEC §8 answer shows in the form
    await page.getByRole('button', { name: 'Create account' }).click();
    await dialog.getByLabel('Name').fill('Someone Else');
    await dialog.getByLabel('Email').fill(newManager.email);
    await dialog.getByLabel(/^Password/).fill('Another-pass-1');
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await dialog.getByText(MSG.alreadyRegistered).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // the last admin cannot give up the role: the server's 409 shows in the form
    await page.getByRole('button', { name: `Actions for ${admin.name}` }).click();
    await page.getByRole('menuitem', { name: 'Change role and work type' }).click();
    await dialog.getByRole('combobox', { name: 'Role', exact: true }).selectOption({ label: 'Manager' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText(MSG.lastAdmin).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const other = await openPage(browser, app);
    await signIn(other.page, newManager, '/dashboard/manager');
    await other.page.getByRole('heading', { name: `Welcome, ${newManager.name}` }).waitFor();
    await other.context.close();

    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  test('changes the mcc staffing norm, and a new duty uses it', async ({ signedIn }) => {
    const { context, page, errors } = await openPage(browser, app);
    await signedIn(page, admin);
    await page.goto('/dashboard/admin/norms');
    const mcc = page.getByRole('textbox', { name: 'Staff per coach for MCC', exact: true });
    await expect.poll(() => mcc.inputValue()).toBe('0.6');
    await mcc.fill('0.5');
    await page.getByText('20 coaches → 10 staff').waitFor();
    await page.getByRole('button', { name: 'Save staff per coach for MCC' }).click();
    await page.getByText('Staffing norm saved: MCC 0.5').waitFor();
    await shots(page, 'norms');

    // a manager adds a 10-coach mcc duty through the API: 0.5 × 10 = 5, not 0.6 × 10 = 6
    const managerToken = await apiLogin(manager);
    const { worker } = await call<{ worker: { _id: string } }>('POST', '/worker/create-worker', managerToken, {
      name: 'Suresh Babu',
      work: 'mcc',
      phone: '9847000001',
      aadhar: '400000000001',
      designation: 'Cleaning Staff',
    });
    const { supervisor: supervisors } = await call<{ supervisor: { _id: string; name: string }[] }>('GET', '/auth/getsupervisor', managerToken);
    const supervisorId = supervisors.find((s) => s.name === supervisor.name)?._id;
    expect(supervisorId).toBeTruthy();
    const { duty } = await call<{ duty: { _id: string; reqq: number } }>('POST', '/mcctrain/create-mcctrain', managerToken, {
      work: 'mcc',
      trainno: '12625',
      totalcoach: '10',
      type: 'Primary',
      supervisor: supervisorId,
      workers: [worker._id],
    });
    expect(duty.reqq).toBe(5);

    await page.goto(`/dashboard/admin/Live-train/${duty._id}`);
    await page.getByRole('heading', { name: 'Train 12625' }).waitFor();
    const details = page.locator('dl');
    await details.getByText(supervisor.name).waitFor();
    expect(await details.locator('div').filter({ hasText: MSG.requiredStaff }).locator('dd').innerText()).toBe('5');
    await page.getByText('Suresh Babu').first().waitFor();
    const history = page.getByRole('table', { name: 'History' });
    await history.getByRole('row').filter({ hasText: 'Duty added' }).filter({ hasText: manager.name }).waitFor();
    await shots(page, 'live-train');

    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  test('edits the company phone, and /contact shows it at once', async ({ signedIn }) => {
    const { context, page, errors } = await openPage(browser, app);
    await signedIn(page, admin);
    await page.goto('/dashboard/admin/company');
    const contact = page.getByRole('region', { name: 'Contact' });
    const phone = contact.getByLabel('Phone');
    await expect.poll(() => phone.inputValue()).not.toBe('');
    await phone.fill(NEW_PHONE);
    // a testimonial row can be added and must be filled before saving
    await page.getByRole('button', { name: 'Add a testimonial' }).click();
    await page.getByRole('button', { name: 'Save company profile' }).click();
    await page.getByText(MSG.fieldsNeedAttention).waitFor();
    const testimonials = page.getByRole('region', { name: 'Testimonials' });
    const count = await testimonials.getByRole('button', { name: /^Remove testimonial/ }).count();
    await testimonials.getByRole('button', { name: `Remove testimonial ${count}` }).click();
    await shots(page, 'company');
    await page.getByRole('button', { name: 'Save company profile' }).click();
    await page.getByText(MSG.companyProfileSaved).waitFor();

    const profile = await call<{ phone: string }>('GET', '/company-profile', null);
    expect(profile.phone).toBe(NEW_PHONE);
    // the public contact page reads the saved profile
    await page.goto('/contact');
    await page.locator('main').getByText(NEW_PHONE).first().waitFor({ timeout: 10_000 });
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  test('disables an account that is signed in elsewhere, and that session ends', async ({ signedIn }) => {
    const away = await openPage(browser, app, PHONE);
    await signedIn(away.page, elsewhere, '/dashboard/user');
    await away.page.getByRole('heading', { name: `Welcome, ${elsewhere.name}` }).waitFor();

    const { context, page, errors } = await openPage(browser, app);
    await signedIn(page, admin);
    await page.goto('/dashboard/admin/accounts');
    await page.getByLabel('Search').fill('joseph');
    await page.getByRole('cell', { name: elsewhere.email }).waitFor();
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await page.getByRole('button', { name: `Actions for ${elsewhere.name}` }).click();
    await page.getByRole('menuitem', { name: 'Disable' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Disable ${elsewhere.name}?`).waitFor();
    await dialog.getByRole('button', { name: 'Disable' }).click();
    await page.getByText(MSG.accountDisabledDone(elsewhere.name)).waitFor();
    await page.getByRole('row').filter({ hasText: elsewhere.email }).getByText('Disabled', { exact: true }).waitFor();

    // the other device's next page load meets the guard: countdown, then the login page
    await away.page.reload();
    await away.page.getByText(REDIRECTING).waitFor();
    await away.page.waitForURL('**/login**', { timeout: 10_000 });
    await away.context.close();

    // and the password no longer opens it
    await page.goto('/dashboard/admin/accounts?disabled=true');
    await page.getByRole('cell', { name: elsewhere.email }).waitFor();
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  test('keeps the states list: add, rename, remove', async ({ signedIn }) => {
    const { context, page, errors } = await openPage(browser, app);
    await signedIn(page, admin);
    await page.goto('/dashboard/admin/states');
    await page.getByRole('cell', { name: 'Kerala', exact: true }).waitFor();
    await page.getByLabel('Add a state or union territory').fill('Kerala');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText(MSG.stateExists).waitFor();
    await page.getByLabel('Add a state or union territory').fill('Andaman Test Islands');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText(MSG.stateAdded('Andaman Test Islands')).waitFor();
    await page.getByRole('button', { name: 'Rename Andaman Test Islands' }).click();
    await page.getByLabel('New name for Andaman Test Islands').fill('Nicobar Test Islands');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('cell', { name: 'Nicobar Test Islands', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Remove Nicobar Test Islands' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await page.getByText(MSG.stateRemoved('Nicobar Test Islands')).waitFor();
    await page.getByRole('cell', { name: 'Nicobar Test Islands', exact: true }).waitFor({ state: 'detached' });
    await shots(page, 'states');

    await page.goto('/dashboard/admin/contracts');
    await page.getByRole('combobox', { name: 'Work type' }).selectOption('acca');
    await page.getByRole('textbox', { name: 'Rate per coach (₹)' }).fill('450');
    await page.getByRole('textbox', { name: 'Penalty per missing worker (₹)' }).fill('200');
    await page.getByRole('textbox', { name: 'Contract Period' }).fill('Apr 2024 – Mar 2027');
    await page.getByRole('button', { name: 'Save terms' }).click();
    await page.getByText(/^Contract terms saved: ACCA, /).waitFor();
    await shots(page, 'contracts');

    await page.goto('/dashboard/admin/addworkers');
    await page.getByRole('button', { name: MSG.addWorker }).waitFor();
    await shots(page, 'add-worker');
    await page.goto('/dashboard/admin/addsupervisors');
    await page.getByRole('button', { name: MSG.addSupervisor }).waitFor();
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  test('finds each change in the audit trail, by person and by area', async ({ signedIn }) => {
    const { context, page, errors } = await openPage(browser, app);
    await signedIn(page, admin);
    await page.goto('/dashboard/admin/audit');
    const trail = page.getByRole('table', { name: 'Audit trail' });
    // the entries themselves (each holds a small before/after table of its own)
    const entries = trail.locator(':scope > tbody > tr');
    const rowWith = (action: string, text: string) => entries.filter({ hasText: action }).filter({ hasText: text });

    await rowWith('Account created', newManager.email).waitFor();
    await rowWith('Staffing norm changed', 'Staff per Coach').filter({ hasText: '0.6' }).filter({ hasText: '0.5' }).waitFor();
    await rowWith('Company profile changed', NEW_PHONE).waitFor();
    await rowWith('Account changed', elsewhere.name).filter({ hasText: 'Sign-in Blocked' }).waitFor();
    await rowWith('State renamed', 'Nicobar Test Islands').waitFor();
    await rowWith('Contract terms saved', 'Apr 2024').waitFor();
    // a duty is named by its train, its fields by their labels (issue 15)
    const dutyRow = rowWith('Duty added', manager.name);
    await dutyRow.getByRole('link', { name: 'Train 12625' }).waitFor();
    await dutyRow.getByRole('cell', { name: 'Train No', exact: true }).first().waitFor();
    await expect(dutyRow.getByRole('cell', { name: 'trainno', exact: true })).toHaveCount(0);
    // the company change records the whole profile: only the changed phone shows at first
    const company = rowWith('Company profile changed', NEW_PHONE);
    await expect(company.getByRole('cell', { name: 'Address', exact: true })).toHaveCount(0);
    await shots(page, 'audit');

    // by person: the manager made only the staff record and the duty
    // the searchable list loads after the screen; until then a read-only field of its label stands in
    await page.getByRole('combobox', { name: 'Person', exact: true }).click();
    await page.getByRole('option', { name: new RegExp(`^${manager.name}`) }).click();
    await rowWith('Duty added', manager.name).waitFor();
    await expect.poll(() => trail.getByText('Account created').count()).toBe(0);

    // by area
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByRole('combobox', { name: 'Area', exact: true }).selectOption({ label: 'staffing-norm' });
    await page.waitForURL('**entity=staffing-norm**');
    await rowWith('Staffing norm changed', '0.5').waitFor();
    await expect(entries).toHaveCount(1);

    // by record id: the account's own history
    await page.getByRole('button', { name: 'Clear filters' }).click();
    const accounts = await call<{ accounts: { _id: string; email: string }[] }>('GET', `/admin/accounts?q=joseph`, await apiLogin(admin));
    await page.getByLabel('Record id').fill(accounts.accounts[0]!._id);
    await expect.poll(() => entries.filter({ hasText: 'Staffing norm changed' }).count()).toBe(0);
    await rowWith('Account changed', 'Sign-in Blocked').waitFor();
    await expect(entries).toHaveCount(1);

    // by dates: nothing happened tomorrow
    await page.getByRole('button', { name: 'Clear filters' }).click();
    const tomorrow = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
    await page.goto(`/dashboard/admin/audit?from=${tomorrow}&to=${tomorrow}`);
    await page.getByText(MSG.noAuditMatches).waitFor();
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });
});
