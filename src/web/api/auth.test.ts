import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetPassword, verifyResetCode } from './auth.js';

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => vi.unstubAllGlobals());

describe('password reset calls', () => {
  it('keep the ticket of verifyotp and send it back with the new password, cookies included', async () => {
    const fetchMock = vi.fn(async (..._args: unknown[]) => answer(200, { success: true, message: 'ok', resetToken: 'ticket-from-server' }));
    vi.stubGlobal('fetch', fetchMock);
    const verified = await verifyResetCode('a@example.com', '123456');
    expect(verified.resetToken).toBe('ticket-from-server');

    fetchMock.mockImplementation(async () => answer(200, { success: true, message: 'done' }));
    await resetPassword('a@example.com', 'a-new-password', verified.resetToken);
    const [url, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(url).toBe('/api/v1/auth/resetpassword');
    expect(JSON.parse(init.body as string)).toEqual({ email: 'a@example.com', newPassword: 'a-new-password', resetToken: 'ticket-from-server' });
    // the HttpOnly ticket cookie goes along only with same-origin credentials
    expect(init.credentials).toBe('same-origin');
  });
});
