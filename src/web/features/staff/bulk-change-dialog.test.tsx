import { screen, within } from '@testing-library/react';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import { ROLE } from '../../../shared/roles.js';
import { auditLog, staff, users } from '../../../server/db/schema.js';
import { buildStaff } from '../../../../test/helpers/factories.js';
import { renderApp, signIn, startApi, type TestApp } from '../../../../test/web/render-app.js';

/** Issue 28: a bulk change from the staff list, against the real API. */
let api: TestApp;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

describe('bulk change of the staff list', () => {
  it("previews a daily wage for the ticked workers, lists the one refused with its reason, and applies it to the others after one confirmation", async () => {
    const workers = await Promise.all(['Kavitha Menon', 'Ravi Kumar'].map((name) => buildStaff(api.deps.db, { name, wage: '600.00' })));
    const peer = await buildStaff(api.deps.db, { name: 'Peer Manager Record', designation: 'Manager', wage: '900.00' });
    const other = await signIn(api, { role: ROLE.manager, name: 'Peer Manager Record' });
    await api.deps.db.update(users).set({ staffId: peer.id }).where(eq(users.id, other.user._id));
    await signIn(api, { role: ROLE.manager, name: 'Bulk Manager' });

    const { user } = renderApp('/dashboard/manager/staffdetails');
    for (const name of ['Kavitha Menon', 'Ravi Kumar', 'Peer Manager Record']) await user.click(await screen.findByRole('checkbox', { name: `Select ${name}` }));
    const bar = screen.getByRole('region', { name: 'Bulk change' });
    expect(within(bar).getByText('3 selected')).toBeTruthy();
    await user.click(within(bar).getByRole('button', { name: 'Change selected' }));

    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'What to change' }), 'wage');
    await user.type(within(dialog).getByRole('textbox', { name: 'New daily wage (₹)' }), '725.50');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));

    expect(await within(dialog).findByText('2 workers will change to ₹725.50')).toBeTruthy();
    // named in the server's order of the records, which is not the order they were ticked in
    expect(within(dialog).getByTestId('bulk-names').textContent).toMatch(/^(?:Kavitha Menon, Ravi Kumar|Ravi Kumar, Kavitha Menon)$/);
    const refused = within(dialog).getByRole('table', { name: '1 cannot be changed' });
    expect(within(refused).getByText('Peer Manager Record')).toBeTruthy();
    expect(within(refused).getByText(MSG.staffOfHigherRole)).toBeTruthy();
    // nothing changed before the confirmation
    expect((await api.deps.db.select().from(staff).where(eq(staff.id, workers[0]!.id)))[0]!.wage).toBe('600.00');

    await user.click(within(dialog).getByRole('button', { name: 'Confirm: change 2 workers' }));
    expect(await screen.findByText(MSG.staffBulk.changed(2))).toBeTruthy();
    const rows = await api.deps.db.select().from(staff).where(inArray(staff.id, [...workers.map((w) => w.id), peer.id]));
    expect(Object.fromEntries(rows.map((row) => [row.name, row.wage]))).toEqual({ 'Kavitha Menon': '725.50', 'Ravi Kumar': '725.50', 'Peer Manager Record': '900.00' });
    expect(await api.deps.db.select().from(auditLog).where(inArray(auditLog.entityId, workers.map((w) => w.id)))).toHaveLength(2);
    // the selection is cleared
    expect(screen.queryByRole('region', { name: 'Bulk change' })).toBeNull();
  });

  it('selects all that match the list by the server, naming a few and counting the others', async () => {
    // more than the list's page of 50
    for (let n = 1; n <= 55; n += 1) await buildStaff(api.deps.db, { name: `Laundry Hand ${String(n).padStart(2, '0')}`, work: 'laundry' });
    await signIn(api, { role: ROLE.manager });
    const { user } = renderApp('/dashboard/manager/staffdetails?work=laundry');
    await screen.findByRole('checkbox', { name: 'Select Laundry Hand 55' }); // newest first
    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    const bar = screen.getByRole('region', { name: 'Bulk change' });
    expect(within(bar).getByText('50 selected')).toBeTruthy();
    await user.click(within(bar).getByRole('button', { name: 'Select all 55 that match' }));
    expect(within(bar).getByText('All 55 that match are selected')).toBeTruthy();
    await user.click(within(bar).getByRole('button', { name: 'Change selected' }));
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'New value' }), 'On Leave');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText('55 workers will change to On Leave')).toBeTruthy();
    expect(within(dialog).getByTestId('bulk-names').textContent).toMatch(/^Laundry Hand \d\d, Laundry Hand \d\d, Laundry Hand \d\d and 52 others$/);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm: change 55 workers' }));
    expect(await screen.findByText(MSG.staffBulk.changed(55))).toBeTruthy();
    const rows = await api.deps.db.select().from(staff).where(eq(staff.work, 'laundry'));
    expect(rows.every((row) => row.status === 'On Leave')).toBe(true);
  });
});
