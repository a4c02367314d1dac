import { expect, START_TIMEOUT, test } from './fixtures.js';
import type { Browser, Locator, Page } from '@playwright/test';
import { MSG } from '../src/shared/messages.js';
import { UNDO_WINDOW_MS } from '../src/web/features/duties/completion-hold.js';
import en from '../src/web/i18n/locales/en.json' with { type: 'json' };
import { horizontalOverflow, motionSettled, openPage, PHONE, screenshot, startApp, type Account, type RunningApp, realErrors, callApi } from './harness.js';

/**
 * Train duties end to end (issue 5): a supervisor on a phone adds an mcc duty with a crew
 * found through the search and completes it; a manager completes acca duties with the
 * returned bedsheets and reads the difference on Completed Works; a manager edits a
 * completed duty's crew and status (and meets the out-of-date copy check); a manager
 * deletes mistaken duties from the Completed and Live boards after confirming (issue 13);
 * Required Staff follows the admin's staffing norm.
 */

const manager: Account = { name: 'Asha Nair', email: 'asha@example.com', password: 'S3cure-pass', role: 'manager' };
const mccSupervisor: Account = { name: 'Ravi Kumar', email: 'ravi@example.com', password: 'Platform-4-pass', role: 'supervisor', work: 'mcc' };
const accaSupervisor: Account = { name: 'Joseph Thomas', email: 'joseph@example.com', password: 'Coach-pass-22', role: 'supervisor', work: 'acca' };
const admin: Account = { name: 'Meera Iyer', email: 'meera@example.com', password: 'Admin-pass-77', role: 'admin' };

let app: RunningApp;
let browser: Browser;
let managerToken: string;
let serial = 0;

test.beforeAll(async ({ browser: chromium }) => {
  test.setTimeout(START_TIMEOUT);
  browser = chromium;
  app = await startApp([manager, mccSupervisor, accaSupervisor, admin]);
  managerToken = await apiLogin(manager);
});

test.afterAll(async () => {
  await app?.stop();
});

const call = <T>(method: string, path: string, token: string | null, body?: unknown) => callApi<T>(app, method, path, token, body);

async function apiLogin(account: Account): Promise<string> {
  return (await call<{ token: string }>('POST', '/auth/login', null, { email: account.email, password: account.password })).token;
}

/** A worker of a work type, made by the manager through the API. */
async function createWorker(name: string, work: string): Promise<string> {
  serial += 1;
  const answer = await call<{ worker: { _id: string } }>('POST', '/worker/create-worker', managerToken, {
    name,
    work,
    phone: `98470${String(serial).padStart(5, '0')}`,
    aadhar: `4000${String(serial).padStart(8, '0')}`,
    designation: 'Cleaning Staff',
  });
  return answer.worker._id;
}

async function supervisorId(account: Account): Promise<string> {
  const { supervisor } = await call<{ supervisor: { _id: string; name: string }[] }>('GET', '/auth/getsupervisor', managerToken);
  const found = supervisor.find((s) => s.name === account.name);
  if (!found) throw new Error(`no supervisor ${account.name}`);
  return found._id;
}

interface DutyAnswer {
  _id: string;
  status: string;
  version: number;
  workers: string[];
  workerDetails: { name: string }[];
}

async function createDuty(body: Record<string, unknown>): Promise<DutyAnswer> {
  return (await call<{ duty: DutyAnswer }>('POST', '/mcctrain/create-mcctrain', managerToken, body)).duty;
}

/** The table row whose first cell is this train number. */
function rowOf(page: Page, trainNo: string): Locator {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name: trainNo, exact: true }) });
}

/** The text colour of an element as [r, g, b]. */
async function colourOf(locator: Locator): Promise<number[]> {
  const colour = await locator.evaluate((element) => getComputedStyle(element).color);
  return (colour.match(/\d+/g) ?? []).slice(0, 3).map(Number);
}

