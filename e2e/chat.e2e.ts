import { expect, START_TIMEOUT, test } from './fixtures.js';
import type { Browser, Locator, Page, Request } from '@playwright/test';
import { MSG } from '../src/shared/messages.js';
import { DESKTOP, horizontalOverflow, openPage, PHONE, screenshot, startApp, type Account, type RunningApp, realErrors } from './harness.js';

/**
 * Team chat 'Connect' (issue 7): a manager and a supervisor talk in real time in two
 * browser contexts, the manager's menu badge counts the supervisor's messages, and a long
 * history loads older pages when scrolled up.
 */

const manager: Account = { name: 'Asha Nair', email: 'asha@example.com', password: 'S3cure-pass', role: 'manager' };
const supervisor: Account = { name: 'Ravi Kumar', email: 'ravi@example.com', password: 'Platform-4-pass', role: 'supervisor', work: 'mcc' };
// The server allows 30 messages a minute per person; these fill a history longer than one page.
const crew: Account[] = Array.from({ length: 6 }, (_, index) => ({
  name: `Crew ${index + 1}`,
  email: `crew${index + 1}@example.com`,
  password: 'Crew-pass-123',
  role: 'supervisor' as const,
  work: 'mcc',
}));


let app: RunningApp;
let browser: Browser;

test.beforeAll(async ({ browser: chromium }) => {
  test.setTimeout(START_TIMEOUT);
  browser = chromium;
  app = await startApp([manager, supervisor]);
});

test.afterAll(async () => {
  await app?.stop();
});

