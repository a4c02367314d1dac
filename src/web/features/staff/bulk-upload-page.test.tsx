import { act, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import { ROLE } from '../../../shared/roles.js';
import { renderApp, signIn, startApi, type TestApp } from '../../../../test/web/render-app.js';
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

describe('Bulk upload (manager/addworkerss)', () => {
  it("keeps a refused upload and shows the server's message by its code, in the language of the moment", async () => {
    await signIn(api, { role: ROLE.manager });
    const { user, container } = renderApp('/dashboard/manager/addworkerss');
    await screen.findByRole('heading', { name: MSG.bulkUploadTitle });
    const notAWorkbook = new File(['name,work\nAsha,MCC\n'], 'workers.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    await user.upload(container.querySelector('input[type="file"]') as HTMLInputElement, notAWorkbook);
    await user.click(screen.getByRole('button', { name: MSG.upload }));

    const report = (await screen.findAllByText(MSG.bulkInvalidFile)).at(-1)!.closest('[aria-live]') as HTMLElement;
    expect(report.textContent).toContain(MSG.uploadFailed);

    await act(() => setLanguage('hi'));
    expect(report.textContent).toContain(hi.messages.uploadFailed);
    expect(report.textContent).toContain(hi.messages.bulkInvalidFile);
    expect(report.textContent).not.toContain(MSG.bulkInvalidFile);
  });
});
