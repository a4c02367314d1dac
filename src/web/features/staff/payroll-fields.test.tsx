import { act, screen, within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import { ROLE } from '../../../shared/roles.js';
import { staff } from '../../../server/db/schema.js';
import { buildStaff, uniqueAadhar } from '../../../../test/helpers/factories.js';
import { field } from '../../../../test/web/fields.js';
import { renderApp, signIn, startApi, type TestApp } from '../../../../test/web/render-app.js';
import { setLanguage } from '../../i18n/i18n.js';
import hi from '../../i18n/locales/hi.json' with { type: 'json' };

/** Issue 26: the "Payroll details" section of the Add Worker and Update Worker forms. */
let api: TestApp;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await setLanguage('en');
  await api.close();
});

describe('Payroll details of the staff forms', () => {
  it('Add Worker offers them with both memberships on, and saves what was chosen', async () => {
    await signIn(api, { role: ROLE.manager });
    const { user } = renderApp('/dashboard/manager/addworkers');
    const section = within(await screen.findByRole('region', { name: 'Payroll details' }));
    expect(section.getByRole('checkbox', { name: MSG.payrollFields.pfMember })).toHaveProperty('checked', true);
    expect(section.getByRole('checkbox', { name: MSG.payrollFields.esiMember })).toHaveProperty('checked', true);

    const aadhar = uniqueAadhar();
    await user.selectOptions(field('Work'), 'mcc');
    await user.type(field('Worker Name'), 'Payroll Form Worker');
    await user.type(field('Phone Number'), '9876543210');
    await user.type(field('Aadhar Number'), aadhar);
    await user.selectOptions(field(MSG.payrollFields.gender), 'F');
    await user.type(field(MSG.payrollFields.guardianName), 'Raman Nair');
    await user.selectOptions(field(MSG.payrollFields.skill), 'semi-skilled');
    await user.selectOptions(field(MSG.payrollFields.language), 'ml');
    await user.click(section.getByRole('checkbox', { name: MSG.payrollFields.esiMember }));
    await user.click(screen.getByRole('button', { name: MSG.addWorker }));

    expect(await screen.findByText(MSG.workerAdded)).toBeTruthy();
    const [stored] = await api.deps.db.select().from(staff).where(eq(staff.aadhar, aadhar));
    expect(stored).toMatchObject({ gender: 'F', guardianName: 'Raman Nair', skill: 'semi-skilled', language: 'ml', pfMember: true, esiMember: false, dob: null, joined: null });
  });

  it("Update Worker shows the record's, with the day its leave began, and changes and clears them", async () => {
    const record = await buildStaff(api.deps.db, { name: 'Payroll Edit Worker', status: 'On Leave' });
    await api.deps.db
      .update(staff)
      .set({ dob: '1988-04-12', gender: 'M', joined: '2024-07-01', skill: 'skilled', language: 'hi', pfMember: false, onLeaveFrom: '2026-03-10' })
      .where(eq(staff.id, record.id));
    await signIn(api, { role: ROLE.manager });
    const { user } = renderApp(`/dashboard/manager/editstaff/${record.id}`);
    const section = within(await screen.findByRole('region', { name: 'Payroll details' }));
    expect(await section.findByText('12/04/1988')).toBeTruthy();
    expect(section.getByText('01/07/2024')).toBeTruthy();
    expect(section.getByText('On leave since 10/03/2026')).toBeTruthy();
    expect(field(MSG.payrollFields.gender).value).toBe('M');
    expect(field(MSG.payrollFields.skill).value).toBe('skilled');
    expect(field(MSG.payrollFields.language).value).toBe('hi');
    expect(section.getByRole('checkbox', { name: MSG.payrollFields.pfMember })).toHaveProperty('checked', false);

    await user.selectOptions(field(MSG.payrollFields.gender), 'T');
    await user.selectOptions(field(MSG.payrollFields.skill), '');
    await user.click(section.getByRole('checkbox', { name: MSG.payrollFields.pfMember }));
    await user.click(screen.getByRole('button', { name: MSG.updateWorker }));
    expect(await screen.findByText(MSG.workerUpdated)).toBeTruthy();
    const [stored] = await api.deps.db.select().from(staff).where(eq(staff.id, record.id));
    expect(stored).toMatchObject({ gender: 'T', skill: null, pfMember: true, esiMember: true, dob: '1988-04-12', joined: '2024-07-01', language: 'hi', onLeaveFrom: '2026-03-10' });
  });

  it('names the section, the skills and the languages in the reader\'s language', async () => {
    await signIn(api, { role: ROLE.manager });
    renderApp('/dashboard/manager/addworkers');
    await screen.findByRole('region', { name: 'Payroll details' });
    await act(() => setLanguage('hi'));
    const section = within(await screen.findByRole('region', { name: hi.staff.payroll.title }));
    expect(section.getByRole('option', { name: hi.staff.payroll.skills.semiSkilled })).toBeTruthy();
    expect(section.getByRole('option', { name: hi.staff.payroll.languages.ml })).toBeTruthy();
    expect(section.getByRole('checkbox', { name: hi.messages.payrollFields.pfMember })).toBeTruthy();
    await act(() => setLanguage('en'));
  });
});
