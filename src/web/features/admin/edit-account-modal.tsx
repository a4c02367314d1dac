import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { ChoiceSelect } from '../../components/choice-select.js';
import { AppModal } from '../../components/app-modal.js';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../../shared/roles.js';
import type { Account } from '../../../shared/schemas/admin.js';
import { errorText } from '../../api/error-text.js';
import { translateAnswer, useMessages } from '../../i18n/messages.js';
import { roleOptions } from './admin-display.js';
import { useUpdateAccount } from './api.js';
import { WORK_OPTIONS } from './create-account-modal.js';

/**
 * Changes an account's role and work type. A changed role ends the account's sessions
 * (the server does it), and the last admin cannot be demoted: the server's 409 message
 * shows here.
 */
export function EditAccountModal({ account, onClose }: { account: Account | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <AppModal opened={account !== null} onClose={onClose} title={<Text fw={700} size="lg">{t('admin.accounts.changeRoleWork')}</Text>} centered radius="lg">
      {account ? <EditAccountForm key={account._id} account={account} onClose={onClose} /> : null}
    </AppModal>
  );
}

function EditAccountForm({ account, onClose }: { account: Account; onClose: () => void }) {
  const { t } = useTranslation();
  const m = useMessages();
  const update = useUpdateAccount();
  const [role, setRole] = useState(String(account.role));
  const [work, setWork] = useState(account.work ?? '');
  const [message, setMessage] = useState<string | null>(null);
  const unchanged = role === String(account.role) && work === (account.work ?? '');

  async function save() {
    setMessage(null);
    try {
      const answer = await update.mutateAsync({ id: account._id, change: { role: Number(role) as Role, work: work || null } });
      notifications.show({ color: 'teal', message: translateAnswer(answer) });
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
      <ChoiceSelect label={t('admin.accounts.role')} data={roleOptions(t)} value={role} onChange={(value) => setRole(value ?? role)} />
      <ChoiceSelect label={t('admin.accounts.workType')} data={WORK_OPTIONS} value={work || null} onChange={(value) => setWork(value ?? '')} clearable placeholder={t('admin.accounts.none')} />
      {role !== String(account.role) ? (
        <Text size="sm" c="dimmed">
          {t('admin.editAccount.roleChangeNote')}
        </Text>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={update.isPending}>
          {m('cancel')}
        </Button>
        <Button onClick={() => void save()} loading={update.isPending} disabled={unchanged}>
          {m('billSave')}
        </Button>
      </Group>
    </Stack>
  );
}
