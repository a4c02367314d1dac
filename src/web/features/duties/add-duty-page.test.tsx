import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../../shared/roles.js';
import { buildStaff } from '../../../../test/helpers/factories.js';
import { renderApp, signIn, startApi, type TestApp } from '../../../../test/web/render-app.js';

let api: TestApp;
beforeAll(async () => {
  api = await startApi();
  await buildStaff(api.deps.db, { name: 'Asha Kumari', work: 'mcc' });
  await buildStaff(api.deps.db, { name: 'Biju Thomas', work: 'mcc' });
  await buildStaff(api.deps.db, { name: 'Chitra Nair', work: 'mcc' });
  await buildStaff(api.deps.db, { name: 'Dev Acca', work: 'acca' });
});
afterAll(() => api.close());

const counter = (name: string) => screen.getByLabelText(new RegExp(`^${name}: `));

describe('Add Work Details (supervisor)', () => {
  it('counts required staff from the coaches and selected staff from the crew checklist', async () => {
    await signIn(api, { role: ROLE.supervisor, work: 'mcc' });
    const { user } = renderApp('/dashboard/user/addduty');

    const crew = await screen.findByRole('group', { name: 'Crew of this work type' });
    expect(counter('Required Staff')).toHaveProperty('textContent', '0');
    expect(counter('Selected Staff')).toHaveProperty('textContent', '0');
    // only the mcc crew is offered to an mcc supervisor
    expect(within(crew).queryByText('Dev Acca')).toBeNull();

    await user.type(screen.getByLabelText(/Total Coaches/), '10');
    expect(counter('Required Staff')).toHaveProperty('textContent', '6');

    await user.click(within(crew).getByText('Asha Kumari'));
    await user.click(within(crew).getByText('Chitra Nair'));
    expect(counter('Selected Staff')).toHaveProperty('textContent', '2');
    const chosen = screen.getByRole('list', { name: 'Chosen workers' });
    expect(within(chosen).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Asha Kumari', 'Chitra Nair']);

    await user.click(screen.getByRole('button', { name: 'Remove Asha Kumari' }));
    expect(counter('Selected Staff')).toHaveProperty('textContent', '1');
  });
});
