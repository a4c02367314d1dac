import { expect, START_TIMEOUT, test } from './fixtures.js';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { MSG } from '../src/shared/messages.js';
import { UNDO_WINDOW_MS } from '../src/web/features/duties/completion-hold.js';
import en from '../src/web/i18n/locales/en.json' with { type: 'json' };
import { callApi, openPage, PHONE, realErrors, screenshot, startApp, submitLogin, type Account, type RunningApp } from './harness.js';

/**
 * Offline writes, sent exactly once (issue 14 part 2, decision 0020): a supervisor on a
 * phone adds and completes duties with the network switched off, closes the page, opens
 * it again still offline (the service worker serves the app, IndexedDB the queue), and
 * once the network is back everything arrives once; a queued completion of a duty a
 * manager completed meanwhile is shown as refused with what was entered, and discarded;
 * one Idempotency-Key sent twice makes one duty.
 */

const manager: Account = { name: 'Asha Nair', email: 'asha@example.com', password: 'S3cure-pass', role: 'manager' };
const supervisor: Account = { name: 'Joseph Thomas', email: 'joseph@example.com', password: 'Coach-pass-22', role: 'supervisor', work: 'acca' };
const T = en.offline;

let app: RunningApp;
let browser: Browser;
let managerToken: string;
let serial = 0;
const workerIds = new Map<string, string>();

test.beforeAll(async ({ browser: chromium }) => {
  test.setTimeout(START_TIMEOUT);
  browser = chromium;
  app = await startApp([manager, supervisor]);
  managerToken = await apiLogin(manager);
  for (const name of ['Anil Kumar', 'Kavya Menon', 'Sunil Das']) workerIds.set(name, await createWorker(name));
});

test.afterAll(async () => {
  await app?.stop();
});

const call = <T>(method: string, path: string, token: string | null, body?: unknown) => callApi<T>(app, method, path, token, body);

async function apiLogin(account: Account): Promise<string> {
  return (await call<{ token: string }>('POST', '/auth/login', null, { email: account.email, password: account.password })).token;
}

async function createWorker(name: string): Promise<string> {
  serial += 1;
  const answer = await call<{ worker: { _id: string } }>('POST', '/worker/create-worker', managerToken, {
    name,
    work: 'acca',
    phone: `98471${String(serial).padStart(5, '0')}`,
    aadhar: `5000${String(serial).padStart(8, '0')}`,
    designation: 'Cleaning Staff',
  });
  return answer.worker._id;
}

interface DutyRow {
  _id: string;
  trainno: string | null;
  status: string;
  returned: number | null;
  version: number;
}

/** Every acca duty the server has, live and completed. */
async function serverDuties(): Promise<DutyRow[]> {
  const live = await call<DutyRow[]>('GET', '/mcctrain/get-livemcctrain?work=acca', managerToken);
  const completed = await call<DutyRow[]>('GET', '/mcctrain/get-completedmcctrain?work=acca', managerToken);
  return [...live, ...completed];
}

async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, supervisor.email, supervisor.password);
  await page.waitForURL('**/dashboard/user');
  await page.getByRole('heading', { name: MSG.liveWorkDetails }).waitFor();
}

/** The installed service worker is active (the app shell and the supervisor's screens precached). */
async function serviceWorkerReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

async function openMenuLink(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Open Menu' }).click();
  await page.getByRole('dialog').getByRole('link', { name }).click();
}

/** Fills Add Work Details for an acca duty and sends it. */
async function addAccaDuty(page: Page, trainNo: string, coaches: string, bedsheets: string, worker: string): Promise<void> {
  await page.getByLabel('Train Number').fill(trainNo);
  await page.getByLabel('Total Coaches').fill(coaches);
  await page.getByLabel('Supplied Bedsheet').fill(bedsheets);
  await page.getByPlaceholder(MSG.searchAndAddWorkers).fill(worker.split(' ')[0]!);
  await page.getByRole('list', { name: 'Suggested workers' }).getByText(worker).click();
  await page.getByLabel(`${MSG.selectedStaff}: 1`).waitFor();
  await page.getByRole('button', { name: MSG.addTrainDetails }).click();
  // the form clears for the next duty (SPEC §4), as after an online add
  await expect.poll(() => page.getByLabel('Train Number').inputValue()).toBe('');
}

