import { screen, within } from '@testing-library/react';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import { formatRupees } from '../../../shared/money.js';
import { ROLE } from '../../../shared/roles.js';
import type { Payroll, PayrollRow } from '../../../shared/schemas/payroll.js';
import { auditLog, holidays, staff } from '../../../server/db/schema.js';
import { companyProfile } from '../../company-profile.js';
import { formatMoney } from '../../i18n/format.js';
import { newSessionToken } from '../../../../test/helpers/factories.js';
import { callApi, completedDuties, dayOf, finaliseMonth, FULL_DETAILS, payrollWorker, readPayroll } from '../../../../test/web/payroll-seed.js';
import { renderApp, signIn, startApi, type TestApp } from '../../../../test/web/render-app.js';

/**
 * The payroll page (issue 26) on the real app and the real payroll routes (decision 0025).
 * The server's day is 10 December 2026, so November and the months before it have ended and
 * can be finalised. MCC: Asha Devi below the minimum wage and without a UAN, Ravi Kumar with
 * a ₹500 advance, in November (with a holiday); Ravi alone in August and September, both
 * finalised. ACCA's October has Kamala Bai below the minimum wage, for the finalise test.
 */
const NOW = new Date('2026-12-10T06:00:00Z');
let api: TestApp;
/** A manager's session for seeding and reading back through the API. */
let token: string;
let asha: { id: string };
let ravi: { id: string };
let kamala: { id: string };

const days = (month: string, from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => dayOf(month, from + index));
const advance = (staffId: string, month: string) => callApi(api, token, 'POST', '/payroll/deductions', { staffId, month, kind: 'advance', amount: '500', reason: 'Festival advance' }, 201);

beforeAll(async () => {
  api = await startApi({ clock: { now: NOW } });
  token = await newSessionToken(api, { role: ROLE.manager });
  asha = await payrollWorker(api, { name: 'Asha Devi', empId: 'E-2', work: 'mcc', wage: '350.00', details: { ...FULL_DETAILS, uanNo: null } });
  ravi = await payrollWorker(api, { name: 'Ravi Kumar', empId: 'E-1', work: 'mcc', wage: '800.00' });
  // November: both on the 1st to the 22nd, Ravi alone to the 25th; the 24th a holiday (paid to Asha, who had no duty)
  await completedDuties(api, 'mcc', days('2026-11', 1, 22), [asha.id, ravi.id]);
  await completedDuties(api, 'mcc', days('2026-11', 23, 25), [ravi.id]);
  await api.deps.db.insert(holidays).values({ day: '2026-11-24', name: 'Guru Nanak Jayanti' });
  await advance(ravi.id, '2026-11');
  // August and September: Ravi alone, each finalised
  await completedDuties(api, 'mcc', days('2026-08', 3, 12), [ravi.id]);
  await finaliseMonth(api, token, 'mcc', '2026-08');
  await completedDuties(api, 'mcc', days('2026-09', 1, 20), [ravi.id]);
  await advance(ravi.id, '2026-09');
  await finaliseMonth(api, token, 'mcc', '2026-09');
  // ACCA's October
  kamala = await payrollWorker(api, { name: 'Kamala Bai', empId: 'E-3', work: 'acca', wage: '350.00' });
  const gopal = await payrollWorker(api, { name: 'Gopal Rao', empId: 'E-4', work: 'acca', wage: '800.00' });
  await completedDuties(api, 'acca', days('2026-10', 1, 20), [kamala.id, gopal.id]);
});
afterAll(() => api.close());

const PAGE = '/dashboard/manager/payroll?work=mcc&month=2026-11';
const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr') as HTMLElement;
const find = (payroll: Payroll, name: string) => payroll.rows.find((row) => row.name === name) as PayrollRow;

