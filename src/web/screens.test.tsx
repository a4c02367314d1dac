/**
 * Every screen of each role opens inside its area against the real API: its own page
 * heading appears (so a guard that refused, showing the sign-in or a "not allowed" screen,
 * fails it) and no error screen does. The screens' own behaviour is tested next to them.
 */
import { screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, type Role } from '../shared/roles.js';
import { buildStaff, buildUser, duty, sessionToken } from '../../test/helpers/factories.js';
import { renderApp, signIn, startApi, type TestApp } from '../../test/web/render-app.js';

let api: TestApp;
let dutyId = '';
let staffId = '';
beforeAll(async () => {
  api = await startApi();
  const manager = await buildUser(api.deps.db, { role: ROLE.manager });
  const token = await sessionToken(api, manager);
  const supervisor = await buildUser(api.deps.db, { role: ROLE.supervisor, work: 'mcc' });
  const worker = await buildStaff(api.deps.db, { work: 'mcc', name: 'Lakshmi Devi' });
  staffId = worker.id;
  dutyId = (await duty(api, token, { work: 'mcc', trainno: '12625', totalcoach: 10, type: 'Primary', supervisor: supervisor.id, workers: [worker.id] }))._id;
});
afterAll(() => api.close());

/** Opens `path` (signed in with this role, or not at all) and expects the page's own h1. */
async function opens(path: string, role: Role | null, heading: string | RegExp, work: string | null = null) {
  if (role !== null) await signIn(api, { role, work });
  renderApp(path);
  const shown = await screen.findByRole('heading', { level: 1 });
  if (typeof heading === 'string') expect(shown.textContent).toBe(heading);
  else expect(shown.textContent).toMatch(heading);
  expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
}

/** "Attendance - November 2026": the report pages open on the current month. */
const ofAMonth = (title: string) => new RegExp(`^${title} - [A-Z][a-z]+ \\d{4}$`);

describe('public pages', () => {
  it.each([
    ['/', 'Dutyroll Services: Linen, laundry, housekeeping and mechanized cleaning for railways and hotels'],
    ['/login', 'Sign in'],
    ['/forget', 'Forgot password'],
    ['/about', 'About Us'],
    ['/contact', 'Contact Us'],
    ['/policy', 'Privacy Policy'],
    ['/registerygigyictgyjutgtyjuctyuccftyutucfyj', 'Register an account'],
  ])('%s', async (path, heading) => {
    await opens(path, null, heading);
  });
  it('an unknown address has its own page', async () => {
    await opens('/no-such-page', null, 'Page Not Found');
  });
});

describe('manager screens', () => {
  it.each([
    ['', /^Welcome, Test Manager [0-9a-f]{4}$/],
    ['addworkers', 'Add Worker'],
    ['addsupervisors', 'Add Supervisor'],
    ['staffdetails', 'All Staff Members'],
    ['addworkerss', 'Bulk Upload Workers (Excel)'],
    ['addwork', 'Add Work Details'],
    ['livework', 'Live work - Manager'],
    ['completed', 'Completed Works'],
    ['attendance', ofAMonth('Attendance')],
    ['wages', ofAMonth('Wage Register')],
    ['bills', 'Bill Details'],
    ['addbills', 'Add Monthly Bill'],
    ['bills/draft?work=mcc&month=2026-10', 'Bill from duties - October 2026'],
    ['bills/print/annexure?work=mcc&month=2026-10', 'Annexure to the bill: MCC, October 2026'],
    ['bills/print/cover?work=mcc&month=2026-10', 'Bill for MCC — October 2026'],
    ['bills/print/compliance?work=mcc&month=2026-10', 'Wage compliance statement: MCC, October 2026'],
    ['connect', 'Connect'],
  ])('/dashboard/manager/%s', async (page, heading) => {
    await opens(`/dashboard/manager/${page}`, ROLE.manager, heading);
  });
  it('the details of a duty', async () => {
    await opens(`/dashboard/manager/traindetail/${dutyId}`, ROLE.manager, 'Completed Work Details');
    expect(await screen.findByText('Lakshmi Devi')).toBeTruthy();
  });
  it('the edit form of a staff member', async () => {
    await opens(`/dashboard/manager/editstaff/${staffId}`, ROLE.manager, 'Update Worker');
    expect(await screen.findByDisplayValue('Lakshmi Devi')).toBeTruthy();
  });
});

describe('admin screens', () => {
  it.each([
    ['', /^Hi, Test Admin [0-9a-f]{4}!$/],
    ['accounts', 'Accounts'],
    ['states', 'States'],
    ['company', 'Company profile'],
    ['norms', 'Staffing norms'],
    ['contracts', 'Contract terms'],
    ['audit', 'Audit trail'],
    ['addworkers', 'Add Worker'],
    ['addsupervisors', 'Add Supervisor'],
  ])('/dashboard/admin/%s', async (page, heading) => {
    await opens(`/dashboard/admin/${page}`, ROLE.admin, heading);
  });
  it('a live duty', async () => {
    await opens(`/dashboard/admin/Live-train/${dutyId}`, ROLE.admin, 'Train 12625');
  });
});

describe('supervisor screens', () => {
  const SUPERVISOR_HOME = /^Welcome, Test Supervisor [0-9a-f]{4}$/;
  it.each([
    ['', SUPERVISOR_HOME],
    ['addduty', 'Add Work Details'],
    ['completedduty', 'Completed Duty'],
    ['connect', 'Connect'],
  ])('/dashboard/user/%s', async (page, heading) => {
    await opens(`/dashboard/user/${page}`, ROLE.supervisor, heading, 'mcc');
  });
  it('the live list shows the duty of their work type', async () => {
    await opens('/dashboard/user', ROLE.supervisor, SUPERVISOR_HOME, 'mcc');
    expect(await screen.findByText('12625')).toBeTruthy();
  });
  it('the details of a duty', async () => {
    await opens(`/dashboard/user/traindetails/${dutyId}`, ROLE.supervisor, 'Train Details', 'mcc');
    expect(await screen.findByText('Lakshmi Devi')).toBeTruthy();
  });
  it("a manager's screen is not theirs", async () => {
    await signIn(api, { role: ROLE.supervisor, work: 'mcc' });
    renderApp('/dashboard/manager/bills');
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Bill Details' })).toBeNull();
  });
});
