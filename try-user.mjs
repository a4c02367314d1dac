// one-off: try the product as a user (not committed)
import { chromium } from 'playwright-core';
const base = process.env.BASE ?? 'http://localhost:3100';
const shots = '/tmp/try-shots';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const phone = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true };
async function signIn(page, email, password) {
  await page.goto(base + '/login');
  await page.fill('input[type=email]', email);
  await page.fill('input[type=password]', password);
  await page.click('form button[type=submit]');
  await page.waitForURL(/dashboard/);
}
const problems = [];
for (const lang of ['en', 'hi', 'ml']) {
  const ctx = await browser.newContext(phone);
  await ctx.addInitScript((l) => localStorage.setItem('dutyroll.language', l), lang);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => problems.push(`${lang} pageerror ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && problems.push(`${lang} console ${m.text()}`));
  await page.goto(base + '/');
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${shots}/home-${lang}.png` });
  await page.goto(base + '/no/such/page');
  await page.getByRole('heading').first().waitFor();
  await page.screenshot({ path: `${shots}/404-${lang}.png` });
  await signIn(page, 'joseph@example.com', 'Coach-pass-22');
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${shots}/live-${lang}.png` });
  await page.goto(base + '/dashboard/user/addduty');
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${shots}/addduty-${lang}.png`, fullPage: true });
  // submit empty: the form's own messages
  await page.locator('form button[type=submit]').click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${shots}/addduty-errors-${lang}.png`, fullPage: true });
  await ctx.close();
}
const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const page = await desk.newPage();
page.on('pageerror', (e) => problems.push(`desk pageerror ${e.message}`));
await signIn(page, 'asha@example.com', 'S3cure-pass');
await page.waitForLoadState('networkidle');
await page.screenshot({ path: `${shots}/manager-home.png` });
await page.goto(base + '/dashboard/manager/addworkers');
await page.waitForLoadState('networkidle');
await page.screenshot({ path: `${shots}/add-worker.png`, fullPage: true });
await page.goto(base + '/dashboard/manager/addwork');
await page.waitForLoadState('networkidle');
await page.screenshot({ path: `${shots}/add-work.png`, fullPage: true });
await page.goto(base + '/dashboard/manager/staffdetails');
await page.waitForLoadState('networkidle');
await page.screenshot({ path: `${shots}/staff.png` });
console.log(problems.length ? problems.join('\n') : 'no page errors');
await browser.close();
