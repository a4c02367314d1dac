import { useSyncExternalStore } from 'react';
import { Center, Stack, Text } from '@mantine/core';
import { i18next } from '../i18n/i18n.js';
import classes from './route-error.module.css';

/**
 * The active language, re-rendering on a change. Here instead of react-i18next's
 * useTranslation, which no other part of the first download uses: this screen is part of
 * the first download (it must show without the network), and / stays within its budget.
 */
function subscribe(onChange: () => void): () => void {
  i18next.on('languageChanged', onChange);
  return () => i18next.off('languageChanged', onChange);
}
const language = () => i18next.language;

/**
 * Shown when a screen's code could not be loaded and a reload did not help or cannot
 * (offline, on a screen this phone never kept): says so and offers a reload.
 */
export function RouteError() {
  useSyncExternalStore(subscribe, language, language);
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="sm" maw={420} role="alert">
        <Text fw={600} size="lg" ta="center">
          {i18next.t('pwa.pageFailed')}
        </Text>
        <Text c="dimmed" ta="center">
          {i18next.t('pwa.pageFailedHint')}
        </Text>
        <button type="button" className={classes.reload} onClick={() => window.location.reload()}>
          {i18next.t('pwa.reload')}
        </button>
      </Stack>
    </Center>
  );
}
