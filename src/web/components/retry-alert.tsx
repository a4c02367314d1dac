import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../api/error-text.js';

/** A list that could not be loaded: why, and a button to ask again. */
export function RetryAlert({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const errorText = useErrorText();
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" mb="md" role="alert">
      <Group justify="space-between" gap="xs">
        <Text size="sm">{errorText(error)}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {t('common.tryAgain')}
        </Button>
      </Group>
    </Alert>
  );
}
