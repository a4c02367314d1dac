import { expect, START_TIMEOUT, test } from './fixtures.js';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { MSG } from '../src/shared/messages.js';
import { UNDO_WINDOW_MS } from '../src/web/features/duties/completion-hold.js';
import en from '../src/web/i18n/locales/en.json' with { type: 'json' };
import { callApi, openPage, PHONE, realErrors, screenshot, startApp, submitLogin, openSignedIn, type Account, type RunningApp } from './harness.js';

/**
 * Offline writes, sent exactly once (issue 14 part 2, decision 0020): a supervisor on a
 * phone adds and completes duties with the network switched off, closes the page, opens
 * it again still offline (the service worker serves the app, IndexedDB the queue), and
 * once the network is back everything arrives once; a queued completion of a duty a
 * manager completed meanwhile is shown as refused with what was entered, and discarded;
 * one Idempotency-Key sent twice makes one duty. A phone shared by two supervisors keeps
 * nothing of the first once their session ends without Logout (issue 24): no saved
 * lists, and an unsent change waits for its own account only.
 */

const manager: Account = { name: 'Asha Nair', email: 'asha@example.com', password: 'S3cure-pass', role: 'manager' };
const supervisor: Account = { name: 'Joseph Thomas', email: 'joseph@example.com', password: 'Coach-pass-22', role: 'supervisor', work: 'acca' };
const T = en.offline;
// two supervisors sharing one phone (one browser profile), of different work types
const sharedA: Account = { name: 'Meera Pillai', email: 'meera@example.com', password: 'Shared-phone-1', role: 'supervisor', work: 'acca' };
const sharedB: Account = { name: 'Rahul Verma', email: 'rahul@example.com', password: 'Shared-phone-2', role: 'supervisor', work: 'mcc' };

let app: RunningApp;
let browser: Browser;
let managerToken: string;
let serial = 0;
const workerIds = new Map<string, string>();

test.beforeAll(async ({ browser: chromium }) => {
  test.setTimeout(START_TIMEOUT);
  browser = chromium;
  app = await startApp([manager, supervisor, sharedA, sharedB]);
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

async function signIn(page: Page, account: Account = supervisor): Promise<void> {
  await openSignedIn(page, app, account);
  await page.getByRole('heading', { name: MSG.liveWorkDetails }).waitFor();
}

/** Signs in from the sign-in page that is open and waits for the supervisor's live list. */
async function signInHere(page: Page, account: Account): Promise<void> {
  await submitLogin(page, account.email, account.password);
  await page.waitForURL('**/dashboard/user');
  await page.getByRole('heading', { name: MSG.liveWorkDetails }).waitFor();
}

/** The signed-in account's id and token, as the app keeps them (SPEC §3). */
async function sessionOf(page: Page): Promise<{ userId: string; token: string }> {
  return page.evaluate(() => {
    const { user, token } = JSON.parse(localStorage.getItem('auth') ?? '{}') as { user: { _id: string }; token: string };
    return { userId: user._id, token };
  });
}

interface OfflineRows {
  lists: { userId: string; name: string; text: string }[];
  outbox: { userId: string; state: string; trainno: string | null | undefined }[];
}

/** What the phone keeps in IndexedDB (the app's own database, read from the page). */
async function offlineRows(page: Page): Promise<OfflineRows> {
  return page.evaluate(async () => {
    // never opened by the test first: that would make an empty database the app could not upgrade
    if (!(await indexedDB.databases()).some((known) => known.name === 'dutyroll-offline')) return { lists: [], outbox: [] };
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('dutyroll-offline');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('indexedDB.open failed'));
    });
    const all = (store: string) =>
      new Promise<Record<string, unknown>[]>((resolve, reject) => {
        const request = db.transaction(store).objectStore(store).getAll();
        request.onsuccess = () => resolve(request.result as Record<string, unknown>[]);
        request.onerror = () => reject(request.error ?? new Error('getAll failed'));
      });
    const lists = (await all('lists')).map((row) => ({ userId: String(row.userId), name: String(row.name), text: JSON.stringify(row.data) }));
    const outbox = (await all('outbox')).map((row) => ({
      userId: String(row.userId),
      state: String(row.state),
      trainno: (row.entered as { trainno?: string | null }).trainno,
    }));
    db.close();
    return { lists, outbox };
  });
}

