import { Center, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './route-error.module.css';

/**
 * Shown when a screen's code could not be loaded and a reload did not help or cannot
 * (offline, on a screen this phone never kept): says so and offers a reload. Part of the
 * first download, so it shows without the network.
 */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="sm" maw={420} role="alert">
        <Text fw={600} size="lg" ta="center">
          {t('pwa.pageFailed')}
        </Text>
        <Text c="dimmed" ta="center">
          {t('pwa.pageFailedHint')}
        </Text>
        <button type="button" className={classes.reload} onClick={() => window.location.reload()}>
          {t('pwa.reload')}
        </button>
      </Stack>
    </Center>
  );
}
