import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useAuth } from '../auth/auth-context.js';
import { useLogout } from '../auth/use-logout.js';
import { unsentCount } from './idb-store.js';

// the question loads when first asked (decision 0023)
const SignOutDialog = lazy(() => import('./sign-out-dialog.js'));

/**
 * Sign-out with the outbox in mind (issue 14): when changes kept on this phone have not
 * reached the server (waiting or refused), ask first — signing out clears them. Used by
 * every Logout button; the clearing itself is in useLogout.
 */
export function useGuardedLogout(): { logout: () => void; dialog: ReactNode } {
  const { user } = useAuth();
  const logout = useLogout();
  const [unsent, setUnsent] = useState(0);
  // once asked the dialog stays mounted, so closing keeps Mantine's transition and focus return
  const [asked, setAsked] = useState(false);
  if (unsent > 0 && !asked) setAsked(true);

  async function requestLogout() {
    const count = user ? await unsentCount(user._id).catch(() => 0) : 0;
    if (count > 0) setUnsent(count);
    else void logout();
  }

  const dialog = asked ? (
    <Suspense fallback={null}>
      <SignOutDialog
        unsent={unsent}
        onStay={() => setUnsent(0)}
        onSignOut={() => {
          setUnsent(0);
          void logout();
        }}
      />
    </Suspense>
  ) : null;
  return { logout: () => void requestLogout(), dialog };
}
