import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ROLE } from '../../../shared/roles.js';
import { useAuth } from '../../auth/auth-context.js';
import { ATTENDANCE_SORT, attendanceView } from '../../../shared/report-views.js';
import { downloadAttendance, downloadAttendanceView, useAttendance, type AttendanceGrid as Grid } from './api.js';
import { AttendanceGrid } from './attendance-grid.js';
import { ReportLayout } from './report-layout.js';
import { formatMonth } from '../../i18n/format.js';
import { useMessages } from '../../i18n/messages.js';
import { CATEGORY_TABS } from '../../components/category-tabs.js';
import { reportSearch, useReportParams, useCurrentMonth } from './report-params.js';
import { useDaysChoices, useDaysView, useViewFilters, ViewToolbar } from './report-view.js';
import classes from './report-grid.module.css';

/** SPEC §2 Attendance (manager/attendance), searched, filtered and sorted in the page (issue 28). */
export default function AttendancePage() {
  const { token, user } = useAuth();
  const { t } = useTranslation();
  const m = useMessages();
  // managers and admins mark days (issue 26); the server decides, the page only offers
  const canMark = user?.role === ROLE.manager || user?.role === ROLE.admin;
  const { work, month, update } = useReportParams();
  const query = useAttendance(work, month);
  const currentMonth = useCurrentMonth(query.data?.today);
  // No month in the address: the current one, as the server answered it.
  const shownMonth = month ?? query.data?.month ?? currentMonth;
  // SPEC's 'Attendance - November 2026' (attendanceTitle), in the reader's language
  const title = m.of('attendancePageTitle', formatMonth(shownMonth));
  const label = CATEGORY_TABS.find((tab) => tab.value === work)?.label ?? work;
  const view = useDaysView(ATTENDANCE_SORT);
  const days = useDaysChoices();
  const filters = useViewFilters(work, shownMonth, view.search.query, days.titleOf(view.filter));
  const workersOf = (grid: Grid) => attendanceView(grid.workers, { q: view.search.query, days: view.filter, sort: view.order });

  return (
    <ReportLayout
      title={title}
      month={shownMonth}
      currentMonth={currentMonth}
      work={work}
      onChange={update}
      query={query}
      isEmpty={(grid) => grid.workers.length === 0}
      download={() => downloadAttendance(token, work, shownMonth)}
      link={{ to: `/dashboard/manager/wages?${reportSearch(work, shownMonth)}`, label: m('wageRegister') }}
      printFilters={filters}
      toolbar={(grid) => (
        <ViewToolbar
          search={view.search}
          filter={{ label: days.label, value: view.filter, onChange: view.setFilter, choices: days.choices }}
          shown={workersOf(grid).length}
          count={grid.workers.length}
          onExport={() => downloadAttendanceView(token, work, shownMonth, { q: view.search.query || undefined, days: view.filter ?? undefined, sort: view.sort })}
        />
      )}
    >
      {(grid) => (
        <Stack gap="sm">
          {canMark && grid.final && (
            <Alert color="blue" variant="light" data-no-print>
              {t('payroll.marks.final')}
            </Alert>
          )}
          {workersOf(grid).length === 0 ? (
            <Text c="dimmed" py="lg">
              {t('payroll.lists.noMatch')}
            </Text>
          ) : (
            <AttendanceGrid grid={grid} workers={workersOf(grid)} categoryLabel={label} canMark={canMark} order={view.order} onSort={view.toggle} />
          )}
          <ul className={classes.legend} aria-label={t('payroll.marks.legendTitle')}>
            {(['A', 'P', 'P2', 'P3', 'L', 'W', 'H'] as const).map((code) => (
              <li key={code}>
                <b>{code}</b> {t(`payroll.legend.${code}`)}
              </li>
            ))}
          </ul>
          <p className={classes.legendNote}>{t('payroll.legend.note')}</p>
        </Stack>
      )}
    </ReportLayout>
  );
}
