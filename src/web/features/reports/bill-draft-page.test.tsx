import { act, screen, waitFor, within } from '@testing-library/react';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import { ROLE } from '../../../shared/roles.js';
import { auditLog, bills } from '../../../server/db/schema.js';
import { companyProfile } from '../../company-profile.js';
import { formatMoney } from '../../i18n/format.js';
import { setLanguage } from '../../i18n/i18n.js';
import { newSessionToken } from '../../../../test/helpers/factories.js';
import { billDuties, billFromDuties, readDraft, saveTerms } from '../../../../test/web/bill-seed.js';
import { completedDuties, dayOf, finaliseMonth, payrollWorker, readPayroll } from '../../../../test/web/payroll-seed.js';
import { field, findErrorOf } from '../../../../test/web/fields.js';
import { renderApp, signIn, startApi, type TestApp } from '../../../../test/web/render-app.js';

/**
 * The bill from duties (issue 27) on the real app and the real bill routes (decision 0025).
 * The server's day is 10 December 2026. MCC is billed per coach at ₹350 with ₹100 per missing
 * worker since January 2026: November has two duties (38 coaches, one worker short on the
 * first), October one duty entered without coaches. ACCA has no terms. BIO's September bill
 * is made from its duties and then passed.
 */
const NOW = new Date('2026-12-10T06:00:00Z');
let api: TestApp;
/** A manager's session, for reading back through the API. */
let token: string;

beforeAll(async () => {
  api = await startApi({ clock: { now: NOW } });
  token = await newSessionToken(api, { role: ROLE.manager });
  const admin = await newSessionToken(api, { role: ROLE.admin });
  await saveTerms(api, admin, { work: 'mcc', effectiveFrom: '2026-01', unit: 'coach', rate: 350, penaltyPerMissingWorker: 100, contractPeriod: 'Apr 2024 – Mar 2027' });
  await saveTerms(api, admin, { work: 'bio', effectiveFrom: '2026-01', unit: 'tank', rate: 40, penaltyPerMissingWorker: 50 });
  await billDuties(api, 'mcc', [
    { day: '2026-11-03', trainNo: '12627', totalCoach: 20, required: 4, assigned: 3 },
    { day: '2026-11-05', trainNo: '16301', totalCoach: 18, required: 4, assigned: 4, type: 'Secondary' },
  ]);
  await billDuties(api, 'mcc', [{ day: '2026-10-08', trainNo: '22641', totalCoach: null, required: 3, assigned: 3 }]);
  await billDuties(api, 'acca', [{ day: '2026-11-04', trainNo: '12625', totalCoach: 16, required: 3, assigned: 3 }]);
  await billDuties(api, 'bio', [{ day: '2026-09-10', trainNo: '16525', totalCoach: 12, required: 2, assigned: 2 }]);
  const { bill } = await billFromDuties(api, token, 'bio', '2026-09');
  await api.deps.db.update(bills).set({ status: 'Bill Passed' }).where(eq(bills.id, bill._id));
  await api.app.dataChanged();
});
afterAll(() => api.close());

