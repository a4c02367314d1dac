import { act, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18next as i18n } from '../../i18n/i18n.js';
import { ROLE } from '../../../shared/roles.js';
import { buildStaff, duty } from '../../../../test/helpers/factories.js';
import { renderApp, signIn, startApi, type TestApp } from '../../../../test/web/render-app.js';
import { UNDO_WINDOW_MS } from './completion-hold.js';

let api: TestApp;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());
afterEach(() => {
  vi.useRealTimers();
});

describe('Undo of Mark as Completed (Live Duty)', () => {
  it("names the Undo button with its visible text, in every language (WCAG 2.5.3)", () => {
    for (const language of ['en', 'hi', 'ml']) {
      const t = i18n.getFixedT(language);
      const visible = t('duties.undo');
      expect(t('duties.undoCompletionOf', { undo: visible, what: 'X' })).toContain(visible);
    }
  });

  it('keeps the focus on the page when the Undo button goes: on Mark as Completed after an Undo, on the board when the window ends', async () => {
    // only the undo window's own timers are faked; everything else runs as usual
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const session = await signIn(api, { role: ROLE.supervisor, work: 'mcc' });
    const worker = await buildStaff(api.deps.db, { work: 'mcc', name: 'Ravi Undo' });
    await duty(api, session.token, { trainno: '12625', workers: [worker.id] });
    const { user } = renderApp('/dashboard/user');

    const row = (await screen.findByText('12625')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Mark as Completed: train 12625' }));
    const undo = within(row).getByRole('button', { name: 'Undo completion of train 12625' });
    expect(undo.textContent).toBe('Undo');
    undo.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(within(row).getByRole('button', { name: 'Mark as Completed: train 12625' })));

    // again, and this time the window ends while Undo has the focus: the duty goes, the focus stays on the board
    await user.click(within(row).getByRole('button', { name: 'Mark as Completed: train 12625' }));
    within(row).getByRole('button', { name: 'Undo completion of train 12625' }).focus();
    act(() => vi.advanceTimersByTime(UNDO_WINDOW_MS));
    expect(await screen.findByText('Train updated successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('12625')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('tab', { selected: true }));
  });
});