describe('Payroll (manager/payroll)', () => {
  it('shows the rows, totals and flags of the month in the address, with the due date and a Draft badge', async () => {
    await signIn(api, { role: ROLE.manager });
    const november = await readPayroll(api, token, 'mcc', '2026-11');
    const RAVI = find(november, 'Ravi Kumar');
    const ASHA = find(november, 'Asha Devi');
    // 800 a day for 25 duties; 350 a day for 22 duties and the holiday
    expect([RAVI.days, RAVI.gross, RAVI.otherDeductions, ASHA.days, ASHA.gross]).toEqual([25, 20000, 500, 23, 8050]);
    const { user } = renderApp(PAGE);

    expect(await screen.findByRole('heading', { name: 'Payroll - November 2026' })).toBeTruthy();
    expect(await screen.findByText('Draft')).toBeTruthy();
    expect(screen.getByText('Wages due on 7 Dec 2026')).toBeTruthy();

    const raviRow = rowOf('Ravi Kumar');
    expect(within(raviRow).getByText('E-1')).toBeTruthy();
    expect(within(raviRow).getByText(formatMoney(20000))).toBeTruthy();
    expect(within(raviRow).getByText(formatMoney(RAVI.pfEmployee))).toBeTruthy();
    expect(within(raviRow).getByText(formatMoney(500))).toBeTruthy();
    expect(within(raviRow).getByText(formatMoney(RAVI.net))).toBeTruthy();
    // flags as badges in the reader's words
    const ashaRow = rowOf('Asha Devi');
    expect(within(ashaRow).getByText('below minimum wage')).toBeTruthy();
    expect(within(ashaRow).getByText('no UAN')).toBeTruthy();
    // the totals row adds the columns
    const totals = screen.getByRole('rowheader', { name: 'Total' }).closest('tr') as HTMLElement;
    expect(within(totals).getByText('48')).toBeTruthy();
    expect(within(totals).getByText(formatMoney(28050))).toBeTruthy();
    expect(within(totals).getByText(formatMoney(ASHA.net + RAVI.net))).toBeTruthy();

    // the summary on top: finalising is refused until fixed, with a link to the worker's edit page
    expect(screen.getByText('1 worker below the minimum wage — finalising is refused until fixed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Asha Devi (E-2): edit the worker' }).getAttribute('href')).toBe(`/dashboard/manager/editstaff/${asha.id}`);
    expect(screen.getByText('no UAN: 1 worker')).toBeTruthy();

    // a row's details on demand: EPF wages, EPS and the employer's shares
    await user.click(within(raviRow).getByRole('button', { name: 'Actions for Ravi Kumar' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Show details' }));
    const list = await screen.findByLabelText('Details of Ravi Kumar');
    expect(within(list).getByText('EPS (employer, pension)')).toBeTruthy();
    expect(within(list).getByText(formatMoney(RAVI.eps))).toBeTruthy();
    expect(within(list).getByText(formatMoney(RAVI.esiEmployer))).toBeTruthy();
  });

  it('finalises after a question naming the month, work type, workers and net total: refused while a worker is below the minimum wage, Final once the wage is fixed', async () => {
    await signIn(api, { role: ROLE.manager });
    const october = await readPayroll(api, token, 'acca', '2026-10');
    const { user } = renderApp('/dashboard/manager/payroll?work=acca&month=2026-10');
    await user.click(await screen.findByRole('button', { name: 'Finalise' }));
    const dialog = await screen.findByRole('dialog', { name: 'Finalise the payroll of October 2026 for ACCA?' });
    expect(within(dialog).getByText(`2 workers, net pay ${formatMoney(october.totals.net)} in all.`)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Finalise' }));

    // the server's 422 names the worker, in the alert and its list (in place of the page's own warning)
    const refusal = await within(dialog).findByText('Finalising is refused: below the minimum wage: Kamala Bai (E-3)');
    const alert = refusal.closest('[role="alert"]') as HTMLElement;
    expect(within(dialog).getAllByRole('alert')).toEqual([alert]);
    expect(within(alert).getByRole('listitem').textContent).toBe('Kamala Bai (E-3)');
    expect((await readPayroll(api, token, 'acca', '2026-10')).status).toBe('draft');

    // the wage put right on the staff record, finalising goes through
    await api.deps.db.update(staff).set({ wage: '800.00' }).where(eq(staff.id, kamala.id));
    await api.app.dataChanged();
    await user.click(within(dialog).getByRole('button', { name: 'Finalise' }));

    expect(await screen.findByText('Payroll finalised')).toBeTruthy();
    expect(await screen.findByText('Final')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Finalise' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reopen' })).toBeNull();
    expect(screen.getByText('This payroll is final: it no longer changes. An admin can reopen it.')).toBeTruthy();
    const final = await readPayroll(api, token, 'acca', '2026-10');
    expect([final.status, find(final, 'Kamala Bai').rate]).toEqual(['final', 800]);
  });

  it('lets an admin reopen a final month with a reason, which the audit trail keeps', async () => {
    await signIn(api, { role: ROLE.admin });
    const { user } = renderApp('/dashboard/admin/payroll?work=mcc&month=2026-08');
    expect(await screen.findByText('Final')).toBeTruthy();
    // the admin's menu has the page too
    expect(screen.getAllByRole('link', { name: 'Payroll' }).some((link) => link.getAttribute('href') === '/dashboard/admin/payroll')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Reopen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reopen the payroll of August 2026 for MCC?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    expect(await within(dialog).findByText('Give a reason')).toBeTruthy();
    expect((await readPayroll(api, token, 'mcc', '2026-08')).status).toBe('final');

    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Ravi\'s August advance was entered twice');
    await user.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    expect(await screen.findByText('Payroll reopened')).toBeTruthy();
    expect(await screen.findByText('Draft')).toBeTruthy();
    expect((await readPayroll(api, token, 'mcc', '2026-08')).status).toBe('draft');
    const [entry] = await api.deps.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payroll.reopen'), eq(auditLog.entityId, '2026-08 mcc')));
    expect(entry?.after).toEqual({ month: '2026-08', work: 'mcc', reason: 'Ravi\'s August advance was entered twice' });
  });

  it('says so when no worker has paid days, with the files and Finalise unavailable', async () => {
    await signIn(api, { role: ROLE.manager });
    renderApp('/dashboard/manager/payroll?work=mcc&month=2026-07');
    expect(await screen.findByText('No worker has paid days in this month.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Finalise' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: /Wage slips/ })).toHaveProperty('disabled', true);
  });
});

