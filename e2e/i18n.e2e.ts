import { expect, START_TIMEOUT, test } from './fixtures.js';
import type { Browser, Page } from '@playwright/test';
import { MSG } from '../src/shared/messages.js';
import { companyProfile as builtInProfile } from '../src/web/company-profile.js';
import { latinWords, withoutFixedNames } from '../src/web/i18n/fixed-names.js';
import en from '../src/web/i18n/locales/en.json' with { type: 'json' };
import hi from '../src/web/i18n/locales/hi.json' with { type: 'json' };
import ml from '../src/web/i18n/locales/ml.json' with { type: 'json' };
import { callApi, openPage, PHONE, realErrors, screenshot, startApp, type Account, type RunningApp } from './harness.js';

/**
 * The supervisor's screens in Hindi and Malayalam (issue 14 part 3): the language is
 * chosen on the sign-in page of a 360 px phone, and the supervisor's pages (live list,
 * Add Duty with a validation message, completed list, train detail) show no English but
 * SPEC's fixed names (the work types) and the data the test made, drawn with fonts that
 * have the script (no missing-glyph boxes, issue 28). The choice survives a reload;
 * switching back to English in the menu shows SPEC's English texts exactly.
 */

const manager: Account = { name: 'Asha Nair', email: 'asha@example.com', password: 'S3cure-pass', role: 'manager' };
const supervisor: Account = { name: 'Ravi Kumar', email: 'ravi@example.com', password: 'Platform-4-pass', role: 'supervisor', work: 'mcc' };
const WORKERS = ['Anil Kumar', 'Sunil Kumar', 'Kavya Menon'];
const LIVE_TRAIN = '12625';
const DONE_TRAIN = '16301';

type Catalogue = typeof hi;
const CATALOGUES = { hi, ml: ml as Catalogue };

let app: RunningApp;
let browser: Browser;
let liveDutyId: string;
/** Every text the test or the company profile put on the page: data, shown as entered. */
let dataTexts: string[] = [];

test.beforeAll(async ({ browser: chromium }) => {
  test.setTimeout(START_TIMEOUT);
  browser = chromium;
  app = await startApp([manager, supervisor]);
  const call = <T>(method: string, path: string, token: string | null, body?: unknown) => callApi<T>(app, method, path, token, body);
  const managerToken = (await call<{ token: string }>('POST', '/auth/login', null, { email: manager.email, password: manager.password })).token;
  const workerIds: string[] = [];
  const empIds: string[] = [];
  for (const [index, name] of WORKERS.entries()) {
    const answer = await call<{ worker: { _id: string; empid: string } }>('POST', '/worker/create-worker', managerToken, {
      name,
      work: 'mcc',
      phone: `98470${String(index).padStart(5, '0')}`,
      aadhar: `4000${String(index).padStart(8, '0')}`,
      designation: 'Cleaning Staff',
    });
    workerIds.push(answer.worker._id);
    empIds.push(answer.worker.empid); // made by the server: data too
  }
  const { supervisor: supervisors } = await call<{ supervisor: { _id: string; name: string }[] }>('GET', '/auth/getsupervisor', managerToken);
  const supervisorId = supervisors.find((s) => s.name === supervisor.name)?._id;
  const duty = (trainno: string, workers: string[]) =>
    call<{ duty: { _id: string } }>('POST', '/mcctrain/create-mcctrain', managerToken, { work: 'mcc', trainno, supervisor: supervisorId, totalcoach: 5, type: 'Primary', workers });
  liveDutyId = (await duty(LIVE_TRAIN, workerIds.slice(0, 2))).duty._id;
  const done = (await duty(DONE_TRAIN, workerIds.slice(1))).duty;
  await call('PUT', `/mcctrain/update-mcctrain/${done._id}`, managerToken, { status: 'completed' });

  const served = await call<Record<string, unknown>>('GET', '/company-profile', null);
  dataTexts = [supervisor.name, supervisor.email, ...WORKERS, ...empIds, ...stringsOf(served), ...stringsOf(builtInProfile)];
});

test.afterAll(async () => {
  await app?.stop();
});

/** Every string inside a value (the company profile's texts). */
function stringsOf(value: unknown): string[] {
  // whole, and line by line as the footer shows the address
  if (typeof value === 'string') return [value, ...value.split(/\s*[\n,]\s*/)].filter((part) => part.trim() !== '');
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [];
}

