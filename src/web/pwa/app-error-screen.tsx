import { Center, Stack, Text, Title } from '@mantine/core';
import { i18next } from '../i18n/i18n.js';
import classes from './route-error.module.css';

/**
 * The app's last-resort screen, when something outside every page failed (the router
 * itself, a provider): no router to go back with, so it offers a fresh load of the page.
 */
export function AppErrorScreen() {
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="sm" maw={440} role="alert">
        <Title order={1} fz={22} ta="center">
          {i18next.t('pwa.pageBroken')}
        </Title>
        <Text c="dimmed" ta="center">
          {i18next.t('pwa.pageFailedHint')}
        </Text>
        <div className={classes.actions}>
          <button type="button" className={classes.primary} onClick={() => window.location.reload()}>
            {i18next.t('common.tryAgain')}
          </button>
        </div>
      </Stack>
    </Center>
  );
}
