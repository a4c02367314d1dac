import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../../shared/roles.js';
import { buildStaff, buildUser, duty, sessionToken } from '../../../../test/helpers/factories.js';
import { renderApp, signIn, startApi, type TestApp } from '../../../../test/web/render-app.js';

let api: TestApp;
let token: string;
let dutyId: string;
beforeAll(async () => {
  api = await startApi();
  const manager = await buildUser(api.deps.db, { role: ROLE.manager });
  token = await sessionToken(api, manager);
  const supervisor = await buildUser(api.deps.db, { role: ROLE.supervisor, work: 'mcc', name: 'Suresh Pillai' });
  const lakshmi = await buildStaff(api.deps.db, { work: 'mcc', name: 'Lakshmi Devi' });
  await buildStaff(api.deps.db, { work: 'mcc', name: 'Mohan Das' });
  await buildStaff(api.deps.db, { work: 'acca', name: 'Molly Acca' });
  dutyId = (await duty(api, token, { supervisor: supervisor.id, workers: [lakshmi.id] }))._id;
});
afterAll(() => api.close());

describe('Train details (manager/traindetail)', () => {
  it("edits the train number and crew: SPEC's required message, then 'Train updated successfully' and the stored duty", async () => {
    await signIn(api, { role: ROLE.manager });
    const { user } = renderApp(`/dashboard/manager/traindetail/${dutyId}`);
    expect(await screen.findByText('Suresh Pillai')).toBeTruthy();
    expect(screen.getByText('Lakshmi Devi')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const trainNo = screen.getByRole('textbox', { name: /^Train No/ });
    expect(trainNo).toHaveProperty('value', '12625');
    await user.clear(trainNo);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please fill all required fields');

    await user.type(trainNo, '12626');
    await user.click(screen.getByRole('button', { name: 'Remove Lakshmi Devi' }));
    const search = screen.getByRole('searchbox', { name: 'Search and add workers' });
    // SPEC §5: only workers of the duty's type, by name, not yet chosen
    await user.type(search, 'zzz');
    expect(screen.getByText('No workers found')).toBeTruthy();
    await user.clear(search);
    await user.type(search, 'mo');
    const suggestions = await screen.findByRole('list', { name: 'Suggested workers' });
    expect(within(suggestions).queryByText('Molly Acca')).toBeNull();
    await user.click(within(suggestions).getByText('Mohan Das'));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Train updated successfully')).toBeTruthy();
    // edit mode is left and the record reloads
    expect(await screen.findByText('12626')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByText('Mohan Das')).toBeTruthy();
    const stored = await api.app.inject({ url: `/api/v1/mcctrain/getone-mcctrain/${dutyId}`, headers: { authorization: token } });
    expect(stored.statusCode).toBe(200);
    const body = JSON.stringify(stored.json());
    expect(body).toContain('"12626"');
    expect(body).toContain('Mohan Das');
    expect(body).not.toContain('Lakshmi Devi');
  });
});
