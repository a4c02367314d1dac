import { OTP_DIGITS } from '../../../shared/limits.js';
import { useState } from 'react';
import { Alert, Badge, Button, Group, Pagination, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Account } from '../../../shared/schemas/admin.js';
import { toWorkType, WORK_TYPE_SELECT_LABELS } from '../../../shared/work-types.js';
import { useAuth } from '../../auth/auth-context.js';
import { errorText } from '../../api/error-text.js';
import { sizedBadgeStyles } from '../../components/sized-badge.js';
import { detailDateTime, ROLE_VALUES, roleLabel, roleOptions, staffStatusLabel } from './admin-display.js';
import { exportAccounts, useAccounts, useEndSessions, useSendReset, useUpdateAccount } from './api.js';
import type { ACCOUNT_SORT_KEYS as SCHEMA_SORT_KEYS } from '../../../shared/schemas/admin.js';
import { SearchInput, useSearchText } from '../../components/list/search-input.js';
import { SortTh, useSortParam } from '../../components/list/sort-th.js';
import { ListActions } from '../../components/list/list-actions.js';
import { PrintHeading } from '../../components/list/print-heading.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { ChoiceSelect } from '../../components/choice-select.js';
import { ActionsMenu } from '../../components/lazy-floating.js';
import { useAddressParams } from '../../forms/use-address-params.js';
import { useCompanyTimeZone } from '../../company-profile.js';
import { translateAnswer, useMessages } from '../../i18n/messages.js';
import { CreateAccountModal, WORK_OPTIONS } from './create-account-modal.js';
import { EditAccountModal } from './edit-account-modal.js';
import tables from './audit.module.css';

/** The schema's sort keys, checked against it by type: a value import of the schemas would load zod (the `forms` file) before the first screen. */
const ACCOUNT_SORT_KEYS: typeof SCHEMA_SORT_KEYS = ['name', 'email', 'role', 'work', 'status'];

const PAGE_SIZE = 50;
const COLUMN_COUNT = 8;
/** The sort key of each column, by position (issue 28); the staff record, last sign-in and actions do not sort. */
const COLUMN_SORT_KEYS: ReadonlyArray<(typeof ACCOUNT_SORT_KEYS)[number] | null> = ['name', 'email', 'role', 'work', null, 'status', null, null];

type Pending = { kind: 'disable' | 'enable' | 'reset' | 'end-sessions'; account: Account };

/**
 * Every account, filtered and searched in SQL (issue 8). The filters live in the address
 * so the dashboard can link to "disabled accounts" and a reload keeps the view.
 */
