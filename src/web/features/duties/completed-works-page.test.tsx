import * as XLSX from '@e965/xlsx';
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROLE } from '../../../shared/roles.js';
import { buildStaff, buildUser, duty as addDuty, sessionToken } from '../../../../test/helpers/factories.js';
import { renderApp, signIn, startApi, type TestApp } from '../../../../test/web/render-app.js';

let api: TestApp;

/** A duty added by a manager and marked completed at `day` (noon IST), through the API. */
async function completedDuty(token: string, supervisorId: string, day: string, { returned, ...duty }: { work: string; trainno: string; workers: string[]; suppliedBedsheet?: number; returned?: number }) {
  vi.setSystemTime(new Date(`${day}T06:30:00Z`));
  await addDuty(api, token, { supervisor: supervisorId, ...duty }, { status: 'completed', ...(returned === undefined ? {} : { returned }) });
}

beforeAll(async () => {
  // only the clock is faked (timers stay real): the app and the page agree it is 20 November 2026
  vi.useFakeTimers({ toFake: ['Date'] });
  api = await startApi();
  const manager = await buildUser(api.deps.db, { role: ROLE.manager });
  const token = await sessionToken(api, manager);
  const supervisor = await buildUser(api.deps.db, { role: ROLE.supervisor, work: 'mcc', name: 'Suresh Pillai' });
  const mcc = await buildStaff(api.deps.db, { work: 'mcc' });
  const mcc2 = await buildStaff(api.deps.db, { work: 'mcc' });
  const acca = await buildStaff(api.deps.db, { work: 'acca' });
  await completedDuty(token, supervisor.id, '2026-10-14', { work: 'mcc', trainno: '12000', workers: [mcc.id] });
  await completedDuty(token, supervisor.id, '2026-11-05', { work: 'mcc', trainno: '12005', workers: [mcc.id, mcc2.id] });
  await completedDuty(token, supervisor.id, '2026-11-19', { work: 'mcc', trainno: '12019', workers: [mcc2.id] });
  await completedDuty(token, manager.id, '2026-11-10', { work: 'acca', trainno: '16010', workers: [acca.id], suppliedBedsheet: 40, returned: 37 });
  vi.setSystemTime(new Date('2026-11-20T06:30:00Z'));
});
afterAll(async () => {
  await api.close();
  vi.useRealTimers();
});

/** The train numbers in the table's rows, top to bottom. */
function trainsShown(): string[] {
  const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
  return rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent ?? '').filter((text) => /^\d+$/.test(text));
}

describe('Completed Works (manager/completed)', () => {
  it("shows this month's completed duties of the chosen tab, the tab kept in the address", async () => {
    await signIn(api, { role: ROLE.manager });
    const { user, router } = renderApp('/dashboard/manager/completed');
    await screen.findByRole('cell', { name: '12019' });
    expect(trainsShown().sort()).toEqual(['12005', '12019']); // October's 12000 is not this month
    const row = screen.getByRole('cell', { name: '12005' }).closest('tr')!;
    expect(within(row).getByText('Suresh Pillai')).toBeTruthy();
    expect(within(row).getByRole('link', { name: /12005/ }).getAttribute('href')).toMatch(/^\/dashboard\/manager\/traindetail\//);
    expect(screen.queryByRole('columnheader', { name: 'Bedsheets - Excess/Short' })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'ACCA' }));
    expect(router.state.location.search).toBe('?work=acca');
    await screen.findByRole('cell', { name: '16010' });
    expect(trainsShown()).toEqual(['16010']);
    // acca adds the bedsheet difference: supplied 40 − returned 37
    expect(screen.getByRole('columnheader', { name: 'Bedsheets - Excess/Short' })).toBeTruthy();
    expect(screen.getByTestId('bedsheet-difference').textContent).toBe('+3');

    await user.click(screen.getByRole('tab', { name: 'PFTR' }));
    expect(await screen.findByText('No completed trains found in PFTR.')).toBeTruthy();
  });

  it('lists the days of a range from the address, and This month goes back', async () => {
    await signIn(api, { role: ROLE.manager });
    const { user, router } = renderApp('/dashboard/manager/completed?work=mcc&from=2026-10-01&to=2026-10-31');
    await screen.findByRole('cell', { name: '12000' });
    expect(trainsShown()).toEqual(['12000']);
    await user.click(screen.getByRole('button', { name: 'This month' }));
    await screen.findByRole('cell', { name: '12019' });
    expect(trainsShown().sort()).toEqual(['12005', '12019']);
    expect(router.state.location.search).toBe('?work=mcc');
    expect(screen.queryByRole('button', { name: 'This month' })).toBeNull();
  });

  it('narrows the list to the days picked in the calendar', async () => {
    await signIn(api, { role: ROLE.manager });
    const { user, router } = renderApp('/dashboard/manager/completed');
    await screen.findByRole('cell', { name: '12019' });
    await user.click(await screen.findByRole('button', { name: /Completed between/ }));
    await user.click(await screen.findByRole('button', { name: '15 November 2026' }));
    await user.click(screen.getByRole('button', { name: '25 November 2026' }));
    await screen.findByRole('button', { name: 'This month' });
    expect(router.state.location.search).toContain('from=2026-11-15');
    expect(router.state.location.search).toContain('to=2026-11-25');
    // the month's rows stay (dimmed) until the range's answer is in
    await waitFor(() => expect(trainsShown()).toEqual(['12019']));
  });
});

