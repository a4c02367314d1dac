import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../shared/messages.js';
import { ROLE } from '../shared/roles.js';
import { buildStaff, newSessionToken } from '../../test/helpers/factories.js';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.js';

let t: TestApp;
let managerToken: string;
let adminToken: string;
let supervisorToken: string;
beforeAll(async () => {
  t = await createTestApp();
  managerToken = await newSessionToken(t, { role: ROLE.manager });
  adminToken = await newSessionToken(t, { role: ROLE.admin });
  supervisorToken = await newSessionToken(t, { role: ROLE.supervisor });
});
afterAll(async () => {
  await t.close();
});

describe('Cache-Control on API answers (issue 12, point 7)', () => {
  it('keeps a worker record (Aadhaar, bank account) out of every cache', async () => {
    const worker = await buildStaff(t.deps.db);
    const response = await t.app.inject({ url: `/api/v1/worker/getoneworker/${worker.id}`, headers: { authorization: managerToken } });
    expect(response.statusCode).toBe(200);
    expect(response.json()[0].aadhar).toMatch(/^\d{12}$/);
    expect(response.headers['cache-control']).toBe('no-store');
    const list = await t.app.inject({ url: '/api/v1/worker/get-workers', headers: { authorization: managerToken } });
    expect(list.headers['cache-control']).toBe('no-store');
  });

  it('keeps the Excel exports out of every cache', async () => {
    const response = await t.app.inject({ url: '/api/v1/wages/export?work=mcc&month=2026-01', headers: { authorization: managerToken } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('applies to error answers too, and leaves a route that chose its own policy alone', async () => {
    const refused = await t.app.inject({ url: '/api/v1/worker/get-workers' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const unknown = await t.app.inject({ url: '/api/v1/no-such-path' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['cache-control']).toBe('no-store');
    // the public company details may be revalidated by a browser (no personal data)
    const profile = await t.app.inject({ url: '/api/v1/company-profile' });
    expect(profile.statusCode).toBe(200);
    expect(profile.headers['cache-control']).toBe('no-cache');
  });
});

describe('API documentation access (issue 12, point 7)', () => {
  it('refuses the OpenAPI document without a session, and to supervisors', async () => {
    for (const url of ['/api/docs/json', '/api/docs/yaml']) {
      const anonymous = await t.app.inject(url);
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json()).toEqual({ msg: MSG.notSignedIn, code: 'notSignedIn' });
      const supervisor = await t.app.inject({ url, headers: { authorization: supervisorToken } });
      expect(supervisor.statusCode, url).toBe(403);
      expect(supervisor.json()).toEqual({ msg: MSG.forbidden, code: 'forbidden' });
    }
  });

  it('gives managers and admins the OpenAPI document', async () => {
    for (const token of [managerToken, `Bearer ${adminToken}`]) {
      const response = await t.app.inject({ url: '/api/docs/json', headers: { authorization: token } });
      expect(response.statusCode).toBe(200);
      const document = response.json();
      expect(document.openapi).toMatch(/^3\./);
      expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/v1/auth/login', '/api/v1/worker/create-worker']));
      expect(document.paths['/api/v1/auth/login'].post.requestBody).toBeDefined();
    }
    const yaml = await t.app.inject({ url: '/api/docs/yaml', headers: { authorization: managerToken } });
    expect(yaml.statusCode).toBe(200);
    expect(yaml.body).toContain('openapi:');
  });

  it('serves the page shell to a browser, under a strict script policy', async () => {
    const page = await t.app.inject('/api/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-initializer.js');
    const csp = page.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/); // no inline script
  });

  it("lets a signed-in manager's page load the document with the web app's stored session", async () => {
    const script = await t.app.inject('/api/docs/static/swagger-initializer.js');
    expect(script.statusCode).toBe(200);
    // run the page's initializer as a browser would, with the web app's localStorage entry
    const origin = 'http://localhost:3000';
    let stored: string | null = JSON.stringify({ token: managerToken, user: { _id: 'x', name: 'M', email: 'm@example.com', role: ROLE.manager, work: null } });
    let config: { url: string; requestInterceptor: (request: { url: string; headers: Record<string, string> }) => { url: string; headers: Record<string, string> } } | undefined;
    const window = { location: { href: `${origin}/api/docs/`, origin }, localStorage: { getItem: (key: string) => (key === 'auth' ? stored : null) }, onload: null as null | (() => void) };
    const SwaggerUIBundle = Object.assign(
      (given: typeof config) => {
        config = given;
        return { initOAuth: () => undefined };
      },
      { presets: { apis: {} }, plugins: { DownloadUrl: {} } },
    );
    const document = {
      // the page's logo replacement looks for the top bar
      querySelector: () => ({ innerHTML: '', appendChild: () => undefined }),
      createElement: () => {
        const anchor = { value: '', get href() { return this.value; }, set href(url: string) { this.value = new URL(url).href; } };
        return anchor;
      },
    };
    vm.runInNewContext(script.body, { window, document, SwaggerUIBundle, SwaggerUIStandalonePreset: {}, URL, JSON });
    window.onload!();
    expect(config!.url).toBe(`${origin}/api/docs/json`);

    const signedIn = config!.requestInterceptor({ url: config!.url, headers: {} });
    expect(signedIn.headers.Authorization).toBe(managerToken);
    const response = await t.app.inject({ url: new URL(signedIn.url).pathname, headers: signedIn.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().openapi).toMatch(/^3\./);

    // never to another origin; a token typed into "Authorize" wins; no session, no header
    expect(config!.requestInterceptor({ url: 'https://elsewhere.example/x', headers: {} }).headers).toEqual({});
    expect(config!.requestInterceptor({ url: config!.url, headers: { Authorization: 'typed' } }).headers).toEqual({ Authorization: 'typed' });
    stored = null;
    expect(config!.requestInterceptor({ url: config!.url, headers: {} }).headers).toEqual({});
  });
});
