import { createHash, randomBytes } from 'node:crypto';

/** A new opaque session token: 32 random bytes, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token or a code: its SHA-256, hex. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * Reads the token from an Authorization header: the token itself (SPEC §7) or
 * "Bearer <token>".
 */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const value = header.trim();
  const match = /^Bearer\s+(.+)$/i.exec(value);
  const token = (match ? match[1]! : value).trim();
  return token.length > 0 && token.length <= 200 ? token : null;
}
