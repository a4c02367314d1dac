/**
 * Which areas the server has let this session into (issue 14: the supervisor stays signed
 * in while the phone is offline). The session itself — the user's name, role and work
 * type with the token — is already kept in localStorage under "auth" (SPEC §3); this
 * adds, per session, the areas whose check (/auth/userauth, /auth/managerauth,
 * /auth/adminauth) last answered yes. Then:
 *
 * - an area already confirmed opens at once, from memory, while its check runs again;
 * - a check that gets no answer (offline: NetworkError) or a server fault keeps it open;
 * - a check answering no (401, 403) forgets it and shows the access-guard countdown.
 *
 * Nothing secret is added: the entry names the session by a short fingerprint of its
 * token (not the token), and is removed at sign-in and sign-out. The server still
 * decides every request; this only picks the screen.
 */

export const CONFIRMED_AREAS_KEY = 'dutyroll.auth.areas';

interface Entry {
  session: string;
  areas: string[];
}

/** FNV-1a, 32 bits: tells this session's entry from another's, without keeping the token twice. */
export function sessionFingerprint(token: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < token.length; index++) {
    hash ^= token.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

function defaultStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function read(storage: Storage | null): Entry | null {
  try {
    const value = JSON.parse(storage?.getItem(CONFIRMED_AREAS_KEY) ?? 'null') as Partial<Entry> | null;
    if (value && typeof value.session === 'string' && Array.isArray(value.areas)) {
      return { session: value.session, areas: value.areas.filter((area): area is string => typeof area === 'string') };
    }
  } catch {
    // broken entry: counts as none
  }
  return null;
}

/** Whether the server once let this session (token) into this area. */
export function wasConfirmed(area: string, token: string, storage: Storage | null = defaultStorage()): boolean {
  const entry = read(storage);
  return entry !== null && entry.session === sessionFingerprint(token) && entry.areas.includes(area);
}

/** Records the server's answer for this session and area: yes remembers it, no forgets it. */
export function recordAreaCheck(area: string, token: string, allowed: boolean, storage: Storage | null = defaultStorage()): void {
  const session = sessionFingerprint(token);
  const entry = read(storage);
  const areas = new Set(entry?.session === session ? entry.areas : []);
  if (allowed) areas.add(area);
  else areas.delete(area);
  try {
    if (areas.size) storage?.setItem(CONFIRMED_AREAS_KEY, JSON.stringify({ session, areas: [...areas] } satisfies Entry));
    else storage?.removeItem(CONFIRMED_AREAS_KEY);
  } catch {
    // storage full or disabled: the area simply waits for its check next time
  }
}

/** Forgets every confirmation (sign-in, sign-out). */
export function forgetConfirmedAreas(storage: Storage | null = defaultStorage()): void {
  try {
    storage?.removeItem(CONFIRMED_AREAS_KEY);
  } catch {
    // ignore
  }
}
