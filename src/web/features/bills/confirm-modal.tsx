import { Button, Group, Modal, Text } from '@mantine/core';
import { MSG } from '../../../shared/messages.js';

/** A yes/no question before a bill is added or deleted (SPEC §5). */
export function ConfirmModal({
  opened,
  question,
  confirmLabel,
  color = 'teal',
  busy = false,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  question: string;
  confirmLabel: string;
  color?: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} withCloseButton={false} centered size="sm" radius="lg" aria-label={question}>
      <Text fw={600} size="lg" mb="lg">
        {question}
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={busy} size="md">
          {MSG.billCancel}
        </Button>
        <Button color={color} onClick={onConfirm} loading={busy} size="md" data-autofocus>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
