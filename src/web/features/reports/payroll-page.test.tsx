import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDeduction, finalisePayroll, listDeductions, payroll as payrollContract, reopenPayroll } from '../../../shared/api/payroll.js';
import { MSG } from '../../../shared/messages.js';
import { ROLE } from '../../../shared/roles.js';
import { companyProfile } from '../../company-profile.js';
import { formatMoney } from '../../i18n/format.js';
import { stubEndpoint } from '../../../../test/web/contract-stubs.js';
import { ASHA, payrollOf, RAVI } from '../../../../test/web/payroll-fixtures.js';
import { renderApp, signIn, startApi, type TestApp } from '../../../../test/web/render-app.js';

/**
 * The payroll page (issue 26) on the real app, with the payroll's endpoints answered by
 * contract-checked stubs until the server lands on main (test/web/contract-stubs.ts).
 */
let api: TestApp;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

const PAGE = '/dashboard/manager/payroll?work=mcc&month=2026-11';
const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr') as HTMLElement;

describe('Payroll (manager/payroll)', () => {
  it('shows the rows, totals and flags of the month in the address, with the due date and a Draft badge', async () => {
    await signIn(api, { role: ROLE.manager });
    const gets = stubEndpoint(payrollContract, () => ({ status: 200, body: payrollOf([ASHA, RAVI]) }));
    const { user } = renderApp(PAGE);

    expect(await screen.findByRole('heading', { name: 'Payroll - November 2026' })).toBeTruthy();
    expect(await screen.findByText('Draft')).toBeTruthy();
    expect(gets.at(-1)?.query).toEqual({ work: 'mcc', month: '2026-11' });
    expect(screen.getByText('Wages due on 7 Dec 2026')).toBeTruthy();

    const ravi = rowOf('Ravi Kumar');
    expect(within(ravi).getByText('E-1')).toBeTruthy();
    expect(within(ravi).getByText(formatMoney(RAVI.gross))).toBeTruthy();
    expect(within(ravi).getByText(formatMoney(RAVI.pfEmployee))).toBeTruthy();
    expect(within(ravi).getByText(formatMoney(500))).toBeTruthy();
    expect(within(ravi).getByText(formatMoney(RAVI.net))).toBeTruthy();
    // flags as badges in the reader's words
    const asha = rowOf('Asha Devi');
    expect(within(asha).getByText('below minimum wage')).toBeTruthy();
    expect(within(asha).getByText('no UAN')).toBeTruthy();
    // the totals row adds the columns
    const totals = screen.getByRole('rowheader', { name: 'Total' }).closest('tr') as HTMLElement;
    expect(within(totals).getByText('47')).toBeTruthy();
    expect(within(totals).getByText(formatMoney(ASHA.gross + RAVI.gross))).toBeTruthy();
    expect(within(totals).getByText(formatMoney(ASHA.net + RAVI.net))).toBeTruthy();

    // the summary on top: finalising is refused until fixed, with a link to the worker's edit page
    expect(screen.getByText('1 worker below the minimum wage — finalising is refused until fixed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Asha Devi (E-2): edit the worker' }).getAttribute('href')).toBe(`/dashboard/manager/editstaff/${ASHA.staffId}`);
    expect(screen.getByText('no UAN: 1 worker')).toBeTruthy();

    // a row's details on demand: EPF wages, EPS and the employer's shares
    await user.click(within(ravi).getByRole('button', { name: 'Actions for Ravi Kumar' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Show details' }));
    const list = await screen.findByLabelText('Details of Ravi Kumar');
    expect(within(list).getByText('EPS (employer, pension)')).toBeTruthy();
    expect(within(list).getByText(formatMoney(RAVI.eps))).toBeTruthy();
    expect(within(list).getByText(formatMoney(RAVI.esiEmployer))).toBeTruthy();
  });

  it('finalises after a question naming the month, work type, workers and net total; a 422 shows the server message and its rows', async () => {
    await signIn(api, { role: ROLE.manager });
    stubEndpoint(payrollContract, () => ({ status: 200, body: payrollOf([ASHA, RAVI]) }));
    const posts = stubEndpoint(finalisePayroll, () => ({
      status: 422,
      body: {
        msg: MSG.payroll.belowMinimumWage('Asha Devi (E-2)'),
        code: 'payroll.belowMinimumWage',
        params: { 0: 'Asha Devi (E-2)' },
        rows: [{ staffId: ASHA.staffId, name: ASHA.name, empid: ASHA.empid, flags: ASHA.flags }],
      },
    }));
    const { user } = renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Finalise' }));
    const dialog = await screen.findByRole('dialog', { name: 'Finalise the payroll of November 2026 for MCC?' });
    expect(within(dialog).getByText(`2 workers, net pay ${formatMoney(ASHA.net + RAVI.net)} in all.`)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Finalise' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Finalising is refused: below the minimum wage: Asha Devi (E-2)');
    expect(within(alert).getByRole('listitem').textContent).toBe('Asha Devi (E-2)');
    expect(posts).toEqual([{ path: '/payroll/finalise', query: {}, body: { work: 'mcc', month: '2026-11' } }]);
  });

  it('shows a final payroll as Final, refreshed after finalising, with no Reopen for a manager', async () => {
    await signIn(api, { role: ROLE.manager });
    let current = payrollOf([RAVI]);
    stubEndpoint(payrollContract, () => ({ status: 200, body: current }));
    stubEndpoint(finalisePayroll, () => {
      current = payrollOf([RAVI], { status: 'final', finalisedAt: '2026-12-02T10:00:00.000Z', finalisedBy: 'Meena' });
      return { status: 200, body: current };
    });
    const { user } = renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Finalise' }));
    const dialog = await screen.findByRole('dialog', { name: 'Finalise the payroll of November 2026 for MCC?' });
    expect(within(dialog).getByText(`1 worker, net pay ${formatMoney(RAVI.net)} in all.`)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Finalise' }));

    expect(await screen.findByText('Payroll finalised')).toBeTruthy();
    expect(await screen.findByText('Final')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Finalise' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reopen' })).toBeNull();
    expect(screen.getByText('This payroll is final: it no longer changes. An admin can reopen it.')).toBeTruthy();
  });

  it('lets an admin reopen a final month with a reason, which the request carries', async () => {
    await signIn(api, { role: ROLE.admin });
    let current = payrollOf([RAVI], { status: 'final', finalisedAt: '2026-12-02T10:00:00.000Z', finalisedBy: 'Meena' });
    stubEndpoint(payrollContract, () => ({ status: 200, body: current }));
    const posts = stubEndpoint(reopenPayroll, () => {
      current = payrollOf([RAVI]);
      return { status: 200, body: current };
    });
    const { user } = renderApp('/dashboard/admin/payroll?work=mcc&month=2026-11');
    expect(await screen.findByText('Final')).toBeTruthy();
    // the admin's menu has the page too
    expect(screen.getAllByRole('link', { name: 'Payroll' }).some((link) => link.getAttribute('href') === '/dashboard/admin/payroll')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Reopen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reopen the payroll of November 2026 for MCC?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    expect(await within(dialog).findByText('Give a reason')).toBeTruthy();
    expect(posts).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Ravi\'s October advance was entered twice');
    await user.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    expect(await screen.findByText('Payroll reopened')).toBeTruthy();
    expect(await screen.findByText('Draft')).toBeTruthy();
    expect(posts.at(-1)?.body).toEqual({ work: 'mcc', month: '2026-11', reason: 'Ravi\'s October advance was entered twice' });
  });

  it('says so when no worker has paid days, with the files and Finalise unavailable', async () => {
    await signIn(api, { role: ROLE.manager });
    stubEndpoint(payrollContract, () => ({ status: 200, body: payrollOf([]) }));
    renderApp(PAGE);
    expect(await screen.findByText('No worker has paid days in this month.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Finalise' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: /Wage slips/ })).toHaveProperty('disabled', true);
  });
});