export default function AccountsPage() {
  const { t } = useTranslation();
  const m = useMessages();
  const timeZone = useCompanyTimeZone();
  useDocumentTitle(t('admin.documentTitle', { page: t('admin.menu.accounts') }));
  const columns = [
    m('columnName'),
    t('admin.accounts.email'),
    t('admin.accounts.role'),
    t('admin.accounts.workType'),
    t('admin.accounts.staffRecord'),
    m('columnStatus'),
    t('admin.accounts.lastSignIn'),
    m('columnActions'),
  ];
  const disabledOptions = [
    { value: 'false', label: t('admin.accounts.enabled') },
    { value: 'true', label: t('admin.accounts.disabled') },
  ];
  const { user, token } = useAuth();
  // on a phone each account is a card (cells stacked), so nothing scrolls sideways
  const phone = useMediaQuery('(max-width: 48em)');
  const { params, update, page } = useAddressParams();
  // the box keeps every key; the address and the request follow once typing pauses (issue 28)
  const search = useSearchText('q', ['page']);
  const q = search.query;
  const { order, toggle, sort } = useSortParam(ACCOUNT_SORT_KEYS);
  const role = ROLE_VALUES.includes(params.get('role') ?? '') ? params.get('role')! : '';
  const work = toWorkType(params.get('work')) ?? '';
  const disabled = params.get('disabled') === 'true' || params.get('disabled') === 'false' ? params.get('disabled')! : '';
  const query = useAccounts({ q, role, work, disabled, sort, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  // the view's filters as people read them, for the printed heading
  const filterNames = [
    q ? `${t('admin.accounts.search')}: ${q}` : null,
    role ? `${t('admin.accounts.role')}: ${roleLabel(Number(role), t)}` : null,
    work ? `${t('admin.accounts.workType')}: ${WORK_TYPE_SELECT_LABELS[toWorkType(work) ?? 'mcc'] ?? work}` : null,
    disabled ? `${t('admin.accounts.disabledFilter')}: ${disabledOptions.find((option) => option.value === disabled)?.label ?? disabled}` : null,
  ].filter((name): name is string => name !== null);
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
      if (kind === 'disable' || kind === 'enable') {
        await changeAccount.mutateAsync({ id: account._id, change: { disabled: kind === 'disable' } });
        notifications.show({ color: 'teal', message: kind === 'disable' ? m.of('accountDisabledDone', account.name) : m.of('accountEnabledDone', account.name) });
      } else {
        const answer = kind === 'reset' ? await sendReset.mutateAsync(account._id) : await endSessions.mutateAsync(account._id);
        notifications.show({ color: 'teal', message: translateAnswer(answer) });
      }
    } catch (error) {
      notifications.show({ color: 'red', message: errorText(error) });
    }
    setPending(null);
  }

  let body;
  if (query.isPending) {
    body = <StatusRow text={m('loading')} />;
  } else if (query.isError) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={COLUMN_COUNT}>
          <Alert color="red" variant="light">
            {errorText(query.error)}
          </Alert>
        </Table.Td>
      </Table.Tr>
    );
  } else if (accounts.length === 0) {
    body = <StatusRow text={m('noAccountsMatch')} />;
  } else {
    body = accounts.map((account) => (
      <Table.Tr key={account._id}>
        <Table.Td fw={600}>
          {account.name}
          {account._id === user?._id ? (
            <Text span size="xs" c="dimmed" ml={6}>
              {t('admin.accounts.you')}
            </Text>
          ) : null}
        </Table.Td>
        <Table.Td data-label={columns[1]} className="break-anywhere" style={phone ? undefined : { whiteSpace: 'nowrap' }}>{account.email}</Table.Td>
        <Table.Td data-label={columns[2]}>{roleLabel(account.role, t)}</Table.Td>
        <Table.Td data-label={columns[3]}>{account.work ? (WORK_TYPE_SELECT_LABELS[toWorkType(account.work) ?? 'mcc'] ?? account.work) : '—'}</Table.Td>
        <Table.Td data-label={columns[4]}>
          {account.staffName ? (
            <>
              {account.staffName}
              {account.staffStatus ? (
                <Text span size="xs" c="dimmed" ml={6}>
                  {staffStatusLabel(account.staffStatus, t)}
                </Text>
              ) : null}
            </>
          ) : (
            <Text span size="sm" c="dimmed">
              {t('admin.accounts.none')}
            </Text>
          )}
        </Table.Td>
        <Table.Td data-label={columns[5]} style={{ whiteSpace: 'nowrap' }}>
          {account.disabled ? (
            <Badge color="red" variant="light" styles={sizedBadgeStyles}>
              {t('admin.accounts.disabled')}
            </Badge>
          ) : (
            <Badge color="teal" variant="light" styles={sizedBadgeStyles}>
              {t('admin.accounts.enabled')}
            </Badge>
          )}
        </Table.Td>
        <Table.Td data-label={columns[6]} style={{ whiteSpace: 'nowrap' }}>{account.lastLoginAt ? detailDateTime(account.lastLoginAt, timeZone) : t('admin.accounts.never')}</Table.Td>
        <Table.Td data-label={columns[7]}>
          <ActionsMenu
            target={(props) => (
              <Button variant="light" size="xs" aria-label={t('admin.accounts.actionsFor', { name: account.name })} {...props}>
                {m('columnActions')}
              </Button>
            )}
            actions={[
              { label: t('admin.accounts.changeRoleWork'), onClick: () => setEditing(account) },
              account.disabled
                ? { label: t('admin.accounts.enable'), onClick: () => setPending({ kind: 'enable', account }) }
                : { label: t('admin.accounts.disable'), color: 'red', onClick: () => setPending({ kind: 'disable', account }) },
              { label: t('admin.accounts.sendReset'), onClick: () => setPending({ kind: 'reset', account }) },
              { label: t('admin.accounts.endSessions'), onClick: () => setPending({ kind: 'end-sessions', account }) },
            ]}
          />
        </Table.Td>
      </Table.Tr>
    ));
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm" data-no-print>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('admin.menu.accounts')}
        </Title>
        <Group gap="xs">
          <ListActions onExport={() => exportAccounts(token, { q, role, work, disabled, sort })} exportDisabled={total === 0} />
          <Button onClick={() => setCreating(true)}>{t('admin.accounts.createAccount')}</Button>
        </Group>
      </Group>
      <PrintHeading title={t('admin.menu.accounts')} filters={filterNames} />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" data-no-print>
        <SearchInput search={search} label={t('admin.accounts.search')} placeholder={t('admin.accounts.searchPlaceholder')} />
        <ChoiceSelect label={t('admin.accounts.role')} data={roleOptions(t)} value={role || null} onChange={(value) => update({ role: value, page: null })} clearable placeholder={t('admin.accounts.allRoles')} />
        <ChoiceSelect label={t('admin.accounts.workType')} data={WORK_OPTIONS} value={work || null} onChange={(value) => update({ work: value, page: null })} clearable placeholder={t('admin.accounts.allWorkTypes')} />
        <ChoiceSelect label={t('admin.accounts.disabledFilter')} data={disabledOptions} value={disabled || null} onChange={(value) => update({ disabled: value, page: null })} clearable placeholder={t('admin.accounts.allAccounts')} />
      </SimpleGrid>
      {query.data ? (
        <Text size="sm" fw={600} aria-live="polite" data-accounts-count>
          {m.of('officeAccountsCount', total)}
        </Text>
      ) : null}
      <Paper withBorder radius="lg" className="print-table">
        <Table.ScrollContainer minWidth={phone ? 0 : 960}>
          <Table className={tables.table} striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-busy={query.isFetching} aria-label={t('admin.menu.accounts')}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column, index) => {
                  const key = COLUMN_SORT_KEYS[index];
                  return key ? (
                    <SortTh key={column} sortKey={key} order={order} onSort={toggle}>
                      {column}
                    </SortTh>
                  ) : (
                    <Table.Th key={column} data-no-print={index === COLUMN_COUNT - 1 || undefined}>
                      {column}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{body}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      {total > 0 ? (
        <Group justify="space-between" gap="sm" data-no-print>
          <Text size="sm" c="dimmed">
            {m.of('staffShown', (page - 1) * PAGE_SIZE + 1, Math.min(page * PAGE_SIZE, total), total)}
          </Text>
          {pages > 1 ? <Pagination total={pages} value={Math.min(page, pages)} onChange={(next) => update({ page: next === 1 ? null : String(next) })} aria-label={t('admin.accounts.pages')} /> : null}
        </Group>
      ) : null}

      <CreateAccountModal opened={creating} onClose={() => setCreating(false)} />
      <EditAccountModal account={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={pending !== null}
        title={pending ? confirmTitle(pending, t) : ''}
        confirmLabel={pending ? confirmLabel(pending.kind, t) : ''}
        color={pending?.kind === 'disable' ? 'red' : 'teal'}
        busy={busy}
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      >
        <Text size="sm">{pending ? confirmText(pending, t) : null}</Text>
      </ConfirmDialog>
    </Stack>
  );
}

function confirmTitle({ kind, account }: Pending, t: TFunction): string {
  const name = account.name;
  if (kind === 'disable') return t('admin.accounts.confirm.disableTitle', { name });
  if (kind === 'enable') return t('admin.accounts.confirm.enableTitle', { name });
  if (kind === 'reset') return t('admin.accounts.confirm.resetTitle', { name });
  return t('admin.accounts.confirm.endSessionsTitle', { name });
}

function confirmLabel(kind: Pending['kind'], t: TFunction): string {
  if (kind === 'disable') return t('admin.accounts.disable');
  if (kind === 'enable') return t('admin.accounts.enable');
  if (kind === 'reset') return t('admin.accounts.confirm.sendCode');
  return t('admin.accounts.confirm.endSessions');
}

function confirmText({ kind, account }: Pending, t: TFunction): string {
  if (kind === 'disable') return t('admin.accounts.confirm.disableText');
  if (kind === 'enable') return t('admin.accounts.confirm.enableText');
  if (kind === 'reset') return t('admin.accounts.confirm.resetText', { digits: OTP_DIGITS, email: account.email });
  return t('admin.accounts.confirm.endSessionsText');
}

function StatusRow({ text }: { text: string }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={COLUMN_COUNT} ta="center" py="xl" c="dimmed">
        {text}
      </Table.Td>
    </Table.Tr>
  );
}
