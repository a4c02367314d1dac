import { screen, within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import { ROLE, type Role } from '../../../shared/roles.js';
import { staff, users } from '../../../server/db/schema.js';
import { buildStaff } from '../../../../test/helpers/factories.js';
import { renderApp, signIn, startApi, type TestApp } from '../../../../test/web/render-app.js';

/** Issue 24 point 8: the Edit Staff page offers only what the server allows (decision 0015). */
let api: TestApp;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

/** A signed-in account of this role, and a staff record linked to another account of `linkedRole` (or to the signed-in one). */
async function recordOf(linkedRole: Role | 'self', name: string): Promise<string> {
  const record = await buildStaff(api.deps.db, { name, designation: linkedRole === ROLE.supervisor ? 'Supervisor' : 'Manager' });
  await api.deps.db.update(staff).set({ acNumber: '000123456789' }).where(eq(staff.id, record.id));
  if (linkedRole === 'self') {
    const me = await signIn(api, { role: ROLE.manager, name });
    await api.deps.db.update(users).set({ staffId: record.id }).where(eq(users.id, me.user._id));
  } else {
    const other = await signIn(api, { role: linkedRole, name });
    await api.deps.db.update(users).set({ staffId: record.id }).where(eq(users.id, other.user._id));
    await signIn(api, { role: ROLE.manager }); // the reader, signed in last
  }
  return record.id;
}

describe('Update Worker (manager/editstaff) of accounts a manager may not change', () => {
  it("shows a peer manager's record read-only with the reason, without its account number", async () => {
    const id = await recordOf(ROLE.manager, 'Peer Manager');
    renderApp(`/dashboard/manager/editstaff/${id}`);
    expect(await screen.findByText(MSG.staffOfHigherRole)).toBeTruthy();
    expect(screen.getByText('Peer Manager')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Update Worker' })).toBeNull();
    expect(screen.queryByDisplayValue('000123456789')).toBeNull();
  });

  it("offers a supervisor's record in full, with every designation and status", async () => {
    const id = await recordOf(ROLE.supervisor, 'Crew Supervisor');
    const { user } = renderApp(`/dashboard/manager/editstaff/${id}`);
    expect(await screen.findByDisplayValue('Crew Supervisor')).toBeTruthy();
    expect(screen.queryByText(MSG.ownStaffRecord)).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Designation' })).toHaveProperty('disabled', false);
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(within(status).getByRole('option', { name: 'Resigned' })).toHaveProperty('disabled', false);
    await user.selectOptions(status, 'Resigned');
    expect(status).toHaveProperty('value', 'Resigned');
  });

  it('lets a manager change their own record, but not their designation nor Resigned, saying why', async () => {
    const id = await recordOf('self', 'Manager Myself');
    const { user } = renderApp(`/dashboard/manager/editstaff/${id}`);
    expect(await screen.findByDisplayValue('Manager Myself')).toBeTruthy();
    expect(screen.getByText(MSG.ownStaffRecord)).toBeTruthy();
    expect(screen.getByDisplayValue('000123456789')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Designation' })).toHaveProperty('disabled', true);
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(within(status).getByRole('option', { name: 'Resigned' })).toHaveProperty('disabled', true);
    await user.selectOptions(status, 'On Leave');

    const phone = screen.getByRole('textbox', { name: /^Phone/ });
    await user.clear(phone);
    await user.type(phone, '9123456780');
    await user.click(screen.getByRole('button', { name: 'Update Worker' }));
    expect(await screen.findByText(MSG.workerUpdated)).toBeTruthy();
    const [stored] = await api.deps.db.select().from(staff).where(eq(staff.id, id));
    expect(stored).toMatchObject({ phone: '9123456780', status: 'On Leave', designation: 'Manager' });
  });
});
