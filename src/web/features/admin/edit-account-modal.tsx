import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Role } from '../../../shared/roles.js';
import type { Account } from '../../../shared/schemas/admin.js';
import { errorText } from '../../api/error-text.js';
import { ROLE_OPTIONS } from './admin-display.js';
import { useUpdateAccount } from './api.js';
import { WORK_OPTIONS } from './create-account-modal.js';
import { translateMessage } from '../../i18n/messages.js';

/**
 * Changes an account's role and work type. A changed role ends the account's sessions
 * (the server does it), and the last admin cannot be demoted: the server's 409 message
 * shows here.
 */
export function EditAccountModal({ account, onClose }: { account: Account | null; onClose: () => void }) {
  return (
    <Modal opened={account !== null} onClose={onClose} title={<Text fw={700} size="lg">Change role and work type</Text>} centered radius="lg">
      {account ? <EditAccountForm key={account._id} account={account} onClose={onClose} /> : null}
    </Modal>
  );
}

function EditAccountForm({ account, onClose }: { account: Account; onClose: () => void }) {
  const update = useUpdateAccount();
  const [role, setRole] = useState(String(account.role));
  const [work, setWork] = useState(account.work ?? '');
  const [message, setMessage] = useState<string | null>(null);
  const unchanged = role === String(account.role) && work === (account.work ?? '');

  async function save() {
    setMessage(null);
    try {
      const answer = await update.mutateAsync({ id: account._id, change: { role: Number(role) as Role, work: work || null } });
      notifications.show({ color: 'teal', message: translateMessage(answer.msg) });
      onClose();
    } catch (error) {
      setMessage(errorText(error));
    }
  }

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" className="break-anywhere">
        {account.name} · {account.email}
      </Text>
      {message ? (
        <Alert color="red" variant="light" role="alert">
          {message}
        </Alert>
      ) : null}
      <Select label="Role" data={ROLE_OPTIONS} value={role} onChange={(value) => setRole(value ?? role)} allowDeselect={false} />
      <Select label="Work type" data={WORK_OPTIONS} value={work || null} onChange={(value) => setWork(value ?? '')} clearable placeholder="None" />
      {role !== String(account.role) ? (
        <Text size="sm" c="dimmed">
          A new role signs this person out everywhere; they sign in again with the new role.
        </Text>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={update.isPending}>
          Cancel
        </Button>
        <Button onClick={() => void save()} loading={update.isPending} disabled={unchanged}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}