/** What a reader meets on the page: its text, the tab's title, and the labels, placeholders and tooltips. */
function textsOnPage(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts = [document.title, document.body.innerText];
    for (const element of document.querySelectorAll('[aria-label], [placeholder], [title]')) {
      for (const name of ['aria-label', 'placeholder', 'title']) parts.push(element.getAttribute(name) ?? '');
    }
    return parts.join('\n');
  });
}

/** The English words left on the page once the data and SPEC's fixed names are taken out. */
async function englishLeft(page: Page, language: 'hi' | 'ml'): Promise<string[]> {
  let text = await textsOnPage(page);
  // the language switch names each language in its own words: English stays 'English'
  const languageNames = Object.values(en.language).filter((name) => name !== en.language.label);
  const known = [...dataTexts, ...languageNames].sort((a, b) => b.length - a.length);
  // without regard to case: innerText shows a text in capitals where the style says so
  for (const data of known) text = text.replace(new RegExp(data.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), ' ');
  const left = latinWords(withoutFixedNames(text));
  if (left.length > 0) console.log(`[${language}] English left on ${page.url()}: ${[...new Set(left)].join(', ')}`);
  return [...new Set(left)];
}

/**
 * Each language's script (its Unicode block) and the font family that must draw it: Debian's
 * fonts-noto-core has Noto Sans Devanagari and Noto Sans Malayalam (CI installs it, .ci/run).
 * Without them Chromium draws the letters with the page's first font, whose missing-glyph
 * box ("tofu") it reports as that font's glyphs: Noto Sans or DejaVu Sans alone.
 */
const SCRIPTS = {
  hi: { letters: /[\u0900-\u097F]/u, font: /Devanagari/i },
  ml: { letters: /[\u0D00-\u0D7F]/u, font: /Malayalam/i },
} as const;

interface DrawnText {
  text: string;
  fonts: { familyName: string; glyphCount: number }[];
}

/**
 * The fonts Chromium actually drew each element's own text with that has letters of the
 * language's script (CSS.getPlatformFontsForNode: the platform fonts of the element's text
 * children, with their glyph counts); elements not drawn (hidden) are left out.
 */
async function drawnTexts(page: Page, language: 'hi' | 'ml'): Promise<DrawnText[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    type DomNode = { nodeId: number; nodeType: number; nodeValue: string; children?: DomNode[] };
    const { root } = (await cdp.send('DOM.getDocument', { depth: -1 })) as { root: DomNode };
    // each element with its own text (its text children, joined), where that text is in the script
    const owners: { nodeId: number; text: string }[] = [];
    const visit = (node: DomNode) => {
      const own = (node.children ?? []).filter((child) => child.nodeType === 3).map((child) => child.nodeValue).join('');
      if (node.nodeType === 1 && SCRIPTS[language].letters.test(own)) owners.push({ nodeId: node.nodeId, text: own });
      for (const child of node.children ?? []) visit(child);
    };
    visit(root);
    const drawn: DrawnText[] = [];
    for (const owner of owners) {
      // an element the page re-rendered meanwhile (a list refreshed) is no longer drawn: left out
      const answer = await cdp.send('CSS.getPlatformFontsForNode', { nodeId: owner.nodeId }).catch((error: Error) => {
        if (/Could not find node/.test(error.message)) return { fonts: [] };
        throw error;
      });
      if (answer.fonts.length > 0) drawn.push({ text: owner.text, fonts: answer.fonts.map(({ familyName, glyphCount }) => ({ familyName, glyphCount })) });
    }
    return drawn;
  } finally {
    await cdp.detach();
  }
}

/**
 * Every text of the language on the page is drawn with a font that has its script: the
 * script's font drew glyphs, and the other fonts (the page's own, for spaces, digits and
 * punctuation) drew no more glyphs than the text has characters outside the script. A
 * letter no font has would be the first font's missing-glyph box, counted as its glyph.
 */
async function expectNoMissingGlyphs(page: Page, language: 'hi' | 'ml'): Promise<void> {
  const drawn = await drawnTexts(page, language);
  expect(drawn.length, `texts in the ${language} script on ${page.url()}`).toBeGreaterThan(5);
  const { letters, font } = SCRIPTS[language];
  const boxed = drawn.filter(({ text, fonts }) => {
    const ownFont = fonts.filter((used) => font.test(used.familyName)).reduce((sum, used) => sum + used.glyphCount, 0);
    const others = fonts.filter((used) => !font.test(used.familyName)).reduce((sum, used) => sum + used.glyphCount, 0);
    const outsideScript = [...text].filter((character) => !letters.test(character)).length;
    return ownFont === 0 || others > outsideScript;
  });
  expect(boxed.map(({ text, fonts }) => `"${text.trim()}": ${fonts.map((used) => `${used.familyName} ×${used.glyphCount}`).join(', ')}`)).toEqual([]);
}

