/**
 * npm run bench:web — builds (the npm script does), starts the built app on a fresh
 * database, and runs Lighthouse 12 with its default (mobile) config on /, /about and
 * /login in Debian's Chromium (CHROME_PATH, default /usr/bin/chromium). Prints the four
 * category scores and the JavaScript each page loads: as sent (brotli from our server) and
 * gzipped (each script gzipped here, the budget's unit).
 *
 * Then the supervisor's phone (issue 14 part 4): Chromium at 360 × 740 on DevTools'
 * "Slow 3G" (2,000 ms latency, 400 kbit/s down and up) with the CPU slowed 4×, signed in
 * as a supervisor; the time from navigation start until Add Duty (/dashboard/user/addduty)
 * is usable — its Train Number input enabled and its submit button visible — on a first
 * visit (empty cache, no service worker) and on a repeat visit (the service worker
 * installed, the app from its precache). BENCH_PHONE_RUNS (default 3) pairs of visits;
 * the median of each is reported. BENCH_PHONE_NETWORK=fast3g uses DevTools' "Fast 3G"
 * (now "Slow 4G": 562.5 ms, 1.44 Mbit/s down) instead, for comparison.
 *
 * Issue 15: signing in on that phone — /login opened cold (empty cache), the form filled
 * as soon as it is usable and sent; the time until the supervisor's live duty list has
 * its answer on screen (rows, cards or "No live trains"), from the tap on Sign in and from
 * navigation start, with the JS/CSS files and API calls made after the tap. Target: the
 * list within 12 s of the tap. BENCH_PHONE_RUNS sign-ins, median reported.
 * And the JavaScript each route needs (full speed, cold cache, no service worker): the
 * JS/CSS files fetched before the route's first screen was ready (beyond the entry, which
 * index.html names) and their gzipped JS, and the files fetched by the time the network
 * went quiet (the service worker's registration, the idle prefetch, the toaster) for
 * /, /login, /dashboard/user, /dashboard/user/addduty and /dashboard/manager.
 * BENCH_WEB_ROUTES=0 skips that table; BENCH_PHONE_LOGIN=0 the sign-ins; BENCH_PHONE_ADDDUTY=0
 * the Add Duty visits.
 *
 * Budget (issue 3): performance ≥ 0.95 and accessibility ≥ 0.95 on each page, and at most
 * 150 KB of gzipped JavaScript for /. Issue 14: Add Duty usable within 6 s on a first
 * visit and 2 s on a repeat visit. The command exits 1 when a budget is missed.
 *
 * BENCH_WEB_LIGHTHOUSE=0 skips the Lighthouse pages (only the phone visits run).
 * BENCH_WEB_RUNS (default 1): Lighthouse runs per page; the median run (by performance)
 * is reported, which smooths the simulated-throttling noise of a busy machine.
 * BENCH_WEB_REPORTS=dir: also writes each reported run's full JSON report there.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startBenchServer, type Account } from './server.js';

const PAGES = process.env.BENCH_WEB_LIGHTHOUSE === '0' ? [] : (['/', '/about', '/login'] as const);
const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS || 1));
const PHONE_RUNS = Math.max(1, Number(process.env.BENCH_PHONE_RUNS || 3));
const BUDGET = { performance: 0.95, accessibility: 0.95, homeJsGzipBytes: 150 * 1024, addDutyFirstMs: 6000, addDutyRepeatMs: 2000, loginToListMs: 12_000, filesAfterEntry: 8 };
const SUPERVISOR: Account = { name: 'Bench Supervisor', email: 'bench.supervisor@example.com', password: 'Platform-9-pass', role: 'supervisor', work: 'mcc' };
const MANAGER: Account = { name: 'Bench Manager', email: 'bench.manager@example.com', password: 'Platform-9-pass', role: 'manager' };
const ADD_DUTY_VISITS = process.env.BENCH_PHONE_ADDDUTY !== '0';
const LOGIN_VISITS = process.env.BENCH_PHONE_LOGIN !== '0';
const ROUTE_TABLE = process.env.BENCH_WEB_ROUTES !== '0';
/** Chrome DevTools' network presets (bytes per second): "Slow 3G" (now "3G") and "Fast 3G" (now "Slow 4G"). */
const NETWORKS = {
  slow3g: { name: 'Slow 3G', offline: false, latency: 400 * 5, downloadThroughput: ((500 * 1000) / 8) * 0.8, uploadThroughput: ((500 * 1000) / 8) * 0.8 },
  fast3g: { name: 'Fast 3G', offline: false, latency: 150 * 3.75, downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9, uploadThroughput: ((750 * 1000) / 8) * 0.9 },
} as const;
const NETWORK = process.env.BENCH_PHONE_NETWORK === 'fast3g' ? NETWORKS.fast3g : NETWORKS.slow3g;
const CPU_SLOWDOWN = 4;
const PHONE_VIEWPORT = { width: 360, height: 740 };
const ADD_DUTY = '/dashboard/user/addduty';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

