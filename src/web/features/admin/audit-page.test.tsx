import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../../shared/roles.js';
import { buildUser, sessionToken } from '../../../../test/helpers/factories.js';
import { catchDownloads, sheetCells } from '../../../../test/web/downloads.js';
import { renderApp, signIn, startApi, type TestApp } from '../../../../test/web/render-app.js';

let api: TestApp;
beforeAll(async () => {
  api = await startApi();
  // two recorded changes by an admin: creating two accounts
  const admin = await buildUser(api.deps.db, { role: ROLE.admin, name: 'Admin Trail' });
  const token = await sessionToken(api, admin);
  for (const [name, email] of [
    ['Lakshmi Nair', 'lakshmi.nair@example.com'],
    ['Joseph Mathew', 'joseph.mathew@example.com'],
  ]) {
    const answer = await api.app.inject({ method: 'POST', url: '/api/v1/admin/accounts', headers: { authorization: token }, payload: { name, email, password: 'long-enough-1', role: 0 } });
    if (answer.statusCode !== 201) throw new Error(answer.body);
  }
});
afterAll(() => api.close());

describe('Audit trail (admin/audit): an office list (issue 28)', () => {
  it('searches by a record\'s name with every key kept, in the address, and exports the view', async () => {
    await signIn(api, { role: ROLE.admin });
    const downloads = catchDownloads();
    const { user, router } = renderApp('/dashboard/admin/audit?entity=account');
    await screen.findAllByText(/Lakshmi Nair ·/, undefined, { timeout: 15_000 });
    expect(screen.getAllByText(/Joseph Mathew ·/).length).toBeGreaterThan(0);

    const box = screen.getByRole('searchbox', { name: 'Search the trail' });
    await user.type(box, 'Lakshmi Nair');
    expect((box as HTMLInputElement).value).toBe('Lakshmi Nair');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('q')).toBe('Lakshmi Nair'));
    // the searched trail is in the table (not only in the printed heading, which names the search)
    const table = screen.getByRole('table', { name: 'Audit trail' });
    await waitFor(() => expect(within(table).getAllByText(/Lakshmi Nair ·/).length).toBeGreaterThan(0));
    expect(within(table).queryByText(/Joseph Mathew ·/)).toBeNull();
    await waitFor(() => expect((screen.getByRole('button', { name: 'Export' }) as HTMLButtonElement).disabled).toBe(false));
    expect(new URLSearchParams(router.state.location.search).get('entity')).toBe('account');
    expect(box.closest('[data-no-print]')).not.toBeNull();
    expect(screen.getByRole('table', { name: 'Audit trail' }).closest('.print-table')).not.toBeNull();

    const file = downloads.next();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    const { name, bytes } = await file;
    expect(name).toMatch(/^Audit_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const rows = sheetCells(bytes);
    expect(rows[0]![0]!.v).toBe('Audit trail — Search: Lakshmi Nair · Record type: account');
    expect(rows.length).toBeGreaterThan(2);
    expect(rows[2]![0]).toMatchObject({ t: 'n', z: 'dd-mm-yyyy hh:mm' });
    expect(rows.slice(2).every((row) => /^Lakshmi Nair \(/.test(String(row[4]!.v)))).toBe(true);
    expect(rows.slice(2).map((row) => row[2]!.v)).toContain('account.create');
  });
});
