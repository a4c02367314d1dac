import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../api/error-text.js';
import { useMessages } from '../i18n/messages.js';

/** A list that could not be loaded: why, and a button to ask again. */
export function RetryAlert({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const m = useMessages();
  return (
    <Alert color="red" variant="light" mb="md" role="alert">
      <Group justify="space-between" gap="xs">
        <Text size="sm">{m(errorText(error))}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {t('common.tryAgain')}
        </Button>
      </Group>
    </Alert>
  );
}
