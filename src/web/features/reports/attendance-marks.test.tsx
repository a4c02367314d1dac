import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../../shared/roles.js';
import { eq } from 'drizzle-orm';
import { holidays, staff } from '../../../server/db/schema.js';
import { buildStaff, newSessionToken } from '../../../../test/helpers/factories.js';
import { callApi, completedDuties, finaliseMonth, payrollWorker } from '../../../../test/web/payroll-seed.js';
import { renderApp, signIn, startApi, type TestApp } from '../../../../test/web/render-app.js';

/**
 * The attendance grid's day marks (issue 26) on the real GET /attendance and POST
 * /attendance/marks (decision 0025): what a mark stored is read back from the grid the API
 * answers. The server's day is 20 November 2026: October and September have ended.
 */
const NOW = new Date('2026-11-20T10:00:00Z');
let api: TestApp;
/** A manager's session for seeding and reading back through the API. */
let token: string;
let worker: { id: string; name: string };
beforeAll(async () => {
  api = await startApi({ clock: { now: NOW } });
  token = await newSessionToken(api, { role: ROLE.manager });
  worker = await buildStaff(api.deps.db, { name: 'Meera Nair', work: 'acca' });
  // on the register since before the months shown (the holiday list counts from joining)
  await api.deps.db.update(staff).set({ joined: '2024-06-01' }).where(eq(staff.id, worker.id));
  await api.deps.db.insert(holidays).values({ day: '2026-10-02', name: 'Gandhi Jayanti' });
  // BIO's September: one duty of Sunil's at the minimum wage or more, finalised
  const sunil = await payrollWorker(api, { name: 'Sunil Das', empId: 'E-9', work: 'bio', wage: '800.00' });
  await completedDuties(api, 'bio', ['2026-09-15'], [sunil.id]);
  await finaliseMonth(api, token, 'bio', '2026-09');
});
afterAll(() => api.close());

/** Meera's codes of a month on the grid GET /attendance answers, from day `from` to day `to`. */
async function meerasCodes(month: string, from: number, to: number): Promise<string[]> {
  const grid = (await callApi(api, token, 'GET', `/attendance?work=acca&month=${month}`)) as { workers: Array<{ _id: string; codes: string[] }> };
  return grid.workers.find((row) => row._id === worker.id)!.codes.slice(from - 1, to);
}

describe('Attendance day marks (manager/attendance)', () => {
  it('marks a day as paid leave from the cell\'s menu, then shows L from the refreshed grid', async () => {
    await signIn(api, { role: ROLE.manager });
    const { user } = renderApp('/dashboard/manager/attendance?work=acca&month=2026-10');

    const cell = await screen.findByRole('button', { name: 'Meera Nair, 5 Oct: A' });
    await user.click(cell);
    await user.click(await screen.findByRole('menuitem', { name: 'Paid leave' }));

    expect(await screen.findByRole('button', { name: 'Meera Nair, 5 Oct: L' })).toBeTruthy();
    expect(await screen.findByText('1 day marked')).toBeTruthy();
    expect(await meerasCodes('2026-10', 4, 6)).toEqual(['A', 'L', 'A']);
  });

  it('marks several days from a dialog with from and to', async () => {
    await signIn(api, { role: ROLE.manager });
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

    expect(await screen.findByText('3 days marked')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Meera Nair, 14 Oct: W' })).toBeTruthy();
    expect(await meerasCodes('2026-10', 11, 15)).toEqual(['A', 'W', 'W', 'W', 'A']);
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
    await signIn(api, { role: ROLE.manager });
    renderApp('/dashboard/manager/attendance?work=bio&month=2026-09');
    expect(await screen.findByText('The payroll of this month is final: days cannot be marked. An admin can reopen it.')).toBeTruthy();
    const row = screen.getByRole('rowheader', { name: /Sunil Das/ }).closest('tr') as HTMLElement;
    expect(within(row).getByText('P')).toBeTruthy();
    expect(within(row).queryAllByRole('button')).toEqual([]);
  });
});

describe('Mark leave on the staff record (manager/editstaff/:id)', () => {
  it('opens the same range dialog for the worker and sends the range', async () => {
    await signIn(api, { role: ROLE.manager });
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
    expect(await screen.findByText('4 days marked')).toBeTruthy();
    // days to come show '-' unless marked
    expect(await meerasCodes('2026-12', 20, 25)).toEqual(['-', 'L', 'L', 'L', 'L', '-']);
  });
});
