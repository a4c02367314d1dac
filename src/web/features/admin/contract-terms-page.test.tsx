import { screen, waitFor, within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import { monthLabel } from '../../../shared/months.js';
import { ROLE } from '../../../shared/roles.js';
import { DEFAULT_APP_TZ, monthInZone } from '../../../shared/time.js';
import { auditLog, bills, contractPeriods, contractTerms } from '../../../server/db/schema.js';
import { formatMoney } from '../../i18n/format.js';
import { field, findErrorOf } from '../../../../test/web/fields.js';
import { renderApp, signIn, startApi, type TestApp } from '../../../../test/web/render-app.js';

let api: TestApp;
beforeAll(async () => {
  api = await startApi();
  // the contract period saved before terms existed (the old Contract periods page)
  await api.deps.db.insert(contractPeriods).values({ work: 'mcc', period: 'Apr 2024 – Mar 2027' });
});
afterAll(() => api.close());

describe('Contract terms (admin/contracts)', () => {
  it('starts a work type without terms from its unit and its old contract period, names a wrong field, saves a version and lists it', async () => {
    const month = monthInZone(new Date(), DEFAULT_APP_TZ);
    await signIn(api, { role: ROLE.admin });
    const { user } = renderApp('/dashboard/admin/contracts');

    expect(await screen.findByRole('heading', { level: 1, name: 'Contract terms' })).toBeTruthy();
    // the menu names it so too
    expect(screen.getAllByRole('link', { name: 'Contract terms' }).some((link) => link.getAttribute('href') === '/dashboard/admin/contracts')).toBe(true);
    const inForce = screen.getByRole('region', { name: `In force in ${monthLabel(month)}` });
    expect(await within(inForce).findAllByText('No terms')).toHaveLength(6);

    // MCC: billed per coach, its contract period from before
    await waitFor(() => expect(field('Contract Period').value).toBe('Apr 2024 – Mar 2027'));
    expect(field('Unit billed').value).toBe('coach');
    expect(screen.getByText('The contract period saved before contract terms existed.')).toBeTruthy();
    expect(field('Rate per coach (₹)').value).toBe('');

    // another work type starts from its own defaults: BIO by the tank, laundry a fixed monthly value
    await user.selectOptions(field('Work type'), 'bio');
    expect(field('Unit billed').value).toBe('tank');
    expect(field('Rate per tank (₹)')).toBeTruthy();
    await user.selectOptions(field('Work type'), 'laundry');
    expect(field('Unit billed').value).toBe('month');
    expect(field('Fixed monthly value (₹)')).toBeTruthy();
    expect(field('Contract Period').value).toBe('');
    await user.selectOptions(field('Work type'), 'mcc');

    // the server's own rules name a missing rate under its field
    await user.type(field('Penalty per missing worker (₹)'), '100');
    await user.click(screen.getByRole('button', { name: 'Save terms' }));
    expect(await findErrorOf('Rate per coach (₹)')).toBe(MSG.settingMoneyInvalid(MSG.billFields.rate, 1_000_000));
    expect(screen.getByRole('alert').textContent).toBe(MSG.fieldsNeedAttention);
    expect(await api.deps.db.select().from(contractTerms)).toEqual([]);

    await user.type(field('Rate per coach (₹)'), '350.50');
    await user.click(screen.getByRole('button', { name: 'Save terms' }));
    expect(await screen.findByText(`${MSG.billDraft.termsSaved}: MCC, ${monthLabel(month)}`)).toBeTruthy();
    const [row] = await api.deps.db.select().from(contractTerms);
    expect(row).toMatchObject({ work: 'mcc', effectiveFrom: month, unit: 'coach', contractPeriod: 'Apr 2024 – Mar 2027' });
    const [entry] = await api.deps.db.select({ after: auditLog.after }).from(auditLog).where(eq(auditLog.action, 'contract-terms.update'));
    expect(entry?.after).toMatchObject({ work: 'mcc', effectiveFrom: month, unit: 'coach' });

    // in force this month, and in the list of versions with Edit
    await waitFor(() => expect(within(screen.getByRole('region', { name: `In force in ${monthLabel(month)}` })).getAllByText('No terms')).toHaveLength(5));
    const edit = await screen.findByRole('button', { name: `Edit the terms of MCC from ${monthLabel(month)}` });
    const version = edit.closest('tr') as HTMLElement;
    expect(within(version).getByText(formatMoney(350.5))).toBeTruthy();
    expect(within(version).getByText(formatMoney(100))).toBeTruthy();
    expect(within(version).getByText('Per coach')).toBeTruthy();

    // a bill passed in a month the version governs: a new save is refused, in the server's words
    await api.deps.db.insert(bills).values({ work: 'mcc', month, status: 'Bill Passed', billValue: '1000.00', penalty: '0.00', netAmount: '1000.00' });
    await user.click(edit);
    await waitFor(() => expect(field('Rate per coach (₹)').value).toBe('350.5'));
    await user.clear(field('Rate per coach (₹)'));
    await user.type(field('Rate per coach (₹)'), '360');
    await user.click(screen.getByRole('button', { name: 'Save terms' }));
    expect(await screen.findByText(MSG.billDraft.termsPassed(monthLabel(month), 'MCC'))).toBeTruthy();
  });
});