describe('Deductions of a payroll row', () => {
  it('lists the worker\'s deductions and shows the server\'s 50 % refusal under the form', async () => {
    await signIn(api, { role: ROLE.manager });
    const RAVI = find(await readPayroll(api, token, 'mcc', '2026-11'), 'Ravi Kumar');
    const { user } = renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Actions for Ravi Kumar' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Deductions…' }));

    const dialog = await screen.findByRole('dialog', { name: 'Deductions of Ravi Kumar, November 2026' });
    const row = (await within(dialog).findByRole('cell', { name: 'Festival advance' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Advance')).toBeTruthy();
    expect(within(row).getByText(formatMoney(500))).toBeTruthy();

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Kind' }), 'fine');
    await user.type(within(dialog).getByRole('textbox', { name: /Amount/ }), '9000');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Lost linen');
    await user.click(within(dialog).getByRole('button', { name: 'Add deduction' }));

    // half of ₹20,000; EPF, ESI, the advance and this fine together are more
    const total = RAVI.pfEmployee + RAVI.esiEmployee + 500 + 9000;
    expect(await within(dialog).findByText(MSG.payroll.overDeductionLimit(formatRupees(10000), formatRupees(total)))).toBeTruthy();
    const listed = (await callApi(api, token, 'GET', `/payroll/deductions?work=mcc&month=2026-11&staffId=${ravi.id}`)) as { deductions: Array<{ reason: string }> };
    expect(listed.deductions.map((deduction) => deduction.reason)).toEqual(['Festival advance']);
  });

  it('shows a final month\'s deductions without the form or Remove', async () => {
    await signIn(api, { role: ROLE.manager });
    const { user } = renderApp('/dashboard/manager/payroll?work=mcc&month=2026-09');
    await user.click(await screen.findByRole('button', { name: 'Actions for Ravi Kumar' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Deductions…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deductions of Ravi Kumar, September 2026' });
    expect(await within(dialog).findByText('Festival advance')).toBeTruthy();
    expect(within(dialog).getByText('The payroll of this month is final: deductions cannot change. An admin can reopen it.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Add deduction' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: `Remove Advance of ${formatMoney(500)}` })).toHaveProperty('disabled', true);
  });
});

describe('Printable register (manager/payroll/register)', () => {
  it('prints the month\'s register with the company name, a column per day and DRAFT across a draft', async () => {
    await signIn(api, { role: ROLE.manager });
    const RAVI = find(await readPayroll(api, token, 'mcc', '2026-11'), 'Ravi Kumar');
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
    const raviRow = within(table).getByText('Ravi Kumar').closest('tr') as HTMLElement;
    const cells = within(raviRow).getAllByRole('cell').map((cell) => cell.textContent);
    // S.No, name, Emp ID, then the days: P on a duty, absent days blank
    expect(cells.slice(0, 4)).toEqual(['2', 'Ravi Kumar', 'E-1', 'P']);
    expect(cells[3 + 25]).toBe('');
    expect(cells.at(-2)).toBe(formatMoney(RAVI.net));
    // Asha's holiday is H
    const ashaRow = within(table).getByText('Asha Devi').closest('tr') as HTMLElement;
    expect(within(ashaRow).getAllByRole('cell').map((cell) => cell.textContent)[3 + 23]).toBe('H');
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    Reflect.deleteProperty(window, 'print');
  });

  it('has no watermark on a final payroll', async () => {
    await signIn(api, { role: ROLE.manager });
    renderApp('/dashboard/manager/payroll/register?work=mcc&month=2026-09');
    const sheet = await screen.findByRole('region', { name: 'Wage register cum muster roll: MCC, September 2026' });
    expect(within(sheet).queryByText('DRAFT')).toBeNull();
    expect(within(sheet).getByText('Final')).toBeTruthy();
  });
});
