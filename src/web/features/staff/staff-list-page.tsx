import { Alert, Anchor, Box, Button, Card, Group, NativeSelect, Pagination, Paper, SimpleGrid, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { Fragment } from 'react';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SKILLS, type Skill } from '../../../shared/payroll.js';
import type { WORKER_SORT_KEYS as SCHEMA_SORT_KEYS, Worker, WorkerCounts, WorkerSortKey } from '../../../shared/schemas/staff.js';
import { DESIGNATIONS, STAFF_STATUSES, type Designation, type StaffStatus } from '../../../shared/staff.js';
import { toWorkType, WORK_TYPE_SELECT_LABELS, type WorkType } from '../../../shared/work-types.js';
import { errorText } from '../../api/error-text.js';
import { useAuth } from '../../auth/auth-context.js';
import { WORK_TAB_LABELS } from '../../components/category-tabs.js';
import { ListActions } from '../../components/list/list-actions.js';
import { PrintHeading } from '../../components/list/print-heading.js';
import { SortTh, useSortParam } from '../../components/list/sort-th.js';
import { TotalsRow } from '../../components/list/totals-row.js';
import { SearchInput, useSearchText } from '../../components/list/search-input.js';
import { useAddressParams } from '../../forms/use-address-params.js';
import { formatDate, formatMoney } from '../../i18n/format.js';
import { useMessages } from '../../i18n/messages.js';
import { exportWorkers, useWorkers, useWorkerStatusCounts } from './api.js';
// bulk changes (issue 28)
import { BulkSelectionBar, SelectPageTh, SelectTd } from './bulk-change-dialog.js';
import { useStaffSelection } from './use-staff-selection.js';
import { useStaffLabels } from './staff-options.js';
import { StaffStatusBadge } from './staff-status-badge.js';

/** The schema's sort keys, checked against it by type: a value import of the schemas would load zod (the `forms` file) before the first screen. */
const WORKER_SORT_KEYS: typeof SCHEMA_SORT_KEYS = ['name', 'empid', 'phone', 'status', 'designation', 'work', 'wage', 'joined'];

/** Every work type at once (?work=all, issue 28); no ?work is SPEC's first tab, MCC. */
const ALL_WORK = 'all';
/** SPEC §2 staff list tabs, in its order and spelling, after "All work types". */
const TABS: { work: WorkType; label: string }[] = (['mcc', 'bio', 'acca', 'laundry', 'pit & yard', 'pftr'] as const).map((work) => ({ work, label: WORK_TAB_LABELS[work] }));
const STAFF_PAGE_SIZE = 50;

/** An address value that is one of `values`, else none (a hand-edited link shows the whole list). */
function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.includes(value as T) ? (value as T) : undefined;
}

/** 'YYYY-MM-DD' as the reader writes a date; the day itself, whatever the time zone. */
const dayText = (day: string | null | undefined) => (day ? formatDate(new Date(`${day}T12:00:00Z`), 'UTC') : '');

/**
 * manager/staffdetails, 'All Staff Members'. Work type (or all), filters, search, sort and
 * page live in the address, so coming back from Update Worker or opening a shared link shows
 * the same rows. The search box keeps its own text (SearchInput): the address and the
 * request follow it once typing pauses, so no key is lost however fast it is typed.
 */
