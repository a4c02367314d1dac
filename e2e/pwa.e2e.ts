/**
 * The installable app (issue 14 part 1): the manifest, the service worker, the
 * supervisor's screens without network after one online visit, the "new version" prompt,
 * and missing files answered 404. The server serves a copy of dist/web, so the update
 * journey can put a changed sw.js in place as a new release would.
 */
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { expect, REDIRECTING, START_TIMEOUT, test } from './fixtures.js';
import type { Browser, Page } from '@playwright/test';
import { MSG } from '../src/shared/messages.js';
import en from '../src/web/i18n/locales/en.json' with { type: 'json' };
import hi from '../src/web/i18n/locales/hi.json' with { type: 'json' };
import { callApi, DESKTOP, openPage, PHONE, realErrors, ROOT, screenshot, startApp, openSignedIn, type Account, type RunningApp } from './harness.js';

const supervisor: Account = { name: 'Ravi Kumar', email: 'ravi@example.com', password: 'Platform-4-pass', role: 'supervisor', work: 'mcc' };

let app: RunningApp;
let browser: Browser;
let webRoot: string;

test.beforeAll(async ({ browser: chromium }) => {
  test.setTimeout(START_TIMEOUT);
  browser = chromium;
  webRoot = await mkdtemp(path.join(os.tmpdir(), 'dutyroll-pwa-web-'));
  await cp(path.join(ROOT, 'dist/web'), webRoot, { recursive: true });
  app = await startApp([supervisor], { webRoot });
});

test.afterAll(async () => {
  await app?.stop();
  if (webRoot) await rm(webRoot, { recursive: true, force: true });
});

async function signIn(page: Page): Promise<void> {
  await openSignedIn(page, app, supervisor);
  await page.getByRole('heading', { name: `Welcome, ${supervisor.name}` }).waitFor();
}

/** Puts a file of a release in place with the compressed copies the build writes beside it (vite.precompress.ts). */
async function release(file: string, content: string): Promise<void> {
  await Promise.all([writeFile(file, content), writeFile(`${file}.br`, brotliCompressSync(content)), writeFile(`${file}.gz`, gzipSync(content))]);
}

/** The service worker has installed (its precache is complete) and controls this page. */
async function workerControls(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    const ready = await navigator.serviceWorker.ready;
    return Boolean(ready.active && navigator.serviceWorker.controller);
  });
}

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(data: Buffer): string {
  if (data.subarray(1, 4).toString('latin1') !== 'PNG') throw new Error('not a PNG');
  return `${data.readUInt32BE(16)}x${data.readUInt32BE(20)}`;
}

test.describe('installable app', () => {
  test('links a valid manifest with the company name, standalone display and icons that load at their sizes', async () => {
    const { context, page, errors } = await openPage(browser, app, PHONE, { serviceWorkers: 'allow' });
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');

    // Chromium's own reading of the manifest: no errors
    const cdp = await context.newCDPSession(page);
    const read = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string }[]; data?: string };
    expect(read.errors).toEqual([]);
    const manifest = JSON.parse(read.data ?? '{}') as {
      name: string;
      short_name: string;
      start_url: string;
      scope: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Dutyroll Services', short_name: 'Dutyroll', start_url: '/', scope: '/', display: 'standalone' });
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(manifest.theme_color);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);

    const sizes: string[] = [];
    for (const icon of manifest.icons) {
      const response = await page.request.get(icon.src);
      expect(response.status(), icon.src).toBe(200);
      expect(response.headers()['content-type'], icon.src).toBe('image/png');
      expect(pngSize(await response.body()), icon.src).toBe(icon.sizes);
      sizes.push(`${icon.sizes} ${icon.purpose ?? 'any'}`);
    }
    expect(sizes.sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);

    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    const touch = await page.request.get(touchIcon ?? '');
    expect(touch.status()).toBe(200);
    expect(pngSize(await touch.body())).toBe('180x180');
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  test('answers a missing chunk with 404, not the page, so a stale tab cannot run HTML as code', async () => {
    const { context, page } = await openPage(browser, app, PHONE, { serviceWorkers: 'allow' });
    await page.goto('/');
    await workerControls(page);
    for (const url of ['/assets/nope.js', '/assets/index-0ld0ld00.css', '/old-icon.png']) {
      const direct = await page.request.get(url);
      expect(direct.status(), url).toBe(404);
      expect(direct.headers()['content-type'], url).not.toContain('text/html');
    }
    // through the service worker, as the app's own requests go
    expect(await page.evaluate(() => fetch('/assets/nope.js').then((response) => response.status))).toBe(404);
    // (a string: the test runner would rewrite an import() written as code)
    expect(await page.evaluate("import('/assets/nope.js').then(() => 'loaded', (error) => error.name)")).toBe('TypeError');
    await context.close();
  });

  test('a screen whose chunk is gone after a release reloads once, then says it could not be loaded, inside the menu', async () => {
    // a tab without the service worker (first visit, or a browser without one)
    const context = await browser.newContext({ baseURL: app.baseUrl, viewport: DESKTOP, locale: 'en-IN', serviceWorkers: 'block' });
    const page = await context.newPage();
    await signIn(page);
    const chunk = (await readdir(path.join(webRoot, 'assets'))).find((name) => /^completed-duty-page-[\w-]+\.js$/.test(name));
    expect(chunk).toBeDefined();
    const chunkPath = path.join(webRoot, 'assets', chunk!);
    const kept = await readFile(chunkPath);
    await rm(chunkPath);
    try {
      let loads = 0;
      page.on('load', () => (loads += 1));
      await page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'Completed Duty' }).click();
      await page.getByRole('heading', { name: en.pwa.pageFailed }).waitFor();
      expect(loads).toBe(1); // one reload, not a loop
      expect(new URL(page.url()).pathname).toBe('/dashboard/user/completedduty');
      // inside the supervisor's layout: the menu stays, with a way on
      await page.getByRole('navigation', { name: 'Side menu' }).waitFor();
      await page.getByRole('button', { name: en.common.tryAgain, exact: true }).waitFor();
      await page.getByRole('button', { name: MSG.goBack, exact: true }).waitFor();
    } finally {
      await writeFile(chunkPath, kept);
    }
    // the chunk is back (the release is complete): Try again loads the page afresh
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: en.common.tryAgain, exact: true }).click()]);
    await page.getByRole('heading', { name: 'Completed Duty' }).waitFor();
    await context.close();
  });
});