function api(path: string, token: string | null, body: unknown): Promise<Response> {
  return fetch(`${app.baseUrl}/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
}

async function apiLogin(account: Account): Promise<string> {
  const response = await api('/auth/login', null, { email: account.email, password: account.password });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** Opens Connect from the side menu (the drawer on a phone); resolves once the live stream answered. */
async function openConnect(page: Page, phone: boolean): Promise<void> {
  const streamOpened = page.waitForResponse((response) => response.url().includes('/api/v1/chat/stream') && response.status() === 200, { timeout: 15_000 });
  if (phone) await page.getByRole('button', { name: /^Open / }).click();
  await page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: /^Connect/ }).click();
  await page.waitForURL('**/connect');
  await page.getByRole('heading', { name: MSG.chatMenuLabel }).waitFor();
  await streamOpened;
}

const messageLog = (page: Page) => page.getByRole('log', { name: MSG.chatMessagesLabel });
const messageBox = (page: Page) => page.getByRole('textbox', { name: MSG.chatMessageLabel });
const bubble = (page: Page, text: string): Locator => messageLog(page).getByTestId('chat-message').filter({ hasText: text });

/** Counts the chat-list reads (the first load and the 5-second refresh) a page has under way. */
function chatReadsUnderWay(page: Page): () => number {
  let pending = 0;
  const isRead = (request: Request) => request.url().includes('/api/v1/chat/getchats');
  page.on('request', (request) => {
    if (isRead(request)) pending++;
  });
  const done = (request: Request) => {
    if (isRead(request)) pending--;
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => pending;
}

/**
 * Types and sends with Enter; `receiver` must show the message, without reloading, while
 * its clock stands still (Playwright's fake clock, installed before the page loaded): its
 * time does not move on, only what is due at that very instant runs, so neither the
 * 5-second refresh nor a retry can bring the message: it comes live, the moment the
 * server has it (SPEC: within a second). `readsUnderWay` is chatReadsUnderWay(receiver).
 */
async function sendAndSeeLive(sender: Page, receiver: Page, readsUnderWay: () => number, lines: string[], expected: string): Promise<void> {
  const box = messageBox(sender);
  await box.click();
  for (const [index, line] of lines.entries()) {
    if (index > 0) await box.press('Shift+Enter');
    await box.pressSequentially(line, { delay: 0 });
  }
  const stoppedAt = (await receiver.evaluate(() => Date.now())) + 2_000;
  await receiver.clock.pauseAt(stoppedAt);
  // a refresh that began before the clock stopped has answered (without the message)
  await expect.poll(readsUnderWay).toBe(0);
  await expect(bubble(receiver, expected)).toHaveCount(0);
  await box.press('Enter');
  await expect
    .poll(async () => {
      await receiver.clock.runFor(0); // what is due now (the screen's own updates), never later
      return bubble(receiver, expected).count();
    })
    .toBe(1);
  expect(await receiver.evaluate(() => Date.now()), 'the receiver’s clock stood still').toBe(stoppedAt);
  await receiver.clock.resume();
}

test.describe('Connect', () => {
  test('a manager and a supervisor see each other’s messages live, without waiting for the refresh, and the badge counts them', async ({ signedIn }) => {
    const office = await openPage(browser, app, DESKTOP);
    const field = await openPage(browser, app, PHONE);
    // fake clocks (time flows as usual until a send stops the receiver's: sendAndSeeLive)
    await Promise.all([office.context.clock.install(), field.context.clock.install()]);
    const officeReads = chatReadsUnderWay(office.page);
    const fieldReads = chatReadsUnderWay(field.page);
    await Promise.all([signedIn(office.page, manager), signedIn(field.page, supervisor)]);
    // A slow first answer shows the loading text: the answer is held until it is seen.
    const chatList = '**/api/v1/chat/getchats**';
    let answer = () => {};
    const loadingSeen = new Promise<void>((resolve) => (answer = resolve));
    await office.page.route(chatList, async (route) => {
      await loadingSeen;
      await route.continue();
    });
    const officeOpened = openConnect(office.page, false);
    await office.page.getByText(MSG.loadingChats).waitFor();
    await screenshot(office.page, 'chat/desktop-loading');
    answer();
    await Promise.all([officeOpened, openConnect(field.page, true)]);
    await office.page.unroute(chatList);

    for (const { page } of [office, field]) {
      await messageLog(page).getByText(MSG.noChatsYet).waitFor();
      await expect(messageBox(page).getAttribute('placeholder')).resolves.toBe(MSG.typeAMessage);
    }
    const badge = office.page.getByRole('navigation', { name: 'Side menu' }).getByTestId('chat-badge');
    await expect(badge).toHaveCount(0);
    await screenshot(office.page, 'chat/desktop-empty');
    await screenshot(field.page, 'chat/phone-empty');

    // A blank message is not sent: no request, nothing in the list, Send stays off. (The
    // first message sent below proves it: a request for the blank one would come before.)
    const posts: string[] = [];
    office.page.on('request', (request) => {
      if (request.url().includes('/chat/createchat')) posts.push((JSON.parse(request.postData() ?? '{}') as { text?: string }).text ?? '');
    });
    await messageBox(office.page).fill('   ');
    await messageBox(office.page).press('Enter');
    expect(await office.page.getByRole('button', { name: MSG.send }).isDisabled()).toBe(true);
    await messageBox(office.page).fill('');

    // Office → field.
    await sendAndSeeLive(office.page, field.page, fieldReads, ['Good morning Ravi. Is 12625 cleaned?'], 'Is 12625 cleaned?');
    expect(posts).toEqual(['Good morning Ravi. Is 12625 cleaned?']);
    await expect(messageBox(office.page).inputValue()).resolves.toBe('');
    const mine = bubble(office.page, 'Is 12625 cleaned?');
    expect(await mine.getAttribute('data-own')).toBe('true');
    const received = bubble(field.page, 'Is 12625 cleaned?');
    expect(await received.getAttribute('data-own')).toBe('false');
    await received.getByText(manager.name, { exact: true }).waitFor();

    // Field → office, two lines and some markup that must stay text.
    await sendAndSeeLive(field.page, office.page, officeReads, ['Done, 18 coaches.', '<b>Water low</b> at pit 3'], 'Water low');
    const reply = bubble(office.page, 'Water low');
    await reply.getByText(supervisor.name, { exact: true }).waitFor();
    await expect(reply.locator('b')).toHaveCount(0);
    expect(await reply.innerText()).toContain('Done, 18 coaches.\n<b>Water low</b> at pit 3');

    // The badge counts today's messages from others: the supervisor's one.
    await badge.waitFor({ timeout: 5_000 });
    expect((await badge.innerText()).trim().split('\n')[0]).toBe('1');
    await office.page.getByRole('link', { name: new RegExp(`^Connect.*${MSG.chatTodayFromOthers(1)}`) }).waitFor();

    // Own messages sit on the right in green, others' on the left.
    const ownBox = (await bubble(field.page, 'Water low').locator('> div').boundingBox())!;
    const otherBox = (await bubble(field.page, 'Is 12625 cleaned?').locator('> div').boundingBox())!;
    expect(ownBox.x + ownBox.width).toBeGreaterThan(PHONE.width - 60);
    expect(otherBox.x).toBeLessThan(60);
    const ownColour = await bubble(field.page, 'Water low').locator('> div').evaluate((element) => getComputedStyle(element).backgroundColor);
    const [red, green, blue] = (ownColour.match(/\d+/g) ?? []).map(Number) as [number, number, number];
    expect(green).toBeGreaterThan(red);
    expect(green).toBeGreaterThan(blue);

    // A message too long for the server is refused with the shared words, before sending.
    await messageBox(field.page).fill('x'.repeat(2001));
    await field.page.getByRole('button', { name: MSG.send }).click();
    await field.page.getByText(MSG.chatTooLong).waitFor();
    await messageBox(field.page).fill('');

    expect(await horizontalOverflow(field.page)).toBe(0);
    expect(await horizontalOverflow(office.page)).toBe(0);
    await screenshot(office.page, 'chat/desktop-conversation');
    await screenshot(field.page, 'chat/phone-conversation');
    expect(realErrors(office.errors)).toEqual([]);
    expect(realErrors(field.errors)).toEqual([]);
    await office.context.close();
    await field.context.close();
  });

  test('opens at the newest message and loads older ones on scrolling up, keeping the place', async ({ signedIn }) => {
    // A history longer than the first page (200), written through the API by a crew the
    // manager registers (faster than the command line; 30 messages a minute each).
    const managerToken = await apiLogin(manager);
    for (const account of crew) {
      const response = await api('/auth/register', managerToken, { ...account, confirmPassword: account.password, role: 0 });
      expect(response.status).toBe(201);
    }
    const tokens = await Promise.all(crew.map(apiLogin));
    let number = 0;
    for (let round = 0; round < 30; round++) {
      for (const token of tokens) {
        number++;
        const response = await api('/chat/createchat', token, { text: `History message ${String(number).padStart(3, '0')}` });
        expect(response.status).toBe(201);
      }
    }
    // 2 earlier + 180 = 182; 20 more from the supervisor makes 202, two past the first page.
    const supervisorToken = await apiLogin(supervisor);
    for (let index = 1; index <= 20; index++) {
      const response = await api('/chat/createchat', supervisorToken, { text: `Late note ${index}` });
      expect(response.status).toBe(201);
    }

    const { context, page, errors } = await openPage(browser, app, DESKTOP);
    await signedIn(page, manager);
    await openConnect(page, false);
    const list = messageLog(page);
    await bubble(page, 'Late note 20').waitFor();
    // Opened at the newest: the last message is inside the visible list.
    expect(await isInView(list, bubble(page, 'Late note 20'))).toBe(true);
    await expect(list.getByTestId('chat-message')).toHaveCount(200);
    // The very first message is beyond the first page.
    await expect(bubble(page, 'Good morning Ravi')).toHaveCount(0);

    // Scroll to the top: the older page loads above, and the message that was at the top stays in view.
    const topBefore = bubble(page, 'Water low');
    await list.evaluate((element) => {
      element.scrollTop = 0;
    });
    await bubble(page, 'Good morning Ravi').waitFor({ state: 'attached', timeout: 5_000 });
    await expect(list.getByTestId('chat-message')).toHaveCount(202);
    expect(await isInView(list, topBefore)).toBe(true);
    await expect(page.getByRole('button', { name: MSG.chatLoadOlder }).count()).resolves.toBe(0);
    await screenshot(page, 'chat/desktop-older-loaded');

    await page.setViewportSize(PHONE);
    await screenshot(page, 'chat/phone-history');
    expect(await horizontalOverflow(page)).toBe(0);
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });
});

/** Whether `item` is at least partly visible inside the scrolling `container`. */
async function isInView(container: Locator, item: Locator): Promise<boolean> {
  const [outer, inner] = await Promise.all([container.boundingBox(), item.boundingBox()]);
  if (!outer || !inner) return false;
  return inner.y + inner.height > outer.y && inner.y < outer.y + outer.height;
}
