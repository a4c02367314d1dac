/**
 * The public site draws with the texts of the first download alone (decision 0029, "The
 * public pages within 150 KB"): en.json's site sections and SITE_MSG. Nothing here loads
 * i18n/english.ts (the rest of English, which the signed-in screens and the account forms
 * import), so a public page that named a text of the rest would show its key, or fail on
 * a MSG code the first download does not hold; this file catches both.
 */
import { screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderApp, startApi, type TestApp } from '../../../test/web/render-app.js';
import { i18next } from './i18n.js';

let api: TestApp;
/** The keys asked for that English does not have. */
const missing: string[] = [];

beforeAll(async () => {
  api = await startApi();
  i18next.options.saveMissing = true;
  i18next.options.missingKeyHandler = (_languages, _namespace, key) => {
    missing.push(key);
  };
});
afterAll(async () => {
  i18next.options.saveMissing = false;
  await api.close();
});
afterEach(() => {
  missing.length = 0;
});

describe('the public site in English, without the rest of the catalogue', () => {
  it('has only the public part of English loaded', () => {
    expect(i18next.exists('layout.skipToContent')).toBe(true);
    expect(i18next.exists('supervisor.menu.title')).toBe(false);
    expect(i18next.exists('messages.navHome')).toBe(true);
    expect(i18next.exists('messages.logout')).toBe(false);
  });

  it.each([
    ['/', 'Dutyroll Services: Linen, laundry, housekeeping and mechanized cleaning for railways and hotels'],
    ['/login', 'Sign in'],
    ['/about', 'About Us'],
    ['/contact', 'Contact Us'],
    ['/policy', 'Privacy Policy'],
    ['/no-such-page', 'Page Not Found'],
  ])('%s draws every text', async (path, heading) => {
    renderApp(path);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(heading);
    // the footer, drawn with the page, names the company's year and its links
    expect(screen.getAllByRole('link', { name: 'Privacy Policy' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(missing).toEqual([]);
  });
});
