/**
 * Every screen of each role opens inside its area against the real API: its page heading
 * appears and no error screen does. The screens' own behaviour is tested next to them.
 */
import { screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, type Role } from '../shared/roles.js';
import { buildStaff, buildUser, sessionToken } from '../../test/helpers/factories.js';
import { addDuty, renderApp, signIn, startApi, type TestApp } from '../../test/web/render-app.js';

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
  dutyId = await addDuty(api, token, { work: 'mcc', trainno: '12625', totalcoach: 10, type: 'Primary', supervisor: supervisor.id, workers: [worker.id] });
});
afterAll(() => api.close());

async function opens(path: string, role: Role | null, work: string | null = null) {
  if (role !== null) await signIn(api, { role, work });
  renderApp(path);
  const heading = await screen.findByRole('heading', { level: 1 });
  expect(heading.textContent).not.toBe('');
  expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  return heading.textContent;
}

describe('public pages', () => {
  it.each(['/', '/login', '/forget', '/about', '/contact', '/policy', '/registerygigyictgyjutgtyjuctyuccftyutucfyj'])('%s', async (path) => {
    await opens(path, null);
  });
  it('an unknown address has its own page', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
  });
});

describe('manager screens', () => {
  it.each(['', 'addworkers', 'addsupervisors', 'staffdetails', 'addworkerss', 'addwork', 'livework', 'completed', 'attendance', 'wages', 'bills', 'addbills', 'connect'])(
    '/dashboard/manager/%s',
    async (page) => {
      await opens(`/dashboard/manager/${page}`, ROLE.manager);
    },
  );
  it('the details of a duty', async () => {
    await opens(`/dashboard/manager/traindetail/${dutyId}`, ROLE.manager);
    expect(await screen.findByText('Lakshmi Devi')).toBeTruthy();
  });
  it('the edit form of a staff member', async () => {
    await opens(`/dashboard/manager/editstaff/${staffId}`, ROLE.manager);
    expect(await screen.findByDisplayValue('Lakshmi Devi')).toBeTruthy();
  });
});

describe('admin screens', () => {
  it.each(['', 'accounts', 'states', 'company', 'norms', 'contracts', 'audit', 'addworkers', 'addsupervisors'])('/dashboard/admin/%s', async (page) => {
    await opens(`/dashboard/admin/${page}`, ROLE.admin);
  });
  it('a live duty', async () => {
    await opens(`/dashboard/admin/Live-train/${dutyId}`, ROLE.admin);
  });
});

describe('supervisor screens', () => {
  it.each(['', 'addduty', 'completedduty', 'connect'])('/dashboard/user/%s', async (page) => {
    await opens(`/dashboard/user/${page}`, ROLE.supervisor, 'mcc');
  });
  it('the live list shows the duty of their work type', async () => {
    await opens('/dashboard/user', ROLE.supervisor, 'mcc');
    expect(await screen.findByText('12625')).toBeTruthy();
  });
  it('the details of a duty', async () => {
    await opens(`/dashboard/user/traindetails/${dutyId}`, ROLE.supervisor, 'mcc');
    expect(await screen.findByText('Lakshmi Devi')).toBeTruthy();
  });
  it("a manager's screen is not theirs", async () => {
    await signIn(api, { role: ROLE.supervisor, work: 'mcc' });
    renderApp('/dashboard/manager/bills');
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Bill Details' })).toBeNull();
  });
});
