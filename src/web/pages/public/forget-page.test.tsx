import { act, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import { renderApp, startApi, type TestApp } from '../../../../test/web/render-app.js';
import { setLanguage } from '../../i18n/i18n.js';
import hi from '../../i18n/locales/hi.json' with { type: 'json' };

let api: TestApp;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await setLanguage('en');
  await api.close();
});

describe('Forgot password (/forget)', () => {
  it("keeps the server's refusal and shows it by its code in the language of the moment", async () => {
    const { user } = renderApp('/forget');
    await user.type(await screen.findByRole('textbox', { name: /^Email/ }), 'nobody-here@example.com');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.userNotFound);

    await act(() => setLanguage('hi'));
    expect(screen.getByRole('alert').textContent).toBe(hi.messages.userNotFound);
  });
});
