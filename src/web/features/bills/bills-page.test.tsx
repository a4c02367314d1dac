import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import { ROLE } from '../../../shared/roles.js';
import { auditLog } from '../../../server/db/schema.js';
import { formatMoney } from '../../i18n/format.js';
import { bill, newSessionToken } from '../../../../test/helpers/factories.js';
import { billDuties, billFromDuties, saveTerms } from '../../../../test/web/bill-seed.js';
import { field, findErrorOf } from '../../../../test/web/fields.js';
import { viewport } from '../../../../test/web/setup.js';
import { catchDownloads, sheetCells } from '../../../../test/web/downloads.js';
import { renderApp, signIn, startApi, type TestApp } from '../../../../test/web/render-app.js';

let api: TestApp;
let token: string;
beforeAll(async () => {
  api = await startApi();
  const manager = await signIn(api, { role: ROLE.manager });
  token = manager.token;
  await bill(api, token, { work: 'mcc', month: '2026-10', status: 'Processing', billvalue: '125000.50', penalty: '2500', netamount: '122500.50' });
  await bill(api, token, { work: 'mcc', month: '2026-09', status: 'Bill Passed', billvalue: '90000', penalty: '0', netamount: '90000' });
  await bill(api, token, { work: 'acca', month: '2026-10', status: 'Accounts', billvalue: '40000', penalty: '1000', netamount: '39000' });
});
afterAll(() => api.close());

async function storedBill(work: string, month: string) {
  const answer = await api.app.inject({ url: `/api/v1/mcctrain/getbills?work=${encodeURIComponent(work)}`, headers: { authorization: token } });
  const body = answer.json<unknown>();
  const list = (Array.isArray(body) ? body : ((body as { bills?: unknown[] }).bills ?? [])) as { month: string; billvalue: number; penalty: number; netamount: number; status: string }[];
  return list.find((bill) => bill.month === month);
}

const rowOf = (month: string) => screen.getByRole('cell', { name: month }).closest('tr') as HTMLElement;

