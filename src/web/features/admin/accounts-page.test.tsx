import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../../shared/roles.js';
import { buildUser } from '../../../../test/helpers/factories.js';
import { catchDownloads, sheetCells } from '../../../../test/web/downloads.js';
import { renderApp, signIn, startApi, type TestApp } from '../../../../test/web/render-app.js';

let api: TestApp;
beforeAll(async () => {
  api = await startApi();
  await buildUser(api.deps.db, { role: ROLE.supervisor, name: 'Kavitha Menon', email: 'zz.kavitha@example.com', work: 'acca' });
  await buildUser(api.deps.db, { role: ROLE.supervisor, name: 'Kavya Menon', email: 'aa.kavya@example.com', work: 'mcc' });
  await buildUser(api.deps.db, { role: ROLE.manager, name: 'Menon Manager', email: 'mm.menon@example.com' });
});
afterAll(() => api.close());

const table = () => screen.getByRole('table', { name: 'Accounts' });
const names = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('td')?.firstChild?.textContent ?? '');

describe('Accounts (admin/accounts): an office list (issue 28)', () => {
  it('keeps every typed key, keeps the filters and sort in the address, counts the view and exports it', async () => {
    await signIn(api, { role: ROLE.admin, name: 'Admin Asha' });
    const downloads = catchDownloads();
    // a shared link: supervisors only, sorted by e-mail
    const { user, router } = renderApp('/dashboard/admin/accounts?role=0&sort=email');
    await screen.findByRole('cell', { name: 'Kavitha Menon' }, { timeout: 15_000 });
    expect(names()).toEqual(['Kavya Menon', 'Kavitha Menon']);
    expect(screen.getByRole('columnheader', { name: /^Email/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByText('2 accounts')).toBeTruthy();

    // typed into the box without a pause: every letter stays
    const box = screen.getByRole('searchbox', { name: 'Search' });
    await user.type(box, 'Kavitha Menon');
    expect((box as HTMLInputElement).value).toBe('Kavitha Menon');
    await waitFor(() => expect(names()).toEqual(['Kavitha Menon']));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('Kavitha Menon');
    expect(screen.getByText('1 account')).toBeTruthy();

    // the other way round by name, in the address
    await user.clear(box);
    await user.type(box, 'menon');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('q')).toBe('menon'));
    await user.click(within(screen.getByRole('columnheader', { name: /^Name/ })).getByRole('button'));
    await waitFor(() => expect(screen.getByRole('columnheader', { name: /^Name/ }).getAttribute('aria-sort')).toBe('ascending'));
    await user.click(within(screen.getByRole('columnheader', { name: /^Name/ })).getByRole('button'));
    await waitFor(() => expect(screen.getByRole('columnheader', { name: /^Name/ }).getAttribute('aria-sort')).toBe('descending'));
    await waitFor(() => expect(table().getAttribute('aria-busy')).toBe('false'));
    await waitFor(() => expect(names()).toEqual(['Kavya Menon', 'Kavitha Menon']));
    const address = new URLSearchParams(router.state.location.search);
    expect([address.get('sort'), address.get('role'), address.get('q')]).toEqual(['-name', '0', 'menon']);

    const file = downloads.next();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    const { name, bytes } = await file;
    expect(name).toMatch(/^Accounts_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const rows = sheetCells(bytes);
    expect(rows[0]![0]!.v).toBe('Accounts — Search: menon · Role: Supervisor');
    expect(rows.slice(2).map((row) => row[0]!.v)).toEqual(['Kavya Menon', 'Kavitha Menon']);
    expect(rows[1]![0]!.v).toBe('Name');
    expect(rows[3]![4]!.v).toBe('ACCA');
  });

  it('marks what is not printed and prints the filters above the table', async () => {
    await signIn(api, { role: ROLE.admin });
    renderApp('/dashboard/admin/accounts?work=acca');
    await screen.findByRole('cell', { name: 'Kavitha Menon' }, { timeout: 15_000 });
    expect(screen.getByRole('searchbox', { name: 'Search' }).closest('[data-no-print]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Export' }).closest('[data-no-print]')).not.toBeNull();
    expect(table().closest('.print-table')).not.toBeNull();
    expect(document.querySelector('.print-only')?.textContent).toContain('Work type: ACCA');
  });
});
