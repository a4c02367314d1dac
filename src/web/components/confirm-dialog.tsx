import type { ReactNode } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { AppModal } from './app-modal.js';
import { useMessages } from '../i18n/messages.js';

/**
 * A yes/no question before a change that is hard to undo: adding or deleting a bill
 * (SPEC §5), disabling an account, removing a state. The question is the dialog's title
 * and its accessible name; `children` may explain it.
 */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  color = 'teal',
  busy = false,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  color?: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const m = useMessages();
  return (
    <AppModal opened={opened} onClose={onClose} title={<Text fw={700} size="lg">{title}</Text>} centered size="md" radius="lg">
      <Stack gap="lg">
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy} size="md">
            {m('cancel')}
          </Button>
          <Button color={color} onClick={onConfirm} loading={busy} size="md" data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