const PAGE = '/dashboard/manager/bills/draft?work=mcc&month=2026-11';
/** The value under a figure's label. */
const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('Bill from duties (manager/bills/draft)', () => {
  it('shows the month\'s figures and its duty-wise annexure, adds a penalty with its reason, and creates the bill, which Bill Details then lists', async () => {
    await signIn(api, { role: ROLE.manager });
    const { user } = renderApp(PAGE);

    expect(await screen.findByRole('heading', { level: 1, name: 'Bill from duties - November 2026' })).toBeTruthy();
    // 38 coaches at ₹350; one worker short on 12627 at ₹100
    expect(await screen.findByText('38 coaches')).toBeTruthy();
    expect(figure('Units')).toBe('38 coaches');
    expect(figure('Rate')).toBe(`${formatMoney(350)} per coach`);
    expect(figure('Bill Value')).toBe(formatMoney(13300));
    expect(figure('Penalty from duties')).toBe(formatMoney(100));
    expect(figure('Total penalty')).toBe(formatMoney(100));
    expect(figure('Net Amount')).toBe(formatMoney(13200));
    expect(screen.getByText('Contract Period: Apr 2024 – Mar 2027')).toBeTruthy();
    expect(screen.getByText('No bill for November 2026 yet.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    // the annexure: a row per duty, in a region a keyboard can scroll, and the totals
    const annexure = screen.getByRole('region', { name: 'Duty-wise annexure, 2 duties' });
    expect(annexure.getAttribute('tabindex')).toBe('0');
    const headers = within(annexure).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Date', 'Train No', 'Type', 'Coaches', 'Required crew', 'Crew assigned', 'Shortfall', 'Penalty']);
    const short = within(annexure).getByRole('cell', { name: '12627' }).closest('tr') as HTMLElement;
    expect(within(short).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['3 Nov 2026', '12627', 'Primary', '20', '4', '3', '1', formatMoney(100)]);
    const totals = within(annexure).getByRole('rowheader', { name: 'Total, 2 duties' }).closest('tr') as HTMLElement;
    expect(within(totals).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['38', '8', '7', '1', formatMoney(100)]);

    // a penalty by hand: the reason is required, then the figures take it in
    await user.click(screen.getByRole('button', { name: 'Add penalty' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a penalty to the bill of November 2026' });
    await user.type(within(dialog).getByRole('textbox', { name: /Amount/ }), '250');
    await user.click(within(dialog).getByRole('button', { name: 'Add penalty' }));
    expect(await findErrorOf('Reason')).toBe(MSG.payroll.reasonRequired);
    await user.type(field('Reason'), 'Railway inspection of 12 November: two coaches not cleaned');
    await user.click(within(dialog).getByRole('button', { name: 'Add penalty' }));
    expect(await screen.findByText(MSG.billDraft.penaltyAdded)).toBeTruthy();
    const penalties = await screen.findByRole('list', { name: 'Penalties added by hand' });
    expect(within(penalties).getByText('Railway inspection of 12 November: two coaches not cleaned')).toBeTruthy();
    expect(within(penalties).getByText(formatMoney(250))).toBeTruthy();
    expect(within(penalties).getByText(/^Added by Test Manager/)).toBeTruthy();
    await waitFor(() => expect(figure('Total penalty')).toBe(formatMoney(350)));
    expect(figure('Penalties added by hand')).toBe(formatMoney(250));
    expect(figure('Net Amount')).toBe(formatMoney(12950));

    // the bill: asked first, then made, and the page says it exists
    await user.click(screen.getByRole('button', { name: 'Create bill from duties' }));
    const question = await screen.findByRole('dialog', { name: 'Create the bill of November 2026 for MCC from its duties?' });
    expect(within(question).getByText(`38 coaches: bill value ${formatMoney(13300)}, penalty ${formatMoney(350)}, net amount ${formatMoney(12950)}.`)).toBeTruthy();
    await user.click(within(question).getByRole('button', { name: 'Create bill from duties' }));
    expect(await screen.findByText(MSG.billDraft.created)).toBeTruthy();
    expect(await screen.findByText('The bill matches the duties.')).toBeTruthy();
    expect(screen.getByText('Processing')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Update bill from duties' })).toBeTruthy();
    const [stored] = await api.deps.db.select().from(bills).where(and(eq(bills.work, 'mcc'), eq(bills.month, '2026-11')));
    expect(stored).toMatchObject({ status: 'Processing', billValue: '13300.00', penalty: '350.00', netAmount: '12950.00', consumedCoach: 38, contractPeriod: 'Apr 2024 – Mar 2027' });

    // audited, with the figures it was made with
    const entries = await api.deps.db.select({ after: auditLog.after }).from(auditLog).where(eq(auditLog.action, 'bill.from-duties'));
    expect(entries.map((entry) => entry.after)).toContainEqual(expect.objectContaining({ work: 'mcc', month: '2026-11', billvalue: 13300, penalty: 350, netamount: 12950 }));

    // Bill Details lists it, made from the duties
    await user.click(screen.getByRole('link', { name: 'Back to Bill Details' }));
    const row = (await screen.findByText('From duties')).closest('tr') as HTMLElement;
    expect(within(row).getByText('November 2026')).toBeTruthy();
    expect(within(row).getByText(formatMoney(12950))).toBeTruthy();
  });

  it('shows the bill out of date, with the difference per figure, when a duty of its month comes in later, and updates it', async () => {
    // a third November duty of MCC completed after the bill was made: 20 more coaches
    await billDuties(api, 'mcc', [{ day: '2026-11-20', trainNo: '22641', totalCoach: 20, required: 4, assigned: 4 }]);
    await signIn(api, { role: ROLE.manager });
    const { user } = renderApp(PAGE);
    const outOfDate = (await screen.findByText('Out of date: the duties have changed since the bill was made')).closest('.mantine-Alert-root') as HTMLElement;
    // the figures that differ, each with its sign; the penalty is the same
    const items = (alert: HTMLElement) => within(alert).getAllByRole('listitem').map((item) => item.textContent);
    expect(items(outOfDate)).toEqual([`Bill Value: +${formatMoney(7000)}`, `Net Amount: +${formatMoney(7000)}`, 'Units: +20']);

    await user.click(screen.getByRole('button', { name: 'Update bill from duties' }));
    const question = await screen.findByRole('dialog', { name: 'Update the bill of November 2026 for MCC from its duties?' });
    expect(within(question).getByText('The bill keeps its status; its figures are replaced by these.')).toBeTruthy();
    await user.click(within(question).getByRole('button', { name: 'Update bill from duties' }));
    expect(await screen.findByText(MSG.billDraft.updated)).toBeTruthy();
    expect(await screen.findByText('The bill matches the duties.')).toBeTruthy();
    expect((await readDraft(api, token, 'mcc', '2026-11')).bill).toMatchObject({ status: 'Processing', outOfDate: false });

    // removing the hand-added penalty puts the bill out of date again, by that amount
    await user.click(screen.getByRole('button', { name: `Remove the penalty of ${formatMoney(250)}: Railway inspection of 12 November: two coaches not cleaned` }));
    expect(await screen.findByText(MSG.billDraft.penaltyRemoved)).toBeTruthy();
    const again = (await screen.findByText('Out of date: the duties have changed since the bill was made')).closest('.mantine-Alert-root') as HTMLElement;
    expect(items(again)).toEqual([`Penalty: −${formatMoney(250)}`, `Net Amount: +${formatMoney(250)}`]);
    expect(screen.getByText('No penalty added by hand this month.')).toBeTruthy();
  });

  it('names what keeps a bill from being made and disables Create: a month without terms, a duty without coaches', async () => {
    await signIn(api, { role: ROLE.manager });
    const { user } = renderApp('/dashboard/manager/bills/draft?work=acca&month=2026-11');
    const problems = await screen.findByText('The bill cannot be made yet: 1 problem');
    expect(within(problems.closest('[role="alert"]') as HTMLElement).getByText(MSG.billDraft.noTerms('ACCA', 'November 2026'))).toBeTruthy();
    expect(figure('Units')).toBe('—');
    expect(screen.getByRole('button', { name: 'Create bill from duties' })).toHaveProperty('disabled', true);
    expect(screen.getByText('Put the problems above right first: the bill is made only without them.')).toBeTruthy();
    // the server's English words, known by them, read in the reader's language
    await act(() => setLanguage('hi'));
    expect(await screen.findByText('नवंबर 2026 पर ACCA की कोई अनुबंध शर्तें लागू नहीं हैं: एडमिन इन्हें अनुबंध शर्तें पृष्ठ पर तय करता है')).toBeTruthy();
    await act(() => setLanguage('en'));
    expect(await screen.findByText(MSG.billDraft.noTerms('ACCA', 'November 2026'))).toBeTruthy();

    // MCC's October: terms, but its duty has no coaches; the month steps back from November
    await user.click(screen.getByRole('tab', { name: 'MCC' }));
    expect(await screen.findByText(`${formatMoney(350)} per coach`)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bill from duties - October 2026' })).toBeTruthy();
    expect(await screen.findByText(MSG.billDraft.noUnits('22641'))).toBeTruthy();
    const annexure = screen.getByRole('region', { name: 'Duty-wise annexure, 1 duty' });
    expect(within(annexure).getByText('not entered')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create bill from duties' })).toHaveProperty('disabled', true);
    expect((await readDraft(api, token, 'mcc', '2026-10')).bill).toBeNull();
  });

  it('shows a passed bill as no longer changing, and the compliance statement unavailable until the payroll is final', async () => {
    await signIn(api, { role: ROLE.manager });
    renderApp('/dashboard/manager/bills/draft?work=bio&month=2026-09');
    expect(await screen.findByText('Bill Passed: it no longer changes.')).toBeTruthy();
    expect(figure('Units')).toBe('12 tanks');
    expect(screen.getByRole('button', { name: 'Update bill from duties' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Add penalty' })).toHaveProperty('disabled', true);
    expect(await screen.findByText(MSG.billDraft.payrollNotFinal('September 2026', 'BIO'), { exact: false })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Wage compliance statement' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('link', { name: 'Open the payroll of September 2026' }).getAttribute('href')).toBe('/dashboard/manager/payroll?work=bio&month=2026-09');
  });
});

describe('Printed pages of the bill', () => {
  it('prints the cover page with the company, the contract, the figures, the net amount in words and the signatures', async () => {
    await signIn(api, { role: ROLE.manager });
    const print = vi.fn();
    Object.defineProperty(window, 'print', { configurable: true, value: print });
    const { user } = renderApp('/dashboard/manager/bills/print/cover?work=mcc&month=2026-11');
    const sheet = await screen.findByRole('region', { name: 'Bill for MCC — November 2026' });
    expect(within(sheet).getByRole('heading', { level: 1, name: 'Bill for MCC — November 2026' })).toBeTruthy();
    expect(within(sheet).getByText(companyProfile.name)).toBeTruthy();
    expect(within(sheet).getByText('Contract Period: Apr 2024 – Mar 2027')).toBeTruthy();
    const net = within(sheet).getByRole('rowheader', { name: 'Net Amount' }).closest('tr') as HTMLElement;
    // 58 coaches at ₹350, less ₹100 (the duties' shortfall; the hand-added penalty was removed)
    expect(within(net).getByText(formatMoney(20200))).toBeTruthy();
    expect(within(sheet).getByText('Rupees Twenty Thousand Two Hundred Only')).toBeTruthy();
    expect(within(sheet).getByText('Authorised signatory')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('prints the annexure with a row per duty, the totals and the figures', async () => {
    await signIn(api, { role: ROLE.manager });
    renderApp('/dashboard/manager/bills/print/annexure?work=mcc&month=2026-11');
    const sheet = await screen.findByRole('region', { name: 'Annexure to the bill: MCC, November 2026' });
    const table = within(sheet).getByRole('region', { name: 'Duty-wise annexure, 3 duties' });
    const row = within(table).getByText('16301').closest('tr') as HTMLElement;
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['2', '5 Nov 2026', '16301', 'Secondary', '18', '4', '4', '0', formatMoney(0)]);
    expect(within(sheet).getByRole('rowheader', { name: 'Bill Value' }).closest('tr')?.textContent).toContain(formatMoney(20300));
  });

  it('prints the wage compliance statement of a final payroll: workers, wages, EPF and ESI of both sides, the payment date', async () => {
    // PFTR's October: one worker on twenty duties, the payroll finalised
    const worker = await payrollWorker(api, { name: 'Gopal Rao', empId: 'E-9', work: 'pftr', wage: '800.00' });
    await completedDuties(api, 'pftr', Array.from({ length: 20 }, (_, index) => dayOf('2026-10', index + 1)), [worker.id]);
    await finaliseMonth(api, token, 'pftr', '2026-10');
    const { totals } = await readPayroll(api, token, 'pftr', '2026-10');
    await signIn(api, { role: ROLE.manager });
    const { user } = renderApp('/dashboard/manager/bills/draft?work=pftr&month=2026-10');
    await user.click(await screen.findByRole('link', { name: 'Wage compliance statement' }));

    const sheet = await screen.findByRole('region', { name: 'Wage compliance statement: PFTR, October 2026' });
    const value = (label: string) => (within(sheet).getByRole('rowheader', { name: label }).closest('tr') as HTMLElement).querySelector('td')?.textContent;
    expect(value('Workers paid')).toBe('1');
    expect(value('Total wages')).toBe(formatMoney(totals.gross));
    expect(value("EPF, employee's share")).toBe(formatMoney(totals.pfEmployee));
    expect(value("EPF, employer's share")).toBe(formatMoney(Math.round((totals.eps + totals.pfEmployerDiff) * 100) / 100));
    expect(value("ESI, employee's share")).toBe(formatMoney(totals.esiEmployee));
    expect(value("ESI, employer's share")).toBe(formatMoney(totals.esiEmployer));
    expect(value('Wage payment date')).toBe('7 Nov 2026');
    expect(within(sheet).getByText(/^Certified that the workers engaged on the PFTR contract were paid their wages for October 2026/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Print' })).toHaveProperty('disabled', false);
  });

  it('says the compliance statement waits for a final payroll, with the way to the payroll', async () => {
    await signIn(api, { role: ROLE.manager });
    renderApp('/dashboard/manager/bills/print/compliance?work=mcc&month=2026-11');
    expect(await screen.findByText(MSG.billDraft.payrollNotFinal('November 2026', 'MCC'))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the payroll of November 2026' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Print' })).toHaveProperty('disabled', true);
  });
});
