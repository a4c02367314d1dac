import { Alert, Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';
import { MSG } from '../../../shared/messages.js';
import { useAuth } from '../../auth/auth-context.js';
import { downloadAttendance, useAttendance } from './api.js';
import { AttendanceGrid } from './attendance-grid.js';
import { MonthStepper } from './month-stepper.js';
import { ReportDownloadButton } from './report-download-button.js';
import { monthAndYear, REPORT_TABS } from './report-month.js';
import { reportSearch, useReportParams, useCurrentMonth } from './report-params.js';

/** SPEC §2 Attendance (manager/attendance). */
export default function AttendancePage() {
  const { token } = useAuth();
  const { work, month, update } = useReportParams();
  const query = useAttendance(work, month);
  const currentMonth = useCurrentMonth(query.data?.today);
  // No month in the address: the current one, as the server answered it.
  const shownMonth = month ?? query.data?.month ?? currentMonth;
  const title = MSG.attendancePageTitle(monthAndYear(shownMonth));
  useDocumentTitle(`${title} · Dutyroll`);
  const label = REPORT_TABS.find((tab) => tab.value === work)?.label ?? work;

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
          disabled={!query.data || query.data.workers.length === 0}
          download={() => downloadAttendance(token, work, shownMonth)}
        />
        <Button component={Link} to={`/dashboard/manager/wages?${reportSearch(work, shownMonth)}`} variant="light" size="md">
          {MSG.wageRegister}
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
            ) : query.data.workers.length === 0 ? (
              <Text c="dimmed" py="lg">
                {MSG.noWorkersInCategory}
              </Text>
            ) : (
              <AttendanceGrid grid={query.data} categoryLabel={label} />
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