export default function StaffListPage() {
  const { t } = useTranslation();
  const m = useMessages();
  const labels = useStaffLabels();
  const { token } = useAuth();
  useDocumentTitle(`${m('allStaffMembers')} · Dutyroll`);
  const { params, update, page } = useAddressParams();
  const allWork = params.get('work') === ALL_WORK;
  const work = allWork ? undefined : (toWorkType(params.get('work')) ?? 'mcc');
  const status = oneOf<StaffStatus>(STAFF_STATUSES, params.get('status'));
  const designation = oneOf<Designation>(DESIGNATIONS, params.get('designation'));
  const skill = oneOf<Skill>(SKILLS, params.get('skill'));
  const search = useSearchText('q', ['page']);
  const q = search.query || undefined;
  const { order, toggle, sort } = useSortParam(WORKER_SORT_KEYS);
  const view = { work, status, designation, skill, q, sort };

  const query = useWorkers({ ...view, limit: STAFF_PAGE_SIZE, offset: (page - 1) * STAFF_PAGE_SIZE });
  const counts = useWorkerStatusCounts({ work, designation, skill, q });
  const total = query.data?.total ?? 0;
  const workers = query.data?.workers ?? [];
  const pages = Math.max(1, Math.ceil(total / STAFF_PAGE_SIZE));
  const selection = useStaffSelection({ work, q, status, designation, skill });
  const from = total === 0 ? 0 : (page - 1) * STAFF_PAGE_SIZE + 1;
  const to = Math.min(page * STAFF_PAGE_SIZE, total);

  const workLabel = work ? WORK_TAB_LABELS[work] : m('lists.allWorkTypes');
  const sortNames: Record<WorkerSortKey, string> = {
    name: m('columnName'),
    empid: m('columnEmpId'),
    phone: t('staff.fields.phone'),
    status: m('columnStatus'),
    designation: m('fields.designation'),
    work: m('fields.workType'),
    wage: m('staffList.dailyWage'),
    joined: m('payrollFields.joined'),
  };
  const printFilters = [
    `${m('fields.workType')}: ${workLabel}`,
    ...(status ? [`${m('columnStatus')}: ${labels.status(status)}`] : []),
    ...(designation ? [`${m('fields.designation')}: ${labels.designation(designation)}`] : []),
    ...(skill ? [`${m('payrollFields.skill')}: ${labels.skill(skill)}`] : []),
    ...(q ? [`${m('fields.search')}: ${q}`] : []),
    ...(order ? [`${m('staffList.sortedBy')}: ${sortNames[order.key]}${order.desc ? ` (${m('staffList.descending')})` : ''}`] : []),
    // print prints the page on screen: say which rows of the view it holds
    ...(total > 0 ? [m.of('staffRowsPrinted', from, to, total)] : []),
  ];

  const heading = (key: WorkerSortKey, label: string, numeric = false) => (
    <SortTh sortKey={key} order={order} onSort={toggle} numeric={numeric}>
      {label}
    </SortTh>
  );
  const columnCount = 11;

  let body;
  if (query.isPending) {
    body = <StatusRow text={m('loading')} columns={columnCount} />;
  } else if (query.isError) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={columnCount}>
          <Alert color="red" variant="light">
            {errorText(query.error, 'somethingWentWrong')}
          </Alert>
        </Table.Td>
      </Table.Tr>
    );
  } else if (workers.length === 0) {
    body = <StatusRow text={m('noStaffInCategory')} columns={columnCount} />;
  } else {
    body = workers.map((worker) => (
      <Table.Tr key={worker._id}>
        <SelectTd selection={selection} worker={worker} />
        <Table.Td fw={500}>{worker.name}</Table.Td>
        <Table.Td>{worker.empid}</Table.Td>
        <Table.Td>{worker.phone}</Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{worker.aadhar}</Table.Td>
        <Table.Td>{worker.work ? WORK_TYPE_SELECT_LABELS[worker.work as WorkType] ?? worker.work : ''}</Table.Td>
        <Table.Td>{labels.designation(worker.designation ?? '')}</Table.Td>
        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
          {worker.wage === null || worker.wage === undefined ? '' : formatMoney(worker.wage)}
        </Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{dayText(worker.joined)}</Table.Td>
        <Table.Td>
          <StaffStatusBadge status={worker.status} />
        </Table.Td>
        <Table.Td data-no-print>
          <Anchor component={Link} to={`/dashboard/manager/editstaff/${worker._id}`} aria-label={t('staff.editOf', { name: worker.name })} fw={600} py={6} display="inline-block">
            {m('billEdit')}
          </Anchor>
        </Table.Td>
      </Table.Tr>
    ));
  }

  const choose = (key: string) => (value: string) => update({ [key]: value || null, page: null });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {m('allStaffMembers')}
        </Title>
        <Group gap="xs" data-no-print>
          <Button component={Link} to="/dashboard/manager/addworkers" variant="light">
            {m('addWorker')}
          </Button>
          <Button component={Link} to="/dashboard/manager/addworkerss" variant="default">
            {m('bulkUploadLink')}
          </Button>
        </Group>
      </Group>
      <PrintHeading title={m('allStaffMembers')} filters={printFilters} />
      <Tabs
        value={allWork ? ALL_WORK : work}
        onChange={(value) => update({ work: value === 'mcc' ? null : value, page: null })}
        keepMounted={false}
        data-no-print
      >
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
          <Tabs.Tab value={ALL_WORK} style={{ flexShrink: 0 }}>
            {m('lists.allWorkTypes')}
          </Tabs.Tab>
          {TABS.map((tab) => (
            <Tabs.Tab key={tab.work} value={tab.work} style={{ flexShrink: 0 }}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Group align="flex-end" gap="sm" data-no-print>
        <SearchInput
          search={search}
          label={t('staff.search')}
          placeholder={m('searchStaff')}
          w={{ base: '100%', sm: 320 }}
        />
        <NativeSelect
          label={m('columnStatus')}
          value={status ?? ''}
          onChange={(event) => choose('status')(event.currentTarget.value)}
          data={[{ value: '', label: m('staffList.allStatuses') }, ...labels.statusOptions]}
        />
        <NativeSelect
          label={m('fields.designation')}
          value={designation ?? ''}
          onChange={(event) => choose('designation')(event.currentTarget.value)}
          data={[{ value: '', label: m('staffList.allDesignations') }, ...labels.designationOptions]}
        />
        <NativeSelect
          label={m('payrollFields.skill')}
          value={skill ?? ''}
          onChange={(event) => choose('skill')(event.currentTarget.value)}
          data={[{ value: '', label: m('staffList.allSkills') }, ...labels.skillOptions]}
        />
        <Box ml={{ sm: 'auto' }}>
          <ListActions onExport={() => exportWorkers(view, token)} exportDisabled={total === 0} printDisabled={total === 0} />
        </Box>
      </Group>
      <StatusCounts counts={counts.data} />
      <BulkSelectionBar selection={selection} total={total} />
      <Paper withBorder radius="lg" visibleFrom="sm" className="print-table">
        {/* eleven columns within a 1280 px screen beside the menu, Edit included, without scrolling sideways */}
        <Table.ScrollContainer minWidth={940}>
          <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="xs" aria-busy={query.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <SelectPageTh selection={selection} workers={workers} />
                {heading('name', m('columnName'))}
                {heading('empid', m('columnEmpId'))}
                {heading('phone', t('staff.fields.phone'))}
                <Table.Th>{t('staff.fields.aadhar')}</Table.Th>
                {heading('work', m('fields.workType'))}
                {heading('designation', m('fields.designation'))}
                {heading('wage', m('staffList.dailyWage'), true)}
                {heading('joined', m('payrollFields.joined'))}
                {heading('status', m('columnStatus'))}
                <Table.Th data-no-print>{t('staff.action')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{body}</Table.Tbody>
            {total > 0 ? <TotalsRow lead={1} cells={[total, null, null, null, null, null, null, status ? null : <CountsByStatus counts={counts.data} />]} /> : null}
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <Box hiddenFrom="sm" className="print-cards">
        <StaffCards state={query.isPending ? 'loading' : query.isError ? 'error' : 'done'} workers={workers} error={query.error} />
      </Box>
      {total > 0 ? (
        <Group justify="space-between" gap="sm" data-no-print>
          <Text size="sm" c="dimmed">
            {m.of('staffShown', from, to, total)}
          </Text>
          {pages > 1 ? (
            <Pagination total={pages} value={Math.min(page, pages)} onChange={(next) => update({ page: next === 1 ? null : String(next) })} size="md" aria-label={t('staff.pages')} />
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}

/** 'Active 120 · On Leave 4 · Resigned 9' in the reader's language. */
function countsText(counts: WorkerCounts | undefined, statusLabel: (status: string) => string): string | null {
  if (!counts) return null;
  return STAFF_STATUSES.map((status) => `${statusLabel(status)} ${counts.counts[status]}`).join(' · ');
}

/** The counts by status in the Status column's total: one status to a line, each kept whole. */
function CountsByStatus({ counts }: { counts: WorkerCounts | undefined }) {
  const labels = useStaffLabels();
  if (!counts) return null;
  return (
    <>
      {STAFF_STATUSES.map((status) => (
        <Text key={status} size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
          {labels.status(status)} {counts.counts[status]}
        </Text>
      ))}
    </>
  );
}

/** The view's counts by status (its status filter left out) and their total, on the list itself. */
function StatusCounts({ counts }: { counts: WorkerCounts | undefined }) {
  const m = useMessages();
  const labels = useStaffLabels();
  if (!counts) return null;
  return (
    <Text size="sm" role="status" aria-label={m('staffList.countsLabel')} data-no-print>
      {countsText(counts, labels.status)} · {m('columnTotal')} {counts.total}
    </Text>
  );
}

function StatusRow({ text, columns }: { text: string; columns: number }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns} ta="center" py="xl" c="dimmed">
        {text}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Phones get one card per person instead of the table, so status and the edit link are on
 * screen without scrolling sideways.
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
