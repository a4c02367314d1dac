import { useAuth } from '../auth/auth-context.js';
import { useGuardedLogout } from '../offline/sign-out-guard.js';
// English beyond the public site's texts, in before this part is drawn (i18n/english.ts)
import '../i18n/english.js';
import { useMessages } from '../i18n/messages.js';
import { WithQueries } from '../query-client.js';
import classes from './site-layout.module.css';

/**
 * The top bar's right end for a signed-in person: their name and Logout (SPEC §2 common
 * layout). A chunk of its own, loaded only when someone is signed in, because logging out
 * calls the API and the public pages should not carry the API client.
 */
export default function SignedInActions() {
  // Logout empties the query cache
  return (
    <WithQueries>
      <NameAndLogout />
    </WithQueries>
  );
}

function NameAndLogout() {
  const { user } = useAuth();
  const { logout, dialog } = useGuardedLogout();
  const m = useMessages();
  if (!user) return null;
  return (
    <>
      <span className={classes.userName} title={user.name}>
        {user.name}
      </span>
      <button type="button" className={classes.logoutButton} onClick={logout}>
        {m('logout')}
      </button>
      {dialog}
    </>
  );
}
