import { describe, expect, it } from 'vitest';
import { clearedResetTicketCookie, RESET_TICKET_COOKIE, resetTicketCookie, resetTicketFromCookieHeader } from './reset-cookie.js';
import { newToken } from './tokens.js';

const options = { path: '/api/v1/auth/resetpassword', secure: false };

describe('reset ticket cookie', () => {
  it('is HttpOnly, SameSite=Strict, for the reset path, Secure only when asked', () => {
    const ticket = newToken();
    expect(resetTicketCookie(ticket, 600, options)).toBe(
      `${RESET_TICKET_COOKIE}=${ticket}; Path=/api/v1/auth/resetpassword; Max-Age=600; HttpOnly; SameSite=Strict`,
    );
    expect(resetTicketCookie(ticket, 600, { ...options, secure: true })).toMatch(/; Secure$/);
    expect(clearedResetTicketCookie(options)).toBe(
      `${RESET_TICKET_COOKIE}=; Path=/api/v1/auth/resetpassword; Max-Age=0; HttpOnly; SameSite=Strict`,
    );
    // a value that could break out of the header is refused, not written
    expect(() => resetTicketCookie('a; Path=/', 600, options)).toThrow();
  });

  it('reads the ticket among other cookies and ignores anything that is not a ticket', () => {
    const ticket = newToken();
    expect(resetTicketFromCookieHeader(`theme=dark; ${RESET_TICKET_COOKIE}=${ticket}; other=1`)).toBe(ticket);
    expect(resetTicketFromCookieHeader(`${RESET_TICKET_COOKIE}="${ticket}"`)).toBe(ticket);
    expect(resetTicketFromCookieHeader([`a=1`, `${RESET_TICKET_COOKIE}=${ticket}`])).toBe(ticket);
    // the first well-formed value wins; an empty (cleared) or malformed one is skipped
    expect(resetTicketFromCookieHeader(`${RESET_TICKET_COOKIE}=; ${RESET_TICKET_COOKIE}=${ticket}`)).toBe(ticket);
    expect(resetTicketFromCookieHeader(`${RESET_TICKET_COOKIE}=not a ticket!`)).toBeUndefined();
    expect(resetTicketFromCookieHeader(`x${RESET_TICKET_COOKIE}=${ticket}`)).toBeUndefined();
    expect(resetTicketFromCookieHeader(`${RESET_TICKET_COOKIE}`)).toBeUndefined();
    expect(resetTicketFromCookieHeader('')).toBeUndefined();
    expect(resetTicketFromCookieHeader(undefined)).toBeUndefined();
    expect(resetTicketFromCookieHeader(`${RESET_TICKET_COOKIE}=${'a'.repeat(201)}`)).toBeUndefined();
  });
});