interface Row {
  page: string;
  performance: number;
  accessibility: number;
  'best-practices': number;
  seo: number;
  'FCP ms': number;
  'LCP ms': number;
  'TBT ms': number;
  CLS: number;
  scripts: number;
  'JS sent KB': number;
  'JS gzip KB': number;
}

const score = (lhr: Result, id: string): number => lhr.categories[id]?.score ?? 0;
const metric = (lhr: Result, id: string): number => lhr.audits[id]?.numericValue ?? NaN;
const kb = (bytes: number): number => Math.round((bytes / 1024) * 10) / 10;

/** The script requests of a run, from the network-requests audit. */
function scriptRequests(lhr: Result): { url: string; transferSize: number }[] {
  const details = lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string; transferSize?: number }[] } | undefined;
  return (details?.items ?? []).filter((item) => item.resourceType === 'Script').map((item) => ({ url: item.url, transferSize: item.transferSize ?? 0 }));
}

/** Fetches each script again and gzips it (default level), so the budget is in gzip bytes whatever the server chose. */
async function gzippedBytes(urls: string[]): Promise<number> {
  let total = 0;
  for (const url of new Set(urls)) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    total += gzipSync(body).length;
  }
  return total;
}

/** One Lighthouse run; a run that fails to record (NO_NAVSTART and the like happen on a busy machine) is retried twice. */
async function audit(url: string, port: number): Promise<Result> {
  let failure = '';
  for (let attempt = 1; attempt <= 3; attempt++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error' });
    const lhr = result?.lhr;
    if (lhr && !lhr.runtimeError) return lhr;
    failure = lhr?.runtimeError ? `${lhr.runtimeError.code} ${lhr.runtimeError.message}` : 'no result';
    console.log(`  ${url}: attempt ${attempt} failed (${failure})`);
  }
  throw new Error(`Lighthouse failed on ${url}: ${failure}`);
}

/** Slows this page's network (Slow 3G) and its CPU 4×, as DevTools does (or back to full speed). */
async function throttle(context: BrowserContext, page: Page, on: boolean): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const { name: _name, ...conditions } = NETWORK;
  await cdp.send('Network.emulateNetworkConditions', on ? conditions : { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: on ? CPU_SLOWDOWN : 1 });
}

/**
 * Opens Add Duty on a throttled page and answers the milliseconds from navigation start
 * until it is usable (read in the page, on the frame it became so), and whether a service
 * worker served the page.
 */
async function openAddDuty(context: BrowserContext): Promise<{ ms: number; fromWorker: boolean }> {
  const page = await context.newPage();
  await throttle(context, page, true);
  await page.goto(ADD_DUTY, { waitUntil: 'commit', timeout: 120_000 });
  const usableAt = await page.waitForFunction(addDutyUsable, undefined, { timeout: 120_000 });
  const ms = Math.round((await usableAt.jsonValue()) as number);
  const fromWorker = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.workerStart !== 0 && navigator.serviceWorker.controller !== null);
  await page.close();
  return { ms, fromWorker };
}

/** In the page: the moment (performance.now()) the supervisor's live list shows its answer, else false. */
function liveListShown(): number | false {
  const heading = [...document.querySelectorAll('h2')].some((item) => item.textContent?.trim() === 'Live Work Details');
  if (!heading) return false;
  const text = document.body.innerText;
  const answered = text.includes('No live trains available for') || document.querySelector('[data-testid="worker-count"], tbody tr td a[href*="traindetails"]') !== null;
  return answered && !text.includes('Loading...') ? performance.now() : false;
}

