import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { forgetEarlyGets } from '../api/early-requests.js';
import { followSession, type ActiveSession } from './active-session.js';
import { forgetConfirmedAreas } from './confirmed-areas.js';
import { AUTH_STORAGE_KEY, parseSession, readStoredSession, writeStoredSession, type Session, type SessionUser } from './session.js';

interface AuthState {
  user: SessionUser | null;
  token: string | null;
  /** True between a logout and the redirect to /login, so guards do not flash their countdown. */
  signingOut: boolean;
  signIn: (session: Session) => void;
  /**
   * Clears the session from memory and storage (no server call; see useLogout). The account's
   * saved lists go with it; its unsent changes are kept unless `discardUnsent` (Logout).
   */
  clear: (options?: { signingOut?: boolean; discardUnsent?: boolean }) => void;
  finishSigningOut: () => void;
}

const AuthContext = createContext<AuthState | null>(null);

const activeOf = (session: Session | null): ActiveSession | null => (session ? { userId: session.user._id, token: session.token } : null);

/**
 * The shared session (SPEC §3): restored from localStorage on load, kept in sync across tabs.
 * Every change is told to active-session.ts, which ends the last account's session on this
 * phone (its saved lists) when another one, or none, takes its place.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(() => {
    const stored = readStoredSession();
    followSession(activeOf(stored));
    return stored;
  });
  const [signingOut, setSigningOut] = useState(false);

  useEffect(() => {
    // Another tab signed in or out: follow it.
    const onStorage = (event: StorageEvent) => {
      if (event.key !== AUTH_STORAGE_KEY && event.key !== null) return;
      const next = parseSession(event.newValue);
      followSession(activeOf(next));
      setSession(next);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const signIn = useCallback((next: Session) => {
    forgetConfirmedAreas();
    writeStoredSession(next);
    followSession(activeOf(next));
    setSession(next);
    setSigningOut(false);
  }, []);

  const clear = useCallback((options?: { signingOut?: boolean; discardUnsent?: boolean }) => {
    forgetConfirmedAreas();
    forgetEarlyGets();
    writeStoredSession(null);
    followSession(null, { discardUnsent: options?.discardUnsent ?? false });
    setSession(null);
    if (options?.signingOut) setSigningOut(true);
  }, []);

  const finishSigningOut = useCallback(() => setSigningOut(false), []);

  const value = useMemo<AuthState>(
    () => ({ user: session?.user ?? null, token: session?.token ?? null, signingOut, signIn, clear, finishSigningOut }),
    [session, signingOut, signIn, clear, finishSigningOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