/** Every duty of these work types the server has with this train number (live or completed). */
async function dutiesNumbered(trainno: string, works: string[]): Promise<(DutyRow & { supervisor: string | null })[]> {
  const found: (DutyRow & { supervisor: string | null })[] = [];
  for (const work of works) {
    for (const list of ['get-livemcctrain', 'get-completedmcctrain']) {
      const rows = await call<(DutyRow & { supervisor: string | null })[]>('GET', `/mcctrain/${list}?work=${encodeURIComponent(work)}`, managerToken);
      found.push(...rows.filter((row) => row.trainno === trainno));
    }
  }
  return found;
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
    const { context, page, errors } = await openPage(browser, app, PHONE, { serviceWorkers: 'allow' });
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

    const { context, page } = await openPage(browser, app, PHONE, { serviceWorkers: 'allow' });
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
    const { context, page } = await openPage(browser, app, PHONE, { serviceWorkers: 'allow' });
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

test.describe('a phone shared by two supervisors', () => {
  test("a session that ends without Logout leaves none of its saved lists; its unsent change waits for its own account, never sent under another", async () => {
    const keptText = (count: number) => (count === 1 ? en.auth.keptForOwner_one : en.auth.keptForOwner_other).replace('{{count}}', String(count));
    // a duty of A's on the server, so A's saved live list holds a train number and a crew name
    const supervisors = (await call<{ supervisor: { _id: string; name: string }[] }>('GET', '/auth/getsupervisor', managerToken)).supervisor;
    const aId = supervisors.find((s) => s.name === sharedA.name)!._id;
    const seededCrew = await createWorker('Hari Menon');
    await createWorker('Deepa Iyer');
    await createWorker('Kiran Raj');
    await call('POST', '/mcctrain/create-mcctrain', managerToken, { work: 'acca', trainno: '16400', totalcoach: '6', suppliedBedsheet: '20', supervisor: aId, workers: [seededCrew] });

    const { context, page, errors } = await openPage(browser, app, PHONE, { serviceWorkers: 'allow' });
    await signIn(page, sharedA);
    await serviceWorkerReady(page);
    await page.getByRole('article', { name: 'Train 16400' }).waitFor();
    // Add Duty once online: the crew list is saved too
    await openMenuLink(page, 'Add Duty');
    await page.getByPlaceholder(MSG.searchAndAddWorkers).fill('Deepa');
    await page.getByRole('list', { name: 'Suggested workers' }).getByText('Deepa Iyer').waitFor();
    await page.getByPlaceholder(MSG.searchAndAddWorkers).fill('');
    const a = await sessionOf(page);
    expect(a.userId).toBe(aId);
    await expect.poll(async () => (await offlineRows(page)).lists.map((row) => row.name)).toEqual(expect.arrayContaining(['crew:acca', 'live:acca']));
    expect((await offlineRows(page)).lists.map((row) => row.text).join()).toMatch(/16400[\s\S]*Hari Menon|Hari Menon[\s\S]*16400/);

    // offline on the platform: a duty added, kept on the phone
    await offline(context, page);
    await addAccaDuty(page, '16401', '6', '20', 'Deepa Iyer');
    await page.getByText(waitingText(1)).waitFor();

    // 1. A's session is revoked on the server meanwhile (signed out elsewhere); the network returns:
    //    the server answers 401, and A's saved lists go at once; the change stays, for A
    await call('POST', '/auth/logout', a.token);
    await context.setOffline(false);
    await page.getByText(T.signInToSend).waitFor();
    await expect.poll(async () => (await offlineRows(page)).lists).toEqual([]);
    expect((await offlineRows(page)).outbox).toEqual([{ userId: a.userId, state: 'waiting', trainno: '16401' }]);

    // the sign-in page says the change is kept for the person who made it, in a notice that closes
    await page.getByRole('link', { name: T.signIn, exact: true }).click();
    await page.waitForURL('**/login');
    const notice = page.getByTestId('kept-changes-notice');
    await notice.getByText(keptText(1)).waitFor();
    await notice.getByRole('button', { name: en.auth.closeNotice }).click();
    await expect(notice).toHaveCount(0);

    // 2. B signs in on the same browser: nothing of A's is shown, saved for B, or sent under B's account
    await signInHere(page, sharedB);
    const b = await sessionOf(page);
    await expect.poll(async () => (await offlineRows(page)).lists.map((row) => row.name)).toContain('live:mcc');
    const underB = await offlineRows(page);
    expect(new Set(underB.lists.map((row) => row.userId))).toEqual(new Set([b.userId]));
    expect(underB.lists.map((row) => row.text).join()).not.toMatch(/16400|16401|Hari Menon|Deepa Iyer/);
    expect(underB.outbox).toEqual([{ userId: a.userId, state: 'waiting', trainno: '16401' }]);
    await expect(page.getByTestId('offline-status')).toHaveCount(0);
    await expect(page.getByText('16401')).toHaveCount(0);
    expect(await dutiesNumbered('16401', ['acca', 'mcc'])).toEqual([]);

    // B signs out (nothing of B's unsent): the sign-in page still says A's change is kept
    await page.getByRole('button', { name: MSG.logout }).click();
    await page.waitForURL('**/login');
    await page.getByTestId('kept-changes-notice').getByText(keptText(1)).waitFor();
    await expect.poll(async () => (await offlineRows(page)).lists).toEqual([]);

    // 3. A signs in again: the kept change is sent, under A's account, once; the notice is gone
    await signInHere(page, sharedA);
    await page.getByRole('article', { name: 'Train 16401' }).waitFor();
    await expect.poll(async () => (await dutiesNumbered('16401', ['acca', 'mcc'])).map((duty) => [duty.supervisor, duty.status])).toEqual([[a.userId, 'processing']]);
    await expect.poll(async () => (await offlineRows(page)).outbox).toEqual([]);

    // 4. /login opened while signed in (here offline, from the service worker): A's saved lists go
    //    before anyone signs in; the unsent change is kept and the sign-in page says so
    await openMenuLink(page, 'Add Duty');
    await page.getByPlaceholder(MSG.searchAndAddWorkers).fill('Kiran');
    await page.getByRole('list', { name: 'Suggested workers' }).getByText('Kiran Raj').waitFor();
    await page.getByPlaceholder(MSG.searchAndAddWorkers).fill('');
    await expect.poll(async () => (await offlineRows(page)).lists.map((row) => row.name)).toEqual(expect.arrayContaining(['crew:acca', 'live:acca']));
    await offline(context, page);
    await addAccaDuty(page, '16402', '4', '12', 'Kiran Raj');
    await page.getByText(waitingText(1)).waitFor();
    await page.goto('/login');
    await page.getByTestId('kept-changes-notice').getByText(keptText(1)).waitFor();
    await expect.poll(async () => (await offlineRows(page)).lists).toEqual([]);
    expect((await offlineRows(page)).outbox).toEqual([{ userId: a.userId, state: 'waiting', trainno: '16402' }]);
    expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();

    // A signs in again and discards it instead (its send finds no network: it waits to be sent or discarded)
    await context.setOffline(false);
    await page.route('**/api/v1/mcctrain/create-mcctrain', (route) => route.abort('internetdisconnected'));
    await signInHere(page, sharedA);
    await page.getByText(waitingText(1)).waitFor();
    await page.getByRole('button', { name: T.review }).click();
    await page.getByRole('article', { name: `${T.kindCreate}: ACCA · 16402` }).getByRole('button', { name: T.discard }).click();
    await page.getByRole('dialog', { name: T.discardTitle }).getByRole('button', { name: T.discard }).click();
    await page.getByTestId('offline-status').waitFor({ state: 'detached' });
    await page.unroute('**/api/v1/mcctrain/create-mcctrain');
    expect((await offlineRows(page)).outbox).toEqual([]);
    expect(await dutiesNumbered('16402', ['acca', 'mcc'])).toEqual([]);
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });
});
