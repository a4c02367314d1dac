import type { ReactNode } from 'react';
import { Alert, Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useParams } from 'react-router';
import { bedsheetDifference, manpowerDifference } from '../../../shared/duties.js';
import { MSG } from '../../../shared/messages.js';
import { toWorkType, WORK_TYPE_SELECT_LABELS } from '../../../shared/work-types.js';
import { ApiError } from '../../api/client.js';
import { useErrorText } from '../../api/error-text.js';
import { actionLabel, formatDateTime } from './admin-display.js';
import { useAdminDuty, useAudit } from './api.js';
import { AuditDiff } from './audit-diff.js';
import classes from './audit.module.css';

const signed = (value: number) => (value > 0 ? `+${value}` : String(value));

/**
 * admin/Live-train/{id} (SPEC §2, content ours): one duty's details, read only, and its
 * history from the audit trail.
 */
export default function LiveTrainPage() {
  const errorText = useErrorText();
  const { id = '' } = useParams();
  const duty = useAdminDuty(id);
  const history = useAudit({ actor: '', entity: 'duty', entityId: id, from: '', to: '' }, Boolean(id));
  useDocumentTitle(duty.data?.trainno ? `Train ${duty.data.trainno} · Admin · Dutyroll` : 'Duty · Admin · Dutyroll');

  if (duty.isPending) return <Text c="dimmed">{MSG.loading}</Text>;
  if (duty.isError) {
    return (
      <Stack gap="md">
        <Alert color="red" variant="light" title={duty.error instanceof ApiError && duty.error.status === 404 ? MSG.dutyNotFound : undefined}>
          {errorText(duty.error)}
        </Alert>
        <Group>
          <Button component={Link} to="/dashboard/admin/audit?entity=duty" variant="default">
            Duties in the audit trail
          </Button>
        </Group>
      </Stack>
    );
  }
  const d = duty.data;
  const work = toWorkType(d.work);
  const manpower = manpowerDifference(d.workerCount, d.reqq);
  const fields: { label: string; value: ReactNode }[] = [
    { label: 'Train No', value: d.trainno ?? '—' },
    {
      label: 'Status',
      value: (
        <Badge color={d.status === 'completed' ? 'teal' : 'orange'} variant="light">
          {d.status}
        </Badge>
      ),
    },
    { label: 'Work', value: work ? WORK_TYPE_SELECT_LABELS[work] : d.work },
    { label: 'Supervisor', value: d.supervisor ? (d.supervisorName ?? MSG.supervisorUnknown) : MSG.supervisorNotAssigned },
    { label: work === 'bio' ? 'Total Tank' : 'Total Coaches', value: d.totalcoach ?? '—' },
    { label: 'Type', value: d.type ?? '—' },
    { label: MSG.requiredStaff, value: d.reqq },
    { label: MSG.selectedStaff, value: `${d.workerCount} (${signed(manpower)})` },
    ...(d.suppliedBedsheet !== null || d.returned !== null
      ? [
          { label: 'Supplied Bedsheet', value: d.suppliedBedsheet ?? '—' },
          { label: 'Returned Bedsheet', value: d.returned === null ? '—' : `${d.returned} (${signed(bedsheetDifference(d.suppliedBedsheet, d.returned))})` },
        ]
      : []),
    { label: 'Created', value: formatDateTime(d.createdAt) },
    { label: 'Updated', value: formatDateTime(d.updatedAt) },
    { label: 'Completed', value: d.completedAt ? formatDateTime(d.completedAt) : '—' },
  ];
  const entries = history.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {d.trainno ? `Train ${d.trainno}` : `${work ? WORK_TYPE_SELECT_LABELS[work] : d.work} duty`}
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
          Crew ({d.workerDetails.length})
        </Title>
        {d.workerDetails.length === 0 ? (
          <Text c="dimmed">No workers assigned.</Text>
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
            History
          </Title>
          <Anchor component={Link} to={`/dashboard/admin/audit?entity=duty&entityId=${encodeURIComponent(d._id)}`} size="sm">
            Open in the audit trail
          </Anchor>
        </Group>
        <Paper withBorder radius="lg">
          <Table className={classes.table} verticalSpacing="sm" horizontalSpacing="md" aria-label="History">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Who</Table.Th>
                <Table.Th>Action</Table.Th>
                <Table.Th>Before and after</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.isPending ? (
                <Table.Tr>
                  <Table.Td colSpan={4} ta="center" c="dimmed" py="lg">
                    {MSG.loading}
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
                    No recorded changes.
                  </Table.Td>
                </Table.Tr>
              ) : (
                entries.map((entry) => (
                  <Table.Tr key={entry._id}>
                    <Table.Td data-label="When" valign="top" style={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(entry.at)}
                    </Table.Td>
                    <Table.Td data-label="Who" valign="top">
                      {entry.actorName ?? 'System'}
                    </Table.Td>
                    <Table.Td data-label="Action" valign="top" fw={600}>
                      {actionLabel(entry.action)}
                    </Table.Td>
                    <Table.Td data-label="Before and after" valign="top">
                      <AuditDiff before={entry.before} after={entry.after} />
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
              Load more
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Stack>
  );
}
