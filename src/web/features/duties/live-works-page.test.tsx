import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../../shared/roles.js';
import { buildStaff, buildUser, duty as addDuty, sessionToken } from '../../../../test/helpers/factories.js';
import { renderApp, signIn, startApi, type TestApp } from '../../../../test/web/render-app.js';

let api: TestApp;

beforeAll(async () => {
  api = await startApi();
  const manager = await buildUser(api.deps.db, { role: ROLE.manager });
  const token = await sessionToken(api, manager);
  const supervisor = await buildUser(api.deps.db, { role: ROLE.supervisor, work: 'mcc', name: 'Rema Nair' });
  const crew = [await buildStaff(api.deps.db, { work: 'mcc' }), await buildStaff(api.deps.db, { work: 'mcc' })];
  // 10 coaches each: 6 required; crews of 1 and 2
  await addDuty(api, token, { supervisor: supervisor.id, work: 'mcc', trainno: '13001', workers: [crew[0]!.id] });
  await addDuty(api, token, { supervisor: supervisor.id, work: 'mcc', trainno: '13002', workers: [crew[1]!.id, crew[0]!.id] });
});
afterAll(async () => {
  await api.close();
});

function trainsShown(): string[] {
  const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
  return rows.map((row) => within(row).queryAllByRole('cell')[0]?.textContent ?? '').filter((text) => /^\d+$/.test(text));
}

describe('Live Works for the office (issue 28)', () => {
  it('totals the whole view, sorts by crew and searches by train number', async () => {
    await signIn(api, { role: ROLE.manager });
    const { user, router } = renderApp('/dashboard/manager/livework');
    await screen.findByRole('cell', { name: '13002' });
    const totals = () => within(screen.getByRole('rowheader', { name: 'Total' }).closest('tr')!).getAllByRole('cell').map((cell) => cell.textContent);
    await waitFor(() => expect(totals()).toEqual(['2 duties', '', '3', '9 short', '']));
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /Workers/ }));
    await waitFor(() => expect(screen.getByRole('columnheader', { name: /Workers/ }).getAttribute('aria-sort')).toBe('ascending'));
    await waitFor(() => expect(trainsShown()).toEqual(['13001', '13002']));
    expect(router.state.location.search).toContain('sort=crew');

    await user.type(screen.getByRole('searchbox', { name: 'Search trains' }), '13002');
    await waitFor(() => expect(trainsShown()).toEqual(['13002']));
    await waitFor(() => expect(totals()[0]).toBe('1 duty'));
  });
});
