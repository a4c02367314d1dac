import * as XLSX from '@e965/xlsx';
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROLE } from '../../../shared/roles.js';
import type { Payroll } from '../../../shared/schemas/payroll.js';
import { formatMoney } from '../../i18n/format.js';
import { newSessionToken } from '../../../../test/helpers/factories.js';
import { callApi, completedDuties, dayOf, FULL_DETAILS, payrollWorker, readPayroll } from '../../../../test/web/payroll-seed.js';
import { renderApp, signIn, startApi, type TestApp } from '../../../../test/web/render-app.js';

/**
 * The month lists (issue 28) on the real app and API (decision 0025): the wage register,
 * the payroll and the attendance grid searched, filtered and sorted in the page with the
 * view kept in the address, the totals of the rows shown, and Export of exactly that view
 * (the .xlsx parsed here). The server's day is 10 December 2026. MCC's November: Ravi Kumar
 * (E-1, ₹800.50 a day, 25 days, a ₹500 advance), Asha Devi (E-2, ₹650.25, 22 days, no UAN),
 * Mohan Lal (E-3, ₹700, 3 days), Zara Idle (E-4, no day).
 */
const NOW = new Date('2026-12-10T06:00:00Z');
let api: TestApp;
let token: string;
let november: Payroll;

const days = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => dayOf('2026-11', from + index));

beforeAll(async () => {
  api = await startApi({ clock: { now: NOW } });
  token = await newSessionToken(api, { role: ROLE.manager });
  const ravi = await payrollWorker(api, { name: 'Ravi Kumar', empId: 'E-1', work: 'mcc', wage: '800.50' });
  const asha = await payrollWorker(api, { name: 'Asha Devi', empId: 'E-2', work: 'mcc', wage: '650.25', details: { ...FULL_DETAILS, uanNo: null } });
  const mohan = await payrollWorker(api, { name: 'Mohan Lal', empId: 'E-3', work: 'mcc', wage: '700.00' });
  await payrollWorker(api, { name: 'Zara Idle', empId: 'E-4', work: 'mcc', wage: '700.00' });
  await completedDuties(api, 'mcc', days(1, 22), [ravi.id, asha.id]);
  await completedDuties(api, 'mcc', days(23, 25), [ravi.id, mohan.id]);
  await callApi(api, token, 'POST', '/payroll/deductions', { staffId: ravi.id, month: '2026-11', kind: 'advance', amount: '500', reason: 'Festival advance' }, 201);
  november = await readPayroll(api, token, 'mcc', '2026-11');
});
afterAll(() => api.close());

/** The files the page saves: the blob given to URL.createObjectURL, read back as a workbook. */
const saved: Blob[] = [];
beforeAll(() => {
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    saved.push(blob as Blob);
    return 'blob:saved';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});
afterEach(() => {
  saved.length = 0;
});

async function exported(): Promise<unknown[][]> {
  await waitFor(() => expect(saved).toHaveLength(1));
  const book = XLSX.read(Buffer.from(await saved[0]!.arrayBuffer()), { type: 'buffer', cellNF: true });
  const sheet = book.Sheets[book.SheetNames[0]!]!;
  // money cells are numbers with the ₹ format
  const moneyCells = Object.entries(sheet).filter(([address, cell]) => !address.startsWith('!') && (cell as XLSX.CellObject).z === '"₹"#,##0.00');
  expect(moneyCells.length).toBeGreaterThan(0);
  for (const [, cell] of moneyCells) expect((cell as XLSX.CellObject).t).toBe('n');
  return XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, defval: null });
}

const bodyNames = (table: HTMLElement) => within(table.querySelector('tbody')!).getAllByRole('row').map((row) => row.querySelector('td,th')!.textContent);
const totalsRow = () => screen.getByRole('rowheader', { name: 'Total' }).closest('tr') as HTMLElement;
const paise = (rupees: number) => Math.round(rupees * 100);

