import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../../shared/roles.js';
import { errorOf, field, findErrorOf } from '../../../../test/web/fields.js';
import { renderApp, signIn, startApi, type TestApp } from '../../../../test/web/render-app.js';

let api: TestApp;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

describe('Add Supervisor (admin/addsupervisors)', () => {
  it("shows SPEC's messages under the fields, then registers the supervisor and clears the form", async () => {
    await signIn(api, { role: ROLE.admin });
    const { user } = renderApp('/dashboard/admin/addsupervisors');
    const submit = await screen.findByRole('button', { name: 'Add Supervisor' });

    await user.click(submit);
    expect(await findErrorOf('Supervisor Name')).toBe('Please fill all fields');
    // SPEC §5: name, aadhar, phone, password, confirmPassword required ('Please fill all fields'); the form marks wage too
    for (const label of ['Supervisor Name', 'Phone Number', 'Password', 'Confirm Password', 'Aadhar Number', 'Wage Per Day']) {
      expect(errorOf(label), label).toBe('Please fill all fields');
    }
    // the first wrong field takes the focus
    await waitFor(() => expect(document.activeElement).toBe(field('Supervisor Name')));

    await user.selectOptions(field('Work'), 'MCC');
    await user.type(field('Supervisor Name'), 'Ravi Menon');
    expect(errorOf('Supervisor Name')).toBeNull(); // typing clears the field's message
    await user.type(field('Supervisor Email'), 'ravi.menon@example.com');
    await user.type(field('Password'), 'correct-horse-9');
    await user.type(field('Confirm Password'), 'correct-horse-8');
    await user.type(field('Wage Per Day'), '750');
    await user.click(submit);
    // SPEC §5: phone and aadhar are required too
    expect(await findErrorOf('Phone Number')).toBe('Please fill all fields');

    await user.type(field('Phone Number'), '98765abc4321'); // letters are not taken
    expect(field('Phone Number').value).toBe('987654321');
    await user.type(field('Aadhar Number'), '12345678901');
    await user.click(submit);

    await waitFor(() => expect(errorOf('Phone Number')).toBe('Phone number must be 10 digits'));
    expect(errorOf('Aadhar Number')).toBe('Aadhar number must be 12 digits');
    expect(errorOf('Confirm Password')).toBe('Passwords do not match');
    expect(errorOf('Supervisor Name')).toBeNull();

    await user.type(field('Phone Number'), '0');
    await user.type(field('Aadhar Number'), '2');
    await user.clear(field('Confirm Password'));
    await user.type(field('Confirm Password'), 'correct-horse-9');
    await user.click(submit);

    expect(await screen.findByText('Registered successfully')).toBeTruthy();
    expect(field('Supervisor Name').value).toBe('');
    expect(field('Phone Number').value).toBe('');
    // the account exists: the new supervisor can sign in with that password
    const login = await api.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'ravi.menon@example.com', password: 'correct-horse-9' } });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ user: { name: 'Ravi Menon', role: ROLE.supervisor, work: 'mcc' } });
  });

  it('refuses an e-mail address that is not one', async () => {
    await signIn(api, { role: ROLE.admin });
    const { user } = renderApp('/dashboard/admin/addsupervisors');
    await user.type(await screen.findByLabelText(/^Supervisor Email/), 'ravi-at-example');
    await user.click(screen.getByRole('button', { name: 'Add Supervisor' }));
    expect(await findErrorOf('Supervisor Email')).toBe('Enter a valid email address');
  });
});
