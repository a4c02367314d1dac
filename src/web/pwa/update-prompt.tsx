import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';

const NOTIFICATION_ID = 'pwa-update';

/** The prompt's content; a component, so it follows a change of language. */
function UpdateMessage({ apply }: { apply: () => void }) {
  const { t } = useTranslation();
  const [reloading, setReloading] = useState(false);
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm" fw={500}>
        {t('pwa.newVersion')}
      </Text>
      <Button
        size="xs"
        loading={reloading}
        onClick={() => {
          setReloading(true);
          apply();
        }}
      >
        {t('pwa.reload')}
      </Button>
    </Group>
  );
}

/** "A new version is available — Reload", until the person reloads or closes it. */
export function showUpdatePrompt(apply: () => void): void {
  notifications.hide(NOTIFICATION_ID);
  notifications.show({
    id: NOTIFICATION_ID,
    message: <UpdateMessage apply={apply} />,
    autoClose: false,
    withCloseButton: true,
    color: 'teal',
  });
}
