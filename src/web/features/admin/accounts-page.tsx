import { OTP_DIGITS } from '../../../shared/limits.js';
import { useState } from 'react';
import { Alert, Badge, Button, Group, Menu, Pagination, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { MSG } from '../../../shared/messages.js';
import type { Account } from '../../../shared/schemas/admin.js';
import { toWorkType, WORK_TYPE_SELECT_LABELS } from '../../../shared/work-types.js';
import { useAuth } from '../../auth/auth-context.js';
import { useErrorText } from '../../api/error-text.js';
import { formatDateTime, ROLE_OPTIONS, roleLabel } from './admin-display.js';
import { useAccounts, useEndSessions, useSendReset, useUpdateAccount } from './api.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { useAddressParams } from '../../forms/use-address-params.js';
import { CreateAccountModal, WORK_OPTIONS } from './create-account-modal.js';
import { EditAccountModal } from './edit-account-modal.js';
import tables from './audit.module.css';
import { translateMessage, translateMessageOf } from '../../i18n/messages.js';

const PAGE_SIZE = 50;
const COLUMNS = ['Name', 'Email', 'Role', 'Work type', 'Staff record', 'Status', 'Last sign-in', 'Actions'];
const DISABLED_OPTIONS = [
  { value: 'false', label: 'Enabled' },
  { value: 'true', label: 'Disabled' },
];

type Pending = { kind: 'disable' | 'enable' | 'reset' | 'end-sessions'; account: Account };

/**
 * Every account, filtered and searched in SQL (issue 8). The filters live in the address
 * so the dashboard can link to "disabled accounts" and a reload keeps the view.
 */
export default function AccountsPage() {
  const errorText = useErrorText();
  useDocumentTitle('Accounts · Admin · Dutyroll');
  const { user } = useAuth();
  // on a phone each account is a card (cells stacked), so nothing scrolls sideways
  const phone = useMediaQuery('(max-width: 48em)');
  const { params, update, page } = useAddressParams();
  const search = params.get('q') ?? '';
  const [q] = useDebouncedValue(search.trim(), 300);
  const role = ROLE_OPTIONS.some((option) => option.value === params.get('role')) ? params.get('role')! : '';
  const work = toWorkType(params.get('work')) ?? '';
  const disabled = params.get('disabled') === 'true' || params.get('disabled') === 'false' ? params.get('disabled')! : '';
  const query = useAccounts({ q, role, work, disabled, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const accounts = query.data?.accounts ?? [];
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Account | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const changeAccount = useUpdateAccount();
  const sendReset = useSendReset();
  const endSessions = useEndSessions();
  const busy = changeAccount.isPending || sendReset.isPending || endSessions.isPending;

  async function confirm() {
    if (!pending) return;
    const { kind, account } = pending;
    try {
      let msg: string;
      if (kind === 'disable' || kind === 'enable') msg = (await changeAccount.mutateAsync({ id: account._id, change: { disabled: kind === 'disable' } })).msg;
      else if (kind === 'reset') msg = (await sendReset.mutateAsync(account._id)).msg;
      else msg = (await endSessions.mutateAsync(account._id)).msg;
      notifications.show({ color: 'teal', message: kind === 'disable' ? translateMessageOf('accountDisabledDone', account.name) : kind === 'enable' ? translateMessageOf('accountEnabledDone', account.name) : translateMessage(msg) });
    } catch (error) {
      notifications.show({ color: 'red', message: errorText(error) });
    }
    setPending(null);
  }

  let body;
  if (query.isPending) {
    body = <StatusRow text={MSG.loading} />;
  } else if (query.isError) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={COLUMNS.length}>
          <Alert color="red" variant="light">
            {errorText(query.error)}
          </Alert>
        </Table.Td>
      </Table.Tr>
    );
  } else if (accounts.length === 0) {
    body = <StatusRow text={MSG.noAccountsMatch} />;
  } else {
    body = accounts.map((account) => (
      <Table.Tr key={account._id}>
        <Table.Td fw={600}>
          {account.name}
          {account._id === user?._id ? (
            <Text span size="xs" c="dimmed" ml={6}>
              (you)
            </Text>
          ) : null}
        </Table.Td>
        <Table.Td data-label="Email" className="break-anywhere" style={phone ? undefined : { whiteSpace: 'nowrap' }}>{account.email}</Table.Td>
        <Table.Td data-label="Role">{roleLabel(account.role)}</Table.Td>
        <Table.Td data-label="Work type">{account.work ? (WORK_TYPE_SELECT_LABELS[toWorkType(account.work) ?? 'mcc'] ?? account.work) : '—'}</Table.Td>
        <Table.Td data-label="Staff record">
          {account.staffName ? (
            <>
              {account.staffName}
              {account.staffStatus ? (
                <Text span size="xs" c="dimmed" ml={6}>
                  {account.staffStatus}
                </Text>
              ) : null}
            </>
          ) : (
            <Text span size="sm" c="dimmed">
              None
            </Text>
          )}
        </Table.Td>
        <Table.Td data-label="Status" style={{ whiteSpace: 'nowrap' }}>
          {account.disabled ? (
            <Badge color="red" variant="light">
              Disabled
            </Badge>
          ) : (
            <Badge color="teal" variant="light">
              Enabled
            </Badge>
          )}
        </Table.Td>
        <Table.Td data-label="Last sign-in" style={{ whiteSpace: 'nowrap' }}>{account.lastLoginAt ? formatDateTime(account.lastLoginAt) : 'Never'}</Table.Td>
        <Table.Td data-label="Actions">
          <Menu position="bottom-end" withinPortal shadow="md">
            <Menu.Target>
              <Button variant="light" size="xs" aria-label={`Actions for ${account.name}`}>
                Actions
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => setEditing(account)}>Change role and work type</Menu.Item>
              {account.disabled ? (
                <Menu.Item onClick={() => setPending({ kind: 'enable', account })}>Enable</Menu.Item>
              ) : (
                <Menu.Item color="red" onClick={() => setPending({ kind: 'disable', account })}>
                  Disable
                </Menu.Item>
              )}
              <Menu.Item onClick={() => setPending({ kind: 'reset', account })}>Send password reset code</Menu.Item>
              <Menu.Item onClick={() => setPending({ kind: 'end-sessions', account })}>End all sessions</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Table.Td>
      </Table.Tr>
    ));
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Accounts
        </Title>
        <Button onClick={() => setCreating(true)}>Create account</Button>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <TextInput type="search" label="Search" placeholder="Name or e-mail" value={search} onChange={(event) => update({ q: event.currentTarget.value, page: null })} />
        <Select label="Role" data={ROLE_OPTIONS} value={role || null} onChange={(value) => update({ role: value, page: null })} clearable placeholder="All roles" />
        <Select label="Work type" data={WORK_OPTIONS} value={work || null} onChange={(value) => update({ work: value, page: null })} clearable placeholder="All work types" />
        <Select label="Disabled" data={DISABLED_OPTIONS} value={disabled || null} onChange={(value) => update({ disabled: value, page: null })} clearable placeholder="All accounts" />
      </SimpleGrid>
      <Paper withBorder radius="lg">
        <Table.ScrollContainer minWidth={phone ? 0 : 960}>
          <Table className={tables.table} striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-busy={query.isFetching} aria-label="Accounts">
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((column) => (
                  <Table.Th key={column}>{column}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{body}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      {total > 0 ? (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {MSG.staffShown((page - 1) * PAGE_SIZE + 1, Math.min(page * PAGE_SIZE, total), total)}
          </Text>
          {pages > 1 ? <Pagination total={pages} value={Math.min(page, pages)} onChange={(next) => update({ page: next === 1 ? null : String(next) })} aria-label="Pages" /> : null}
        </Group>
      ) : null}

      <CreateAccountModal opened={creating} onClose={() => setCreating(false)} />
      <EditAccountModal account={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={pending !== null}
        title={pending ? CONFIRM_TITLES[pending.kind](pending.account.name) : ''}
        confirmLabel={pending ? CONFIRM_LABELS[pending.kind] : ''}
        color={pending?.kind === 'disable' ? 'red' : 'teal'}
        busy={busy}
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      >
        <Text size="sm">{pending ? CONFIRM_TEXTS[pending.kind](pending.account) : null}</Text>
      </ConfirmDialog>
    </Stack>
  );
}

const CONFIRM_TITLES: Record<Pending['kind'], (name: string) => string> = {
  disable: (name) => `Disable ${name}?`,
  enable: (name) => `Enable ${name}?`,
  reset: (name) => `Send ${name} a password reset code?`,
  'end-sessions': (name) => `End every session of ${name}?`,
};
const CONFIRM_LABELS: Record<Pending['kind'], string> = {
  disable: 'Disable',
  enable: 'Enable',
  reset: 'Send code',
  'end-sessions': 'End sessions',
};
const CONFIRM_TEXTS: Record<Pending['kind'], (account: Account) => string> = {
  disable: () => 'They are signed out at once on every device and cannot sign in until the account is enabled again.',
  enable: () => 'They can sign in again with their password.',
  reset: (account) => `A ${OTP_DIGITS}-digit code goes to ${account.email}; they choose a new password on the Forgot password page.`,
  'end-sessions': () => 'They are signed out on every device and must sign in again.',
};

function StatusRow({ text }: { text: string }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={COLUMNS.length} ta="center" py="xl" c="dimmed">
        {text}
      </Table.Td>
    </Table.Tr>
  );
}