describe('Wage register view (manager/wages)', () => {
  it('searches by name or Emp ID, filters by days and sorts, keeping the view in the address; totals and Export follow the view', async () => {
    await signIn(api, { role: ROLE.manager });
    const { user, router } = renderApp('/dashboard/manager/wages?work=mcc&month=2026-11');
    const table = await screen.findByRole('table');
    expect(bodyNames(table)).toEqual(['Asha Devi', 'Mohan Lal', 'Ravi Kumar', 'Zara Idle']);
    // the totals of the month: days and amount in paise (25 × 800.50 + 22 × 650.25 + 3 × 700)
    expect(within(totalsRow()).getByText('50')).toBeTruthy();
    expect(within(totalsRow()).getByText(formatMoney((25 * 80050 + 22 * 65025 + 3 * 70000) / 100))).toBeTruthy();

    // sorted by amount, largest first: two presses
    await user.click(screen.getByRole('button', { name: 'Amount' }));
    await waitFor(() => expect(screen.getByRole('columnheader', { name: 'Amount' }).getAttribute('aria-sort')).toBe('ascending'));
    expect(bodyNames(screen.getByRole('table'))).toEqual(['Zara Idle', 'Mohan Lal', 'Asha Devi', 'Ravi Kumar']);
    await user.click(screen.getByRole('button', { name: 'Amount' }));
    await waitFor(() => expect(bodyNames(screen.getByRole('table'))).toEqual(['Ravi Kumar', 'Asha Devi', 'Mohan Lal', 'Zara Idle']));
    expect(router.state.location.search).toContain('sort=-amount');

    // the filter: workers without days
    await user.selectOptions(screen.getByRole('combobox', { name: 'Workers' }), 'Without days this month');
    await waitFor(() => expect(bodyNames(screen.getByRole('table'))).toEqual(['Zara Idle']));
    expect(router.state.location.search).toContain('days=without');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Workers' }), 'All workers');

    // search by Emp ID: every key kept, the address follows
    await user.type(screen.getByRole('searchbox', { name: 'Search by name or Emp ID' }), 'e-3');
    await waitFor(() => expect(bodyNames(screen.getByRole('table'))).toEqual(['Mohan Lal']));
    await waitFor(() => expect(router.state.location.search).toContain('q=e-3'));
    expect(within(totalsRow()).getByText(formatMoney(2100))).toBeTruthy();
    expect(screen.getByText('1 of 4 workers')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Export' }));
    const rows = await exported();
    expect(rows[0]![0]).toBe('Wage register — Work type: MCC · Month: November 2026 · Search: e-3');
    expect(rows.slice(2)).toEqual([
      ['Mohan Lal', 'E-3', 3, 700, 2100],
      ['Total', null, 3, null, 2100],
    ]);
  });
});

describe('Payroll view (manager/payroll)', () => {
  it('filters, sorts and searches the payroll, with the totals of the rows shown and Export of that view', async () => {
    await signIn(api, { role: ROLE.manager });
    const { user, router } = renderApp('/dashboard/manager/payroll?work=mcc&month=2026-11&sort=-net');
    await screen.findByRole('heading', { name: 'Payroll - November 2026' });
    const byNet = [...november.rows].sort((a, b) => b.net - a.net).map((row) => row.name);
    await waitFor(() => expect(bodyNames(screen.getByRole('region', { name: 'Payroll' }))).toEqual(byNet));

    // with other deductions: Ravi alone; his figures are the Total row
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'With other deductions');
    await waitFor(() => expect(bodyNames(screen.getByRole('region', { name: 'Payroll' }))).toEqual(['Ravi Kumar']));
    expect(router.state.location.search).toContain('show=deductions');
    const ravi = november.rows.find((row) => row.name === 'Ravi Kumar')!;
    expect(within(totalsRow()).getAllByText(formatMoney(ravi.net)).length).toBeGreaterThan(0);

    // all workers again: the totals are the sums of the rows, in paise
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'All workers');
    const sum = (pick: (row: Payroll['rows'][number]) => number) => november.rows.reduce((total, row) => total + paise(pick(row)), 0) / 100;
    await waitFor(() => expect(within(totalsRow()).getByText(formatMoney(sum((row) => row.gross)))).toBeTruthy());
    expect(within(totalsRow()).getByText(formatMoney(sum((row) => row.net)))).toBeTruthy();
    expect(within(totalsRow()).getByText(formatMoney(sum((row) => row.pfEmployee)))).toBeTruthy();

    await user.type(screen.getByRole('searchbox', { name: 'Search by name or Emp ID' }), 'devi');
    await waitFor(() => expect(bodyNames(screen.getByRole('region', { name: 'Payroll' }))).toEqual(['Asha Devi']));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    const rows = await exported();
    expect(rows[0]![0]).toBe('Payroll — Work type: MCC · Month: November 2026 · Search: devi · Status: Draft');
    const asha = november.rows.find((row) => row.name === 'Asha Devi')!;
    expect(rows[2]!.slice(0, 9)).toEqual(['Asha Devi', 'E-2', asha.days, asha.rate, asha.gross, asha.pfEmployee, asha.esiEmployee, asha.otherDeductions, asha.net]);
    expect(rows[3]!.slice(0, 9)).toEqual(['Total', null, asha.days, null, asha.gross, asha.pfEmployee, asha.esiEmployee, asha.otherDeductions, asha.net]);
  });
});

