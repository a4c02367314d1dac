import { existsSync } from 'node:fs';
import { register } from 'node:module';
import { defineConfig } from '@playwright/test';

// web modules a journey imports may import images, as Vite does (e2e/asset-loader.mjs)
register('./e2e/asset-loader.mjs', import.meta.url);

/**
 * Browser journeys: `npm run test:e2e` (builds first). Each file starts its own server on
 * its own copy of the seeded database (e2e/seed.ts, e2e/harness.ts), so files share nothing
 * and two workers run two files at once: with one, the 2-core machine was partly idle while
 * a journey waited on its browser or its server (decision 0034). The tests of one file still
 * run in order, on that file's server. Debian's Chromium, never a downloaded browser (DESIGN.md).
 * A failed test keeps its trace (`npx playwright show-trace test-results/…/trace.zip`)
 * and the server's last log lines as an attachment.
 */
/**
 * Debian's Chromium headless shell (apt-get install -y chromium-headless-shell): the same
 * engine without the full browser's windowing; the journeys took 14.4 instead of 21.1
 * minutes in it (decision 0041). Debian's full Chromium where the shell is not installed.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium = process.env.CHROME_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.e2e.ts',
  // one seeded data folder (accounts and sessions) that every file copies (decision 0033)
  globalSetup: './e2e/global-setup.ts',
  outputDir: 'test-results',
  workers: 2,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['junit', { outputFile: 'test-results/junit.xml' }]] : 'list',
  use: {
    browserName: 'chromium',
    locale: 'en-IN',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
});
