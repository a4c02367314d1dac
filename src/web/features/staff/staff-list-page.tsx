import { Alert, Anchor, Box, Button, Card, Group, Pagination, Paper, SimpleGrid, Stack, Table, Tabs, Text, TextInput, Title } from '@mantine/core';
import { Fragment } from 'react';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toWorkType, type WorkType } from '../../../shared/work-types.js';
import type { Worker } from '../../../shared/schemas/staff.js';
import { errorText } from '../../api/error-text.js';
import { useAddressParams } from '../../forms/use-address-params.js';
import { WORK_TAB_LABELS } from '../../components/category-tabs.js';
import { useMessages } from '../../i18n/messages.js';
import { useWorkers } from './api.js';
import { StaffStatusBadge } from './staff-status-badge.js';
// bulk changes (issue 28, part "bulk")
import { BulkSelectionBar, SelectPageTh, SelectTd } from './bulk-change-dialog.js';
import { useStaffSelection } from './use-staff-selection.js';

/** SPEC §2 staff list tabs, in its order and spelling. */
const TABS: { work: WorkType; label: string }[] = (['mcc', 'bio', 'acca', 'laundry', 'pit & yard', 'pftr'] as const).map((work) => ({ work, label: WORK_TAB_LABELS[work] }));
const STAFF_PAGE_SIZE = 50;
const COLUMN_COUNT = 7;

/**
 * manager/staffdetails, 'All Staff Members'. Tab, search and page live in the address,
 * so coming back from Update Worker shows the same rows.
 */
export default function StaffListPage() {
  const { t } = useTranslation();
  const m = useMessages();
  useDocumentTitle(`${m('allStaffMembers')} · Dutyroll`);
  const columns = [m('columnName'), t('staff.fields.phone'), m('columnEmpId'), t('staff.fields.aadhar'), m('columnStatus'), t('staff.action')];
  const { params, update, page } = useAddressParams();
  const work = toWorkType(params.get('work')) ?? 'mcc';
  const search = params.get('q') ?? '';
  // the address follows every keystroke; only the request waits for typing to pause
  const [q] = useDebouncedValue(search.trim(), 300);
  const query = useWorkers({ work, q, limit: STAFF_PAGE_SIZE, offset: (page - 1) * STAFF_PAGE_SIZE });
  const total = query.data?.total ?? 0;
  const workers = query.data?.workers ?? [];
  const pages = Math.max(1, Math.ceil(total / STAFF_PAGE_SIZE));
  const selection = useStaffSelection({ work, q });

  let body;
  if (query.isPending) {
    body = <StatusRow text={m('loading')} />;
  } else if (query.isError) {
    const error = query.error;
    body = (
      <Table.Tr>
        <Table.Td colSpan={COLUMN_COUNT}>
          <Alert color="red" variant="light">
            {errorText(error, 'somethingWentWrong')}
          </Alert>
        </Table.Td>
      </Table.Tr>
    );
  } else if (workers.length === 0) {
    body = <StatusRow text={m('noStaffInCategory')} />;
  } else {
    body = workers.map((worker) => (
      <Table.Tr key={worker._id}>
        <SelectTd selection={selection} worker={worker} />
        <Table.Td fw={500}>{worker.name}</Table.Td>
        <Table.Td>{worker.phone}</Table.Td>
        <Table.Td>{worker.empid}</Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{worker.aadhar}</Table.Td>
        <Table.Td>
          <StaffStatusBadge status={worker.status} />
        </Table.Td>
        <Table.Td>
          <Anchor component={Link} to={`/dashboard/manager/editstaff/${worker._id}`} aria-label={t('staff.editOf', { name: worker.name })} fw={600} py={6} display="inline-block">
            {m('billEdit')}
          </Anchor>
        </Table.Td>
      </Table.Tr>
    ));
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {m('allStaffMembers')}
        </Title>
        <Group gap="xs">
          <Button component={Link} to="/dashboard/manager/addworkers" variant="light">
            {m('addWorker')}
          </Button>
          <Button component={Link} to="/dashboard/manager/addworkerss" variant="default">
            {m('bulkUploadLink')}
          </Button>
        </Group>
      </Group>
      <Tabs value={work} onChange={(value) => update({ work: value === 'mcc' ? null : value, page: null })} keepMounted={false}>
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
          {TABS.map((tab) => (
            <Tabs.Tab key={tab.work} value={tab.work} style={{ flexShrink: 0 }}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <TextInput
        type="search"
        label={t('staff.search')}
        placeholder={m('searchStaff')}
        value={search}
        onChange={(event) => update({ q: event.currentTarget.value, page: null })}
        maw={{ sm: 420 }}
      />
      <BulkSelectionBar selection={selection} total={total} />
      <Paper withBorder radius="lg" visibleFrom="sm">
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-busy={query.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <SelectPageTh selection={selection} workers={workers} />
                {columns.map((column) => (
                  <Table.Th key={column}>{column}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{body}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <Box hiddenFrom="sm">
        <StaffCards state={query.isPending ? 'loading' : query.isError ? 'error' : 'done'} workers={workers} error={query.error} />
      </Box>
      {total > 0 ? (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {m.of('staffShown', (page - 1) * STAFF_PAGE_SIZE + 1, Math.min(page * STAFF_PAGE_SIZE, total), total)}
          </Text>
          {pages > 1 ? (
            <Pagination total={pages} value={Math.min(page, pages)} onChange={(next) => update({ page: next === 1 ? null : String(next) })} size="md" aria-label={t('staff.pages')} />
          ) : null}
        </Group>
      ) : null}
    </Stack>
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

/**
 * Phones get one card per person instead of the six-column table, so status and the
 * edit link are on screen without scrolling sideways.
 */
function StaffCards({ state, workers, error }: { state: 'loading' | 'error' | 'done'; workers: Worker[]; error: Error | null }) {
  const { t } = useTranslation();
  const m = useMessages();
  if (state === 'loading') return <Text ta="center" c="dimmed" py="lg">{m('loading')}</Text>;
  if (state === 'error') {
    return (
      <Alert color="red" variant="light">
        {errorText(error, 'somethingWentWrong')}
      </Alert>
    );
  }
  if (workers.length === 0) return <Text ta="center" c="dimmed" py="lg">{m('noStaffInCategory')}</Text>;
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={m('allStaffMembers')}>
      {workers.map((worker) => (
        <Card key={worker._id} component="li" withBorder radius="lg" padding="md" aria-label={worker.name}>
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Text fw={600} className="break-anywhere">
              {worker.name}
            </Text>
            <StaffStatusBadge status={worker.status} />
          </Group>
          <SimpleGrid cols={2} spacing="md" verticalSpacing={2} mt="xs" style={{ gridTemplateColumns: 'auto 1fr' }}>
            {[
              [t('staff.fields.phone'), worker.phone],
              [m('columnEmpId'), worker.empid],
              [t('staff.fields.aadhar'), worker.aadhar ?? ''],
            ].map(([label, value]) => (
              <Fragment key={label}>
                <Text size="sm" c="dimmed">
                  {label}
                </Text>
                <Text size="sm">{value}</Text>
              </Fragment>
            ))}
          </SimpleGrid>
          <Button component={Link} to={`/dashboard/manager/editstaff/${worker._id}`} variant="light" size="md" mt="sm" fullWidth aria-label={t('staff.editOf', { name: worker.name })}>
            {m('billEdit')}
          </Button>
        </Card>
      ))}
    </Stack>
  );
}