test.describe('without network, after one online visit', () => {
  test("the supervisor's home and Add Duty open from the phone, signed in, and nothing of the API is cached", async () => {
    const { context, page, errors } = await openPage(browser, app, PHONE, { serviceWorkers: 'allow' });
    await signIn(page);
    await workerControls(page);
    // only the precache may answer, as on a first visit whose files came before the worker
    // did: the runtime cache and the browser's HTTP cache are emptied
    await page.evaluate(async () => {
      for (const name of await caches.keys()) if (!name.startsWith('workbox-precache')) await caches.delete(name);
    });
    await (await context.newCDPSession(page)).send('Network.clearBrowserCache');

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: `Welcome, ${supervisor.name}` }).waitFor();
    await page.getByRole('heading', { name: MSG.liveWorkDetails }).waitFor();
    // the top bar's name and Logout (a chunk the entry's layout loads lazily) come from the precache too
    await page.getByRole('banner').getByRole('button', { name: MSG.logout }).waitFor();
    await screenshot(page, 'pwa-offline-home');

    // Add Duty was never opened online: its code comes from the precache
    await page.goto('/dashboard/user/addduty');
    const trainNumber = page.getByLabel(/^Train Number/);
    await trainNumber.waitFor();
    expect(await trainNumber.isEnabled()).toBe(true);
    await page.getByRole('button', { name: MSG.addTrainDetails }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard/user/addduty');
    await screenshot(page, 'pwa-offline-addduty');

    // a reload of Add Duty itself, still offline
    await page.reload();
    await page.getByLabel(/^Train Number/).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('auth'))).not.toBeNull();

    // the Hindi catalogue was never loaded online either: it comes from the precache too
    await page.evaluate(() => window.localStorage.setItem('dutyroll.language', 'hi'));
    await page.reload();
    await page.getByRole('heading', { name: hi.duties.addWorkDetails }).waitFor();
    await page.getByLabel(new RegExp(`^${hi.duties.trainNumber}`)).waitFor();

    // Cache Storage holds the app's files only: no API answer (personal data) survives a sign-out there
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(cached.length).toBeGreaterThan(20);
    expect(cached.filter((url) => url.startsWith('/api'))).toEqual([]);
    expect(cached).toContain('/index.html');

    await context.setOffline(false);
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  test('a session the server refuses is never kept open from memory', async () => {
    const { context, page } = await openPage(browser, app, PHONE, { serviceWorkers: 'allow' });
    await signIn(page);
    await workerControls(page);
    const token = await page.evaluate(() => (JSON.parse(window.localStorage.getItem('auth') ?? '{}') as { token: string }).token);
    // signed out elsewhere (the session is revoked on the server)
    await callApi(app, 'POST', '/auth/logout', token);
    await page.reload();
    await page.getByText(REDIRECTING).waitFor();
    await context.close();
  });
});

test.describe('a new release', () => {
  test('waits behind a "new version" prompt; Reload switches this tab to it', async () => {
    const { context, page, errors } = await openPage(browser, app, PHONE, { serviceWorkers: 'allow' });
    await signIn(page);
    await workerControls(page);

    // the release: a changed service worker that can say which version it is
    const swPath = path.join(webRoot, 'sw.js');
    const released = await readFile(swPath, 'utf8');
    await release(swPath, `${released}\nself.addEventListener('message', (event) => { if (event.data === 'version?') event.source.postMessage('v2'); });\n`);
    try {
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        await registration?.update();
      });
      const prompt = page.getByText(en.pwa.newVersion);
      await prompt.waitFor();
      // the old version keeps running until the person chooses
      expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(true);
      await screenshot(page, 'pwa-update-prompt', { withToasts: true });

      await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: en.pwa.reload, exact: true }).click()]);
      await page.getByRole('heading', { name: `Welcome, ${supervisor.name}` }).waitFor();
      await workerControls(page);
      const version = await page.evaluate(
        () =>
          new Promise<unknown>((resolve) => {
            navigator.serviceWorker.addEventListener('message', (event) => resolve(event.data), { once: true });
            navigator.serviceWorker.controller?.postMessage('version?');
          }),
      );
      expect(version).toBe('v2');
      expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(false);
      await expect(prompt).toHaveCount(0);
    } finally {
      await release(swPath, released);
    }
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });
});
