import { Alert, Button, Group, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';
import { MSG } from '../../../shared/messages.js';
import { formatRupees } from '../../../shared/money.js';
import { useAuth } from '../../auth/auth-context.js';
import { downloadWages, useWageRegister, type WageRegister } from './api.js';
import { MonthStepper } from './month-stepper.js';
import { ReportDownloadButton } from './report-download-button.js';
import { monthAndYear, REPORT_TABS } from './report-month.js';
import { reportSearch, useReportParams, useCurrentMonth } from './report-params.js';

/**
 * The wage register (manager/wages; beyond SPEC): each worker's days from the attendance
 * total, the wage per day and the amount, as the company pays them. Computed by the server.
 */
export default function WagesPage() {
  const { token } = useAuth();
  const { work, month, update } = useReportParams();
  const query = useWageRegister(work, month);
  // The register answer carries no "today"; asked without a month it answers the current one.
  const currentMonth = useCurrentMonth(month === null && query.data ? `${query.data.month}-01` : undefined);
  const shownMonth = month ?? query.data?.month ?? currentMonth;
  const title = `${MSG.wageRegister} - ${monthAndYear(shownMonth)}`;
  useDocumentTitle(`${title} · Dutyroll`);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {title}
        </Title>
        <MonthStepper month={shownMonth} currentMonth={currentMonth} onChange={(next) => update({ month: next })} />
      </Group>
      <Group gap="sm">
        <ReportDownloadButton
          disabled={!query.data || query.data.rows.length === 0}
          download={() => downloadWages(token, work, shownMonth)}
        />
        <Button component={Link} to={`/dashboard/manager/attendance?${reportSearch(work, shownMonth)}`} variant="light" size="md">
          {MSG.attendanceLink}
        </Button>
      </Group>
      <Tabs value={work} onChange={(value) => value && update({ work: value as typeof work })} keepMounted={false}>
        <Tabs.List>
          {REPORT_TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value} fz="md" py="sm">
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {REPORT_TABS.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value} pt="md">
            {query.isPending ? (
              <Text c="dimmed" py="lg" role="status">
                {MSG.loadingData}
              </Text>
            ) : query.isError ? (
              <Alert color="red" variant="light" role="alert">
                {query.error.message || MSG.somethingWentWrong}
              </Alert>
            ) : query.data.rows.length === 0 ? (
              <Text c="dimmed" py="lg">
                {MSG.noWorkersInCategory}
              </Text>
            ) : (
              <WageTable register={query.data} />
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

function WageTable({ register }: { register: WageRegister }) {
  return (
    <Table.ScrollContainer minWidth={560} type="native">
      <Table striped highlightOnHover withTableBorder verticalSpacing="sm" fz="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{MSG.columnName}</Table.Th>
            <Table.Th>{MSG.columnEmpId}</Table.Th>
            <Table.Th ta="right">{MSG.columnDays}</Table.Th>
            <Table.Th ta="right">{MSG.wagePerDay}</Table.Th>
            <Table.Th ta="right">{MSG.columnAmount}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {register.rows.map((row) => (
            <Table.Tr key={row._id}>
              <Table.Td className="break-anywhere">{row.name}</Table.Td>
              <Table.Td>{row.empid}</Table.Td>
              <Table.Td ta="right">{row.days}</Table.Td>
              <Table.Td ta="right">{row.wage === null ? '—' : formatRupees(row.wage)}</Table.Td>
              <Table.Td ta="right">{formatRupees(row.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700}>
            <Table.Th>{MSG.columnTotal}</Table.Th>
            <Table.Td />
            <Table.Td ta="right">{register.totalDays}</Table.Td>
            <Table.Td />
            <Table.Td ta="right">{formatRupees(register.totalAmount)}</Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
