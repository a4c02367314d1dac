import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { forgetEarlyGets } from '../api/early-requests.js';
import { forgetConfirmedAreas } from './confirmed-areas.js';
import { AUTH_STORAGE_KEY, parseSession, readStoredSession, writeStoredSession, type Session, type SessionUser } from './session.js';

interface AuthState {
  user: SessionUser | null;
  token: string | null;
  /** True between a logout and the redirect to /login, so guards do not flash their countdown. */
  signingOut: boolean;
  signIn: (session: Session) => void;
  /** Clears the session from memory and storage (no server call; see useLogout). */
  clear: (options?: { signingOut?: boolean }) => void;
  finishSigningOut: () => void;
}

const AuthContext = createContext<AuthState | null>(null);

/** The shared session (SPEC §3): restored from localStorage on load, kept in sync across tabs. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(() => readStoredSession());
  const [signingOut, setSigningOut] = useState(false);

  useEffect(() => {
    // Another tab signed in or out: follow it.
    const onStorage = (event: StorageEvent) => {
      if (event.key === AUTH_STORAGE_KEY || event.key === null) setSession(parseSession(event.newValue));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const signIn = useCallback((next: Session) => {
    forgetConfirmedAreas();
    writeStoredSession(next);
    setSession(next);
    setSigningOut(false);
  }, []);

  const clear = useCallback((options?: { signingOut?: boolean }) => {
    forgetConfirmedAreas();
    forgetEarlyGets();
    writeStoredSession(null);
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