/** In the page: the moment Add Duty is usable (Train Number enabled, submit visible), else false. */
function addDutyUsable(): number | false {
  const label = [...document.querySelectorAll('label')].find((item) => item.textContent?.trim().startsWith('Train Number'));
  const input = label?.htmlFor ? (document.getElementById(label.htmlFor) as HTMLInputElement | null) : null;
  const submit = document.querySelector<HTMLButtonElement>('form button[type="submit"]');
  const box = submit?.getBoundingClientRect();
  return input && !input.disabled && box && box.width > 0 && box.height > 0 ? performance.now() : false;
}

/** In the page: the moment the sign-in form is usable (e-mail input enabled, submit visible), else false. */
function loginUsable(): number | false {
  const email = document.querySelector<HTMLInputElement>('input[name="email"]');
  const submit = document.querySelector<HTMLButtonElement>('form button[type="submit"]');
  const box = submit?.getBoundingClientRect();
  return email && !email.disabled && box && box.width > 0 && box.height > 0 ? performance.now() : false;
}

/** In the page: the moment the page's first-level heading is on screen and nothing says it is loading, else false. */
function headingShown(): number | false {
  const heading = document.querySelector('h1');
  const loading = document.body.innerText.includes('Loading');
  return heading && heading.textContent?.trim() && !loading ? performance.now() : false;
}

/** The built files of a page (JS and CSS under /assets/) with when each was asked for, from Resource Timing. */
interface Fetched {
  url: string;
  startTime: number;
  kind: 'js' | 'css';
}
async function fetchedAssets(page: Page): Promise<Fetched[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => ({ url: entry.name, startTime: entry.startTime, path: new URL(entry.name).pathname }))
      .filter((entry) => entry.path.startsWith('/assets/') && /\.(?:js|css)$/.test(entry.path))
      .map(({ url, startTime, path }) => ({ url, startTime, kind: path.endsWith('.css') ? ('css' as const) : ('js' as const) })),
  );
}

/** The files index.html loads before any route code: its entry script, module preloads and styles. */
async function entryFiles(baseUrl: string): Promise<Set<string>> {
  const html = await (await fetch(`${baseUrl}/login`)).text();
  const files = new Set<string>();
  for (const match of html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)) files.add(new URL(match[1]!, baseUrl).href);
  return files;
}

/** A session for a role, as the login page would have stored it (SPEC §3). */
async function sessionOf(baseUrl: string, account: Account): Promise<{ user: unknown; token: string }> {
  const answer = await fetch(`${baseUrl}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: account.email, password: account.password }) });
  if (!answer.ok) throw new Error(`${account.role} login failed: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as { user: unknown; token: string };
}

interface SignIn {
  loginUsableMs: number;
  tapToListMs: number;
  navigationToListMs: number;
  filesAfterTap: number;
  apiCallsAfterTap: number;
}

/**
 * The supervisor signs in on the throttled phone: /login cold, the form filled as soon as
 * it is usable and sent, until the live list shows its answer (all times read in the page).
 */
async function signInToLiveList(browser: Browser, baseUrl: string): Promise<SignIn> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true, locale: 'en-IN' });
  try {
    const page = await context.newPage();
    await throttle(context, page, true);
    const apiCalls: number[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(Date.now());
    });
    await page.goto('/login', { waitUntil: 'commit', timeout: 120_000 });
    const usable = Math.round((await (await page.waitForFunction(loginUsable, undefined, { timeout: 120_000 })).jsonValue()) as number);
    await page.locator('input[name="email"]').fill(SUPERVISOR.email);
    await page.locator('input[name="password"]').fill(SUPERVISOR.password);
    const tapAt = (await page.evaluate(() => performance.now())) as number;
    const tapWall = Date.now();
    await page.locator('form button[type="submit"]').click();
    const listAt = (await (await page.waitForFunction(liveListShown, undefined, { timeout: 180_000 })).jsonValue()) as number;
    const files = (await fetchedAssets(page)).filter((file) => file.startTime >= tapAt && file.startTime <= listAt);
    return {
      loginUsableMs: usable,
      tapToListMs: Math.round(listAt - tapAt),
      navigationToListMs: Math.round(listAt),
      filesAfterTap: files.length,
      // the sign-in itself is one of them
      apiCallsAfterTap: apiCalls.filter((at) => at >= tapWall).length,
    };
  } finally {
    await context.close();
  }
}

