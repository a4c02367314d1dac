/**
 * The public site (issue 3, SPEC §1–2): every public page at 1280 and 360 px with the
 * texts of the specification, the banner moving (and holding still when it should), the
 * counters, the testimonial strip, the FAQ, the footer links, the 404 page and back, and
 * the top bar for a signed-in person. Screenshots go to SHOTS_DIR for people to look at.
 */
import { expect, START_TIMEOUT, test } from './fixtures.js';
import type { Browser, Page } from '@playwright/test';
import { MSG } from '../src/shared/messages.js';
import { addressLines, companyProfile as profile, telHref } from '../src/web/company-profile.js';
import { DESKTOP, horizontalOverflow, motionSettled, openPage, PHONE, screenshot, startApp, type Account, type RunningApp, realErrors } from './harness.js';

const manager: Account = { name: 'Asha Nair', email: 'asha@example.com', password: 'S3cure-pass', role: 'manager' };

let app: RunningApp;
let browser: Browser;

test.beforeAll(async ({ browser: chromium }) => {
  test.setTimeout(START_TIMEOUT);
  browser = chromium;
  app = await startApp([manager]);
});

test.afterAll(async () => {
  await app?.stop();
});

const metaDescription = (page: Page) => page.evaluate(() => document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '');

const activeSlide = (page: Page) => page.locator('[data-active-slide]').getAttribute('data-active-slide');

/** Waits until the page's own content is there (the route chunk has loaded). */
async function openAndSettle(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.waitForLoadState('networkidle');
}

