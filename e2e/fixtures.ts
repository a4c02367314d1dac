/**
 * The journeys' test API: Playwright Test's `test` and `expect`, with the fixtures every
 * journey shares. Each file starts its own server in `test.beforeAll` (see harness.ts);
 * the browser is Playwright's worker fixture (Debian's Chromium, playwright.config.ts), so
 * every context a test opens is traced and a failed test keeps its trace.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { homePathForRole, roleFromName } from '../src/shared/roles.js';
import { runningApps, submitLogin, type Account } from './harness.js';

interface Fixtures {
  /** On a failed test, the running servers' last log lines, printed and attached. */
  serverLog: void;
  /** Signs an account in on this page, from /login, and waits for its home (or `landing`). */
  signIn: (page: Page, account: Pick<Account, 'email' | 'password'> & { role?: Account['role'] }, landing?: string) => Promise<void>;
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
      const home = landing ?? (account.role ? homePathForRole(roleFromName(account.role)) : null);
      if (!home) throw new Error(`signIn: say where ${account.email} lands`);
      await page.goto('/login');
      await submitLogin(page, account.email, account.password);
      await page.waitForURL(`**${home}`);
    });
  },
});

export { expect };

/** Starting a server (accounts made with the CLI first) may take longer than a test. */
export const START_TIMEOUT = 180_000;
