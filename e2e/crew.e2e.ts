import { expect, START_TIMEOUT, test } from './fixtures.js';
import type { Browser, Locator, Page } from '@playwright/test';
import { MSG } from '../src/shared/messages.js';
import en from '../src/web/i18n/locales/en.json' with { type: 'json' };
import { callApi, horizontalOverflow, openPage, PHONE, realErrors, screenshot, startApp, openSignedIn, type Account, type RunningApp } from './harness.js';

/**
 * Crew entry in a few taps (issue 15, decision 0021): a supervisor on a 360 px phone opens
 * Add Duty from their home, adds a duty with three workers by ticking them (no name typed),
 * then a second one with a recent train number and "Same crew as last duty"; on Live Duty
 * a Mark as Completed is undone in its window, and one left alone, or left behind by
 * leaving the page, reaches the server; without network, Add Duty opens with the
 * checklist from the crew list saved on the phone and the duty is kept to send later.
 */

const manager: Account = { name: 'Asha Nair', email: 'asha@example.com', password: 'S3cure-pass', role: 'manager' };
const ravi: Account = { name: 'Ravi Kumar', email: 'ravi@example.com', password: 'Platform-4-pass', role: 'supervisor', work: 'mcc' };
const D = en.duties;

let app: RunningApp;
let browser: Browser;
let managerToken: string;
let serial = 0;

test.beforeAll(async ({ browser: chromium }) => {
  test.setTimeout(START_TIMEOUT);
  browser = chromium;
  app = await startApp([manager, ravi]);
  managerToken = await apiLogin(manager);
});

test.afterAll(async () => {
  await app?.stop();
});

const call = <T>(method: string, path: string, token: string | null, body?: unknown) => callApi<T>(app, method, path, token, body);

async function apiLogin(account: Account): Promise<string> {
  return (await call<{ token: string }>('POST', '/auth/login', null, { email: account.email, password: account.password })).token;
}

async function createWorker(name: string, work = 'mcc'): Promise<string> {
  serial += 1;
  const answer = await call<{ worker: { _id: string } }>('POST', '/worker/create-worker', managerToken, {
    name,
    work,
    phone: `98472${String(serial).padStart(5, '0')}`,
    aadhar: `6000${String(serial).padStart(8, '0')}`,
    designation: 'Cleaning Staff',
  });
  return answer.worker._id;
}

interface DutyRow {
  _id: string;
  trainno: string | null;
  status: string;
  version: number;
  workerDetails: { name: string }[];
}

async function mccDuties(): Promise<DutyRow[]> {
  const live = await call<DutyRow[]>('GET', '/mcctrain/get-livemcctrain?work=mcc', managerToken);
  const completed = await call<DutyRow[]>('GET', '/mcctrain/get-completedmcctrain?work=mcc', managerToken);
  return [...live, ...completed];
}

/** The statuses of a train number's duties added in the journey (not the earlier ones). */
async function statusOf(trainNo: string, earlier: readonly string[]): Promise<string[]> {
  return (await mccDuties()).filter((duty) => duty.trainno === trainNo && !earlier.includes(duty._id)).map((duty) => duty.status);
}

async function heightOf(locator: Locator): Promise<number> {
  return (await locator.boundingBox())?.height ?? 0;
}

async function signIn(page: Page): Promise<void> {
  await openSignedIn(page, app, ravi);
  await page.getByRole('heading', { name: MSG.liveWorkDetails }).waitFor();
}

