/**
 * Calls started before the code that makes them has loaded (issue 15, decision 0023).
 * After sign-in on a slow phone, the supervisor area's code takes seconds to arrive, and
 * only then would its session check and list ask the server; a route loader
 * (route-prefetch.ts) asks at once instead, and the call that later wants the same
 * address with the same session takes the answer on its way (client.ts), once.
 *
 * Only GETs, only with a session. An answer nobody took is forgotten a few seconds after
 * it came, so a later visit never gets an old one. This file is in the first download:
 * no schemas here (the taker reads and reports the answer as its own).
 */
import { API_BASE } from './base.js';

interface Early {
  response: Promise<Response>;
}

/** How long an answer nobody took is kept after it came. */
export const EARLY_KEEP_MS = 10_000;

const pending = new Map<string, Early>();
const keyOf = (path: string, token: string) => `${token} ${path}`;

/** Starts GET {API_BASE}{path} with the session, unless the same call is already on its way. */
export function startEarlyGet(path: string, token: string): void {
  const key = keyOf(path, token);
  if (pending.has(key)) return;
  const entry: Early = {
    response: fetch(`${API_BASE}${path}`, { method: 'GET', headers: { accept: 'application/json', authorization: token }, credentials: 'same-origin' }),
  };
  pending.set(key, entry);
  const forget = () => {
    setTimeout(() => {
      if (pending.get(key) === entry) pending.delete(key);
    }, EARLY_KEEP_MS);
  };
  // also handles a failure here, so an answer nobody takes is no unhandled rejection
  entry.response.then(forget, forget);
}

/** The answer of a call started early to this address with this session (taken once), or null. */
export function takeEarlyGet(path: string, token: string | null | undefined): Promise<Response> | null {
  if (!token) return null;
  const key = keyOf(path, token);
  const entry = pending.get(key);
  if (!entry) return null;
  pending.delete(key);
  return entry.response;
}

/** Forgets every call started early (sign-out: nothing of this session may be handed on). */
export function forgetEarlyGets(): void {
  pending.clear();
}