describe('Bills (manager/bills)', () => {
  it('edits a bill in its row: the net amount follows, Save stores the new amounts and the list shows them', async () => {
    await signIn(api, { role: ROLE.manager });
    const { user } = renderApp('/dashboard/manager/bills');
    await screen.findByRole('cell', { name: 'October 2026' });
    expect(within(rowOf('October 2026')).getByText(formatMoney(125000.5))).toBeTruthy();
    // the other work type's bill is on its own tab
    expect(screen.queryByText(formatMoney(40000))).toBeNull();

    await user.click(within(rowOf('October 2026')).getByRole('button', { name: 'Edit October 2026' }));
    const row = rowOf('October 2026');
    const billValue = within(row).getByRole('textbox', { name: 'Bill Value' });
    const netAmount = within(row).getByRole('textbox', { name: 'Net Amount' });
    expect(billValue).toHaveProperty('value', '125000.5');
    await user.clear(billValue);
    await user.type(billValue, '130000.75');
    expect((netAmount as HTMLInputElement).value).toMatch(/^127500\.75$/);
    await user.click(within(row).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Bill Updated Successfully')).toBeTruthy();
    // back to the row's figures, with the new amounts
    expect(await within(rowOf('October 2026')).findByText(formatMoney(130000.75))).toBeTruthy();
    expect(within(rowOf('October 2026')).getByText(formatMoney(127500.75))).toBeTruthy();
    expect(await storedBill('mcc', '2026-10')).toMatchObject({ billvalue: 130000.75, penalty: 2500, netamount: 127500.75 });
    // the summary adds up the tab's bills
    expect(screen.getByRole('group', { name: 'Bill Value' }).textContent?.replace(/\s/g, '')).toContain('2,20,000.75');
  });

  it('keeps the bill when the bill value is left empty, with SPEC\'s error title', async () => {
    await signIn(api, { role: ROLE.manager });
    const { user } = renderApp('/dashboard/manager/bills');
    await screen.findByRole('cell', { name: 'September 2026' });
    await user.click(screen.getByRole('button', { name: 'Edit September 2026' }));
    const row = rowOf('September 2026');
    await user.clear(within(row).getByRole('textbox', { name: 'Bill Value' }));
    await user.click(within(row).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error updating bill')).toBeTruthy();
    // still editing; Cancel leaves the stored amounts as they were
    await user.click(within(row).getByRole('button', { name: 'Cancel' }));
    expect(within(rowOf('September 2026')).getAllByText(formatMoney(90000))).toHaveLength(2); // bill value and net amount
    expect(await storedBill('mcc', '2026-09')).toMatchObject({ billvalue: 90000, status: 'Bill Passed' });
  });

  it('on a phone, edits a bill as a card and switches tabs through the address', async () => {
    viewport.width = 360;
    await signIn(api, { role: ROLE.manager });
    const { user, router } = renderApp('/dashboard/manager/bills?work=acca');
    const card = await screen.findByRole('listitem', { name: 'October 2026' });
    await user.click(within(card).getByRole('button', { name: 'Edit October 2026' }));
    const penalty = within(card).getByRole('textbox', { name: 'Penalty' });
    await user.clear(penalty);
    await user.type(penalty, '1500');
    expect(within(card).getByRole('textbox', { name: 'Net Amount' })).toHaveProperty('value', '38500');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Bill Updated Successfully')).toBeTruthy();
    expect(await storedBill('acca', '2026-10')).toMatchObject({ penalty: 1500, netamount: 38500 });

    await user.click(screen.getByRole('tab', { name: 'MCC' }));
    expect(router.state.location.search).toBe('?work=mcc');
    expect(await screen.findByRole('listitem', { name: 'September 2026' })).toBeTruthy();
  });
});

describe('A bill made from the duties (issue 27)', () => {
  it('says so under its month, asks why before a figure changes by hand, and saves a status change as before', async () => {
    // PFTR's July 2026 billed from its duties: 30 coaches at ₹300, a worker short at ₹150
    const admin = await newSessionToken(api, { role: ROLE.admin });
    await saveTerms(api, admin, { work: 'pftr', effectiveFrom: '2026-01', unit: 'coach', rate: 300, penaltyPerMissingWorker: 150 });
    await billDuties(api, 'pftr', [{ day: '2026-07-14', trainNo: '12627', totalCoach: 30, required: 3, assigned: 2 }]);
    const { bill: made } = await billFromDuties(api, token, 'pftr', '2026-07');

    await signIn(api, { role: ROLE.manager });
    const { user } = renderApp('/dashboard/manager/bills?work=pftr');
    const row = () => screen.getByText('From duties').closest('tr') as HTMLElement;
    await screen.findByText('From duties');
    expect(within(row()).getByText('July 2026')).toBeTruthy();
    expect(within(row()).getByText(formatMoney(9000))).toBeTruthy();
    // the button beside '+ Add Bill' opens the bill from duties of the tab's work type
    expect(screen.getByRole('link', { name: 'Bill from duties' }).getAttribute('href')).toBe('/dashboard/manager/bills/draft?work=pftr');

    await user.click(within(row()).getByRole('button', { name: 'Edit July 2026' }));
    const penalty = within(row()).getByRole('textbox', { name: 'Penalty' });
    await user.clear(penalty);
    await user.type(penalty, '400');
    await user.click(within(row()).getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Why change a figure computed from the duties?' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await findErrorOf('Reason')).toBe(MSG.billDraft.reasonRequired);
    expect(await storedBill('pftr', '2026-07')).toMatchObject({ penalty: 150, netamount: 8850 });

    await user.type(field('Reason'), 'The railway deducted 250 more for a late start');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Bill Updated Successfully')).toBeTruthy();
    expect(await storedBill('pftr', '2026-07')).toMatchObject({ penalty: 400, netamount: 8600 });
    const [entry] = await api.deps.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'bill.update'), eq(auditLog.entityId, made._id)));
    expect(entry?.after).toMatchObject({ penalty: 400, reason: 'The railway deducted 250 more for a late start' });

    // a status change alone: no question
    await within(row()).findByText(formatMoney(8600));
    await user.click(within(row()).getByRole('button', { name: 'Edit July 2026' }));
    await user.selectOptions(within(row()).getByRole('combobox', { name: 'Status' }), 'Accounts');
    await user.click(within(row()).getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Bill Updated Successfully')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Why change a figure computed from the duties?' })).toBeNull();
    await within(row()).findByText('Accounts');
    expect(await storedBill('pftr', '2026-07')).toMatchObject({ status: 'Accounts', penalty: 400 });
  });
});

