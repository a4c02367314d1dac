import type { ReactNode } from 'react';
import { Alert, Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { bedsheetDifference, DUTY_STATUSES, DUTY_TYPES, manpowerDifference } from '../../../shared/duties.js';
import { toWorkType, WORK_TYPE_SELECT_LABELS } from '../../../shared/work-types.js';
import { ApiError } from '../../api/client.js';
import { errorText } from '../../api/error-text.js';
import { useCompanyTimeZone } from '../../company-profile.js';
import { formatNumber } from '../../i18n/format.js';
import { useMessages } from '../../i18n/messages.js';
import { actionLabel, auditColumns, detailDateTime } from './admin-display.js';
import { useAdminDuty, useAudit } from './api.js';
import { AuditDiff } from './audit-diff.js';
import classes from './audit.module.css';

const signed = (value: number) => (value > 0 ? `+${formatNumber(value)}` : formatNumber(value));

/**
 * admin/Live-train/{id} (SPEC §2, content ours): one duty's details, read only, and its
 * history from the audit trail.
 */
export default function LiveTrainPage() {
  const { t } = useTranslation();
  const m = useMessages();
  const timeZone = useCompanyTimeZone();
  const { id = '' } = useParams();
  const duty = useAdminDuty(id);
  const history = useAudit({ actor: '', entity: 'duty', entityId: id, from: '', to: '' }, Boolean(id));
  useDocumentTitle(t('admin.documentTitle', { page: duty.data?.trainno ? t('admin.liveTrain.train', { trainno: duty.data.trainno }) : t('admin.liveTrain.duty') }));

  if (duty.isPending) return <Text c="dimmed">{m('loading')}</Text>;
  if (duty.isError) {
    return (
      <Stack gap="md">
        <Alert color="red" variant="light" title={duty.error instanceof ApiError && duty.error.status === 404 ? m('dutyNotFound') : undefined}>
          {errorText(duty.error)}
        </Alert>
        <Group>
          <Button component={Link} to="/dashboard/admin/audit?entity=duty" variant="default">
            {t('admin.liveTrain.dutiesInAudit')}
          </Button>
        </Group>
      </Stack>
    );
  }
  const d = duty.data;
  const work = toWorkType(d.work);
  const manpower = manpowerDifference(d.workerCount, d.reqq);
  const count = (value: number | null) => (value === null ? '—' : formatNumber(value));
  const status = (DUTY_STATUSES as readonly string[]).includes(d.status) ? t(`admin.liveTrain.statuses.${d.status as (typeof DUTY_STATUSES)[number]}`) : d.status;
  const type = d.type && (DUTY_TYPES as readonly string[]).includes(d.type) ? t(`admin.liveTrain.types.${d.type as (typeof DUTY_TYPES)[number]}`) : (d.type ?? '—');
  const fields: { label: string; value: ReactNode }[] = [
    { label: t('admin.liveTrain.trainNo'), value: d.trainno ?? '—' },
    {
      label: m('columnStatus'),
      value: (
        <Badge color={d.status === 'completed' ? 'teal' : 'orange'} variant="light">
          {status}
        </Badge>
      ),
    },
    { label: t('admin.liveTrain.work'), value: work ? WORK_TYPE_SELECT_LABELS[work] : d.work },
    { label: t('admin.liveTrain.supervisor'), value: d.supervisor ? (d.supervisorName ?? m('supervisorUnknown')) : m('supervisorNotAssigned') },
    { label: work === 'bio' ? t('admin.liveTrain.totalTank') : t('admin.liveTrain.totalCoaches'), value: count(d.totalcoach) },
    { label: t('admin.liveTrain.type'), value: type },
    { label: m('requiredStaff'), value: count(d.reqq) },
    { label: m('selectedStaff'), value: `${formatNumber(d.workerCount)} (${signed(manpower)})` },
    ...(d.suppliedBedsheet !== null || d.returned !== null
      ? [
          { label: t('admin.liveTrain.suppliedBedsheet'), value: count(d.suppliedBedsheet) },
          {
            label: t('admin.liveTrain.returnedBedsheet'),
            value: d.returned === null ? '—' : `${formatNumber(d.returned)} (${signed(bedsheetDifference(d.suppliedBedsheet, d.returned))})`,
          },
        ]
      : []),
    { label: t('admin.liveTrain.created'), value: detailDateTime(d.createdAt, timeZone) },
    { label: t('admin.liveTrain.updated'), value: detailDateTime(d.updatedAt, timeZone) },
    { label: t('admin.liveTrain.completed'), value: d.completedAt ? detailDateTime(d.completedAt, timeZone) : '—' },
  ];
  const columns = auditColumns(t);
  const entries = history.data?.pages.flatMap((page) => page.entries) ?? [];
  // the history's people by name: the crews' (sent with each entry) and the duty's supervisor
  const auditNames = (crewNames: Record<string, string> | undefined) =>
    new Map([...(d.supervisor && d.supervisorName ? [[d.supervisor, d.supervisorName] as const] : []), ...Object.entries(crewNames ?? {})]);

  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {d.trainno ? t('admin.liveTrain.train', { trainno: d.trainno }) : t('admin.liveTrain.workDuty', { work: work ? WORK_TYPE_SELECT_LABELS[work] : d.work })}
      </Title>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" component="dl" m={0}>
          {fields.map((field) => (
            <div key={field.label}>
              <Text component="dt" size="xs" fw={700} c="dimmed" tt="uppercase">
                {field.label}
              </Text>
              <Text component="dd" m={0} fw={500}>
                {field.value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Paper>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Title order={2} fz={18} mb="sm">
          {t('admin.liveTrain.crew', { number: formatNumber(d.workerDetails.length) })}
        </Title>
        {d.workerDetails.length === 0 ? (
          <Text c="dimmed">{t('admin.liveTrain.noWorkers')}</Text>
        ) : (
          <Group gap="xs">
            {d.workerDetails.map((worker) => (
              <Badge key={worker._id} variant="outline" color="gray" size="lg" tt="none" fw={500}>
                {worker.name} · {worker.empid}
              </Badge>
            ))}
          </Group>
        )}
      </Paper>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Title order={2} fz={20}>
            {t('admin.liveTrain.history')}
          </Title>
          <Anchor component={Link} to={`/dashboard/admin/audit?entity=duty&entityId=${encodeURIComponent(d._id)}`} size="sm">
            {t('admin.liveTrain.openInAudit')}
          </Anchor>
        </Group>
        <Paper withBorder radius="lg">
          <Table className={classes.table} verticalSpacing="sm" horizontalSpacing="md" aria-label={t('admin.liveTrain.history')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{columns.when}</Table.Th>
                <Table.Th>{columns.who}</Table.Th>
                <Table.Th>{columns.action}</Table.Th>
                <Table.Th>{columns.beforeAfter}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.isPending ? (
                <Table.Tr>
                  <Table.Td colSpan={4} ta="center" c="dimmed" py="lg">
                    {m('loading')}
                  </Table.Td>
                </Table.Tr>
              ) : history.isError ? (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Alert color="red" variant="light">
                      {errorText(history.error)}
                    </Alert>
                  </Table.Td>
                </Table.Tr>
              ) : entries.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={4} ta="center" c="dimmed" py="lg">
                    {t('admin.liveTrain.noChanges')}
                  </Table.Td>
                </Table.Tr>
              ) : (
                entries.map((entry) => (
                  <Table.Tr key={entry._id}>
                    <Table.Td data-label={columns.when} valign="top" style={{ whiteSpace: 'nowrap' }}>
                      {detailDateTime(entry.at, timeZone)}
                    </Table.Td>
                    <Table.Td data-label={columns.who} valign="top">
                      {entry.actorName ?? t('admin.audit.system')}
                    </Table.Td>
                    <Table.Td data-label={columns.action} valign="top" fw={600}>
                      {actionLabel(entry.action, t)}
                    </Table.Td>
                    <Table.Td data-label={columns.beforeAfter} valign="top">
                      <AuditDiff before={entry.before} after={entry.after} timeZone={timeZone} names={auditNames(entry.crewNames)} />
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Paper>
        {history.hasNextPage ? (
          <Group justify="center">
            <Button variant="default" onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage}>
              {t('admin.audit.loadMore')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Stack>
  );
}
