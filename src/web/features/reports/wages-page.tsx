import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WAGES_SORT, wagesTotals, wagesView } from '../../../shared/report-views.js';
import type { SortOrder } from '../../../shared/list-view.js';
import { SortTh } from '../../components/list/sort-th.js';
import { TotalsRow } from '../../components/list/totals-row.js';
import { formatMoney, formatMonth } from '../../i18n/format.js';
import { useMessages } from '../../i18n/messages.js';
import { useAuth } from '../../auth/auth-context.js';
import { downloadWages, downloadWagesView, useWageRegister, type WageRegister } from './api.js';
import { ReportLayout } from './report-layout.js';
import { reportSearch, useReportParams, useCurrentMonth } from './report-params.js';
import { useDaysChoices, useDaysView, useViewFilters, ViewToolbar } from './report-view.js';

type WageSortKey = (typeof WAGES_SORT)[number];

/**
 * The wage register (manager/wages; beyond SPEC): each worker's days from the attendance
 * total, the wage per day and the amount, as the company pays them. Computed by the server;
 * the page searches, filters and sorts the month it loaded (issue 28) and adds up what it
 * shows, in paise.
 */
export default function WagesPage() {
  const { token } = useAuth();
  const m = useMessages();
  const { work, month, update } = useReportParams();
  const query = useWageRegister(work, month);
  // The register answer carries no "today"; asked without a month it answers the current one.
  const currentMonth = useCurrentMonth(month === null && query.data ? `${query.data.month}-01` : undefined);
  const shownMonth = month ?? query.data?.month ?? currentMonth;
  // 'Wage Register - November 2026' (wageRegisterTitle), in the reader's language
  const title = `${m('wageRegister')} - ${formatMonth(shownMonth)}`;
  const view = useDaysView(WAGES_SORT);
  const days = useDaysChoices();
  const filters = useViewFilters(work, shownMonth, view.search.query, days.titleOf(view.filter));
  const rowsOf = (register: WageRegister) => wagesView(register.rows, { q: view.search.query, days: view.filter, sort: view.order });

  return (
    <ReportLayout
      title={title}
      month={shownMonth}
      currentMonth={currentMonth}
      work={work}
      onChange={update}
      query={query}
      isEmpty={(register) => register.rows.length === 0}
      download={() => downloadWages(token, work, shownMonth)}
      link={{ to: `/dashboard/manager/attendance?${reportSearch(work, shownMonth)}`, label: m('attendanceLink') }}
      printFilters={filters}
      toolbar={(register) => (
        <ViewToolbar
          search={view.search}
          filter={{ label: days.label, value: view.filter, onChange: view.setFilter, choices: days.choices }}
          shown={rowsOf(register).length}
          count={register.rows.length}
          onExport={() => downloadWagesView(token, work, shownMonth, { q: view.search.query || undefined, days: view.filter ?? undefined, sort: view.sort })}
        />
      )}
    >
      {(register) => <WageTable rows={rowsOf(register)} order={view.order} onSort={view.toggle} />}
    </ReportLayout>
  );
}

const right = (content: string | number) => (
  <Text component="span" display="block" ta="right" fz="sm" fw={700}>
    {content}
  </Text>
);

function WageTable({ rows, order, onSort }: { rows: WageRegister['rows']; order: SortOrder<WageSortKey> | null; onSort: (key: WageSortKey) => void }) {
  const m = useMessages();
  const { t } = useTranslation();
  if (rows.length === 0) return <Text c="dimmed" py="lg">{t('payroll.lists.noMatch')}</Text>;
  const totals = wagesTotals(rows);
  return (
    // a region that takes keyboard focus, so its columns can be scrolled with the arrow keys (WCAG 2.1.1)
    <Table.ScrollContainer minWidth={560} type="native" tabIndex={0} role="region" aria-label={m('wageRegister')} className="print-table">
      <Table striped highlightOnHover withTableBorder verticalSpacing="sm" fz="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
        <Table.Thead>
          <Table.Tr>
            <SortTh sortKey="name" order={order} onSort={onSort}>
              {m('columnName')}
            </SortTh>
            <SortTh sortKey="empid" order={order} onSort={onSort}>
              {m('columnEmpId')}
            </SortTh>
            <SortTh sortKey="days" order={order} onSort={onSort} numeric>
              {m('columnDays')}
            </SortTh>
            <SortTh sortKey="wage" order={order} onSort={onSort} numeric>
              {m('wagePerDay')}
            </SortTh>
            <SortTh sortKey="amount" order={order} onSort={onSort} numeric>
              {m('columnAmount')}
            </SortTh>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row._id}>
              <Table.Td className="break-anywhere">{row.name}</Table.Td>
              <Table.Td>{row.empid}</Table.Td>
              <Table.Td ta="right">{row.days}</Table.Td>
              <Table.Td ta="right">{row.wage === null ? '—' : formatMoney(row.wage)}</Table.Td>
              <Table.Td ta="right">{formatMoney(row.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <TotalsRow cells={[null, right(totals.days), null, right(formatMoney(totals.amountPaise / 100))]} />
      </Table>
    </Table.ScrollContainer>
  );
}