test.describe('train duties', () => {
  test('a supervisor on a 360 px phone adds an mcc duty with three workers found through the search, then completes it', async ({ signedIn }) => {
    await createWorker('Anil Kumar', 'mcc');
    await createWorker('Sunil Kumar', 'mcc');
    await createWorker('Kavya Menon', 'mcc');
    await createWorker('Kumari Devi', 'acca'); // another work type: never suggested

    const { context, page, errors } = await openPage(browser, app, PHONE);
    await context.clock.install(); // time flows as usual; fastForward() ends an undo window at once
    await signedIn(page, mccSupervisor, '/dashboard/user');
    await page.getByRole('heading', { name: MSG.liveWorkDetails }).waitFor();
    await page.getByText(MSG.noLiveTrainsFor('MCC')).waitFor();

    // through the phone menu to Add Duty
    await page.getByRole('button', { name: 'Open Menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Add Duty' }).click();
    await page.waitForURL('**/dashboard/user/addduty');
    await page.getByRole('heading', { name: 'Add Work Details' }).waitFor();
    await expect(page).toHaveTitle(MSG.addTrainTitle);

    // a supervisor of mcc gets only the MCC button, already chosen
    const workButtons = page.getByRole('group', { name: 'Work type' }).getByRole('button');
    await expect(workButtons).toHaveText(['MCC']);
    expect(await workButtons.first().getAttribute('aria-pressed')).toBe('true');
    await expect(page.getByRole('textbox', { name: 'Supervisor' }).count()).resolves.toBe(0);

    // SPEC §5: workers are required for mcc
    await page.getByRole('button', { name: MSG.addTrainDetails }).click();
    await page.getByRole('alert').getByText(MSG.fillAllRequired).waitFor();

    await page.getByLabel('Train Number').fill('12625');
    await page.getByLabel('Total Coaches').fill('5');
    await page.getByLabel(`${MSG.requiredStaff}: 3`).waitFor();

    const search = page.getByPlaceholder(MSG.searchAndAddWorkers);
    const suggestions = page.getByRole('list', { name: 'Suggested workers' });
    await search.fill('KUMAR');
    await suggestions.getByText('Anil Kumar').waitFor();
    await expect(suggestions.getByRole('listitem')).toHaveCount(2); // Anil and Sunil, not the acca worker
    await suggestions.getByText('Anil Kumar').click();
    await search.fill('kumar');
    // a chosen worker is not suggested again
    await suggestions.getByText('Sunil Kumar').waitFor();
    await expect(suggestions.getByRole('listitem')).toHaveCount(1);
    await suggestions.getByText('Sunil Kumar').click();
    await search.fill('zzz');
    await page.getByText(MSG.noWorkersFound).waitFor();
    await search.fill('kav');
    await search.press('Enter'); // Enter takes the first suggestion
    await page.getByLabel(`${MSG.selectedStaff}: 3`).waitFor();
    const chips = page.getByRole('list', { name: 'Chosen workers' }).getByRole('listitem');
    await expect(chips).toHaveText(['Anil Kumar', 'Sunil Kumar', 'Kavya Menon']);

    // a chip's cross removes the worker; add them back
    await page.getByRole('button', { name: 'Remove Sunil Kumar' }).click();
    await page.getByLabel(`${MSG.selectedStaff}: 2`).waitFor();
    await search.fill('sun');
    await suggestions.getByText('Sunil Kumar').click();
    await page.getByLabel(`${MSG.selectedStaff}: 3`).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-add-duty');

    await page.getByRole('button', { name: MSG.addTrainDetails }).click();
    await page.getByText(MSG.trainAdded).waitFor();
    // SPEC §4: the form clears (the work type stays)
    await expect(page.getByLabel('Train Number')).toHaveValue('');
    await page.getByLabel(`${MSG.selectedStaff}: 0`).waitFor();
    await expect(page.getByRole('list', { name: 'Chosen workers' })).toHaveCount(0);

    // Live Duty: the new duty, then Mark as Completed
    await page.getByRole('button', { name: 'Open Menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Live Duty' }).click();
    await page.waitForURL(/\/dashboard\/user$/);
    // on a phone each live duty is a card with a full-width action
    const row = page.getByRole('article', { name: 'Train 12625' });
    await row.waitFor();
    await expect(row.getByTestId('worker-count')).toHaveText('3');
    await row.getByText('processing').waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-live-duty');
    const complete = row.getByRole('button', { name: MSG.markAsCompleted });
    const box = await complete.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(40); // a thumb-sized target
    await complete.click();
    await page.getByText(en.duties.completionHeld.replace('{{what}}', 'train 12625')).waitFor();
    await page.clock.fastForward(UNDO_WINDOW_MS);
    await page.getByText(MSG.trainUpdated).waitFor();
    await page.getByText(MSG.noLiveTrainsFor('MCC')).waitFor();

    // Completed Duty lists it for this month
    await page.goto('/dashboard/user/completedduty');
    const done = page.getByRole('article', { name: 'Train 12625' });
    await done.waitFor();
    await done.getByText('completed', { exact: true }).waitFor();
    await expect(page.getByRole('tab')).toHaveText(['MCC']);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-completed-duty');
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  test('a manager completes acca duties with returned bedsheets and reads the difference in its colour', async ({ signedIn }) => {
    const crew = [await createWorker('Leela Das', 'acca'), await createWorker('Mohan Pillai', 'acca')];
    const supervisor = await supervisorId(accaSupervisor);
    const base = { work: 'acca', supervisor, totalcoach: 10, type: 'Primary', workers: crew, suppliedBedsheet: 40 };
    await createDuty({ ...base, trainno: '22640' });
    await createDuty({ ...base, trainno: '22641' });

    const { context, page, errors } = await openPage(browser, app);
    await context.clock.install(); // the undo window of each Mark as Completed is fast-forwarded
    await signedIn(page, manager);

    // the manager's Add Work Details: all six types; fields follow the type (SPEC §2)
    await page.goto('/dashboard/manager/addwork');
    const workButtons = page.getByRole('group', { name: 'Work type' }).getByRole('button');
    await workButtons.first().waitFor();
    await expect(workButtons).toHaveText(['MCC', 'ACCA', 'BIO', 'LAUNDRY', 'PFTR', 'PIT & YARD']);
    await page.getByRole('button', { name: 'BIO' }).click();
    await page.getByLabel('Total Tank').waitFor();
    await expect(page.getByRole('combobox', { name: 'Type' })).toHaveCount(0);
    await page.getByRole('button', { name: 'LAUNDRY' }).click();
    await expect(page.getByLabel('Train Number')).toHaveCount(0);
    await page.getByRole('button', { name: 'ACCA' }).click();
    await page.getByLabel('Supplied Bedsheet').waitFor();
    await page.getByRole('combobox', { name: 'Supervisor' }).click();
    await page.getByRole('option', { name: new RegExp(accaSupervisor.name) }).click();
    await screenshot(page, 'desktop-add-work');

    await page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'Live Works' }).click();
    await page.waitForURL('**/dashboard/manager/livework');
    await page.getByRole('heading', { name: MSG.liveWorkManagerTitle }).waitFor();
    await expect(page).toHaveTitle(MSG.liveWorkManagerTitle);
    await expect(page.getByRole('tab')).toHaveText(['MCC', 'ACCA', 'BIO', 'PFTR', 'Laundry', 'Pit & Yard', MSG.lists.allWorkTypes]);
    await page.getByText(MSG.noLiveTrainsIn('MCC')).waitFor();

    await page.getByRole('tab', { name: 'ACCA' }).click();
    const first = rowOf(page, '22640');
    await first.waitFor();
    // 2 workers against round(0.6 × 10) = 6 required: 4 short, in red
    const manpower = first.getByRole('cell').nth(4);
    await expect(manpower).toHaveText('-4');
    const [r, g] = await colourOf(manpower);
    expect(r! > 150 && g! < 100).toBe(true);
    await expect(first.getByRole('cell').nth(5)).toHaveText(accaSupervisor.name);
    // the office's Total row adds up the whole view (issue 28): two duties of 2 workers, each 4 short
    const totalRow = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: MSG.columnTotal }) });
    await totalRow.getByRole('cell', { name: '4', exact: true }).waitFor();
    await expect(totalRow.getByRole('cell', { name: '8 short', exact: true })).toBeVisible();
    await screenshot(page, 'desktop-live-works');

    // acca asks for the returned bedsheets first
    const dialog = page.getByRole('dialog');
    // The board has finished loading (its data settled) before the person acts on it.
    await page.waitForLoadState('networkidle');
    await first.getByRole('button', { name: MSG.markCompleted }).click();
    await dialog.getByLabel('Returned Bedsheets').fill('35');
    await motionSettled(page);
    await screenshot(page, 'desktop-returned-dialog');
    await dialog.getByRole('button', { name: MSG.markCompleted }).click();
    await page.clock.fastForward(UNDO_WINDOW_MS);
    await page.getByText(MSG.trainUpdated).waitFor();
    await first.waitFor({ state: 'detached' });

    await rowOf(page, '22641').getByRole('button', { name: MSG.markCompleted }).click();
    await page.getByRole('dialog').getByLabel('Returned Bedsheets').fill('45');
    await page.getByRole('dialog').getByRole('button', { name: MSG.markCompleted }).click();
    await page.clock.fastForward(UNDO_WINDOW_MS);
    await page.getByText(MSG.noLiveTrainsIn('ACCA')).waitFor();

    await page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'Completed Works' }).click();
    await page.waitForURL('**/dashboard/manager/completed');
    await rowOf(page, '12625').waitFor(); // the first journey's duty, completed this month
    await page.getByRole('tab', { name: 'ACCA' }).click();
    await page.getByRole('columnheader', { name: 'Bedsheets - Excess/Short' }).waitFor();
    // supplied 40, returned 35: 5 missing, red; returned 45: 5 extra, green
    const missing = rowOf(page, '22640').getByTestId('bedsheet-difference');
    const extra = rowOf(page, '22641').getByTestId('bedsheet-difference');
    await expect(missing).toHaveText('+5');
    await expect(extra).toHaveText('-5');
    const [mr, mg] = await colourOf(missing);
    const [er, eg] = await colourOf(extra);
    expect(mr! > 150 && mg! < 100).toBe(true);
    expect(eg! > er!).toBe(true);
    await expect(rowOf(page, '22640').getByRole('cell').nth(5)).toHaveText(accaSupervisor.name);
    await screenshot(page, 'desktop-completed-acca');
    // a manager on a phone: cards, nothing scrolls sideways, the same figures and colours
    await page.setViewportSize(PHONE);
    const card = page.getByRole('article', { name: 'Train 22640' });
    await expect(card.getByTestId('bedsheet-difference')).toHaveText('+5');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-completed-acca');
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  test("a manager edits a completed duty's workers and status, and an out-of-date copy is refused", async ({ signedIn }) => {
    const [a, b] = [await createWorker('Gopal Menon', 'mcc'), await createWorker('Hari Prasad', 'mcc')];
    await createWorker('Deepa Raj', 'mcc');
    const supervisor = await supervisorId(mccSupervisor);
    const duty = await createDuty({ work: 'mcc', trainno: '16301', supervisor, totalcoach: 4, type: 'Secondary', workers: [a, b] });
    await call('PUT', `/mcctrain/update-mcctrain/${duty._id}`, managerToken, { status: 'completed' });

    const { context, page, errors } = await openPage(browser, app);
    await signedIn(page, manager);
    await page.goto('/dashboard/manager/completed');
    await rowOf(page, '16301').getByRole('link', { name: /Details/ }).click();
    await page.waitForURL(`**/dashboard/manager/traindetail/${duty._id}`);
    await page.getByRole('heading', { name: MSG.completedWorkDetails }).waitFor();
    await page.getByText('Gopal Menon').waitFor();
    await screenshot(page, 'desktop-train-detail');

    await page.getByRole('button', { name: 'Edit' }).click();
    // SPEC §5: train number is required
    await page.getByLabel('Train No').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alert').getByText(MSG.fillAllRequired).waitFor();
    await page.getByLabel('Train No').fill('16301');
    await expect(page.getByRole('alert')).toHaveCount(0); // a change clears the message

    await page.getByRole('button', { name: 'Remove Gopal Menon' }).click();
    await page.getByPlaceholder(MSG.searchAndAddWorkers).fill('nobody');
    await page.getByText(MSG.noWorkersFound).waitFor();
    await page.getByPlaceholder(MSG.searchAndAddWorkers).fill('deep');
    await page.getByRole('list', { name: 'Suggested workers' }).getByText('Deepa Raj').click();
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'processing' });
    await screenshot(page, 'desktop-train-edit');
    await page.setViewportSize(PHONE);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-train-edit');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(MSG.trainUpdated).waitFor();
    await page.getByRole('button', { name: 'Edit' }).waitFor(); // back to reading

    const saved = await call<DutyAnswer>('GET', `/mcctrain/getone-mcctrain/${duty._id}`, managerToken);
    expect(saved.status).toBe('processing');
    expect(saved.workerDetails.map((w) => w.name).sort()).toEqual(['Deepa Raj', 'Hari Prasad']);
    await page.getByText('Deepa Raj').waitFor();
    await expect(page.getByText('Gopal Menon')).toHaveCount(0);

    // someone else saves meanwhile: this copy is out of date and must not overwrite theirs
    await page.getByRole('button', { name: 'Edit' }).click();
    await call('PUT', `/mcctrain/update-mcctrain/${duty._id}`, managerToken, {
      trainno: '16301',
      status: 'processing',
      totalcoach: 8,
      workers: saved.workers,
      version: saved.version,
    });
    await page.getByRole('button', { name: 'Remove Hari Prasad' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(MSG.dutyStale).waitFor();
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    const after = await call<DutyAnswer>('GET', `/mcctrain/getone-mcctrain/${duty._id}`, managerToken);
    expect(after.workerDetails.map((w) => w.name).sort()).toEqual(['Deepa Raj', 'Hari Prasad']);
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  test('a manager deletes a mistaken duty from the Completed board after confirming, and from the Live board; cancelling keeps it', async ({ signedIn }) => {
    const supervisor = await supervisorId(mccSupervisor);
    const done = await createDuty({ work: 'mcc', trainno: '19001', supervisor, totalcoach: 4, type: 'Primary', workers: [await createWorker('Irfan Ali', 'mcc')] });
    await call('PUT', `/mcctrain/update-mcctrain/${done._id}`, managerToken, { status: 'completed' });
    const live = await createDuty({ work: 'mcc', trainno: '19002', supervisor, totalcoach: 4, type: 'Primary', workers: [await createWorker('Jaya Kumar', 'mcc')] });

    const { context, page, errors } = await openPage(browser, app);
    await signedIn(page, manager);
    await page.goto('/dashboard/manager/completed');
    const row = rowOf(page, '19001');
    await row.waitFor();
    await page.waitForLoadState('networkidle');

    // Cancel keeps the duty
    await row.getByRole('button', { name: `${MSG.delete}: train 19001` }).click();
    const dialog = page.getByRole('dialog', { name: MSG.confirmDeleteDuty });
    await dialog.getByText(MSG.confirmDeleteDutyDetail).waitFor();
    await motionSettled(page);
    await screenshot(page, 'desktop-delete-duty-confirm');
    await dialog.getByRole('button', { name: MSG.cancel }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect(row).toHaveCount(1);
    expect((await call<DutyAnswer>('GET', `/mcctrain/getone-mcctrain/${done._id}`, managerToken)).status).toBe('completed');

    // confirming deletes it: the row goes, and the server no longer has it
    await row.getByRole('button', { name: `${MSG.delete}: train 19001` }).click();
    await dialog.getByRole('button', { name: MSG.confirmDeleteDutyAction }).click();
    await page.getByText(MSG.dutyDeleted).waitFor();
    await row.waitFor({ state: 'detached' });
    await expect(call('GET', `/mcctrain/getone-mcctrain/${done._id}`, managerToken)).rejects.toThrow(/404/);

    // the Live board on a phone: each card has its Delete
    await page.setViewportSize(PHONE);
    await page.goto('/dashboard/manager/livework');
    const card = page.getByRole('article', { name: 'Train 19002' });
    await card.waitFor();
    await page.waitForLoadState('networkidle');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await card.getByRole('button', { name: `${MSG.delete}: train 19002` }).click();
    await page.getByRole('dialog', { name: MSG.confirmDeleteDuty }).getByRole('button', { name: MSG.confirmDeleteDutyAction }).click();
    await card.waitFor({ state: 'detached' });
    await expect(call('GET', `/mcctrain/getone-mcctrain/${live._id}`, managerToken)).rejects.toThrow(/404/);
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  test("a supervisor sees no Delete, and Required Staff on Add Work Details uses the admin's staffing norm", async ({ signedIn }) => {
    const adminToken = await apiLogin(admin);
    await call('PUT', '/admin/staffing-norms/mcc', adminToken, { perCoach: 1.25 });
    const supervisor = await supervisorId(mccSupervisor);
    await createDuty({ work: 'mcc', trainno: '19003', supervisor, totalcoach: 4, type: 'Primary', workers: [await createWorker('Kiran Bose', 'mcc')] });

    const { context, page, errors } = await openPage(browser, app);
    await signedIn(page, mccSupervisor, '/dashboard/user');
    await rowOf(page, '19003').waitFor();
    await expect(page.getByRole('button', { name: new RegExp(`^${MSG.delete}`) })).toHaveCount(0);

    await page.goto('/dashboard/user/addduty');
    await page.getByLabel('Total Coaches').fill('7');
    // round(1.25 × 7) = 8.75 → 9, as the server will store it (the default 0.6 would show 4)
    await page.getByLabel(`${MSG.requiredStaff}: 9`).waitFor();
    await call('PUT', '/admin/staffing-norms/mcc', adminToken, { perCoach: 0.6 });
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });
});