const waitingText = (count: number) => (count === 1 ? T.waiting_one : T.waiting_other).replace('{{count}}', String(count));

async function offline(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(true);
  await page.getByText(T.youAreOffline).waitFor();
}

test.describe('offline writes', () => {
  test('two duties added and one completed offline, kept through a closed page, arrive once when the network returns', async () => {
    const { context, page, errors } = await openPage(browser, app, PHONE);
    await context.clock.install(); // time flows as usual; fastForward() ends an undo window at once
    await signIn(page);
    await serviceWorkerReady(page);
    // one online visit of Add Duty: the crew list is kept on the phone
    await openMenuLink(page, 'Add Duty');
    await page.getByRole('heading', { name: 'Add Work Details' }).waitFor();
    await page.getByPlaceholder(MSG.searchAndAddWorkers).fill('Anil');
    await page.getByRole('list', { name: 'Suggested workers' }).getByText('Anil Kumar').waitFor();
    await page.getByPlaceholder(MSG.searchAndAddWorkers).fill('');

    await offline(context, page);
    await addAccaDuty(page, '16301', '10', '40', 'Anil Kumar');
    await page.getByText(T.savedOnPhone).first().waitFor();
    await page.getByText(waitingText(1)).waitFor();
    await addAccaDuty(page, '16302', '8', '30', 'Kavya Menon');
    await page.getByText(waitingText(2)).waitFor();

    // the live board shows both at once, marked as waiting; complete one with its returned count
    await openMenuLink(page, 'Live Duty');
    const first = page.getByRole('article', { name: 'Train 16301' });
    await first.getByText(T.addedWaiting).waitFor();
    await page.getByRole('article', { name: 'Train 16302' }).getByText(T.addedWaiting).waitFor();
    await first.getByRole('button', { name: `${MSG.markAsCompleted}: train 16301` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Returned Bedsheets').fill('37');
    await dialog.getByRole('button', { name: MSG.markAsCompleted }).click();
    await page.clock.fastForward(UNDO_WINDOW_MS);
    await page.getByText(waitingText(3)).waitFor();
    await screenshot(page, 'offline-three-waiting');
    expect(await serverDuties()).toEqual([]);

    // close the page; open the app again, still without network
    await page.close();
    const reopened = await context.newPage();
    await reopened.goto('/dashboard/user');
    await reopened.getByText(waitingText(3)).waitFor();
    await reopened.getByText(T.youAreOffline).waitFor();
    await reopened.getByRole('article', { name: 'Train 16302' }).waitFor();
    // the live list is the copy saved on the phone, marked with its age
    expect(await reopened.getByTestId('saved-age').textContent()).toMatch(/^Saved (just now|\d+ minutes? ago)$/);
    expect(await serverDuties()).toEqual([]);

    // signing out now would lose them: the app asks first, and Stay keeps everything
    await reopened.getByRole('button', { name: MSG.logout }).click();
    const warning = reopened.getByRole('dialog', { name: T.signOutTitle });
    await warning.getByText(T.signOutWarning_other.replace('{{count}}', '3')).waitFor();
    await warning.getByRole('button', { name: T.stay }).click();
    await warning.waitFor({ state: 'detached' });
    await reopened.getByText(waitingText(3)).waitFor();

    // the network returns: sent without a tap, in order, once
    await context.setOffline(false);
    await reopened.getByTestId('offline-status').waitFor({ state: 'detached' });
    const duties = await serverDuties();
    expect(duties.map((duty) => [duty.trainno, duty.status, duty.returned]).sort()).toEqual([
      ['16301', 'completed', 37],
      ['16302', 'processing', null],
    ]);
    // the board shows the server's copies now, no longer marked as waiting
    await reopened.getByRole('article', { name: 'Train 16302' }).waitFor();
    await expect(reopened.getByText(T.addedWaiting)).toHaveCount(0);
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  test('a queued completion of a duty a manager completed meanwhile is shown with the server\'s message and the returned count, and Discard removes it', async () => {
    const supervisorId = (await call<{ supervisor: { _id: string; name: string }[] }>('GET', '/auth/getsupervisor', managerToken)).supervisor.find(
      (s) => s.name === supervisor.name,
    )!._id;
    const duty = (
      await call<{ duty: DutyRow }>('POST', '/mcctrain/create-mcctrain', managerToken, {
        work: 'acca',
        trainno: '16310',
        totalcoach: '6',
        suppliedBedsheet: '20',
        supervisor: supervisorId,
        workers: [workerIds.get('Sunil Das')],
      })
    ).duty;

    const { context, page } = await openPage(browser, app, PHONE);
    await context.clock.install();
    await signIn(page);
    const card = page.getByRole('article', { name: 'Train 16310' });
    await card.waitFor();
    await offline(context, page);
    await card.getByRole('button', { name: `${MSG.markAsCompleted}: train 16310` }).click();
    await page.getByRole('dialog').getByLabel('Returned Bedsheets').fill('12');
    await page.getByRole('dialog').getByRole('button', { name: MSG.markAsCompleted }).click();
    await page.clock.fastForward(UNDO_WINDOW_MS);
    await page.getByText(waitingText(1)).waitFor();
    await card.getByText(T.completedWaiting).waitFor();

    // meanwhile the manager completes it with another count
    await call('PUT', `/mcctrain/update-mcctrain/${duty._id}`, managerToken, { status: 'completed', returned: 18 });

    await context.setOffline(false);
    await page.getByText(T.refused_one.replace('{{count}}', '1')).waitFor();
    await page.getByRole('button', { name: T.review }).click();
    const entry = page.getByRole('article', { name: `${T.kindComplete}: ACCA · 16310` });
    await entry.getByText(MSG.dutyStale).waitFor();
    await entry.getByText(`${T.returned}:`).waitFor();
    expect(await entry.textContent()).toContain('12');
    await screenshot(page, 'offline-refused-completion');

    await entry.getByRole('button', { name: T.discard }).click();
    await page.getByRole('dialog', { name: T.discardTitle }).getByRole('button', { name: T.discard }).click();
    await page.getByTestId('offline-status').waitFor({ state: 'detached' });
    // the manager's completion stands; nothing was sent twice
    const [stored] = (await serverDuties()).filter((row) => row.trainno === '16310');
    expect(stored).toMatchObject({ status: 'completed', returned: 18 });
    await context.close();
  });

  test('the same add sent twice with one Idempotency-Key makes one duty', async () => {
    const { context, page } = await openPage(browser, app, PHONE);
    await signIn(page);
    const workerId = workerIds.get('Anil Kumar')!;
    const answers = await page.evaluate(async (worker) => {
      const { token } = JSON.parse(localStorage.getItem('auth') ?? '{}') as { token: string };
      const key = crypto.randomUUID();
      const send = async () => {
        const response = await fetch('/api/v1/mcctrain/create-mcctrain', {
          method: 'POST',
          headers: { authorization: token, 'content-type': 'application/json', 'idempotency-key': key },
          body: JSON.stringify({ trainno: '16320', totalcoach: '4', suppliedBedsheet: '10', workers: [worker] }),
        });
        return { status: response.status, replayed: response.headers.get('idempotent-replayed'), id: ((await response.json()) as { duty: { _id: string } }).duty._id };
      };
      const first = await send();
      const again = await send();
      return [first, again];
    }, workerId);
    expect(answers[0]).toMatchObject({ status: 201, replayed: null });
    expect(answers[1]).toMatchObject({ status: 201, replayed: 'true', id: answers[0]!.id });
    expect((await serverDuties()).filter((duty) => duty.trainno === '16320')).toHaveLength(1);
    await context.close();
  });
});
