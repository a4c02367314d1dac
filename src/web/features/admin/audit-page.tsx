import { useMemo, useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { DateRangePicker } from '../../components/lazy-date-pickers.js';
import { ChoiceSelect } from '../../components/choice-select.js';
import { SearchableSelect } from '../../components/lazy-floating.js';
import { useDebouncedValue, useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../api/error-text.js';
import { actionLabel, areaLabel, AUDIT_AREAS, auditColumns, auditTrainNo, detailDateTime } from './admin-display.js';
import { exportAudit, useAllAccounts, useAudit, type AuditEntry } from './api.js';
import { useAuth } from '../../auth/auth-context.js';
import { SearchInput, useSearchText } from '../../components/list/search-input.js';
import { ListActions } from '../../components/list/list-actions.js';
import { PrintHeading } from '../../components/list/print-heading.js';
import { AuditDiff } from './audit-diff.js';
import classes from './audit.module.css';
import { useAddressParams } from '../../forms/use-address-params.js';
import { UUID } from '../../../shared/input-checks.js';
import { useCompanyTimeZone } from '../../company-profile.js';
import { useMessages } from '../../i18n/messages.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const COLUMN_COUNT = 5;

/**
 * Every recorded change, newest first (issue 8), filtered by person, area, record and
 * dates in SQL and paged with the server's cursor. The filters live in the address, so
 * a record's history can be linked to.
 */
export default function AuditPage() {
  const { t, i18n } = useTranslation();
  const m = useMessages();
  const timeZone = useCompanyTimeZone();
  const columns = auditColumns(t);
  useDocumentTitle(t('admin.documentTitle', { page: t('admin.menu.audit') }));
  const phone = useMediaQuery('(max-width: 48em)');
  const { params, update } = useAddressParams();
  const actor = UUID.test(params.get('actor') ?? '') ? params.get('actor')! : '';
  const entity = (AUDIT_AREAS as readonly string[]).includes(params.get('entity') ?? '') ? params.get('entity')! : '';
  const recordInput = params.get('entityId') ?? '';
  const [entityId] = useDebouncedValue(recordInput.trim(), 300);
  const from = DAY.test(params.get('from') ?? '') ? params.get('from')! : '';
  const to = DAY.test(params.get('to') ?? '') ? params.get('to')! : '';
  // issue 28: the box keeps every key; the address (?q=) and the request follow once typing pauses
  const search = useSearchText('q', []);
  const q = search.query;
  const { token } = useAuth();

  // a range whose end is not picked yet stays here, not in the address
  const [picking, setPicking] = useState<[string | null, string | null] | null>(null);
  const accounts = useAllAccounts();
  const audit = useAudit({ actor, entity, entityId, from, to, q });
  const names = useMemo(() => new Map((accounts.data?.accounts ?? []).map((account) => [account._id, account.name])), [accounts.data]);
  const people = useMemo(
    () => (accounts.data?.accounts ?? []).map((account) => ({ value: account._id, label: `${account.name} (${account.email})` })),
    [accounts.data],
  );
  const entries = audit.data?.pages.flatMap((page) => page.entries) ?? [];
  const filtered = Boolean(actor || entity || entityId || from || to || q);
  const filterNames = [
    q ? `${m('officeLists.searchAudit')}: ${q}` : null,
    actor ? `${t('admin.audit.person')}: ${names.get(actor) ?? actor}` : null,
    entity ? `${t('admin.audit.area')}: ${areaLabel(entity, t)}` : null,
    entityId ? `${t('admin.audit.recordId')}: ${entityId}` : null,
    from || to ? `${t('admin.audit.dates')}: ${from || '…'} – ${to || '…'}` : null,
  ].filter((name): name is string => name !== null);

  let body;
  if (audit.isPending) body = <StatusRow text={m('loading')} />;
  else if (audit.isError)
    body = (
      <Table.Tr>
        <Table.Td colSpan={COLUMN_COUNT}>
          <Alert color="red" variant="light">
            {errorText(audit.error)}
          </Alert>
        </Table.Td>
      </Table.Tr>
    );
  else if (entries.length === 0) body = <StatusRow text={m(filtered ? 'noAuditMatches' : 'noAuditYet')} />;
  else body = entries.map((entry) => <AuditRow key={entry._id} entry={entry} names={names} timeZone={timeZone} />);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm" data-no-print>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('admin.menu.audit')}
        </Title>
        <ListActions onExport={() => exportAudit(token, { actor, entity, entityId, from, to, q })} exportDisabled={entries.length === 0} />
      </Group>
      <PrintHeading title={t('admin.menu.audit')} filters={[...filterNames, ...(audit.hasNextPage ? [m.of('officeAuditPrintShown', entries.length)] : [])]} />
      <div data-no-print>
        <SearchInput search={search} label={m('officeLists.searchAudit')} placeholder={m('officeLists.searchAuditPlaceholder')} />
      </div>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="sm" data-no-print>
        <SearchableSelect
          label={t('admin.audit.person')}
          data={people}
          value={actor || null}
          onChange={(value) => update({ actor: value })}
          clearable
          placeholder={t('admin.audit.everyone')}
          nothingFoundMessage={t('admin.audit.nobody')}
        />
        <ChoiceSelect
          label={t('admin.audit.area')}
          data={AUDIT_AREAS.map((area) => ({ value: area, label: areaLabel(area, t) }))}
          value={entity || null}
          onChange={(value) => update({ entity: value })}
          clearable
          placeholder={t('admin.audit.allAreas')}
        />
        <TextInput label={t('admin.audit.recordId')} placeholder={t('admin.audit.pasteId')} value={recordInput} onChange={(event) => update({ entityId: event.currentTarget.value })} />
        <DateRangePicker
          label={t('admin.audit.dates')}
          placeholder={t('admin.audit.anyDay')}
          value={picking ?? [from || null, to || null]}
          onChange={([start, end]) => {
            if (start && !end) {
              setPicking([start, null]);
              return;
            }
            setPicking(null);
            update({ from: start ?? null, to: end ?? null });
          }}
          allowSingleDateInRange
          clearable
          valueFormat="DD/MM/YYYY"
          locale={i18n.resolvedLanguage ?? 'en'}
          previousLabel={m('previousMonth')}
          nextLabel={m('nextMonth')}
          dropdownType={phone ? 'modal' : 'popover'}
          size="md"
        />
      </SimpleGrid>
      {filtered ? (
        <Group data-no-print>
          <Button variant="subtle" size="xs" onClick={() => update({ actor: null, entity: null, entityId: null, from: null, to: null, q: null })}>
            {t('admin.audit.clearFilters')}
          </Button>
        </Group>
      ) : null}
      <Paper withBorder radius="lg" className="print-table">
        <Table className={classes.table} verticalSpacing="sm" horizontalSpacing="md" aria-busy={audit.isFetching} aria-label={t('admin.menu.audit')}>
          <Table.Thead>
            <Table.Tr>
              {Object.values(columns).map((column) => (
                <Table.Th key={column}>{column}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{body}</Table.Tbody>
        </Table>
      </Paper>
      {audit.hasNextPage ? (
        <Group justify="center" data-no-print>
          <Button variant="default" onClick={() => void audit.fetchNextPage()} loading={audit.isFetchingNextPage}>
            {t('admin.audit.loadMore')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

function AuditRow({ entry, names, timeZone }: { entry: AuditEntry; names: Map<string, string>; timeZone: string }) {
  const { t } = useTranslation();
  const columns = auditColumns(t);
  const accountName = entry.entity === 'account' && entry.entityId ? names.get(entry.entityId) : undefined;
  const trainNo = entry.entity === 'duty' ? auditTrainNo(entry) : null;
  // the accounts' names, and a duty's crew by the names the server sent with it
  const people = useMemo(() => (entry.crewNames ? new Map([...names, ...Object.entries(entry.crewNames)]) : names), [names, entry.crewNames]);
  return (
    <Table.Tr>
      <Table.Td data-label={columns.when} style={{ whiteSpace: 'nowrap' }} valign="top">
        {detailDateTime(entry.at, timeZone)}
      </Table.Td>
      <Table.Td data-label={columns.who} valign="top">
        {entry.actorName ?? t('admin.audit.system')}
      </Table.Td>
      <Table.Td data-label={columns.action} valign="top">
        <Text size="sm" fw={600}>
          {actionLabel(entry.action, t)}
        </Text>
      </Table.Td>
      <Table.Td data-label={columns.record} valign="top" maw={220}>
        <Text size="sm">{areaLabel(entry.entity, t)}</Text>
        {entry.entityId ? (
          entry.entity === 'duty' ? (
            <Anchor component={Link} to={`/dashboard/admin/Live-train/${entry.entityId}`} size="xs" className="break-anywhere" translate="no" title={entry.entityId}>
              {trainNo ? t('duties.trainTitle', { train: trainNo }) : t('admin.audit.dutyWithoutTrain')}
            </Anchor>
          ) : (
            <Text size="xs" c="dimmed" className="break-anywhere" translate="no">
              {accountName ? `${accountName} · ` : ''}
              {entry.entityId}
            </Text>
          )
        ) : null}
      </Table.Td>
      <Table.Td data-label={columns.beforeAfter} valign="top" miw={{ md: 320 }}>
        <AuditDiff before={entry.before} after={entry.after} timeZone={timeZone} names={people} />
      </Table.Td>
    </Table.Tr>
  );
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
