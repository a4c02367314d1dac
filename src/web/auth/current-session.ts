/**
 * The session signed in on this phone right now, as plain state: active-session.ts sets it
 * (and handles its end); the offline code that runs when a session ends (offline/
 * session-end.ts, offline/list-cache.ts) reads it here, so that it does not import the
 * module that loads it (no import circle).
 */

export interface ActiveSession {
  userId: string;
  token: string;
}

let active: ActiveSession | null = null;

/** The account signed in on this phone and its token, or null. */
export function activeSession(): ActiveSession | null {
  return active;
}

/** Only active-session.ts's followSession calls this: it also ends the session it replaces. */
export function setActiveSession(next: ActiveSession | null): void {
  active = next;
}