describe('Deductions of a payroll row', () => {
  it('lists the worker\'s deductions and shows the server\'s 50 % refusal under the form', async () => {
    await signIn(api, { role: ROLE.manager });
    stubEndpoint(payrollContract, () => ({ status: 200, body: payrollOf([ASHA, RAVI]) }));
    const lists = stubEndpoint(listDeductions, () => ({
      status: 200,
      body: {
        deductions: [
          { _id: '5d2c6a10-7d1e-4b7a-9f0e-000000000001', staffId: RAVI.staffId, name: RAVI.name, empid: RAVI.empid, month: '2026-11', kind: 'advance', amount: 500, reason: 'Festival advance', createdAt: '2026-11-10T06:00:00.000Z' },
        ],
      },
    }));
    const posts = stubEndpoint(addDeduction, () => ({
      status: 422,
      body: { msg: MSG.payroll.overDeductionLimit('₹7,500', '₹8,800'), code: 'payroll.overDeductionLimit', params: { 0: '₹7,500', 1: '₹8,800' } },
    }));
    const { user } = renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Actions for Ravi Kumar' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Deductions…' }));

    const dialog = await screen.findByRole('dialog', { name: 'Deductions of Ravi Kumar, November 2026' });
    const row = (await within(dialog).findByRole('cell', { name: 'Festival advance' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Advance')).toBeTruthy();
    expect(within(row).getByText(formatMoney(500))).toBeTruthy();
    expect(lists.at(-1)?.query).toEqual({ work: 'mcc', month: '2026-11', staffId: RAVI.staffId });

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Kind' }), 'fine');
    await user.type(within(dialog).getByRole('textbox', { name: /Amount/ }), '7000');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Lost linen');
    await user.click(within(dialog).getByRole('button', { name: 'Add deduction' }));

    expect(await within(dialog).findByText(MSG.payroll.overDeductionLimit('₹7,500', '₹8,800'))).toBeTruthy();
    expect(posts.at(-1)?.body).toEqual({ staffId: RAVI.staffId, month: '2026-11', kind: 'fine', amount: '7000', reason: 'Lost linen' });
  });

  it('shows a final month\'s deductions without the form or Remove', async () => {
    await signIn(api, { role: ROLE.manager });
    stubEndpoint(payrollContract, () => ({ status: 200, body: payrollOf([RAVI], { status: 'final', finalisedAt: '2026-12-02T10:00:00.000Z', finalisedBy: 'Meena' }) }));
    stubEndpoint(listDeductions, () => ({
      status: 200,
      body: { deductions: [{ _id: '5d2c6a10-7d1e-4b7a-9f0e-000000000001', staffId: RAVI.staffId, name: RAVI.name, empid: RAVI.empid, month: '2026-11', kind: 'advance', amount: 500, reason: 'Festival advance', createdAt: '2026-11-10T06:00:00.000Z' }] },
    }));
    const { user } = renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Actions for Ravi Kumar' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Deductions…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deductions of Ravi Kumar, November 2026' });
    expect(await within(dialog).findByText('Festival advance')).toBeTruthy();
    expect(within(dialog).getByText('The payroll of this month is final: deductions cannot change. An admin can reopen it.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Add deduction' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: `Remove Advance of ${formatMoney(500)}` })).toHaveProperty('disabled', true);
  });
});

