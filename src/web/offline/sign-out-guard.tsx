import { useState, type ReactNode } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { AppModal } from '../components/app-modal.js';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth/auth-context.js';
import { useLogout } from '../auth/use-logout.js';
import { unsentCount } from './idb-store.js';

/**
 * Sign-out with the outbox in mind (issue 14): when changes kept on this phone have not
 * reached the server (waiting or refused), ask first — signing out clears them. Used by
 * every Logout button; the clearing itself is in useLogout.
 */
export function useGuardedLogout(): { logout: () => void; dialog: ReactNode } {
  const { t } = useTranslation();
  const { user } = useAuth();
  const logout = useLogout();
  const [unsent, setUnsent] = useState(0);

  async function requestLogout() {
    const count = user ? await unsentCount(user._id).catch(() => 0) : 0;
    if (count > 0) setUnsent(count);
    else void logout();
  }

  const dialog = (
    <AppModal opened={unsent > 0} onClose={() => setUnsent(0)} title={<Text fw={700} size="lg">{t('offline.signOutTitle')}</Text>} centered radius="lg">
      <Stack gap="lg">
        <Text>{t('offline.signOutWarning', { count: unsent })}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="md" onClick={() => setUnsent(0)} data-autofocus>
            {t('offline.stay')}
          </Button>
          <Button
            color="red"
            size="md"
            onClick={() => {
              setUnsent(0);
              void logout();
            }}
          >
            {t('offline.signOutAnyway')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
  return { logout: () => void requestLogout(), dialog };
}
