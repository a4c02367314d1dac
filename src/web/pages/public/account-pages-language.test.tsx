import { screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderApp, startApi, type TestApp } from '../../../../test/web/render-app.js';
import { setLanguage } from '../../i18n/i18n.js';
import { latinWords, withoutFixedNames } from '../../i18n/fixed-names.js';
import hi from '../../i18n/locales/hi.json' with { type: 'json' };
import ml from '../../i18n/locales/ml.json' with { type: 'json' };

let api: TestApp;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await setLanguage('en');
  await api.close();
});

/**
 * Every English word a person meets in `root`: its text and its labels, placeholders and
 * names; SPEC's fixed names, the product's name and the language switch's "English" (each
 * language by its own name) aside.
 */
function englishIn(root: Element): string[] {
  const texts: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) if (!node.parentElement?.closest('style, script')) texts.push(node.textContent ?? '');
  for (const element of root.querySelectorAll('[placeholder], [aria-label], [title]')) {
    for (const name of ['placeholder', 'aria-label', 'title']) texts.push(element.getAttribute(name) ?? '');
  }
  return texts.flatMap((text) => latinWords(withoutFixedNames(text, ['Dutyroll', 'English'])));
}

/** The registration page's hidden address (SPEC §2). */
const REGISTER = '/registerygigyictgyjutgtyjuctyuccftyutucfyj';

describe.each([
  ['hi', hi],
  ['ml', ml],
] as const)('the 404 and registration pages in %s (issue 28)', (code, catalogue) => {
  beforeAll(() => setLanguage(code));

  it('says Page Not Found, why and the ways on in the language, with no English left', async () => {
    renderApp('/no-such-page');
    const title = await screen.findByRole('heading', { level: 1, name: catalogue.messages.pageNotFound });
    expect(screen.getByText(catalogue.layout.notFound.text)).toBeTruthy();
    expect(screen.getByRole('button', { name: catalogue.messages.goBack })).toBeTruthy();
    expect(screen.getByRole('link', { name: catalogue.layout.notFound.homePage })).toBeTruthy();
    expect(englishIn(title.parentElement!)).toEqual([]);
  });

  it('registers the first manager with a form in the language, with no English left', async () => {
    renderApp(REGISTER);
    const title = await screen.findByText(catalogue.auth.register.firstTitle);
    expect(screen.getByRole('textbox', { name: new RegExp(`^${catalogue.auth.register.name}`) })).toBeTruthy();
    expect(screen.getByLabelText(new RegExp(`^${catalogue.auth.register.confirmPassword}`))).toBeTruthy();
    // the card: its title, the language switch and the form
    const form = screen.getByRole('button', { name: catalogue.auth.register.submit }).closest('form')!;
    let card: Element = form;
    while (!card.contains(title)) card = card.parentElement!;
    expect(englishIn(card)).toEqual([]);
    expect(document.title).toContain(catalogue.auth.register.submit);
  });
});