describe('Attendance view (manager/attendance)', () => {
  it('searches and sorts the grid; the Present and Total rows add up the workers shown; Export names the view', async () => {
    await signIn(api, { role: ROLE.manager });
    const { user } = renderApp('/dashboard/manager/attendance?work=mcc&month=2026-11&days=with');
    const grid = await screen.findByRole('region', { name: /^Attendance of MCC/ });
    const names = () => within(screen.getByRole('region', { name: /^Attendance of MCC/ }).querySelector('tbody')!).getAllByRole('rowheader').map((cell) => cell.firstChild!.textContent);
    expect(names()).toEqual(['Asha Devi', 'Mohan Lal', 'Ravi Kumar']);
    const total = within(grid).getByRole('rowheader', { name: 'Total' }).closest('tr') as HTMLElement;
    expect(total.lastElementChild!.textContent).toBe(String(22 + 3 + 25));

    await user.click(within(grid).getByRole('button', { name: /Total/ }));
    await waitFor(() => expect(names()).toEqual(['Mohan Lal', 'Asha Devi', 'Ravi Kumar']));
    await user.click(within(screen.getByRole('region', { name: /^Attendance of MCC/ })).getByRole('button', { name: /Total/ }));
    await waitFor(() => expect(names()).toEqual(['Ravi Kumar', 'Asha Devi', 'Mohan Lal']));

    await user.type(screen.getByRole('searchbox', { name: 'Search by name or Emp ID' }), 'mohan');
    await waitFor(() => expect(names()).toEqual(['Mohan Lal']));
    const present = within(screen.getByRole('region', { name: /^Attendance of MCC/ })).getByRole('rowheader', { name: 'Present' }).closest('tr') as HTMLElement;
    // the 1st: nobody shown present; the 23rd: Mohan
    expect(present.children[1]!.textContent).toBe('0');
    expect(present.children[23]!.textContent).toBe('1');

    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const book = XLSX.read(Buffer.from(await saved[0]!.arrayBuffer()), { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, defval: null });
    expect(rows[0]![0]).toBe('Attendance — Work type: MCC · Month: November 2026 · Search: mohan · Workers: With days');
    expect(rows.slice(2).map((row) => row[0])).toEqual(['Mohan Lal', 'Total']);
    expect(rows.at(-1)!.at(-1)).toBe(3);
  });
});
