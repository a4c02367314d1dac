import { lazy, Suspense, useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOnline, useOutboxStatus } from './outbox-provider.js';

// the list of kept changes loads when first opened (decision 0023)
const KeptChangesDialog = lazy(() => import('./kept-changes-dialog.js'));

/**
 * The outbox on screen (decision 0020): "You are offline", "2 changes waiting to send" (or
 * "Sending…"), refused changes and "Sign in to send your changes", above every page of a
 * signed-in area while there is something to say; Review opens the list of kept changes,
 * where a refused one shows the server's message and what was entered, to Fix or Discard.
 */
export function OfflineStatus() {
  const { t } = useTranslation();
  const online = useOnline();
  const { entries, sending, needsSignIn } = useOutboxStatus();
  const [reviewing, setReviewing] = useState(false);
  // once opened it stays mounted, so closing keeps Mantine's transition and focus return
  const [wanted, setWanted] = useState(false);
  if (reviewing && !wanted) setWanted(true);
  const waiting = entries.filter((entry) => entry.state !== 'refused').length;
  const refused = entries.filter((entry) => entry.state === 'refused').length;
  if (online && entries.length === 0 && !needsSignIn) return null;

  return (
    <Stack gap="xs" mb="md" role="status" aria-live="polite" data-testid="offline-status">
      {!online && (
        <Alert color="gray" variant="light" py="xs">
          <Text size="sm" fw={600}>
            {t('offline.youAreOffline')}
          </Text>
        </Alert>
      )}
      {needsSignIn && entries.length > 0 && (
        <Alert color="orange" variant="light" py="xs">
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={600}>
              {t('offline.signInToSend')}
            </Text>
            <Anchor component={Link} to="/login" fw={600} size="sm">
              {t('offline.signIn')}
            </Anchor>
          </Group>
        </Alert>
      )}
      {(waiting > 0 || refused > 0) && (
        <Paper withBorder radius="md" px="md" py="xs" bg={refused > 0 ? 'red.0' : 'yellow.0'}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Stack gap={0}>
              {waiting > 0 && (
                <Text size="sm" fw={600}>
                  {sending ? t('offline.sending') : t('offline.waiting', { count: waiting })}
                </Text>
              )}
              {refused > 0 && (
                <Text size="sm" fw={600} c="red.8">
                  {t('offline.refused', { count: refused })}
                </Text>
              )}
            </Stack>
            <Button size="sm" variant={refused > 0 ? 'filled' : 'default'} color={refused > 0 ? 'red' : undefined} onClick={() => setReviewing(true)}>
              {t('offline.review')}
            </Button>
          </Group>
        </Paper>
      )}
      {wanted && (
        <Suspense fallback={null}>
          <KeptChangesDialog opened={reviewing} onClose={() => setReviewing(false)} />
        </Suspense>
      )}
    </Stack>
  );
}
