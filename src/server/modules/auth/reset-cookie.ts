/**
 * The reset-ticket cookie, written and read by hand (no cookie plugin is installed).
 * It only ever holds a base64url ticket, so no value encoding is needed; anything else
 * found under its name is ignored.
 */

export const RESET_TICKET_COOKIE = 'dutyroll_reset_ticket';

/** What a ticket looks like (newToken(): 32 bytes, base64url). */
const TICKET_PATTERN = /^[A-Za-z0-9_-]{20,200}$/;

export interface ResetCookieOptions {
  /** The one path the browser sends it to: the reset call. */
  path: string;
  /** Set on HTTPS, so the ticket never travels in clear text. */
  secure: boolean;
}

function attributes(options: ResetCookieOptions, maxAgeSeconds: number): string {
  const parts = [`Path=${options.path}`, `Max-Age=${maxAgeSeconds}`, 'HttpOnly', 'SameSite=Strict'];
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/** The Set-Cookie value that hands the browser a reset ticket for `maxAgeSeconds`. */
export function resetTicketCookie(ticket: string, maxAgeSeconds: number, options: ResetCookieOptions): string {
  if (!TICKET_PATTERN.test(ticket)) throw new Error('a reset ticket must be base64url');
  return `${RESET_TICKET_COOKIE}=${ticket}; ${attributes(options, maxAgeSeconds)}`;
}

/** The Set-Cookie value that removes the reset ticket from the browser. */
export function clearedResetTicketCookie(options: ResetCookieOptions): string {
  return `${RESET_TICKET_COOKIE}=; ${attributes(options, 0)}`;
}

/**
 * The reset ticket from a Cookie request header, if one that looks like a ticket is there.
 * When the name appears twice (a stale cookie of a wider path), the first well-formed value
 * is taken: browsers list the cookie of the most specific path first.
 */
export function resetTicketFromCookieHeader(header: string | string[] | undefined): string | undefined {
  if (!header) return undefined;
  const text = Array.isArray(header) ? header.join('; ') : header;
  if (text.length > 8192) return undefined;
  for (const pair of text.split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0) continue;
    if (pair.slice(0, separator).trim() !== RESET_TICKET_COOKIE) continue;
    let value = pair.slice(separator + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    if (TICKET_PATTERN.test(value)) return value;
  }
  return undefined;
}