interface RouteRow {
  route: string;
  'files to screen': number;
  'beyond entry': number;
  'JS gzip KB to screen': number;
  'files when quiet': number;
  'JS gzip KB when quiet': number;
}

/**
 * What each route loads, at full speed on a cold cache without a service worker: the
 * JS/CSS files asked for before its first screen was ready, and all of them once the
 * network was quiet (after-load work: the worker's registration, idle prefetches).
 */
let entryCount = 0;
async function routeFiles(browser: Browser, baseUrl: string): Promise<RouteRow[]> {
  const entry = await entryFiles(baseUrl);
  entryCount = entry.size;
  const supervisor = await sessionOf(baseUrl, SUPERVISOR);
  const manager = await sessionOf(baseUrl, MANAGER);
  const routes: { route: string; session: { user: unknown; token: string } | null; ready: () => number | false }[] = [
    { route: '/', session: null, ready: headingShown },
    { route: '/login', session: null, ready: loginUsable },
    { route: '/dashboard/user', session: supervisor, ready: liveListShown },
    { route: ADD_DUTY, session: supervisor, ready: addDutyUsable },
    { route: '/dashboard/manager', session: manager, ready: headingShown },
  ];
  const rows: RouteRow[] = [];
  for (const { route, session, ready } of routes) {
    const context = await phoneContext(browser, baseUrl, session, { serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      await page.goto(route, { waitUntil: 'commit' });
      const readyAt = (await (await page.waitForFunction(ready, undefined, { timeout: 60_000 })).jsonValue()) as number;
      const toScreen = (await fetchedAssets(page)).filter((file) => file.startTime <= readyAt);
      await page.waitForLoadState('networkidle');
      const whenQuiet = await fetchedAssets(page);
      const jsOf = (files: Fetched[]) => files.filter((file) => file.kind === 'js').map((file) => file.url);
      // the names without their hashes, to see what a route asked for
      const names = toScreen.filter((file) => !entry.has(file.url)).map((file) => new URL(file.url).pathname.replace(/^\/assets\//, '').replace(/-[\w-]{8}\./, '.'));
      console.log(`  ${route}: beyond the entry before the screen was ready: ${names.join(' ')}`);
      rows.push({
        route,
        'files to screen': toScreen.length,
        'beyond entry': toScreen.filter((file) => !entry.has(file.url)).length,
        'JS gzip KB to screen': kb(await gzippedBytes(jsOf(toScreen))),
        'files when quiet': whenQuiet.length,
        'JS gzip KB when quiet': kb(await gzippedBytes(jsOf(whenQuiet))),
      });
    } finally {
      await context.close();
    }
  }
  return rows;
}

/** A phone's browser context, signed in as `session` (what the login page would have stored, SPEC §3) or not. */
function phoneContext(browser: Browser, baseUrl: string, session: unknown, options: Parameters<Browser['newContext']>[0] = {}) {
  return browser.newContext({
    baseURL: baseUrl,
    viewport: PHONE_VIEWPORT,
    isMobile: true,
    hasTouch: true,
    locale: 'en-IN',
    storageState: { cookies: [], origins: session ? [{ origin: baseUrl, localStorage: [{ name: 'auth', value: JSON.stringify(session) }] }] : [] },
    ...options,
  });
}

/** The supervisor's phone: first and repeat visits of Add Duty, median of PHONE_RUNS pairs. */
async function phoneVisits(browser: Browser, baseUrl: string): Promise<{ first: number[]; repeat: number[] }> {
  const { user, token } = await sessionOf(baseUrl, SUPERVISOR);
  const first: number[] = [];
  const repeat: number[] = [];
  for (let run = 0; run < PHONE_RUNS; run++) {
    // signed in beforehand: the session the login page would have stored (SPEC §3)
    const context = await phoneContext(browser, baseUrl, { user, token });
    try {
      const cold = await openAddDuty(context);
      if (cold.fromWorker) throw new Error('the first visit was served by a service worker');
      first.push(cold.ms);
      // at full speed, let the service worker install (precache) and take the origin
      const page = await context.newPage();
      await throttle(context, page, false);
      await page.goto(ADD_DUTY);
      await page.waitForFunction(async () => Boolean((await navigator.serviceWorker.ready).active && navigator.serviceWorker.controller), undefined, { timeout: 120_000 });
      await page.close();
      const warm = await openAddDuty(context);
      if (!warm.fromWorker) throw new Error('the repeat visit was not served by the service worker');
      repeat.push(warm.ms);
      console.log(`  phone run ${run + 1}: first visit ${cold.ms} ms, repeat visit ${warm.ms} ms`);
    } finally {
      await context.close();
    }
  }
  return { first, repeat };
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const server = await startBenchServer([SUPERVISOR, MANAGER]);
const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH || '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
const rows: Row[] = [];
let phone: { first: number[]; repeat: number[] } = { first: [], repeat: [] };
const signIns: SignIn[] = [];
let routeRows: RouteRow[] = [];
try {
  for (const page of PAGES) {
    const runs: Result[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await audit(`${server.baseUrl}${page}`, chrome.port));
    runs.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
    const lhr = runs[Math.floor(runs.length / 2)]!;
    if (process.env.BENCH_WEB_REPORTS) {
      mkdirSync(process.env.BENCH_WEB_REPORTS, { recursive: true });
      const name = page === '/' ? 'home' : page.slice(1).replace(/\W+/g, '-');
      writeFileSync(path.join(process.env.BENCH_WEB_REPORTS, `${name}.json`), JSON.stringify(lhr));
    }
    const scripts = scriptRequests(lhr);
    rows.push({
      page,
      performance: score(lhr, 'performance'),
      accessibility: score(lhr, 'accessibility'),
      'best-practices': score(lhr, 'best-practices'),
      seo: score(lhr, 'seo'),
      'FCP ms': Math.round(metric(lhr, 'first-contentful-paint')),
      'LCP ms': Math.round(metric(lhr, 'largest-contentful-paint')),
      'TBT ms': Math.round(metric(lhr, 'total-blocking-time')),
      CLS: Math.round(metric(lhr, 'cumulative-layout-shift') * 1000) / 1000,
      scripts: scripts.length,
      'JS sent KB': kb(scripts.reduce((sum, script) => sum + script.transferSize, 0)),
      'JS gzip KB': kb(await gzippedBytes(scripts.map((script) => script.url))),
    });
    for (const id of ['performance', 'accessibility']) {
      const failing = Object.values(lhr.audits).filter(
        (item) => item.score !== null && item.score < 0.9 && lhr.categories[id]?.auditRefs.some((ref) => ref.id === item.id && ref.weight > 0),
      );
      for (const item of failing) console.log(`  ${page} ${id}: ${item.id} ${item.score} ${item.displayValue ?? ''}`);
    }
  }
  chrome.kill();
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', headless: true, args: CHROME_FLAGS.filter((flag) => !flag.startsWith('--headless')) });
  try {
    if (ROUTE_TABLE) routeRows = await routeFiles(browser, server.baseUrl);
    if (LOGIN_VISITS) {
      for (let run = 0; run < PHONE_RUNS; run++) {
        const signIn = await signInToLiveList(browser, server.baseUrl);
        signIns.push(signIn);
        console.log(`  sign-in run ${run + 1}: login usable ${signIn.loginUsableMs} ms, tap to live list ${signIn.tapToListMs} ms (${signIn.filesAfterTap} JS/CSS files, ${signIn.apiCallsAfterTap} API calls after the tap)`);
      }
    }
    if (ADD_DUTY_VISITS) phone = await phoneVisits(browser, server.baseUrl);
  } finally {
    await browser.close();
  }
} finally {
  chrome.kill();
  await server.stop();
}

if (rows.length) {
  console.log(`\nLighthouse 12 (mobile, simulated throttling), ${RUNS} run(s) per page, median shown:`);
  console.table(rows);
}

const misses: string[] = [];
for (const row of rows) {
  if (row.performance < BUDGET.performance) misses.push(`${row.page}: performance ${row.performance} < ${BUDGET.performance}`);
  if (row.accessibility < BUDGET.accessibility) misses.push(`${row.page}: accessibility ${row.accessibility} < ${BUDGET.accessibility}`);
}
const home = rows.find((row) => row.page === '/');
if (home && home['JS gzip KB'] * 1024 > BUDGET.homeJsGzipBytes) misses.push(`/: ${home['JS gzip KB']} KB of gzipped JavaScript > 150 KB`);

const machine = `this machine: ${os.cpus().length} CPUs, load average ${os.loadavg().map((load) => load.toFixed(1)).join(' ')}`;
const phoneConditions = `${NETWORK.name} (${NETWORK.latency} ms, ${(NETWORK.downloadThroughput * 8) / 1000} kbit/s), CPU ${CPU_SLOWDOWN}× slower, 360 × 740`;

if (routeRows.length) {
  console.log(`\nJS/CSS per route (full speed, cold cache, no service worker; the entry is ${entryCount} file(s) index.html names; gzip of JS only):`);
  console.table(routeRows);
}

if (signIns.length) {
  const tapToList = median(signIns.map((run) => run.tapToListMs));
  console.log(`\nSigning in on the supervisor's phone: /login cold, the form sent when usable, until the live list shows its answer; ${phoneConditions}, median of ${signIns.length} (${machine}):`);
  console.table([
    { measure: 'login page usable (from navigation)', ms: median(signIns.map((run) => run.loginUsableMs)), runs: signIns.map((run) => run.loginUsableMs).join(', ') },
    { measure: 'tap on Sign in → live list', ms: tapToList, runs: signIns.map((run) => run.tapToListMs).join(', '), target: `< ${BUDGET.loginToListMs}`, met: tapToList < BUDGET.loginToListMs ? 'met' : 'missed' },
    { measure: 'navigation → live list', ms: median(signIns.map((run) => run.navigationToListMs)), runs: signIns.map((run) => run.navigationToListMs).join(', ') },
    { measure: 'JS/CSS files after the tap', ms: median(signIns.map((run) => run.filesAfterTap)), runs: signIns.map((run) => run.filesAfterTap).join(', ') },
    { measure: 'API calls after the tap (sign-in included)', ms: median(signIns.map((run) => run.apiCallsAfterTap)), runs: signIns.map((run) => run.apiCallsAfterTap).join(', ') },
  ]);
  if (!(tapToList < BUDGET.loginToListMs)) misses.push(`sign-in to live list: ${tapToList} ms ≥ ${BUDGET.loginToListMs} ms`);
}
const supervisorRoute = routeRows.find((row) => row.route === '/dashboard/user');
if (supervisorRoute && supervisorRoute['beyond entry'] > BUDGET.filesAfterEntry) {
  misses.push(`/dashboard/user: ${supervisorRoute['beyond entry']} JS/CSS files beyond the entry > ${BUDGET.filesAfterEntry}`);
}

if (phone.first.length) {
  const firstMs = median(phone.first);
  const repeatMs = median(phone.repeat);
  console.log(`\nSupervisor's phone: ${ADD_DUTY} usable (Train Number enabled, submit visible), ${phoneConditions}, median of ${PHONE_RUNS} (${machine}):`);
  console.table([
    { visit: 'first (empty cache, no service worker)', ms: firstMs, runs: phone.first.join(', '), target: `< ${BUDGET.addDutyFirstMs}`, met: firstMs < BUDGET.addDutyFirstMs ? 'met' : 'missed' },
    { visit: 'repeat (service worker precache)', ms: repeatMs, runs: phone.repeat.join(', '), target: `< ${BUDGET.addDutyRepeatMs}`, met: repeatMs < BUDGET.addDutyRepeatMs ? 'met' : 'missed' },
  ]);
  if (!(firstMs < BUDGET.addDutyFirstMs)) misses.push(`Add Duty first visit: ${firstMs} ms ≥ ${BUDGET.addDutyFirstMs} ms`);
  if (!(repeatMs < BUDGET.addDutyRepeatMs)) misses.push(`Add Duty repeat visit: ${repeatMs} ms ≥ ${BUDGET.addDutyRepeatMs} ms`);
}

if (misses.length) {
  console.log(`budget missed:\n  ${misses.join('\n  ')}`);
  process.exitCode = 1;
} else {
  const checked = [
    rows.length ? 'performance and accessibility ≥ 0.95 on each page, / loads ≤ 150 KB of gzipped JavaScript' : '',
    routeRows.length ? 'at most 8 JS/CSS files beyond the entry for the live list' : '',
    signIns.length ? 'the live list within 12 s of signing in' : '',
    phone.first.length ? 'Add Duty usable on a phone within 6 s (first visit) and 2 s (repeat visit)' : '',
  ].filter(Boolean);
  console.log(`budget met (what ran): ${checked.join('; ')}`);
}
