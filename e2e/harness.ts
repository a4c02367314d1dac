/**
 * The browser-journey harness: each file's server on its own copy of the seeded data
 * folder (e2e/seed.ts: migrated, with the accounts the file asks for and a stock of
 * sessions), the built server on a free port, and Chromium through Playwright Test.
 * The journeys run on the embedded database (DATABASE_URL unset, decision 0026).
 * It assumes `npm run build` ran (npm run test:e2e does that).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, watch } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { homePathForRole, roleFromName } from '../src/shared/roles.js';
import { freePort } from '../test/helpers/free-port.js';
import { copySeed, readSeed, type Account, type SeededAccount } from './seed.js';

export type { Account } from './seed.js';
import type { SeedData } from './seed.js';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SHOTS_DIR = process.env.E2E_SHOTS_DIR || '/tmp/shots';
/** Screenshots for people to look at are taken only when asked for: E2E_SHOTS=1. */
const TAKE_SHOTS = process.env.E2E_SHOTS === '1';

/** The servers started and not yet stopped (a failed test prints their logs). */
export const runningApps = new Set<RunningApp>();

export interface RunningApp {
  baseUrl: string;
  dataDir: string;
  /** Where mail lands without SMTP_URL (one .eml per message). */
  outboxDir: string;
  /** The last lines the server printed (for failure messages). */
  log(): string;
  /**
   * A session of this account that no journey has used yet (made before the server
   * started), as the login answer gives it: the user and the token.
   */
  takeSession(account: Pick<Account, 'email'>): { user: SeededAccount['user']; token: string };
  stop(): Promise<void>;
}

function serverEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...extra };
  delete env.SMTP_URL; // mail goes to DATA_DIR/outbox, where the reset journey reads it
  delete env.DATABASE_URL; // the embedded database in DATA_DIR
  return env;
}

/**
 * Waits for the server's own word that it is ready (it sends {ready: true} over the IPC
 * channel once it listens on a migrated database), then confirms with /readyz. Fails
 * as soon as the server exits, or after timeoutMs.
 */
async function waitForReady(baseUrl: string, child: ChildProcess, output: () => string, timeoutMs = 60_000): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const finish = (error?: Error) => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve();
    };
    const onMessage = (message: unknown) => {
      if (message && typeof message === 'object' && (message as { ready?: unknown }).ready === true) finish();
    };
    const onExit = (code: number | null) => finish(new Error(`the server exited with code ${code}:\n${output()}`));
    const timer = setTimeout(() => finish(new Error(`the server was not ready within ${timeoutMs} ms:\n${output()}`)), timeoutMs);
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
  const response = await fetch(`${baseUrl}/readyz`);
  if (response.status !== 200) throw new Error(`the server said it was ready, but /readyz answered ${response.status}:\n${output()}`);
}

export interface StartOptions {
  /** Another build of the web app to serve (default WEB_ROOT, else dist/web). */
  webRoot?: string;
  /**
   * Data the journey starts with, written into its copy of the seed before the server
   * opens it (e.g. last month's duties, which no request can make today).
   */
  seedData?: SeedData;
}

/**
 * Starts the built server on a copy of the seeded data folder holding exactly these
 * accounts (made in this process, with the server's own code, before the server starts).
 */
