import * as XLSX from '@e965/xlsx';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import { ROLE } from '../../../shared/roles.js';
import { staff } from '../../../server/db/schema.js';
import { buildStaff } from '../../../../test/helpers/factories.js';
import { renderApp, signIn, startApi, type TestApp } from '../../../../test/web/render-app.js';

/** The staff list (issue 28): search across work types, filters, sort, counts, totals and export, against the real API. */
let api: TestApp;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());
afterEach(() => vi.restoreAllMocks());

const PAGE = '/dashboard/manager/staffdetails';

/** Four people under one tag, in three work types, statuses, designations and skills. */
async function team(tag: string) {
  const make = async (name: string, work: string, status: string, extra: { designation?: string; skill?: string; wage?: string; joined?: string }) => {
    const row = await buildStaff(api.deps.db, { name: `${tag} ${name}`, work, status, designation: extra.designation, wage: extra.wage });
    await api.deps.db.update(staff).set({ skill: extra.skill ?? null, joined: extra.joined ?? null }).where(eq(staff.id, row.id));
    return row;
  };
  return {
    asha: await make('Asha', 'mcc', 'Active', { skill: 'skilled', wage: '700.00', joined: '2024-03-01' }),
    babu: await make('Babu', 'bio', 'On Leave', { skill: 'unskilled', wage: '650.50' }),
    chandran: await make('Chandran', 'acca', 'Resigned', { designation: 'Supervisor', wage: '800.00' }),
    deepa: await make('Deepa', 'bio', 'Active', { skill: 'unskilled', wage: '600.00' }),
  };
}

const table = () => screen.getByRole('table');
/** The names in the table's body, top to bottom (the cell after the row's tick box). */
function rowNames(): string[] {
  const body = within(table()).getAllByRole('rowgroup')[1]!;
  return within(body)
    .getAllByRole('row')
    .map((row) => within(row).getAllByRole('cell')[1]!.textContent ?? '');
}

