import { Table } from '@mantine/core';
import { formatMoney, formatMonth } from '../../i18n/format.js';
import { useMessages } from '../../i18n/messages.js';
import { useAuth } from '../../auth/auth-context.js';
import { downloadWages, useWageRegister, type WageRegister } from './api.js';
import { ReportLayout } from './report-layout.js';
import { reportSearch, useReportParams, useCurrentMonth } from './report-params.js';

/**
 * The wage register (manager/wages; beyond SPEC): each worker's days from the attendance
 * total, the wage per day and the amount, as the company pays them. Computed by the server.
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
    >
      {(register) => <WageTable register={register} />}
    </ReportLayout>
  );
}

function WageTable({ register }: { register: WageRegister }) {
  const m = useMessages();
  return (
    // a region that takes keyboard focus, so its columns can be scrolled with the arrow keys (WCAG 2.1.1)
    <Table.ScrollContainer minWidth={560} type="native" tabIndex={0} role="region" aria-label={m('wageRegister')}>
      <Table striped highlightOnHover withTableBorder verticalSpacing="sm" fz="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{m('columnName')}</Table.Th>
            <Table.Th>{m('columnEmpId')}</Table.Th>
            <Table.Th ta="right">{m('columnDays')}</Table.Th>
            <Table.Th ta="right">{m('wagePerDay')}</Table.Th>
            <Table.Th ta="right">{m('columnAmount')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {register.rows.map((row) => (
            <Table.Tr key={row._id}>
              <Table.Td className="break-anywhere">{row.name}</Table.Td>
              <Table.Td>{row.empid}</Table.Td>
              <Table.Td ta="right">{row.days}</Table.Td>
              <Table.Td ta="right">{row.wage === null ? '—' : formatMoney(row.wage)}</Table.Td>
              <Table.Td ta="right">{formatMoney(row.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700}>
            <Table.Th>{m('columnTotal')}</Table.Th>
            <Table.Td />
            <Table.Td ta="right">{register.totalDays}</Table.Td>
            <Table.Td />
            <Table.Td ta="right">{formatMoney(register.totalAmount)}</Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
