import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import { monthLabel } from '../../../shared/months.js';
import { ROLE } from '../../../shared/roles.js';
import { DEFAULT_APP_TZ, monthInZone } from '../../../shared/time.js';
import { holidays, payrollSettings, payrolls } from '../../../server/db/schema.js';
import { errorOf, field, findErrorOf } from '../../../../test/web/fields.js';
import { renderApp, signIn, startApi, type TestApp } from '../../../../test/web/render-app.js';

let api: TestApp;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

describe('Payroll settings (admin/payroll-settings)', () => {
  it('shows the defaults in the form, names a wrong field under it, saves a version, and shows a refusal for a final month', async () => {
    const month = monthInZone(new Date(), DEFAULT_APP_TZ);
    await signIn(api, { role: ROLE.admin });
    const { user } = renderApp('/dashboard/admin/payroll-settings');

    // a fresh install: the statutory defaults fill the form
    await waitFor(() => expect(field('EPF employee rate').value).toBe('12'));
    expect(field('EPS rate').value).toBe('8.33');
    expect(field('ESI wage ceiling').value).toBe('21000');
    expect(screen.getByText('No version saved yet: the statutory defaults apply.')).toBeTruthy();

    await user.clear(field('EPS rate'));
    await user.type(field('EPS rate'), '120');
    await user.clear(field('Minimum wage, skilled'));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await findErrorOf('EPS rate')).toBe(MSG.rateInvalid('EPS rate'));
    expect(errorOf('Minimum wage, skilled')).toBe(MSG.settingMoneyInvalid('Minimum wage, skilled', 1_000_000));
    expect(screen.getByRole('alert').textContent).toBe(MSG.fieldsNeedAttention);

    await user.clear(field('EPS rate'));
    await user.type(field('EPS rate'), '8.33');
    expect(errorOf('EPS rate')).toBeNull(); // typing clears the field's message
    await user.type(field('Minimum wage, skilled'), '975.50');
    await user.click(screen.getByRole('switch', { name: /Contribute on actual wages above the ceiling/ }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText(`Settings saved, in force from ${monthLabel(month)}`)).toBeTruthy();
    const [row] = await api.deps.db.select().from(payrollSettings);
    expect(row).toMatchObject({ effectiveFrom: month, value: { epf: { onActualWages: true, epsRate: 8.33 }, minimumWages: { skilled: 975.5 } } });
    // the list of versions shows it, with its minimum wages
    const versions = await screen.findByRole('button', { name: `Edit the version of ${monthLabel(month)}` });
    expect(within(versions.closest('tr')!).getByText(/₹975\.50/)).toBeTruthy();

    // the month's payroll turns final: a new save for it is refused, with the server's words
    await api.deps.db.insert(payrolls).values({ month, work: 'mcc', payroll: {} });
    await user.clear(field('Minimum wage, skilled'));
    await user.type(field('Minimum wage, skilled'), '990');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(MSG.settingsGovernFinalMonth(monthLabel(month)))).toBeTruthy();
    await api.deps.db.delete(payrolls);
  });
});

describe('Holidays (admin/holidays)', () => {
  it('adds a holiday to the year, refuses the same day twice, renames and removes it', async () => {
    await api.deps.db.delete(holidays);
    const year = Number(monthInZone(new Date(), DEFAULT_APP_TZ).slice(0, 4));
    await signIn(api, { role: ROLE.admin });
    const { user } = renderApp('/dashboard/admin/holidays');
    expect(await screen.findByText(`No holidays in ${year} yet.`)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await findErrorOf('Holiday date')).toBe(MSG.fieldRequired('Holiday date'));
    expect(errorOf('Holiday name')).toBe(MSG.fieldRequired('Holiday name'));

    fireEvent.change(field('Holiday date'), { target: { value: `${year}-10-02` } });
    await user.type(field('Holiday name'), 'Gandhi Jayanti');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('cell', { name: 'Gandhi Jayanti' })).toBeTruthy();
    expect(field('Holiday name').value).toBe('');

    fireEvent.change(field('Holiday date'), { target: { value: `${year}-10-02` } });
    await user.type(field('Holiday name'), 'Again');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    // the refusal, beside the toast of the holiday added before (also an alert)
    await waitFor(() => expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(MSG.holidayExists));

    await user.click(screen.getByRole('button', { name: 'Rename Gandhi Jayanti' }));
    const name = screen.getByRole('textbox', { name: 'New name for Gandhi Jayanti' });
    await user.clear(name);
    await user.type(name, 'Gandhi Jayanti (national){Enter}');
    expect(await screen.findByRole('cell', { name: 'Gandhi Jayanti (national)' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove Gandhi Jayanti (national)' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(`No holidays in ${year} yet.`)).toBeTruthy();
    expect(await api.deps.db.select().from(holidays)).toEqual([]);

    // the years step; another year has its own list
    await user.click(screen.getByRole('button', { name: 'Next year' }));
    expect(await screen.findByText(`No holidays in ${year + 1} yet.`)).toBeTruthy();
  });
});
