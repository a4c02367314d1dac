import { Alert, Button, Group, Text } from '@mantine/core';
import { useErrorText } from '../api/error-text.js';

/** A list that could not be loaded: why, and a button to ask again. */
export function RetryAlert({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const errorText = useErrorText();
  return (
    <Alert color="red" variant="light" mb="md" role="alert">
      <Group justify="space-between" gap="xs">
        <Text size="sm">{errorText(error)}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          Try again
        </Button>
      </Group>
    </Alert>
  );
}
