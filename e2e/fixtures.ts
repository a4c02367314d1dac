/**
 * The journeys' test API: Playwright Test's `test` and `expect`, with the fixtures every
 * journey shares. Each file starts its own server in `test.beforeAll` (see harness.ts);
 * the browser is Playwright's worker fixture (Debian's Chromium, playwright.config.ts), so
 * every context a test opens is traced and a failed test keeps its trace.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { homeOf, openSignedIn, runningApps, submitLogin, type Account, type RunningApp } from './harness.js';
import { MSG } from '../src/shared/messages.js';

type SignedInAccount = Pick<Account, 'email'> & { role?: Account['role'] };

interface Fixtures {
  /** On a failed test, the running servers' last log lines, printed and attached. */
  serverLog: void;
  /**
   * Signs an account in through the sign-in form, from /login, and waits for its home (or
   * `landing`). For the journeys about signing in, and accounts made during a journey.
   */
  signIn: (page: Page, account: Pick<Account, 'email' | 'password'> & { role?: Account['role'] }, landing?: string) => Promise<void>;
  /**
   * Opens the account's home (or `landing`) already signed in: the page's context starts
   * with a session of its own stored as the web app stores it (harness.ts seedSession).
   * The account must be one of the file's server (the one running app).
   */
  signedIn: (page: Page, account: SignedInAccount, landing?: string) => Promise<void>;
}

/** The one server the file started (signedIn needs its sessions). */
function theApp(): RunningApp {
  const apps = [...runningApps];
  if (apps.length !== 1) throw new Error(`signedIn: expected one running app, found ${apps.length}; use openSignedIn(page, app, account)`);
  return apps[0]!;
}

export const test = base.extend<Fixtures>({
  serverLog: [
    async ({}, use, testInfo) => {
      await use();
      if (testInfo.status === testInfo.expectedStatus) return;
      for (const app of runningApps) {
        console.log(app.log());
        await testInfo.attach(`server log ${app.baseUrl}`, { body: app.log(), contentType: 'text/plain' });
      }
    },
    { auto: true },
  ],
  signIn: async ({}, use) => {
    await use(async (page, account, landing) => {
      const home = landing ?? homeOf(account);
      await page.goto('/login');
      await submitLogin(page, account.email, account.password);
      await page.waitForURL(`**${home}`);
    });
  },
  signedIn: async ({}, use) => {
    await use(async (page, account, landing) => {
      await openSignedIn(page, theApp(), account, landing);
    });
  },
});

export { expect };

/** Starting a server (copying the seed, then the server's own start) may take longer than a test. */
export const START_TIMEOUT = 120_000;

/**
 * SPEC's "Redirecting you in 3 seconds" countdown at whichever second the page is drawn: on a
 * busy machine the first paint can come after the 3 has turned to 2.
 */
export const REDIRECTING = new RegExp(`^${MSG.redirecting(3).replace('3', '[1-3]')}$`);