for (const [label, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test.describe(`public pages at ${viewport.width} px`, () => {
    test('home shows the SPEC §1 sections and nothing is cut off', async () => {
      const { context, page, errors } = await openPage(browser, app, viewport);
      await openAndSettle(page, '/', new RegExp(profile.name));
      expect(await page.title()).toContain(profile.name);
      expect(await metaDescription(page)).toContain(profile.name);

      const banner = page.getByRole('region', { name: MSG.ourServices });
      for (const [i, service] of profile.services.entries()) {
        await expect(banner.getByRole('heading', { name: service.title, includeHidden: true })).toHaveCount(1);
        await banner.getByRole('button', { name: MSG.showSlide(i + 1, service.title) }).waitFor();
      }
      await page.getByRole('heading', { name: profile.services[0]!.title }).waitFor();

      await page.getByRole('heading', { name: MSG.aboutUs }).waitFor();
      await page.getByText(MSG.establishedIn(1998)).first().waitFor();
      expect(await page.getByRole('progressbar', { name: MSG.clientSatisfaction }).getAttribute('aria-valuenow')).toBe('98');

      // Counters count up once they are scrolled into view.
      const counters = page.locator('dl[data-done]');
      await counters.scrollIntoViewIfNeeded();
      await page.locator('dl[data-done="true"]').waitFor({ timeout: 5000 });
      const values = await counters.locator('> div').evaluateAll((items) =>
        items.map((item) => [item.querySelector('dt')?.textContent, item.querySelector('dd [aria-hidden]')?.textContent]),
      );
      expect(values).toEqual([
        ['Workers', '120'],
        ['Total Work', '600'],
        ['Clients', '600'],
        ['States', '15'],
      ]);

      await page.getByRole('heading', { name: MSG.whyChooseUs }).waitFor();
      for (const reason of profile.whyChooseUs) await page.getByRole('heading', { name: reason.title }).waitFor();

      const strip = page.getByTestId('testimonial-strip');
      await expect(strip.getByRole('listitem')).toHaveCount(4);
      const ratings = await strip.getByRole('img').evaluateAll((stars) => stars.map((star) => star.getAttribute('aria-label')));
      expect(ratings).toHaveLength(4);
      for (const rating of ratings) expect([MSG.starsOutOf5(4), MSG.starsOutOf5(5)]).toContain(rating);

      await page.getByRole('heading', { name: MSG.faq }).waitFor();
      await expect(page.locator('details')).toHaveCount(2);

      expect(await horizontalOverflow(page)).toBe(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `${label}-home`);
      expect(realErrors(errors)).toEqual([]);
      await context.close();
    });

    test('/about, /contact and /policy show their SPEC §2 texts', async () => {
      const { context, page, errors } = await openPage(browser, app, viewport);

      await openAndSettle(page, '/about', MSG.aboutUs);
      const about = page.getByRole('main');
      for (const text of [
        MSG.establishedIn(1998),
        'build-own-operate-transfer',
        'Linen management',
        'Room services',
        'Mechanized cleaning',
        'Onboard housekeeping',
        'for railways and hotels',
        'Professional and Creative Staff',
        'On-time Services',
      ]) {
        await about.getByText(text).first().waitFor();
      }
      expect(await page.getByRole('progressbar', { name: MSG.clientSatisfaction }).getAttribute('aria-valuenow')).toBe('98');
      await about.getByText('98%').waitFor();
      await expect(page).toHaveTitle(`${MSG.aboutUs} · ${profile.name}`);
      expect(await metaDescription(page)).toContain('build-own-operate-transfer');
      expect(await horizontalOverflow(page)).toBe(0);
      await page.locator('dl[data-done]').scrollIntoViewIfNeeded();
      await page.locator('dl[data-done="true"]').waitFor({ timeout: 5000 });
      await screenshot(page, `${label}-about`);

      await openAndSettle(page, '/contact', MSG.contactUs);
      const contact = page.getByRole('main');
      expect(profile.address).toContain('Kerala');
      await contact.getByText('Kerala', { exact: false }).first().waitFor();
      for (const line of addressLines(profile.address)) await contact.getByText(line, { exact: true }).waitFor();
      expect(await contact.getByRole('link', { name: profile.email }).getAttribute('href')).toBe(`mailto:${profile.email}`);
      expect(await contact.getByRole('link', { name: profile.phone }).getAttribute('href')).toBe(telHref(profile.phone));
      await expect(page).toHaveTitle(`${MSG.contactUs} · ${profile.name}`);
      expect(await horizontalOverflow(page)).toBe(0);
      await screenshot(page, `${label}-contact`);

      await openAndSettle(page, '/policy', MSG.privacyPolicy);
      const headings = await page.getByRole('article').getByRole('heading', { level: 2 }).allTextContents();
      expect(headings.slice(0, 6)).toEqual(Object.values(MSG.policySections).map((title, i) => `${i + 1}. ${title}`));
      await expect(page).toHaveTitle(`${MSG.privacyPolicy} · ${profile.name}`);
      expect(await metaDescription(page)).not.toBe('');
      expect(await horizontalOverflow(page)).toBe(0);
      await screenshot(page, `${label}-policy`);

      await openAndSettle(page, '/login', 'Sign in');
      expect(await horizontalOverflow(page)).toBe(0);
      await screenshot(page, `${label}-login-page`);

      await openAndSettle(page, '/no/such/page', MSG.pageNotFound);
      expect(await page.title()).toContain(MSG.pageNotFound);
      expect(await horizontalOverflow(page)).toBe(0);
      await screenshot(page, `${label}-not-found`);
      expect(realErrors(errors)).toEqual([]);
      await context.close();
    });

    test('the top bar and the footer follow SPEC §2 common layout', async () => {
      const { context, page } = await openPage(browser, app, viewport);
      await openAndSettle(page, '/', new RegExp(profile.name));
      const header = page.getByRole('banner');
      await header.getByRole('link', { name: `${profile.shortName} home` }).waitFor();
      await header.getByRole('link', { name: MSG.login }).waitFor();
      const wide = viewport.width >= 768;
      for (const name of [profile.phone, profile.email, MSG.navHome, MSG.navAbout]) {
        expect({ name, visible: await header.getByRole('link', { name, exact: true }).isVisible() }).toEqual({ name, visible: wide });
      }
      if (wide) {
        expect(await header.getByRole('link', { name: profile.email }).getAttribute('href')).toBe(`mailto:${profile.email}`);
        await header.getByRole('link', { name: MSG.navAbout, exact: true }).click();
        await page.getByRole('heading', { level: 1, name: MSG.aboutUs }).waitFor();
        await header.getByRole('link', { name: MSG.navHome, exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/');
      }

      const footer = page.getByRole('contentinfo');
      await footer.getByText(MSG.copyright(new Date().getFullYear(), profile.name)).waitFor();
      for (const [name, path, heading] of [
        [MSG.navAbout, '/about', MSG.aboutUs],
        [MSG.privacyPolicy, '/policy', MSG.privacyPolicy],
        [MSG.footerContact, '/contact', MSG.contactUs],
      ] as const) {
        await footer.getByRole('link', { name, exact: true }).click();
        await page.waitForURL(`**${path}`);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      }
      await context.close();
    });
  });
}

test.describe('home page motion', () => {
  test('the banner advances by itself, and by hand with Next, Previous and the dots', async () => {
    const { context, page } = await openPage(browser, app, DESKTOP);
    await openAndSettle(page, '/', new RegExp(profile.name));
    await page.mouse.move(0, 700); // the pointer away from the banner
    expect(await activeSlide(page)).toBe('0');
    await page.waitForFunction(() => document.querySelector('[data-active-slide]')?.getAttribute('data-active-slide') === '1', undefined, {
      timeout: 4500,
    });
    const banner = page.getByRole('region', { name: MSG.ourServices });
    await banner.getByRole('heading', { name: profile.services[1]!.title }).waitFor();
    await motionSettled(page); // the 0.8 s slide has ended
    await screenshot(page, 'desktop-home-slide-2');

    await banner.getByRole('button', { name: MSG.nextSlide }).click();
    expect(await activeSlide(page)).toBe('2');
    await banner.getByRole('button', { name: MSG.previousSlide }).click();
    expect(await activeSlide(page)).toBe('1');
    await banner.getByRole('button', { name: MSG.showSlide(4, profile.services[3]!.title) }).click();
    expect(await activeSlide(page)).toBe('3');
    await banner.getByRole('heading', { name: profile.services[3]!.title }).waitFor();
    // The slides that are not shown are out of the tab order.
    await expect(banner.getByRole('link', { name: MSG.contactUs })).toHaveCount(1);
    await context.close();
  });

  test('the banner holds still under the pointer, with keyboard focus and after Pause', async () => {
    const { context, page } = await openPage(browser, app, DESKTOP);
    await page.clock.install(); // time flows as usual; runFor() moves it on at once
    await openAndSettle(page, '/', new RegExp(profile.name));
    const banner = page.getByRole('region', { name: MSG.ourServices });

    await banner.hover();
    await page.clock.runFor(3800);
    expect(await activeSlide(page)).toBe('0');

    await page.mouse.move(0, 700);
    await banner.getByRole('button', { name: MSG.nextSlide }).focus(); // keyboard-style focus
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await page.clock.runFor(3800);
    expect(await activeSlide(page)).toBe('0');

    await page.locator('body').click({ position: { x: 5, y: 700 } });
    await banner.getByRole('button', { name: MSG.pauseRotation }).click();
    await page.mouse.move(0, 700);
    await page.locator('body').click({ position: { x: 5, y: 700 } });
    await page.clock.runFor(3800);
    expect(await activeSlide(page)).toBe('0');
    await banner.getByRole('button', { name: MSG.resumeRotation }).click();
    await page.mouse.move(0, 700);
    await page.waitForFunction(() => document.querySelector('[data-active-slide]')?.getAttribute('data-active-slide') === '1', undefined, {
      timeout: 4500,
    });
    await context.close();
  });

  test('under prefers-reduced-motion nothing moves by itself and the counters show their values', async () => {
    const context = await browser.newContext({ baseURL: app.baseUrl, viewport: PHONE, reducedMotion: 'reduce', serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.clock.install();
    await openAndSettle(page, '/', new RegExp(profile.name));
    await expect(page.getByRole('button', { name: MSG.pauseRotation })).toHaveCount(0);
    const strip = page.getByTestId('testimonial-strip');
    await page.locator('dl[data-done="true"]').waitFor();
    await page.clock.runFor(3500); // longer than a banner step and a strip step
    expect(await activeSlide(page)).toBe('0');
    expect(await strip.evaluate((list) => list.scrollLeft)).toBe(0);
    await context.close();
  });

  test('the testimonial strip scrolls 320 px every 3 seconds on a phone', async () => {
    const { context, page } = await openPage(browser, app, PHONE);
    await openAndSettle(page, '/', new RegExp(profile.name));
    const strip = page.getByTestId('testimonial-strip');
    await strip.scrollIntoViewIfNeeded();
    await page.mouse.move(0, 0);
    expect(await strip.evaluate((list) => list.scrollLeft)).toBe(0);
    await page.waitForFunction(() => (document.querySelector('[data-testid="testimonial-strip"]')?.scrollLeft ?? 0) >= 300, undefined, { timeout: 5000 });
    // the smooth scroll has settled: the position holds from one check to the next
    await page.waitForFunction(
      () => {
        const list = document.querySelector<HTMLElement>('[data-testid="testimonial-strip"]');
        const last = list?.dataset.lastScroll;
        if (list) list.dataset.lastScroll = String(list.scrollLeft);
        return list !== null && last === String(list.scrollLeft);
      },
      undefined,
      { polling: 100, timeout: 2500 },
    );
    const first = await strip.evaluate((list) => list.scrollLeft);
    expect(first).toBeGreaterThanOrEqual(315);
    expect(first).toBeLessThanOrEqual(325);
    await screenshot(page, 'phone-home-testimonials', { withToasts: true });
    await context.close();
  });

  test('an FAQ entry opens and closes', async () => {
    const { context, page } = await openPage(browser, app, PHONE);
    await openAndSettle(page, '/', new RegExp(profile.name));
    const [entry] = profile.faq;
    const question = page.getByText(entry!.question);
    const answer = page.getByText(entry!.answer);
    expect(await answer.isVisible()).toBe(false);
    await question.click();
    await answer.waitFor();
    await screenshot(page, 'phone-home-faq-open');
    await question.click();
    await answer.waitFor({ state: 'hidden' });
    await question.focus();
    await page.keyboard.press('Enter');
    await answer.waitFor();
    await context.close();
  });
});

test.describe('404 and the signed-in top bar', () => {
  test('an unknown page says Page Not Found and Go Back returns to the page before', async () => {
    const { context, page } = await openPage(browser, app, PHONE);
    await openAndSettle(page, '/contact', MSG.contactUs);
    await openAndSettle(page, '/definitely/not/here', MSG.pageNotFound);
    await page.getByRole('button', { name: MSG.goBack }).click();
    await page.waitForURL('**/contact');
    await page.getByRole('heading', { level: 1, name: MSG.contactUs }).waitFor();
    await context.close();
  });

  test('a signed-in person sees their name and Logout on the public pages', async ({ signedIn }) => {
    const { context, page, errors } = await openPage(browser, app, DESKTOP);
    await signedIn(page, manager);
    await openAndSettle(page, '/about', MSG.aboutUs);
    const header = page.getByRole('banner');
    await header.getByText(manager.name).waitFor();
    await header.getByRole('button', { name: MSG.logout }).waitFor();
    await expect(header.getByRole('link', { name: MSG.login })).toHaveCount(0);
    await header.getByRole('button', { name: MSG.logout }).click();
    await page.waitForURL('**/login');
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  test('the public pages load no dashboard code and / stays within 150 KB of gzipped JavaScript to its first screen', async () => {
    const { context, page } = await openPage(browser, app, PHONE);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: new RegExp(profile.name) }).waitFor();
    // what the first screen needed; the toaster comes later (the first tap, or a few idle seconds)
    const firstScreen = new Set(scripts);
    await page.waitForLoadState('networkidle');
    await page.getByTestId('testimonial-strip').scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    const { gzipSync } = await import('node:zlib');
    let total = 0;
    for (const url of firstScreen) total += gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer())).length;
    expect(scripts.filter((url) => /manager|admin|user-area|supervisor|role-guard|area-shell/.test(url))).toEqual([]);
    // issue 25: 150 KB. The languages stay part of the first paint (no page shows English
    // before its own language, decision 0019), the English texts as far as the public site
    // shows them; the query library and the signed-in screens' texts are not (decision 0029,
    // "The public pages within 150 KB").
    expect(total).toBeLessThanOrEqual(150 * 1024);
    for (const path of ['/about', '/contact', '/policy']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    expect(scripts.filter((url) => /manager|admin|user-area|supervisor|signed-in|office|role-guard|area-shell/.test(url))).toEqual([]);
    // the sign-in page fetches the supervisor's home while it sits idle (issue 15), never the office's screens
    await page.goto('/login');
    await expect.poll(() => scripts.some((url) => /\/assets\/(user-area|live-duty-page)-/.test(url)), { timeout: 15_000 }).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((url) => /manager|admin|office/.test(url))).toEqual([]);
    await context.close();
  });
});