describe('Printable register (manager/payroll/register)', () => {
  it('prints the month\'s register with the company name, a column per day and DRAFT across a draft', async () => {
    await signIn(api, { role: ROLE.manager });
    stubEndpoint(payrollContract, () => ({ status: 200, body: payrollOf([ASHA, RAVI]) }));
    // happy-dom has no print dialog: the page's call is what is under test
    const print = vi.fn();
    Object.defineProperty(window, 'print', { configurable: true, value: print });
    const { user } = renderApp('/dashboard/manager/payroll/register?work=mcc&month=2026-11');
    const sheet = await screen.findByRole('region', { name: 'Wage register cum muster roll: MCC, November 2026' });
    expect(within(sheet).getByText('DRAFT')).toBeTruthy();
    expect(within(sheet).getByText(companyProfile.name)).toBeTruthy();
    const table = within(sheet).getByRole('table');
    const headers = within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers.slice(0, 4)).toEqual(['S.No', 'Name', 'Emp ID', '1']);
    expect(headers.slice(-9)).toEqual(['30', 'Days', 'Rate', 'Gross', 'EPF', 'ESI', 'Other deductions', 'Net', 'Signature']);
    const ravi = within(table).getByText('Ravi Kumar').closest('tr') as HTMLElement;
    const cells = within(ravi).getAllByRole('cell').map((cell) => cell.textContent);
    // S.No, name, Emp ID, then the days: P on a duty, absent days blank
    expect(cells.slice(0, 4)).toEqual(['2', 'Ravi Kumar', 'E-1', 'P']);
    expect(cells[3 + 25]).toBe('');
    expect(cells.at(-2)).toBe(formatMoney(RAVI.net));
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    Reflect.deleteProperty(window, 'print');
  });

  it('has no watermark on a final payroll', async () => {
    await signIn(api, { role: ROLE.manager });
    stubEndpoint(payrollContract, () => ({ status: 200, body: payrollOf([RAVI], { status: 'final', finalisedAt: '2026-12-02T10:00:00.000Z', finalisedBy: 'Meena' }) }));
    renderApp('/dashboard/manager/payroll/register?work=mcc&month=2026-11');
    const sheet = await screen.findByRole('region', { name: 'Wage register cum muster roll: MCC, November 2026' });
    expect(within(sheet).queryByText('DRAFT')).toBeNull();
    expect(within(sheet).getByText('Final')).toBeTruthy();
  });
});
