/**
 * The public pages show what the admin saved (GET /company-profile through the address
 * table), over the defaults, against the real API.
 */
import { screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_COMPANY_PROFILE } from '../shared/company-profile-defaults.js';
import { ROLE } from '../shared/roles.js';
import { buildUser, sessionToken } from '../../test/helpers/factories.js';
import { renderApp, startApi, type TestApp } from '../../test/web/render-app.js';

let api: TestApp;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

describe('the public company profile', () => {
  it("shows the admin's saved name and phone on the contact page", async () => {
    const admin = await buildUser(api.deps.db, { role: ROLE.admin });
    const token = await sessionToken(api, admin);
    const saved = await api.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/company-profile',
      headers: { authorization: token },
      payload: { ...DEFAULT_COMPANY_PROFILE, name: 'Kochi Linen Works', phone: '+91 484 400 2024' },
    });
    expect(saved.statusCode).toBe(200);

    renderApp('/contact');
    expect((await screen.findAllByText('Kochi Linen Works')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('+91 484 400 2024').length).toBeGreaterThan(0);
  });
});
