import '@mantine/dates/styles.css';
import { useMemo, useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedValue, useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import { MSG } from '../../../shared/messages.js';
import { useErrorText } from '../../api/error-text.js';
import { actionLabel, AUDIT_AREAS, formatDateTime } from './admin-display.js';
import { useAllAccounts, useAudit, type AuditEntry } from './api.js';
import { AuditDiff } from './audit-diff.js';
import classes from './audit.module.css';
import { useAddressParams } from '../../forms/use-address-params.js';
import { UUID } from '../../../shared/schemas/input-rules.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const COLUMNS = ['When', 'Who', 'Action', 'Record', 'Before and after'];

/**
 * Every recorded change, newest first (issue 8), filtered by person, area, record and
 * dates in SQL and paged with the server's cursor. The filters live in the address, so
 * a record's history can be linked to.
 */
export default function AuditPage() {
  const errorText = useErrorText();
  useDocumentTitle('Audit trail · Admin · Dutyroll');
  const phone = useMediaQuery('(max-width: 48em)');
  const { params, update } = useAddressParams();
  const actor = UUID.test(params.get('actor') ?? '') ? params.get('actor')! : '';
  const entity = (AUDIT_AREAS as readonly string[]).includes(params.get('entity') ?? '') ? params.get('entity')! : '';
  const recordInput = params.get('entityId') ?? '';
  const [entityId] = useDebouncedValue(recordInput.trim(), 300);
  const from = DAY.test(params.get('from') ?? '') ? params.get('from')! : '';
  const to = DAY.test(params.get('to') ?? '') ? params.get('to')! : '';

  // a range whose end is not picked yet stays here, not in the address
  const [picking, setPicking] = useState<[string | null, string | null] | null>(null);
  const accounts = useAllAccounts();
  const audit = useAudit({ actor, entity, entityId, from, to });
  const names = useMemo(() => new Map((accounts.data?.accounts ?? []).map((account) => [account._id, account.name])), [accounts.data]);
  const people = useMemo(
    () => (accounts.data?.accounts ?? []).map((account) => ({ value: account._id, label: `${account.name} (${account.email})` })),
    [accounts.data],
  );
  const entries = audit.data?.pages.flatMap((page) => page.entries) ?? [];
  const filtered = Boolean(actor || entity || entityId || from || to);

  let body;
  if (audit.isPending) body = <StatusRow text={MSG.loading} />;
  else if (audit.isError)
    body = (
      <Table.Tr>
        <Table.Td colSpan={COLUMNS.length}>
          <Alert color="red" variant="light">
            {errorText(audit.error)}
          </Alert>
        </Table.Td>
      </Table.Tr>
    );
  else if (entries.length === 0) body = <StatusRow text={filtered ? MSG.noAuditMatches : MSG.noAuditYet} />;
  else body = entries.map((entry) => <AuditRow key={entry._id} entry={entry} names={names} />);

  return (
    <Stack gap="md">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        Audit trail
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="sm">
        <Select
          label="Person"
          data={people}
          value={actor || null}
          onChange={(value) => update({ actor: value })}
          searchable
          clearable
          placeholder="Everyone"
          nothingFoundMessage="Nobody by that name"
        />
        <Select
          label="Area"
          data={AUDIT_AREAS.map((area) => ({ value: area, label: area }))}
          value={entity || null}
          onChange={(value) => update({ entity: value })}
          clearable
          placeholder="All areas"
        />
        <TextInput label="Record id" placeholder="Paste an id" value={recordInput} onChange={(event) => update({ entityId: event.currentTarget.value })} />
        <DatePickerInput
          type="range"
          label="Dates"
          placeholder="Any day"
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
          dropdownType={phone ? 'modal' : 'popover'}
          size="md"
        />
      </SimpleGrid>
      {filtered ? (
        <Group>
          <Button variant="subtle" size="xs" onClick={() => update({ actor: null, entity: null, entityId: null, from: null, to: null })}>
            Clear filters
          </Button>
        </Group>
      ) : null}
      <Paper withBorder radius="lg">
        <Table className={classes.table} verticalSpacing="sm" horizontalSpacing="md" aria-busy={audit.isFetching} aria-label="Audit trail">
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((column) => (
                <Table.Th key={column}>{column}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{body}</Table.Tbody>
        </Table>
      </Paper>
      {audit.hasNextPage ? (
        <Group justify="center">
          <Button variant="default" onClick={() => void audit.fetchNextPage()} loading={audit.isFetchingNextPage}>
            Load more
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

function AuditRow({ entry, names }: { entry: AuditEntry; names: Map<string, string> }) {
  const accountName = entry.entity === 'account' && entry.entityId ? names.get(entry.entityId) : undefined;
  return (
    <Table.Tr>
      <Table.Td data-label="When" style={{ whiteSpace: 'nowrap' }} valign="top">
        {formatDateTime(entry.at)}
      </Table.Td>
      <Table.Td data-label="Who" valign="top">
        {entry.actorName ?? 'System'}
      </Table.Td>
      <Table.Td data-label="Action" valign="top">
        <Text size="sm" fw={600}>
          {actionLabel(entry.action)}
        </Text>
      </Table.Td>
      <Table.Td data-label="Record" valign="top" maw={220}>
        <Text size="sm">{entry.entity}</Text>
        {entry.entityId ? (
          entry.entity === 'duty' ? (
            <Anchor component={Link} to={`/dashboard/admin/Live-train/${entry.entityId}`} size="xs" className="break-anywhere">
              {entry.entityId}
            </Anchor>
          ) : (
            <Text size="xs" c="dimmed" className="break-anywhere">
              {accountName ? `${accountName} · ` : ''}
              {entry.entityId}
            </Text>
          )
        ) : null}
      </Table.Td>
      <Table.Td data-label="Before and after" valign="top" miw={{ md: 320 }}>
        <AuditDiff before={entry.before} after={entry.after} />
      </Table.Td>
    </Table.Tr>
  );
}

function StatusRow({ text }: { text: string }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={COLUMNS.length} ta="center" py="xl" c="dimmed">
        {text}
      </Table.Td>
    </Table.Tr>
  );
}
