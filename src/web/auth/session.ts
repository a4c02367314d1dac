import type { AuthUser } from '../../shared/schemas/auth.js';

/** Browser storage key of the session (SPEC §3, §9). */
export const AUTH_STORAGE_KEY = 'auth';

/**
 * The stored user. Lenient on purpose: the landing page must see a role value that is
 * not valid so it can clear that session (SPEC §2), and older entries may lack fields.
 * Checked by hand rather than with zod: this runs on every page, and zod would add
 * about 25 KB (gzipped) to the JavaScript every public page loads. The shape is the
 * login answer's user (a type-only import: no code).
 */
export type SessionUser = Omit<AuthUser, 'role'> & { role: unknown };

export interface Session {
  user: SessionUser;
  token: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function toSession(value: unknown): Session | null {
  if (!isRecord(value) || !isRecord(value.user)) return null;
  const { user, token } = value;
  if (typeof token !== 'string' || token.length === 0 || typeof user._id !== 'string') return null;
  return {
    user: {
      _id: user._id,
      name: typeof user.name === 'string' ? user.name : '',
      email: typeof user.email === 'string' ? user.email : '',
      role: user.role,
      work: typeof user.work === 'string' ? user.work : null,
    },
    token,
  };
}

/** Reads the stored session; a broken entry is removed and counts as signed out. */
export function readStoredSession(storage: Storage = window.localStorage): Session | null {
  let raw: string | null;
  try {
    raw = storage.getItem(AUTH_STORAGE_KEY);
  } catch {
    return null; // storage disabled (private mode, policy)
  }
  return parseSession(raw, storage);
}

export function parseSession(raw: string | null, storage?: Storage): Session | null {
  if (!raw) return null;
  try {
    const session = toSession(JSON.parse(raw));
    if (session) return session;
  } catch {
    // not JSON
  }
  try {
    storage?.removeItem(AUTH_STORAGE_KEY);
  } catch {
    // ignore
  }
  return null;
}

export function writeStoredSession(session: Session | null, storage: Storage = window.localStorage): void {
  try {
    if (session) storage.setItem(AUTH_STORAGE_KEY, JSON.stringify(session));
    else storage.removeItem(AUTH_STORAGE_KEY);
  } catch {
    // The session still lives in memory for this tab.
  }
}
