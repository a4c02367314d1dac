import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { MSG } from '../shared/messages.js';
import { ROLE } from '../shared/roles.js';
import { buildUser, loginAs } from '../../test/helpers/factories.js';
import { captureLog } from '../../test/helpers/log-capture.js';
import { createTestApp, openTestDatabase, type TestApp } from '../../test/helpers/test-app.js';

/** A built web app in a temp folder: index.html, one hashed asset, the service worker and manifest. */
function fakeWebRoot(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'dutyroll-web-'));
  mkdirSync(path.join(root, 'assets'));
  mkdirSync(path.join(root, 'icons'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Dutyroll</title><div id="root"></div>');
  writeFileSync(path.join(root, 'assets', 'index-abc123.js'), 'console.log("app");'.repeat(200));
  // a file the build compressed (vite.precompress.ts): its copies, told apart by their bytes
  writeFileSync(path.join(root, 'assets', 'vendor-def456.js'), 'console.log("vendor");'.repeat(200));
  writeFileSync(path.join(root, 'assets', 'vendor-def456.js.br'), 'brotli copy');
  writeFileSync(path.join(root, 'assets', 'vendor-def456.js.gz'), 'gzip copy');
  writeFileSync(path.join(root, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  // the build's copies of the page and the service worker (a page of 1 KB or more has them)
  for (const file of ['index.html', 'sw.js']) {
    writeFileSync(path.join(root, `${file}.br`), `brotli copy of ${file}`);
    writeFileSync(path.join(root, `${file}.gz`), `gzip copy of ${file}`);
  }
  writeFileSync(path.join(root, 'workbox-5a1b2c3d.js'), 'self.workbox = {};');
  writeFileSync(path.join(root, 'manifest.webmanifest'), JSON.stringify({ name: 'Dutyroll', start_url: '/' }));
  writeFileSync(path.join(root, 'icons', 'icon-192.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
  return root;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { webRoot: fakeWebRoot() } });
});
afterAll(async () => {
  await t.close();
});

describe('health', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('answers 503 from /readyz when the database is gone', async () => {
    const database = await openTestDatabase();
    const broken = await createTestApp({ database });
    await database.close();
    try {
      const ready = await broken.app.inject('/readyz');
      expect(ready.statusCode).toBe(503);
    } finally {
      await broken.app.close();
    }
  });
});

describe('web app and unknown paths', () => {
  it('serves index.html for page routes, without caching', async () => {
    for (const url of ['/', '/login', '/dashboard/manager', '/some/unknown/page']) {
      const response = await t.app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with long cache headers and compression', async () => {
    const response = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it("sends the build's compressed copy of a file as it is, in the encoding the browser accepts, and the file itself to one that accepts none", async () => {
    for (const [accepts, encoding, body] of [
      ['gzip, deflate, br', 'br', 'brotli copy'],
      ['gzip, deflate', 'gzip', 'gzip copy'],
    ] as const) {
      const response = await t.app.inject({ url: '/assets/vendor-def456.js', headers: { 'accept-encoding': accepts } });
      expect(response.statusCode, accepts).toBe(200);
      expect(response.headers['content-encoding'], accepts).toBe(encoding);
      expect(response.headers['content-type'], accepts).toMatch(/javascript/);
      expect(response.headers['cache-control'], accepts).toBe('public, max-age=31536000, immutable');
      expect(response.headers.vary, accepts).toMatch(/accept-encoding/i);
      expect(response.body, accepts).toBe(body);
    }
    // the page and the service worker are checked on every use, whichever copy is sent
    for (const [url, file] of [
      ['/sw.js', 'sw.js'],
      ['/index.html', 'index.html'],
      ['/dashboard/manager', 'index.html'],
    ] as const) {
      for (const encoding of ['br', 'gzip'] as const) {
        const response = await t.app.inject({ url, headers: { 'accept-encoding': encoding } });
        expect(response.headers['content-encoding'], `${url} ${encoding}`).toBe(encoding);
        expect(response.body, `${url} ${encoding}`).toBe(`${encoding === 'br' ? 'brotli' : 'gzip'} copy of ${file}`);
        expect(response.headers['cache-control'], `${url} ${encoding}`).toBe('no-cache');
      }
    }
    const plain = await t.app.inject({ url: '/assets/vendor-def456.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("vendor");'.repeat(200));
  });

  it('serves the page, the service worker and the manifest to be checked on every use, never for a year', async () => {
    for (const url of ['/index.html', '/sw.js', '/workbox-5a1b2c3d.js', '/manifest.webmanifest']) {
      const response = await t.app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await t.app.inject('/sw.js')).headers['content-type']).toMatch(/javascript/);
    expect((await t.app.inject('/manifest.webmanifest')).headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect((await t.app.inject('/icons/icon-192.png')).headers['cache-control']).toBe('public, max-age=86400');
  });

  it('answers a missing file with 404, never the page: a stale tab must not run HTML as its old chunk', async () => {
    const urls = ['/assets/nope.js', '/assets/old-chunk-1a2b3c.css', '/assets/gone', '/sw-old.js', '/workbox-00000000.js', '/icons/missing.png', '/dashboard/user/stale.js', '/assets/nope.js?v=2'];
    for (const url of urls) {
      const response = await t.app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).not.toContain('text/html');
      expect(response.headers['cache-control'], url).toBe('no-store');
      expect(response.body, url).not.toContain('<div id="root">');
    }
    // a page address is still the page, whatever its query says
    const page = await t.app.inject('/dashboard/user/addduty?file=report.pdf');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
  });

  it('answers unknown API paths with 404 JSON, never the page', async () => {
    for (const url of ['/api', '/api/v1/nope', '/api/v1/auth/nothing-here']) {
      const response = await t.app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ msg: MSG.notFound, code: 'notFound' });
    }
    const post = await t.app.inject({ method: 'POST', url: '/dashboard/manager' });
    expect(post.statusCode).toBe(404);
  });

  it("answers a path with a broken %-escape or an over-long id with the app's own {msg}, not Fastify's body", async () => {
    // issue 24 point 8: these answered {error, code: FST_ERR_BAD_URL, message, statusCode}
    const manager = await loginAs(t.app, await buildUser(t.deps.db, { role: ROLE.manager }));
    for (const url of ['/api/v1/worker/getoneworker/%E0%A4%A', '/api/v1/worker/getoneworker/%', '/api/v1/mcctrain/getone-mcctrain/%zz', '/dashboard/manager/editstaff/%C0']) {
      const response = await t.app.inject({ url, headers: { authorization: `Bearer ${manager}` } });
      expect([response.statusCode, response.json()], url).toEqual([400, { msg: MSG.badUrl, code: 'badUrl' }]);
      expect(response.headers['cache-control']).toBe('no-store');
    }
    const long = await t.app.inject({ url: `/api/v1/worker/getoneworker/${'x'.repeat(2000)}`, headers: { authorization: `Bearer ${manager}` } });
    expect([long.statusCode, long.json()]).toEqual([404, { msg: MSG.notFound, code: 'notFound' }]);
  });

  it('sends a Content-Security-Policy and other security headers', async () => {
    const response = await t.app.inject('/login');
    const csp = response.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    // the installable app: its service worker and manifest come from this origin only
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('errors and logs', () => {
  it('answers 503 with Retry-After and a plain message, without internals, when the database is gone', async () => {
    const database = await openTestDatabase();
    const broken = await createTestApp({ database });
    await database.close();
    try {
      const response = await broken.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: 'a@example.com', password: 'whatever-pass' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBeDefined();
      expect(response.json()).toEqual({ msg: MSG.serviceUnavailable, code: 'serviceUnavailable' });
    } finally {
      await broken.app.close();
    }
  });

  it('never writes passwords, tokens or reset codes to the log', async () => {
    // the app's own logger settings (with their redaction), writing to a buffer
    const { lines, logger } = captureLog('trace');
    const app2 = await createTestApp({ database: t.database, mailer: 'from-config', logger });
    try {
      const user = await buildUser(t.deps.db, { role: ROLE.manager, password: 'my-secret-password' });
      const token = await loginAs(app2.app, user);
      await app2.app.inject({ method: 'GET', url: '/api/v1/auth/managerauth', headers: { authorization: token } });
      await app2.app.inject({ method: 'GET', url: '/api/v1/auth/managerauth', headers: { authorization: `Bearer ${token}` } });
      await app2.app.inject({ method: 'POST', url: '/api/v1/auth/forgetpswd', payload: { email: user.email }, remoteAddress: '10.9.9.9' });
      const outbox = path.join(app2.config.dataDir, 'outbox');
      const mail = readFileSync(path.join(outbox, readdirSync(outbox)[0]!), 'utf8');
      const code = /password is (\d{6})/.exec(mail)![1]!;
      await app2.app.inject({ method: 'POST', url: '/api/v1/auth/verifyotp', payload: { email: user.email, otp: code }, remoteAddress: '10.9.9.9' });
      const log = lines.join('');
      expect(log.length).toBeGreaterThan(0);
      expect(log).toContain('/api/v1/auth/managerauth');
      expect(log).not.toContain('my-secret-password');
      expect(log).not.toContain(token);
      expect(log).not.toContain(code);
    } finally {
      await app2.app.close();
    }
  });
});