describe('the staff list', () => {
  it('searches every work type, filters by status, designation and skill in the address, and counts the view by status', async () => {
    const tag = `Filt${Date.now()}`;
    await team(tag);
    await signIn(api, { role: ROLE.manager });
    const { user, router } = renderApp(`${PAGE}?work=all&q=${tag}`);
    // the page's files load (and are transformed) on the first visit: slow on a busy machine
    expect(await screen.findByRole('cell', { name: `${tag} Chandran` }, { timeout: 30_000 })).toBeTruthy();
    expect(rowNames().sort()).toEqual([`${tag} Asha`, `${tag} Babu`, `${tag} Chandran`, `${tag} Deepa`]);
    expect(screen.getByRole('tab', { name: MSG.lists.allWorkTypes, selected: true })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveProperty('value', tag);
    // the counts and the Total row, for the whole view
    await waitFor(() => expect(screen.getByRole('status', { name: MSG.staffList.countsLabel }).textContent).toBe('Active 2 · On Leave 1 · Resigned 1 · Total 4'));
    const totals = table().querySelector('[data-totals-row]') as HTMLElement;
    expect(within(totals).getByRole('rowheader').textContent).toBe('Total');
    expect(within(totals).getAllByRole('cell').map((cell) => cell.textContent)).toContain('4');
    // the Status column's total: a status to a line
    expect([...totals.querySelectorAll('td:last-child p')].map((line) => line.textContent)).toEqual(['Active 2', 'On Leave 1', 'Resigned 1']);

    await user.selectOptions(screen.getByRole('combobox', { name: MSG.columnStatus }), 'On Leave');
    await waitFor(() => expect(rowNames()).toEqual([`${tag} Babu`]));
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('On Leave');
    // the counts leave the status out: they still tell how many of each there are
    expect(screen.getByRole('status', { name: MSG.staffList.countsLabel }).textContent).toBe('Active 2 · On Leave 1 · Resigned 1 · Total 4');

    await user.selectOptions(screen.getByRole('combobox', { name: MSG.columnStatus }), '');
    await user.selectOptions(screen.getByRole('combobox', { name: MSG.payrollFields.skill }), 'unskilled');
    await waitFor(() => expect(rowNames().sort()).toEqual([`${tag} Babu`, `${tag} Deepa`]));
    await waitFor(() => expect(screen.getByRole('status', { name: MSG.staffList.countsLabel }).textContent).toBe('Active 1 · On Leave 1 · Resigned 0 · Total 2'));

    await user.selectOptions(screen.getByRole('combobox', { name: MSG.payrollFields.skill }), '');
    await user.selectOptions(screen.getByRole('combobox', { name: MSG.fields.designation }), 'Supervisor');
    await waitFor(() => expect(rowNames()).toEqual([`${tag} Chandran`]));
    const address = new URLSearchParams(router.state.location.search);
    expect([address.get('work'), address.get('designation'), address.get('skill'), address.get('q')]).toEqual(['all', 'Supervisor', null, tag]);

    // one work type: SPEC's tab
    await user.selectOptions(screen.getByRole('combobox', { name: MSG.fields.designation }), '');
    await user.click(screen.getByRole('tab', { name: 'BIO' }));
    await waitFor(() => expect(rowNames().sort()).toEqual([`${tag} Babu`, `${tag} Deepa`]));
  });

  it('sorts by a column heading, one way then the other, kept in the address', async () => {
    const tag = `Sort${Date.now()}`;
    await team(tag);
    await signIn(api, { role: ROLE.manager });
    const { user, router } = renderApp(`${PAGE}?work=all&q=${tag}`);
    await screen.findByRole('cell', { name: `${tag} Chandran` }, { timeout: 30_000 });
    // SPEC's order without a sort: newest first
    expect(rowNames()).toEqual([`${tag} Deepa`, `${tag} Chandran`, `${tag} Babu`, `${tag} Asha`]);

    await user.click(within(table()).getByRole('button', { name: 'Daily wage' }));
    await waitFor(() => expect(rowNames()).toEqual([`${tag} Deepa`, `${tag} Babu`, `${tag} Asha`, `${tag} Chandran`]));
    expect(within(table()).getByRole('columnheader', { name: 'Daily wage' }).getAttribute('aria-sort')).toBe('ascending');
    expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('wage');

    await user.click(within(table()).getByRole('button', { name: 'Daily wage' }));
    await waitFor(() => expect(rowNames()).toEqual([`${tag} Chandran`, `${tag} Asha`, `${tag} Babu`, `${tag} Deepa`]));
    expect(within(table()).getByRole('columnheader', { name: 'Daily wage' }).getAttribute('aria-sort')).toBe('descending');
    expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('-wage');

    await user.click(within(table()).getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(rowNames()).toEqual([`${tag} Asha`, `${tag} Babu`, `${tag} Chandran`, `${tag} Deepa`]));
  });

  it('exports exactly the view to .xlsx: title naming the filters, plain cells, the Aadhaar masked', async () => {
    const tag = `Xprt${Date.now()}`;
    const { babu, deepa } = await team(tag);
    const [stored] = await api.deps.db.select({ aadhar: staff.aadhar }).from(staff).where(eq(staff.id, deepa.id));
    let saved: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved = blob as Blob;
      return 'blob:staff-export';
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await signIn(api, { role: ROLE.manager });
    const { user } = renderApp(`${PAGE}?work=bio&q=${tag}&sort=-name`);
    await screen.findByRole('cell', { name: `${tag} Deepa` }, { timeout: 30_000 });
    await user.click(screen.getByRole('button', { name: MSG.lists.export }));
    await waitFor(() => expect(saved).toBeDefined());
    const book = XLSX.read(new Uint8Array(await saved!.arrayBuffer()), { type: 'array', cellNF: true });
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: null });
    expect(rows[0]![0]).toBe(`Staff — Work type: BIO TOILET · Search: ${tag} · Sorted by: Name (descending)`);
    expect(rows[1]).toEqual(['Name', 'Emp ID', 'Work type', 'Designation', 'Status', 'Phone', 'Aadhar', 'Skill category', 'Daily wage', 'Date of joining']);
    expect(rows[2]!.slice(0, 9)).toEqual([`${tag} Deepa`, deepa.empId, 'BIO TOILET', 'Cleaning Staff', 'Active', '9876543210', `XXXX XXXX ${stored!.aadhar.slice(-4)}`, 'unskilled', 600]);
    expect(rows[3]!.slice(0, 5)).toEqual([`${tag} Babu`, babu.empId, 'BIO TOILET', 'Cleaning Staff', 'On Leave']);
    expect(sheet['I4']).toMatchObject({ t: 'n', v: 650.5, z: '"₹"#,##0.00' });
    expect(rows[4]!.slice(0, 5)).toEqual(['Total', '2', null, null, 'Active 1 · On Leave 1 · Resigned 0']);
    expect(rows).toHaveLength(5);
  });

  it('keeps every letter typed quickly in the search box; the address follows once typing pauses', async () => {
    const tag = `Type${Date.now()}`;
    await team(tag);
    await signIn(api, { role: ROLE.manager });
    const { router } = renderApp(`${PAGE}?work=all`);
    const box = await screen.findByRole('searchbox', { name: 'Search' }, { timeout: 30_000 });
    const fast = userEvent.setup({ delay: 20 });
    const name = `${tag} Chandran`;
    await fast.type(box, name);
    expect(box).toHaveProperty('value', name);
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('q')).toBe(name));
    expect(box).toHaveProperty('value', name);
    await waitFor(() => expect(rowNames()).toEqual([name]));
    // a change from outside (Back, a shared link) still leads: the box shows it
    await router.navigate(`${PAGE}?work=all&q=${tag}`);
    await waitFor(() => expect(box).toHaveProperty('value', tag));
  });
});
