/**
 * Component tests against the real API (decision 0025): the whole Fastify app on its own
 * in-memory PGlite, with the web client's fetch answered by app.inject (no sockets, no
 * hand-written answers), and the app's real routes, providers, theme and English texts.
 */
import { randomBytes } from 'node:crypto';
import { render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { inject, vi } from 'vitest';
import { AuthProvider } from '../../src/web/auth/auth-context.js';
import { writeStoredSession, type Session } from '../../src/web/auth/session.js';
import { forgetEarlyGets } from '../../src/web/api/early-requests.js';
import { queryClient } from '../../src/web/query-client.js';
import { routes } from '../../src/web/router.js';
import { theme } from '../../src/web/theme.js';
import '../../src/web/i18n/i18n.js';
import { presentUser } from '../../src/server/modules/auth/accounts.service.js';
import type { Role } from '../../src/shared/roles.js';
import { openEmbeddedTestDatabase } from '../helpers/embedded-template.js';
import { buildUser, sessionToken } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

export type { TestApp };

/**
 * The app on a fresh in-memory PGlite, a copy of the run's migrated one (test/web/global-setup.ts),
 * whatever DATABASE_URL says: the server suite covers PostgreSQL. `clock` fixes the server's
 * "now" (the payroll's: a month can be finalised once it has ended); the page's own Date is
 * left alone.
 */
export async function startApi(options: { clock?: { now: Date } } = {}): Promise<TestApp> {
  const database = await openEmbeddedTestDatabase(inject('embeddedTemplate'));
  const api = await createTestApp({ database, clock: options.clock });
  serveFetch(api);
  return {
    ...api,
    async close() {
      vi.unstubAllGlobals();
      await api.close();
      await database.close();
    },
  };
}

/** The page's fetch answered by the app: the request as the browser would send it, through inject. */
function serveFetch(api: TestApp): void {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(new URL(input instanceof Request ? input.url : String(input), 'http://localhost:3000'), init);
    if (init?.signal?.aborted) throw init.signal.reason;
    const url = new URL(request.url);
    // inject answers once the whole reply is in: an endless stream (chat's SSE) is not served, as if the line dropped
    if (url.pathname.endsWith('/chat/stream')) throw new TypeError('Failed to fetch');
    const headers: Record<string, string> = {};
    request.headers.forEach((value, key) => (headers[key] = value));
    const payload = request.method === 'GET' || request.method === 'HEAD' ? undefined : Buffer.from(await request.arrayBuffer());
    const answer = await api.app.inject({ method: request.method as 'GET', url: url.pathname + url.search, headers, payload });
    const responseHeaders = new Headers();
    for (const [key, value] of Object.entries(answer.headers)) {
      if (value !== undefined) responseHeaders.set(key, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304 || request.method === 'HEAD';
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers: responseHeaders });
  });
}

/**
 * A new account of this role, signed in by a session the server's createSession inserts
 * (no password hashed or checked, decision 0034; the tests of signing in use the real
 * login); the session is stored as the login page stores it.
 */
export async function signIn(api: TestApp, overrides: { role?: Role; work?: string | null; name?: string } = {}): Promise<Session> {
  const user = await buildUser(api.deps.db, { email: `web-${randomBytes(5).toString('hex')}@example.com`, ...overrides });
  const session: Session = { token: await sessionToken(api, user), user: presentUser(user) };
  writeStoredSession(session);
  return session;
}

/**
 * Opens the app at `path` (after signIn, as that user): the real route table in a memory
 * router, inside the providers main.tsx uses, with the toasts shown. Each call starts with
 * an empty query cache.
 */
export function renderApp(path: string) {
  queryClient.clear();
  forgetEarlyGets();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // no pause between keystrokes: typing is not what is under test, and the CI machine is shared
  const user = userEvent.setup({ delay: null });
  const view = render(
    <MantineProvider theme={theme} defaultColorScheme="light" env="test">
      <Notifications />
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </MantineProvider>,
  );
  return { ...view, router, user };
}
