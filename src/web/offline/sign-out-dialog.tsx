import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../components/app-modal.js';
import { useOpenedAfterMount } from '../components/opened-after-mount.js';

/**
 * "Sign out anyway?" when changes kept on this phone have not reached the server
 * (sign-out-guard.tsx). Its own chunk, loaded when first asked (decision 0023).
 */
export default function SignOutDialog({ unsent, onStay, onSignOut }: { unsent: number; onStay: () => void; onSignOut: () => void }) {
  const { t } = useTranslation();
  const shown = useOpenedAfterMount(unsent > 0);
  return (
    <AppModal opened={shown} onClose={onStay} title={<Text fw={700} size="lg">{t('offline.signOutTitle')}</Text>} centered radius="lg">
      <Stack gap="lg">
        <Text>{t('offline.signOutWarning', { count: unsent })}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="md" onClick={onStay} data-autofocus>
            {t('offline.stay')}
          </Button>
          <Button color="red" size="md" onClick={onSignOut}>
            {t('offline.signOutAnyway')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