test.describe('crew entry in a few taps', () => {
  test('a supervisor at 360 px ticks a crew, reuses it with a recent train number, and undoes a Mark as Completed', async () => {
    for (const name of ['Anil Kumar', 'Sunil Kumar', 'Kavya Menon']) await createWorker(name);
    const leela = await createWorker('Leela Das');
    const mohan = await createWorker('Mohan Pillai');
    await createWorker('Kumari Devi', 'acca'); // another work type: never listed
    const { supervisor } = await call<{ supervisor: { _id: string; name: string }[] }>('GET', '/auth/getsupervisor', managerToken);
    const raviId = supervisor.find((s) => s.name === ravi.name)!._id;
    // Ravi's earlier duties: 16001 completed today, 16002 still live with Mohan on it
    const base = { work: 'mcc', supervisor: raviId, totalcoach: '4', type: 'Primary' };
    const done = (await call<{ duty: DutyRow }>('POST', '/mcctrain/create-mcctrain', managerToken, { ...base, trainno: '16001', workers: [leela] })).duty;
    await call('PUT', `/mcctrain/update-mcctrain/${done._id}`, managerToken, { status: 'completed' });
    await call('POST', '/mcctrain/create-mcctrain', managerToken, { ...base, trainno: '16002', workers: [mohan] });
    const earlier = [done._id];

    const { context, page, errors } = await openPage(browser, app, PHONE, { serviceWorkers: 'allow' });
    await context.clock.install(); // time flows as usual; fastForward() ends an undo window at once
    await signIn(page);
    // the service worker that opens the app without network (the last part)
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    // Add Duty is one tap from the supervisor's home
    const addDuty = page.getByRole('link', { name: en.supervisor.menu.addDuty });
    expect(await heightOf(addDuty)).toBeGreaterThanOrEqual(44);
    await addDuty.click();
    await page.waitForURL('**/dashboard/user/addduty');
    await page.getByRole('heading', { name: 'Add Work Details' }).waitFor();

    // the crew of mcc as tick boxes, by name; Mohan is on the live duty 16002
    const checklist = page.getByRole('group', { name: D.crewChecklist });
    const boxes = checklist.getByRole('checkbox');
    await boxes.first().waitFor();
    await expect.poll(() => boxes.count()).toBe(5);
    const mohanBox = checklist.getByRole('checkbox', { name: /Mohan Pillai/ });
    await mohanBox.getByText(D.onDuty.replace('{{duty}}', '16002')).waitFor();
    await expect(checklist.getByRole('checkbox', { name: /Kumari Devi/ })).toHaveCount(0);
    expect(await heightOf(boxes.first())).toBeGreaterThanOrEqual(44);

    // recent train numbers: Ravi's, newest first
    const recent = page.getByRole('group', { name: D.recentTrains });
    // built from the live and the completed lists, each answering in its own time
    await expect.poll(() => recent.getByRole('button').allTextContents()).toEqual(['16002', '16001']);

    // the first duty: a train number, the coaches, three ticks; no worker name typed
    await page.getByLabel('Train Number').fill('12625');
    await page.getByLabel('Total Coaches').fill('5');
    for (const name of ['Anil Kumar', 'Sunil Kumar', 'Kavya Menon']) await checklist.getByRole('checkbox', { name: new RegExp(name) }).click();
    await page.getByLabel(`${MSG.selectedStaff}: 3`).waitFor();
    expect(await page.getByRole('checkbox', { name: /Anil Kumar/ }).getAttribute('aria-checked')).toBe('true');
    const chips = page.getByRole('list', { name: 'Chosen workers' }).getByRole('listitem');
    await expect(chips).toHaveText(['Anil Kumar', 'Sunil Kumar', 'Kavya Menon']);
    // a second tap unticks, a third ticks again
    await checklist.getByRole('checkbox', { name: /Sunil Kumar/ }).click();
    await page.getByLabel(`${MSG.selectedStaff}: 2`).waitFor();
    await checklist.getByRole('checkbox', { name: /Sunil Kumar/ }).click();
    await page.getByLabel(`${MSG.selectedStaff}: 3`).waitFor();
    await expect(page.getByPlaceholder(MSG.searchAndAddWorkers)).toHaveValue('');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-crew-checklist');
    await page.getByRole('button', { name: MSG.addTrainDetails }).click();
    await page.getByText(MSG.trainAdded).waitFor();
    await page.getByLabel(`${MSG.selectedStaff}: 0`).waitFor();

    // the second duty: a recent train number and the same crew, in three taps
    await recent.getByRole('button', { name: D.useRecentTrain.replace('{{train}}', '16001') }).click();
    await expect(page.getByLabel('Train Number')).toHaveValue('16001');
    await expect.poll(() => recent.getByRole('button').allTextContents()).toEqual(['12625', '16002', '16001']);
    expect(await heightOf(recent.getByRole('button').first())).toBeGreaterThanOrEqual(44);
    await page.getByLabel('Total Coaches').fill('6');
    const sameCrew = page.getByRole('button', { name: D.sameCrewAsLast });
    // the last duty is the one just added (its crew in the server's order)
    const note = page.getByText(D.sameCrewNote.replace('{{duty}}', '12625').replace('{{names}}', ''));
    await note.waitFor();
    await expect.poll(async () => (await note.textContent())?.split(': ')[1]?.split(', ').sort()).toEqual(['Anil Kumar', 'Kavya Menon', 'Sunil Kumar']);
    expect(await heightOf(sameCrew)).toBeGreaterThanOrEqual(44);
    await sameCrew.click();
    await page.getByLabel(`${MSG.selectedStaff}: 3`).waitFor();
    expect((await chips.allTextContents()).sort()).toEqual(['Anil Kumar', 'Kavya Menon', 'Sunil Kumar']);
    // they are on 12625 now, and the list says so
    await checklist.getByRole('checkbox', { name: /Anil Kumar/ }).getByText(D.onDuty.replace('{{duty}}', '12625')).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-same-crew');
    await page.getByRole('button', { name: MSG.addTrainDetails }).click();
    await page.getByText(MSG.trainAdded).first().waitFor();
    await expect.poll(async () => (await mccDuties()).filter((duty) => ['12625', '16001'].includes(duty.trainno ?? '') && duty.status === 'processing').map((duty) => [duty.trainno, duty.workerDetails.map((w) => w.name).sort()])).toEqual([
      ['16001', ['Anil Kumar', 'Kavya Menon', 'Sunil Kumar']],
      ['12625', ['Anil Kumar', 'Kavya Menon', 'Sunil Kumar']],
    ]);

    // Live Duty: a Mark as Completed undone within its window never reaches the server
    await page.getByRole('button', { name: 'Open Menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Live Duty' }).click();
    await page.waitForURL(/\/dashboard\/user$/);
    const card = page.getByRole('article', { name: 'Train 16001' });
    await card.getByRole('button', { name: `${MSG.markAsCompleted}: train 16001` }).click();
    await page.getByText(D.completionHeld.replace('{{what}}', 'train 16001')).waitFor();
    const undo = card.getByRole('button', { name: D.undoCompletionOf.replace('{{undo}}', D.undo).replace('{{what}}', 'train 16001') });
    expect(await heightOf(undo)).toBeGreaterThanOrEqual(44);
    await screenshot(page, 'phone-undo-completion', { withToasts: true });
    await undo.click();
    await page.getByText(D.completionUndone.replace('{{what}}', 'train 16001')).waitFor();
    await card.getByRole('button', { name: `${MSG.markAsCompleted}: train 16001` }).waitFor();
    await page.clock.fastForward(15_000);
    expect(await statusOf('16001', earlier)).toEqual(['processing']);

    // left alone, it is sent when the window ends (Undo in the toast this time is not tapped)
    await card.getByRole('button', { name: `${MSG.markAsCompleted}: train 16001` }).click();
    await page.getByText(D.completionHeld.replace('{{what}}', 'train 16001')).waitFor();
    expect(await statusOf('16001', earlier)).toEqual(['processing']);
    await page.clock.fastForward(10_000);
    await page.getByText(MSG.trainUpdated).waitFor();
    await card.waitFor({ state: 'detached' });
    expect(await statusOf('16001', earlier)).toEqual(['completed']);

    // leaving the page sends a held completion at once
    await page.getByRole('article', { name: 'Train 12625' }).getByRole('button', { name: `${MSG.markAsCompleted}: train 12625` }).click();
    await page.getByRole('link', { name: en.supervisor.menu.addDuty }).click();
    await page.getByRole('heading', { name: 'Add Work Details' }).waitFor();
    await expect.poll(() => statusOf('12625', earlier)).toEqual(['completed']);
    expect(realErrors(errors)).toEqual([]);

    // without network, Add Duty opens again with the checklist from the list saved on the phone
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Add Work Details' }).waitFor();
    await page.getByText(en.offline.youAreOffline).waitFor();
    await checklist.getByRole('checkbox', { name: /Leela Das/ }).waitFor();
    await expect.poll(() => boxes.count()).toBe(5);
    expect(await page.getByTestId('saved-age').textContent()).toMatch(/^Saved (just now|\d+ minutes? ago)$/);
    await page.getByLabel('Train Number').fill('16003');
    await page.getByLabel('Total Coaches').fill('2');
    await checklist.getByRole('checkbox', { name: /Leela Das/ }).click();
    await page.getByLabel(`${MSG.selectedStaff}: 1`).waitFor();
    await page.getByRole('button', { name: MSG.addTrainDetails }).click();
    await page.getByText(en.offline.savedOnPhone).waitFor();
    await context.setOffline(false);
    await expect.poll(() => statusOf('16003', earlier)).toEqual(['processing']);
    await context.close();
  });
});