describe('The bill list as an office list (issue 28)', () => {
  it('filters by status and months, sorts by a column, adds up the view and exports it', async () => {
    await bill(api, token, { work: 'laundry', month: '2026-06', status: 'Processing', billvalue: '1000.10', penalty: '100', netamount: '900.10' });
    await bill(api, token, { work: 'laundry', month: '2026-07', status: 'Accounts', billvalue: '2000.20', penalty: '0', netamount: '2000.20' });
    await bill(api, token, { work: 'laundry', month: '2026-08', status: 'Processing', billvalue: '500.05', penalty: '50.50', netamount: '449.55' });
    await signIn(api, { role: ROLE.manager });
    const downloads = catchDownloads();
    const { user, router } = renderApp('/dashboard/manager/bills?work=laundry');
    await screen.findByRole('cell', { name: 'July 2026' });
    const months = () =>
      within(screen.getByRole('table'))
        .getAllByRole('row')
        .slice(1, -1)
        .map((row) => row.querySelector('td')?.firstChild?.textContent);
    const address = () => new URLSearchParams(router.state.location.search);
    const total = () => screen.getByRole('rowheader', { name: 'Total' }).closest('tr') as HTMLElement;
    expect(months()).toEqual(['August 2026', 'July 2026', 'June 2026']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Processing');
    await waitFor(() => expect(months()).toEqual(['August 2026', 'June 2026']));
    expect(address().get('status')).toBe('Processing');
    // the cards still add up every bill of the work type
    expect(screen.getByRole('group', { name: 'Bill Value' }).textContent?.replace(/\s/g, '')).toContain('3,500.35');

    await user.click(within(screen.getByRole('columnheader', { name: /^Bill Value/ })).getByRole('button'));
    // ascending: the smaller bill first
    await waitFor(() => expect(screen.getByRole('columnheader', { name: /^Bill Value/ }).getAttribute('aria-sort')).toBe('ascending'));
    await waitFor(() => expect(months()).toEqual(['August 2026', 'June 2026']));
    expect(address().get('sort')).toBe('billvalue');
    await user.click(within(screen.getByRole('columnheader', { name: /^Bill Value/ })).getByRole('button'));
    await waitFor(() => expect(screen.getByRole('columnheader', { name: /^Bill Value/ }).getAttribute('aria-sort')).toBe('descending'));
    await waitFor(() => expect(months()).toEqual(['June 2026', 'August 2026']));
    expect(address().get('sort')).toBe('-billvalue');
    // the Total row sums the view in paise: 1000.10 + 500.05, 900.10 + 449.55, 100 + 50.50
    expect(within(total()).getByText(formatMoney(1500.15))).toBeTruthy();
    expect(within(total()).getByText(formatMoney(1349.65))).toBeTruthy();
    expect(within(total()).getByText(formatMoney(150.5))).toBeTruthy();

    const file = downloads.next();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    const { name, bytes } = await file;
    expect(name).toMatch(/^Bills_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const rows = sheetCells(bytes);
    // the view on screen, in its order, with the sums in ₹ (the file's money cells)
    expect(rows[0]![0]!.v).toBe('Bills — Work type: LAUNDRY · Status: Processing');
    expect(rows[1]!.map((cell) => cell.v)).toEqual(['Month', 'Work type', 'Status', 'Bill Value', 'Penalty', 'Net Amount']);
    expect(rows.slice(2).map((row) => row.map((cell) => cell.v))).toEqual([
      ['June 2026', 'LAUNDRY', 'Processing', 1000.1, 100, 900.1],
      ['August 2026', 'LAUNDRY', 'Processing', 500.05, 50.5, 449.55],
      ['Total', undefined, undefined, 1500.15, 150.5, 1349.65],
    ]);

    // a month range: from July on
    fireEvent.change(screen.getByLabelText('From month'), { target: { value: '2026-07' } });
    await waitFor(() => expect(months()).toEqual(['August 2026']));
    expect(address().get('from')).toBe('2026-07');
    expect(document.querySelector('.print-only')?.textContent).toContain('Status: Processing');
    expect(screen.getByRole('button', { name: 'Export' }).closest('[data-no-print]')).not.toBeNull();
    expect(screen.getByRole('table').closest('.print-table')).not.toBeNull();
  });
});
