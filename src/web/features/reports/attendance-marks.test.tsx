import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markDays } from '../../../shared/api/payroll.js';
import { MSG } from '../../../shared/messages.js';
import { ROLE } from '../../../shared/roles.js';
import { dayMarks, holidays, payrolls } from '../../../server/db/schema.js';
import { buildStaff } from '../../../../test/helpers/factories.js';
import { stubEndpoint } from '../../../../test/web/contract-stubs.js';
import { payrollOf } from '../../../../test/web/payroll-fixtures.js';
import { renderApp, signIn, startApi, type TestApp } from '../../../../test/web/render-app.js';

/**
 * The attendance grid's day marks (issue 26): the grid is the real GET /attendance (its L, W, H
 * days, holidays and `final` are on this branch); POST /attendance/marks is answered by a
 * contract-checked stub that stores the mark as the server will, until the server lands.
 */
let api: TestApp;
let worker: { id: string; name: string };
beforeAll(async () => {
  api = await startApi();
  worker = await buildStaff(api.deps.db, { name: 'Meera Nair', work: 'acca' });
  await api.deps.db.insert(holidays).values({ day: '2026-10-02', name: 'Gandhi Jayanti' });
  await buildStaff(api.deps.db, { name: 'Sunil Das', work: 'bio' });
});
afterAll(() => api.close());

/** Stores what the page asked for, as POST /attendance/marks will. */
function storeMarks() {
  return stubEndpoint(markDays, async ({ body }) => {
    const { staffId, from, to, kind } = body as { staffId: string; from: string; to: string; kind: string };
    if (kind !== 'clear' && from === to) await api.deps.db.insert(dayMarks).values({ staffId, day: from, kind }).onConflictDoUpdate({ target: [dayMarks.staffId, dayMarks.day], set: { kind } });
    // as every write does: the kept answers (the grid) are read afresh (decision 0027)
    await api.app.dataChanged();
    return { status: 200, body: { success: true, msg: MSG.payroll.marked(1), code: 'payroll.marked', params: { 0: 1 }, days: 1 } };
  });
}

describe('Attendance day marks (manager/attendance)', () => {
  it('marks a day as paid leave from the cell\'s menu, then shows L from the refreshed grid', async () => {
    await signIn(api, { role: ROLE.manager });
    const posts = storeMarks();
    const { user } = renderApp('/dashboard/manager/attendance?work=acca&month=2026-10');

    const cell = await screen.findByRole('button', { name: 'Meera Nair, 5 Oct: A' });
    await user.click(cell);
    await user.click(await screen.findByRole('menuitem', { name: 'Paid leave' }));

    expect(await screen.findByRole('button', { name: 'Meera Nair, 5 Oct: L' })).toBeTruthy();
    expect(posts).toEqual([{ path: '/attendance/marks', query: {}, body: { staffId: worker.id, from: '2026-10-05', to: '2026-10-05', kind: 'leave-paid' } }]);
    expect(await screen.findByText('1 days marked')).toBeTruthy();
  });

  it('marks several days from a dialog with from and to', async () => {
    await signIn(api, { role: ROLE.manager });
    const posts = storeMarks();
    const { user } = renderApp('/dashboard/manager/attendance?work=acca&month=2026-10');
    await user.click(await screen.findByRole('button', { name: 'Meera Nair, 12 Oct: A' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Mark several days…' }));

    const dialog = await screen.findByRole('dialog', { name: 'Mark days of Meera Nair' });
    const to = within(dialog).getByLabelText(/^To/);
    expect(within(dialog).getByLabelText(/^From/)).toHaveProperty('value', '2026-10-12');
    await user.clear(to);
    await user.type(to, '2026-10-14');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Mark as' }), 'weekly-off');
    await user.click(within(dialog).getByRole('button', { name: 'Mark days' }));

    expect(await screen.findByText('1 days marked')).toBeTruthy();
    expect(posts.at(-1)?.body).toEqual({ staffId: worker.id, from: '2026-10-12', to: '2026-10-14', kind: 'weekly-off' });
  });

  it('names the holidays on the day headers and explains the codes', async () => {
    await signIn(api, { role: ROLE.manager });
    renderApp('/dashboard/manager/attendance?work=acca&month=2026-10');
    const header = await screen.findByRole('columnheader', { name: '2 Gandhi Jayanti' });
    expect(header.getAttribute('title')).toBe('Gandhi Jayanti');
    // a holiday of the list is H for a worker without a duty that day
    expect(screen.getByRole('button', { name: 'Meera Nair, 2 Oct: H' })).toBeTruthy();
    const legend = screen.getByRole('list', { name: 'What the codes mean' });
    expect(within(legend).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'A absent',
      'P present (one duty)',
      'P2 two duties',
      'P3 three duties',
      'L leave',
      'W weekly off',
      'H holiday',
    ]);
    expect(screen.getByText('Paid leave and holidays count for wages; the Total column counts duties only.')).toBeTruthy();
  });

  it('offers no marks when the month\'s payroll is final, and says why', async () => {
    await api.deps.db.insert(payrolls).values({ month: '2026-09', work: 'bio', payroll: payrollOf([], { month: '2026-09', work: 'bio' }) });
    await signIn(api, { role: ROLE.manager });
    const posts = storeMarks();
    renderApp('/dashboard/manager/attendance?work=bio&month=2026-09');
    expect(await screen.findByText('The payroll of this month is final: days cannot be marked. An admin can reopen it.')).toBeTruthy();
    const row = screen.getByRole('rowheader', { name: /Sunil Das/ }).closest('tr') as HTMLElement;
    expect(within(row).queryAllByRole('button')).toEqual([]);
    expect(posts).toEqual([]);
  });
});

describe('Mark leave on the staff record (manager/editstaff/:id)', () => {
  it('opens the same range dialog for the worker and sends the range', async () => {
    await signIn(api, { role: ROLE.manager });
    const posts = storeMarks();
    const { user } = renderApp(`/dashboard/manager/editstaff/${worker.id}`);
    await user.click(await screen.findByRole('button', { name: 'Mark leave' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark days of Meera Nair' });
    const from = within(dialog).getByLabelText(/^From/);
    const to = within(dialog).getByLabelText(/^To/);
    await user.clear(from);
    await user.type(from, '2026-12-21');
    await user.clear(to);
    await user.type(to, '2026-12-24');
    await user.click(within(dialog).getByRole('button', { name: 'Mark days' }));
    expect(await screen.findByText('1 days marked')).toBeTruthy();
    expect(posts.at(-1)?.body).toEqual({ staffId: worker.id, from: '2026-12-21', to: '2026-12-24', kind: 'leave-paid' });
  });
});