describe('Completed Works: search, filters, sort, totals and export (issue 28)', () => {
  /** The totals row's cells, after its "Total" heading. */
  const totalsShown = () => within(screen.getByRole('rowheader', { name: 'Total' }).closest('tr')!).getAllByRole('cell').map((cell) => cell.textContent);

  it('sorts by a column, searches across work types and filters by supervisor, with the whole view totalled', async () => {
    await signIn(api, { role: ROLE.manager });
    const { user, router } = renderApp('/dashboard/manager/completed');
    await screen.findByRole('cell', { name: '12019' });
    // mcc this month: 10 coaches each, 6 required each, crews of 2 and 1
    await waitFor(() => expect(totalsShown()).toEqual(['2 duties', '', '3', '9 short', '', '20', '12']));

    await user.click(screen.getByRole('button', { name: /Workers Count/ }));
    expect(router.state.location.search).toContain('sort=crew');
    // ascending by crew happens to be the default order (newest first): wait for the heading to say it
    await waitFor(() => expect(screen.getByRole('columnheader', { name: /Workers Count/ }).getAttribute('aria-sort')).toBe('ascending'));
    await waitFor(() => expect(trainsShown()).toEqual(['12019', '12005']));
    await user.click(screen.getByRole('button', { name: /Workers Count/ }));
    await waitFor(() => expect(trainsShown()).toEqual(['12005', '12019']));
    expect(router.state.location.search).toContain('sort=-crew');
    expect(screen.getByRole('columnheader', { name: /Workers Count/ }).getAttribute('aria-sort')).toBe('descending');

    await user.type(screen.getByRole('searchbox', { name: 'Search trains' }), '12019');
    await waitFor(() => expect(trainsShown()).toEqual(['12019']));
    expect(router.state.location.search).toContain('q=12019');
    await waitFor(() => expect(totalsShown()[0]).toBe('1 duty'));

    // every work type: the search finds the acca train too, and the supervisor filter narrows it
    await user.click(screen.getByRole('tab', { name: 'All work types' }));
    await user.clear(screen.getByRole('searchbox', { name: 'Search trains' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search trains' }), '1');
    // the search settles when typing pauses: the address then holds it
    await waitFor(() => expect(router.state.location.search).toContain('q=1'));
    await waitFor(() => expect(trainsShown().sort()).toEqual(['12005', '12019', '16010']));
    expect(router.state.location.search).toContain('work=all');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Supervisor' }), 'Suresh Pillai');
    await waitFor(() => expect(trainsShown().sort()).toEqual(['12005', '12019']));
    expect(router.state.location.search).toMatch(/supervisor=[0-9a-f-]{36}/);
    await waitFor(() => expect(totalsShown()[0]).toBe('2 duties'));
  });

  it("exports the view's every row to .xlsx, named by its filters, with a Total row", async () => {
    let file: Blob | null = null;
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      file = blob as Blob;
      return 'blob:completed-works';
    });
    const revokeObjectURL = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    try {
      await signIn(api, { role: ROLE.manager });
      const { user } = renderApp('/dashboard/manager/completed?work=mcc&sort=-trainno');
      await screen.findByRole('cell', { name: '12019' });
      await user.click(screen.getByRole('button', { name: 'Export' }));
      await waitFor(() => expect(file).not.toBeNull());
      const book = XLSX.read(new Uint8Array(await file!.arrayBuffer()), { type: 'array', cellNF: true });
      const sheet = book.Sheets[book.SheetNames[0]!]!;
      const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, defval: null, raw: true });
      expect(rows[0]![0]).toBe('Completed works — Work type: MCC · Completed: 01-11-2026 to 30-11-2026 · Sorted by: Train No (descending)');
      expect(rows.slice(2, 4).map((row) => row[0])).toEqual(['12019', '12005']);
      expect(sheet['A3']).toMatchObject({ t: 's', v: '12019' });
      expect(sheet['D3']).toMatchObject({ t: 'n', z: 'dd-mm-yyyy' });
      expect(rows[4]!.slice(0, 8)).toEqual(['Total', '2 duties', null, null, 20, 12, 3, 9]);
    } finally {
      createObjectURL.mockRestore();
      revokeObjectURL.mockRestore();
    }
  });
});

describe('Completed duties (supervisor)', () => {
  it('shows only their own work type', async () => {
    await signIn(api, { role: ROLE.supervisor, work: 'acca' });
    renderApp('/dashboard/user/completedduty');
    await screen.findByRole('cell', { name: '16010' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['ACCA']);
    // a supervisor may search, but has no office tools
    expect(screen.getByRole('searchbox', { name: 'Search trains' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
    expect(screen.queryByRole('rowheader', { name: 'Total' })).toBeNull();
  });
});