export async function startApp(accounts: Account[], options: StartOptions = {}): Promise<RunningApp> {
  const serverMain = path.join(ROOT, 'dist/server/main.js');
  const webRoot = options.webRoot || process.env.WEB_ROOT || path.join(ROOT, 'dist/web');
  if (!existsSync(serverMain) || !existsSync(path.join(webRoot, 'index.html'))) {
    throw new Error('Build first: npm run build (npm run test:e2e does it for you)');
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dutyroll-e2e-'));
  const env = serverEnv(dataDir, { WEB_ROOT: webRoot });
  const cleanUp = async () => {
    await rm(dataDir, { recursive: true, force: true });
  };

  let child: ChildProcess | undefined;
  try {
    const seeded = await copySeed(await readSeed(), dataDir, accounts, options.seedData);
    const unused = new Map(seeded.map((entry) => [entry.account.email, { user: entry.user, tokens: [...entry.tokens] }]));

    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, [serverMain], {
      cwd: ROOT,
      env: { ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseUrl },
      // 'ipc': the server tells us when it is ready (waitForReady)
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    let log = '';
    const keep = (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-20_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.on('exit', (code, signal) => {
      log += `\n[server exited: code ${code}, signal ${signal}]\n`;
    });
    await waitForReady(baseUrl, child, () => log);

    const server = child;
    const running: RunningApp = {
      baseUrl,
      dataDir,
      outboxDir: path.join(dataDir, 'outbox'),
      log: () => log,
      takeSession(account) {
        const stock = unused.get(account.email);
        if (!stock) throw new Error(`takeSession: ${account.email} is not an account of this app (startApp's list)`);
        const token = stock.tokens.shift();
        if (!token) throw new Error(`takeSession: every session of ${account.email} is used; raise SESSIONS_PER_ACCOUNT (e2e/seed.ts)`);
        return { user: stock.user, token };
      },
      async stop() {
        if (server.exitCode === null) {
          const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
          server.kill('SIGTERM');
          const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
          await exited;
          clearTimeout(timer);
        }
        runningApps.delete(running);
        await cleanUp();
      },
    };
    runningApps.add(running);
    return running;
  } catch (error) {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await cleanUp();
    throw error;
  }
}

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 360, height: 740 } as const;

/**
 * A fresh browser context (own storage, so own session) and page. Console errors and
 * failed page loads are collected so a journey can assert the app ran cleanly (CSP
 * violations show up there). The service worker is blocked unless the journey is about it
 * (`serviceWorkers: 'allow'`: the PWA, offline and crew journeys): installing it fetches
 * every precached file in each new context, which cost each of the other journeys' contexts
 * about half a second of a shared 2-core machine and tells them nothing.
 */
export async function openPage(
  browser: Browser,
  app: RunningApp,
  viewport: { width: number; height: number } = DESKTOP,
  options: { timezoneId?: string; serviceWorkers?: 'allow' | 'block' } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: app.baseUrl, viewport, locale: 'en-IN', serviceWorkers: 'block', ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/** Where the web app keeps the session (SPEC §3) and the last role signed in (src/web/auth/session.ts, login-page.tsx). */
const AUTH_KEY = 'auth';
const LAST_ROLE_KEY = 'dutyroll.lastRole';
/** Marks a context whose session was seeded, so it is seeded once: a journey that signs out stays signed out. */
const SEEDED_KEY = 'dutyroll.e2e.seeded';

/**
 * Signs `account` in on this context without the sign-in form: before its first page
 * loads, localStorage gets what signing in stores (SPEC §3: "auth" holds the login
 * answer's user and token), with a session made before the server started
 * (app.takeSession, e2e/seed.ts). A new session per call, so a journey that signs out,
 * or whose session ends, leaves every other journey's session alive.
 */
export async function seedSession(context: BrowserContext, app: RunningApp, account: Pick<Account, 'email'>): Promise<void> {
  const { user, token } = app.takeSession(account);
  await context.addInitScript(
    (seed) => {
      if (window.location.origin !== seed.origin) return;
      try {
        if (window.localStorage.getItem(seed.seededKey) === seed.token.slice(0, 8)) return;
        window.localStorage.setItem(seed.seededKey, seed.token.slice(0, 8));
        window.localStorage.setItem(seed.authKey, seed.auth);
        window.localStorage.setItem(seed.lastRoleKey, seed.role);
      } catch {
        // storage disabled: the journey finds itself signed out
      }
    },
    { origin: new URL(app.baseUrl).origin, seededKey: SEEDED_KEY, authKey: AUTH_KEY, lastRoleKey: LAST_ROLE_KEY, auth: JSON.stringify({ user, token }), role: String(user.role), token },
  );
}

/** The page an account lands on after signing in. */
export function homeOf(account: { role?: Account['role'] | undefined }): string {
  const role = account.role ? roleFromName(account.role) : null;
  const home = role === null ? null : homePathForRole(role);
  if (!home) throw new Error(`no home for the role ${account.role}: say where the account lands`);
  return home;
}

/**
 * Opens the account's home (or `landing`) on this page already signed in (seedSession):
 * what the journeys not about signing in do instead of the sign-in form.
 */
export async function openSignedIn(page: Page, app: RunningApp, account: Pick<Account, 'email'> & { role?: Account['role'] }, landing?: string): Promise<void> {
  const home = landing ?? homeOf(account);
  await seedSession(page.context(), app, account);
  await page.goto(home);
  await page.waitForURL(`**${home}`);
}

/** Fills and sends the login form on the page that is open. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).last().click();
}

/** The 6-digit code of the newest mail in an outbox folder, or null while there is none. */
async function newestCode(outboxDir: string): Promise<string | null> {
  const files = (await readdir(outboxDir)).filter((name) => name.endsWith('.eml'));
  const withTimes = await Promise.all(files.map(async (name) => ({ name, time: (await stat(path.join(outboxDir, name))).mtimeMs })));
  withTimes.sort((a, b) => b.time - a.time || b.name.localeCompare(a.name));
  const newest = withTimes[0];
  if (!newest) return null;
  const mail = await readFile(path.join(outboxDir, newest.name), 'utf8');
  const body = mail.slice(mail.search(/\r?\n\r?\n/));
  return /\b(\d{6})\b/.exec(body)?.[1] ?? null;
}

/**
 * The 6-digit code of the newest mail in the outbox, as soon as the mail is written: the
 * folder is watched, and read again on each change (the user waits for the mail, not a
 * clock). Fails after timeoutMs.
 */
export async function latestResetCode(app: RunningApp, timeoutMs = 10_000): Promise<string> {
  await mkdir(app.outboxDir, { recursive: true });
  let wake = () => {};
  const watcher = watch(app.outboxDir, () => wake());
  const deadline = Date.now() + timeoutMs;
  let timer: NodeJS.Timeout | undefined;
  try {
    for (;;) {
      // armed before reading, so a mail written meanwhile still wakes us
      const changed = new Promise<void>((resolve) => {
        wake = resolve;
      });
      const code = await newestCode(app.outboxDir);
      if (code) return code;
      const left = deadline - Date.now();
      if (left <= 0) break;
      const expired = new Promise<'expired'>((resolve) => {
        timer = setTimeout(() => resolve('expired'), left);
      });
      const outcome = await Promise.race([changed, expired]);
      clearTimeout(timer);
      if (outcome === 'expired') break;
    }
  } finally {
    clearTimeout(timer);
    watcher.close();
  }
  throw new Error(`no reset code arrived in ${app.outboxDir}`);
}

/**
 * Saves a screenshot to SHOTS_DIR for people to look at (not an assertion), only when
 * asked for (E2E_SHOTS=1): a failed test keeps its own screenshot and trace regardless
 * (playwright.config.ts). Full page unless `fullPage: false`; toasts are hidden unless
 * asked for, so they do not cover the top bar.
 */
export async function screenshot(page: Page, name: string, options: { withToasts?: boolean; fullPage?: boolean } = {}): Promise<void> {
  if (!TAKE_SHOTS) return;
  const file = path.join(SHOTS_DIR, `${name}.png`);
  await mkdir(path.dirname(file), { recursive: true });
  await page.screenshot({
    path: file,
    fullPage: options.fullPage ?? true,
    style: options.withToasts ? undefined : '.mantine-Notifications-root { display: none !important; }',
  });
}

/**
 * Waits until nothing on the page is moving: every CSS transition and animation (a slide,
 * a drawer, a toast) has finished; endless ones (spinners) are ignored. What a person
 * waits for before looking, instead of a guessed pause.
 */
export async function motionSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

/** The page is no wider than the viewport (nothing scrolls sideways). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * Console errors that mean the app misbehaved: CSP violations and exceptions count; a
 * plain failed fetch does not (the journeys expect some 4xx answers).
 */
export function realErrors(errors: string[]): string[] {
  return errors.filter((text) => !text.startsWith('Failed to load resource'));
}

/** One API call from the test itself (to set up data); a non-2xx answer throws with the body. */
export async function callApi<T>(app: RunningApp, method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const response = await fetch(`${app.baseUrl}/api/v1${path}`, {
    method,
    headers: { ...(token ? { authorization: token } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as T;
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/**
 * The texts inside `scope` that their box cuts off (issue 28): every element whose content is
 * wider or taller than the box that hides its overflow, as "text (content > box px)".
 */
export async function clippedTexts(scope: Locator): Promise<string[]> {
  return scope.evaluateAll((roots) => {
    const found: string[] = [];
    for (const root of roots) {
      for (const element of [root, ...root.querySelectorAll('*')]) {
        if (!(element instanceof HTMLElement) || !element.textContent?.trim()) continue;
        const style = getComputedStyle(element);
        const hides = style.overflowX !== 'visible' || style.overflowY !== 'visible' || style.textOverflow === 'ellipsis';
        if (hides && (element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1)) {
          found.push(`${element.textContent.trim()} (${element.scrollWidth}×${element.scrollHeight} > ${element.clientWidth}×${element.clientHeight} px)`);
        }
      }
    }
    return found;
  });
}
