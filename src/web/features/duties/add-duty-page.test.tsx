import { screen, waitFor, within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../../shared/roles.js';
import { buildStaff } from '../../../../test/helpers/factories.js';
import { users } from '../../../server/db/schema.js';
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

  it("says SPEC's 'Please fill all required fields' until train, coaches and crew are there, then adds the duty and clears the form", async () => {
    await signIn(api, { role: ROLE.supervisor, work: 'mcc' });
    const { user } = renderApp('/dashboard/user/addduty');
    const crew = await screen.findByRole('group', { name: 'Crew of this work type' });
    const submit = screen.getByRole('button', { name: 'Add Train Details' });

    await user.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe('Please fill all required fields');

    await user.click(within(crew).getByText('Biju Thomas'));
    expect(screen.queryByRole('alert')).toBeNull(); // a change clears the message
    await user.type(screen.getByLabelText(/Train Number/), '12625');
    await user.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe('Please fill all required fields');

    await user.type(screen.getByLabelText(/Total Coaches/), '5');
    expect(counter('Required Staff')).toHaveProperty('textContent', '3');
    await user.click(submit);

    expect(await screen.findByText('Train details added successfully!')).toBeTruthy();
    // SPEC §4: the fields clear and the crew empties
    expect(screen.getByLabelText(/Train Number/)).toHaveProperty('value', '');
    expect(counter('Selected Staff')).toHaveProperty('textContent', '0');
    expect(counter('Required Staff')).toHaveProperty('textContent', '0');
    // the server has the live duty, with that crew, and Biju now shows as on it
    expect(await within(crew).findByText('on 12625')).toBeTruthy();
    // the train number is offered again as a recent one
    await user.click(screen.getByRole('button', { name: /12625/ }));
    expect(screen.getByLabelText(/Train Number/)).toHaveProperty('value', '12625');
  });

  it("lists the free crew before the busy, leaves the supervisor out, moves with the arrow keys, and leads back to the live list once saved", async () => {
    // a supervisor on the register: their own staff record is of the crew's work type
    const session = await signIn(api, { role: ROLE.supervisor, work: 'mcc', name: 'Sara Supervisor' });
    const own = await buildStaff(api.deps.db, { name: 'Sara Supervisor', work: 'mcc', designation: 'Supervisor' });
    await api.deps.db.update(users).set({ staffId: own.id }).where(eq(users.id, session.user._id));
    const { user, router } = renderApp('/dashboard/user/addduty');

    const crew = await screen.findByRole('group', { name: 'Crew of this work type' });
    // Biju is on 12625 since the test before: after the free ones, in a group of his own
    const busy = await within(crew).findByRole('group', { name: 'Already on a live duty' });
    expect(within(busy).getAllByRole('checkbox').map((box) => box.textContent)).toEqual([expect.stringContaining('Biju Thomas')]);
    const free = within(crew).getByRole('group', { name: 'Free now' });
    const names = within(free).getAllByRole('checkbox').map((box) => box.textContent ?? '');
    expect(names.some((name) => name.includes('Asha Kumari'))).toBe(true);
    expect(names.some((name) => name.includes('Biju Thomas'))).toBe(false);
    const boxes = within(crew).getAllByRole('checkbox');
    expect(boxes.at(-1)?.textContent).toContain('Biju Thomas');
    // the supervisor is not their own crew, neither in the list nor in the search
    expect(within(crew).queryByText('Sara Supervisor')).toBeNull();
    await user.type(screen.getByRole('searchbox', { name: 'Search and add workers' }), 'Sara');
    expect(screen.getByText('No workers found')).toBeTruthy();
    await user.clear(screen.getByRole('searchbox', { name: 'Search and add workers' }));

    // one tab stop: only the first box takes the Tab, the arrow keys move, Space ticks
    const again = within(await screen.findByRole('group', { name: 'Crew of this work type' })).getAllByRole('checkbox');
    expect(again.map((box) => box.tabIndex)).toEqual(again.map((_, index) => (index === 0 ? 0 : -1)));
    again[0]!.focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(again[1]);
    expect(again.map((box) => box.tabIndex)).toEqual(again.map((_, index) => (index === 1 ? 0 : -1)));
    await user.keyboard(' ');
    expect(again[1]!.getAttribute('aria-checked')).toBe('true');
    expect(counter('Selected Staff')).toHaveProperty('textContent', '1');
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(again.at(-1));
    await user.keyboard('{ArrowUp}{Home}');
    expect(document.activeElement).toBe(again[0]);

    await user.type(screen.getByLabelText(/Train Number/), '12700');
    await user.type(screen.getByLabelText(/Total Coaches/), '2');
    await user.click(screen.getByRole('button', { name: 'Add Train Details' }));
    // saved: one tap back to the live list, at this work type
    const back = await screen.findByRole('link', { name: 'Back to Live Duty' });
    expect(back.getAttribute('href')).toBe('/dashboard/user?work=mcc');
    await user.click(back);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/user'));
    expect(await screen.findByText('12700')).toBeTruthy();
  });
});

describe('Add Work Details (manager)', () => {
  it('shows the fields and counters of the chosen work type, and each type\'s SPEC message', async () => {
    const manager = await signIn(api, { role: ROLE.manager });
    const { user } = renderApp('/dashboard/manager/addwork');
    await screen.findByRole('heading', { name: 'Add Work Details' });
    const submit = screen.getByRole('button', { name: 'Add Train Details' });
    // no type chosen yet: nothing to send
    expect(submit).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('button', { name: 'BIO' }));
    expect(screen.getByLabelText(/Total Tank/)).toBeTruthy();
    expect(screen.queryByLabelText(/Total Coaches/)).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Type' })).toBeNull();
    await user.type(screen.getByLabelText(/Total Tank/), '4');
    expect(counter('Required Staff')).toHaveProperty('textContent', '2');

    // laundry has no train: nothing is required, and a crew of one is
    await user.click(screen.getByRole('button', { name: 'LAUNDRY' }));
    expect(screen.queryByLabelText(/Train Number/)).toBeNull();
    expect(counter('Required Staff')).toHaveProperty('textContent', '0');
    await user.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe('Please select at least one worker');

    // acca: its crew only, and the supplied bedsheets are asked for
    await user.click(screen.getByRole('button', { name: 'ACCA' }));
    const crew = await screen.findByRole('group', { name: 'Crew of this work type' });
    expect(await within(crew).findByText('Dev Acca')).toBeTruthy();
    expect(within(crew).queryByText('Asha Kumari')).toBeNull();
    await user.click(within(crew).getByText('Dev Acca'));
    expect(counter('Selected Staff')).toHaveProperty('textContent', '1');
    await user.type(screen.getByLabelText(/Train Number/), '16301');
    // the count typed for bio stays with the form
    const coaches = screen.getByLabelText(/Total Coaches/);
    expect(coaches).toHaveProperty('value', '4');
    await user.clear(coaches);
    await user.type(coaches, '20');
    expect(counter('Required Staff')).toHaveProperty('textContent', '12');
    // the searchable list loads after the screen: a read-only field of its label stands in until then
    await user.click(await screen.findByRole('combobox', { name: /^Supervisor/ }));
    await user.click(await screen.findByRole('option', { name: new RegExp(manager.user.name) }));
    await user.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter supplied bedsheet count');

    // changing the type empties the crew: those workers are not of the new type
    await user.click(screen.getByRole('button', { name: 'MCC' }));
    expect(counter('Selected Staff')).toHaveProperty('textContent', '0');
  });
});