/** A form field's label as a catalogue has it (a required field's label ends with its asterisk). */
const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\*)?$`);

async function openMenu(page: Page, catalogue: Catalogue): Promise<void> {
  await page.getByRole('button', { name: catalogue.layout.openMenu.replace('{{menu}}', catalogue.supervisor.menu.title) }).click();
}

async function goByMenu(page: Page, catalogue: Catalogue, link: string, url: string | RegExp): Promise<void> {
  await openMenu(page, catalogue);
  await page.getByRole('dialog').getByRole('link', { name: link, exact: true }).click();
  await page.waitForURL(url);
}

test.describe('the supervisor’s phone in Hindi and Malayalam', () => {
  for (const language of ['hi', 'ml'] as const) {
    test(`${language}: chosen on the sign-in page, every supervisor page without English but SPEC's fixed names and the data`, async () => {
      const t = CATALOGUES[language];
      const { context, page, errors } = await openPage(browser, app, PHONE);
      await page.goto('/login');
      await page.getByRole('combobox', { name: en.language.label }).selectOption(language);
      await page.getByRole('heading', { name: t.auth.signInTitle }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
      await screenshot(page, `${language}-login`);

      await page.getByLabel(label(t.auth.email)).fill(supervisor.email);
      await page.getByLabel(label(t.auth.password)).fill(supervisor.password);
      await page.locator('form button[type="submit"]').click();
      await page.waitForURL(/\/dashboard\/user$/);

      // Live Duty (the area's home): the live duty as a card
      const liveCard = page.getByRole('article', { name: t.duties.trainTitle.replace('{{train}}', LIVE_TRAIN) });
      await liveCard.waitFor();
      await liveCard.getByText(t.duties.status.processing).waitFor();
      await page.getByRole('heading', { name: t.supervisor.welcome.replace('{{name}}', supervisor.name) }).waitFor();
      expect(await englishLeft(page, language)).toEqual([]);
      // drawn in the script's own font: no missing-glyph boxes (issue 28)
      await expectNoMissingGlyphs(page, language);
      await screenshot(page, `${language}-live-duty`);

      // the choice survives a reload (this device remembers it)
      await page.reload();
      await liveCard.waitFor();
      expect(await page.evaluate(() => [document.documentElement.lang, localStorage.getItem('dutyroll.language')])).toEqual([language, language]);
      await page.getByRole('heading', { name: t.supervisor.welcome.replace('{{name}}', supervisor.name) }).waitFor();

      // the menu (burger on a phone) with the language switch in it
      await openMenu(page, t);
      const menu = page.getByRole('dialog');
      await menu.getByRole('link', { name: t.supervisor.menu.addDuty, exact: true }).waitFor();
      await expect(menu.getByRole('combobox', { name: t.language.label })).toHaveValue(language);
      expect(await englishLeft(page, language)).toEqual([]);
      await screenshot(page, `${language}-menu`);
      await menu.getByRole('link', { name: t.supervisor.menu.addDuty, exact: true }).click();
      await page.waitForURL('**/dashboard/user/addduty');

      // Add Duty: sent empty, the form says what is missing (the server's own rule)
      await page.getByRole('heading', { name: t.duties.addWorkDetails }).waitFor();
      await page.getByLabel(label(t.duties.trainNumber)).waitFor();
      await page.locator('form button[type="submit"]').click();
      const problem = page.getByRole('alert');
      await problem.waitFor();
      await expect(problem).toHaveText(t.messages.fillAllRequired);
      // the crew search finds a worker by name: the suggestion list in the language too
      await page.getByRole('searchbox').fill('zzz');
      await page.getByText(t.messages.noWorkersFound).waitFor();
      await page.getByRole('searchbox').fill('kav');
      await page.getByRole('list', { name: t.duties.suggestedWorkers }).getByText('Kavya Menon').click();
      await page.getByRole('list', { name: t.duties.chosenWorkers }).getByText('Kavya Menon').waitFor();
      expect(await englishLeft(page, language)).toEqual([]);
      await screenshot(page, `${language}-add-duty`);

      // Completed Duty: this month's completed duty
      await goByMenu(page, t, t.supervisor.menu.completedDuty, '**/dashboard/user/completedduty');
      const doneCard = page.getByRole('article', { name: t.duties.trainTitle.replace('{{train}}', DONE_TRAIN) });
      await doneCard.waitFor();
      await doneCard.getByText(t.duties.status.completed, { exact: true }).waitFor();
      expect(await englishLeft(page, language)).toEqual([]);
      await screenshot(page, `${language}-completed-duty`);

      // Train detail, reached from the live card
      await goByMenu(page, t, t.supervisor.menu.liveDuty, /\/dashboard\/user$/);
      await liveCard.getByRole('link', { name: t.duties.detailsOf.replace('{{what}}', t.duties.trainTitle.replace('{{train}}', LIVE_TRAIN)) }).click();
      await page.waitForURL(`**/dashboard/user/traindetails/${liveDutyId}`);
      await page.getByRole('heading', { name: t.duties.trainDetailsTitle }).waitFor();
      await page.getByText(WORKERS[0]!).waitFor();
      expect(await englishLeft(page, language)).toEqual([]);
      await page.getByRole('button', { name: t.common.edit }).click();
      await page.getByRole('textbox', { name: label(t.duties.columns.trainNo) }).waitFor();
      expect(await englishLeft(page, language)).toEqual([]);
      await screenshot(page, `${language}-train-detail`);

      expect(realErrors(errors)).toEqual([]);
      await context.close();
    });
  }

  test('switched back to English in the menu: SPEC’s English texts exactly, and English after a reload', async () => {
    const { context, page, errors } = await openPage(browser, app, PHONE);
    await page.goto('/login');
    await page.getByRole('combobox', { name: en.language.label }).selectOption('ml');
    await page.getByRole('heading', { name: ml.auth.signInTitle }).waitFor();
    await page.getByLabel(label(ml.auth.email)).fill(supervisor.email);
    await page.getByLabel(label(ml.auth.password)).fill(supervisor.password);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(/\/dashboard\/user$/);
    await page.getByRole('article', { name: ml.duties.trainTitle.replace('{{train}}', LIVE_TRAIN) }).waitFor();

    await openMenu(page, ml);
    await page.getByRole('dialog').getByRole('combobox', { name: ml.language.label }).selectOption('en');
    // the menu itself turns English at once
    await page.getByRole('dialog').getByRole('link', { name: 'Completed Duty', exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    const menuLinks = await page.getByRole('dialog').getByRole('link').allTextContents();
    expect(menuLinks).toEqual(['Home', 'Add Duty', 'Live Duty', 'Completed Duty', 'Connect']);
    await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).waitFor();
    await page.keyboard.press('Escape');

    // SPEC §2 Live Duty, word for word
    await page.getByRole('heading', { name: MSG.liveWorkDetails, exact: true }).waitFor();
    const card = page.getByRole('article', { name: `Train ${LIVE_TRAIN}` });
    await card.getByText('processing', { exact: true }).waitFor();
    await card.getByText('Created At', { exact: true }).waitFor();
    await card.getByText('Workers', { exact: true }).waitFor();
    await expect(card.getByRole('button', { name: `${MSG.markAsCompleted}: train ${LIVE_TRAIN}`, exact: true })).toHaveText(MSG.markAsCompleted);
    await card.getByRole('link', { name: `Details of Train ${LIVE_TRAIN}` }).waitFor();

    // still English after a reload
    await page.reload();
    await page.getByRole('heading', { name: MSG.liveWorkDetails, exact: true }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, localStorage.getItem('dutyroll.language')])).toEqual(['en', 'en']);

    // SPEC §2 Add Work Details
    await goByMenu(page, en as unknown as Catalogue, 'Add Duty', '**/dashboard/user/addduty');
    await page.getByRole('heading', { name: 'Add Work Details', exact: true }).waitFor();
    await expect(page).toHaveTitle(MSG.addTrainTitle);
    await page.getByLabel('Train Number').waitFor();
    await page.getByLabel('Total Coaches').waitFor();
    await page.getByText(MSG.requiredStaff, { exact: true }).waitFor();
    await page.getByText(MSG.selectedStaff, { exact: true }).waitFor();
    await page.getByPlaceholder(MSG.searchAndAddWorkers, { exact: true }).waitFor();
    await page.getByRole('button', { name: MSG.addTrainDetails, exact: true }).click();
    await page.getByRole('alert').getByText(MSG.fillAllRequired, { exact: true }).waitFor();

    await expect(page.getByRole('group', { name: 'Work type' }).getByRole('button')).toHaveText(['MCC']);
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });
});
