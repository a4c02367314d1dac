import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { translateAnswer, useMessages } from '../i18n/messages.js';
import type { OutboxEntry } from './outbox-types.js';

/** Above a form opened by Fix: the server's refusal, and that saving sends the change again. */
export function FixNotice({ entry }: { entry: OutboxEntry }) {
  const { t } = useTranslation();
  useMessages(); // the refusal below follows a language change
  return (
    <Alert color="orange" variant="light" data-testid="fix-notice">
      {entry.refusal && (
        <Text size="sm" fw={600}>
          {entry.refusal.message ? translateAnswer(entry.refusal) : t('offline.noServerMessage')}
        </Text>
      )}
      <Text size="sm">{t('offline.fixing')}</Text>
    </Alert>
  );
}
