import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { LOGOUT_REDIRECT_MS } from '../../shared/limits.js';
import { logout } from '../api/auth.js';
import { messageText } from '../i18n/messages.js';
import { sessionEndSettled } from './active-session.js';
import { useAuth } from './auth-context.js';

/**
 * Logout (SPEC §4): revoke the session on the server, clear state and storage (with the
 * account's offline outbox and saved lists, decision 0020: the buttons warn first when
 * changes are unsent), toast, and go to /login after one second.
 */
export function useLogout(): () => Promise<void> {
  const { token, clear, finishSigningOut } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const revoking = logout(token);
    clear({ signingOut: true, discardUnsent: true });
    const forgetting = sessionEndSettled();
    queryClient.clear();
    notifications.show({ color: 'green', message: messageText('loggedOut') });
    window.setTimeout(() => {
      navigate('/login', { replace: true });
      finishSigningOut();
    }, LOGOUT_REDIRECT_MS);
    await Promise.all([revoking, forgetting]);
  }, [token, clear, finishSigningOut, navigate, queryClient]);
}
