import { Fragment, useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, List, Stack, Table, Tabs, Text, Textarea, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BLOCKING_FLAGS, FLAG } from '../../../shared/payroll.js';
import type { SortOrder } from '../../../shared/list-view.js';
import { PAYROLL_SHOWS, PAYROLL_SORT, payrollTotals, payrollView, type PayrollShow } from '../../../shared/report-views.js';
import { PrintHeading } from '../../components/list/print-heading.js';
import { SortTh } from '../../components/list/sort-th.js';
import { TotalsRow } from '../../components/list/totals-row.js';
import { ROLE } from '../../../shared/roles.js';
import type { WorkType } from '../../../shared/work-types.js';
import { errorText } from '../../api/error-text.js';
import { useAuth } from '../../auth/auth-context.js';
import { CATEGORY_TABS } from '../../components/category-tabs.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { ActionsMenu } from '../../components/lazy-floating.js';
import { formatMoney, formatMonth, formatNumber } from '../../i18n/format.js';
import { useMessages } from '../../i18n/messages.js';
import { DeductionsDialog } from './deductions-dialog.js';
import { MonthStepper } from './month-stepper.js';
import { downloadPayrollFile, downloadPayrollView,
  downloadWageSlip, refusedRows, useFinalisePayroll, usePayroll, useReopenPayroll, type Payroll, type PayrollFile, type PayrollRow } from './payroll-api.js';
import { formatDueDate, payrollMonth, useFlagLabel } from './payroll-display.js';
import { DownloadButton } from '../../components/download-button.js';
import { reportSearch, useCurrentMonth, useReportParams } from './report-params.js';
import { useListView, useViewFilters, ViewToolbar } from './report-view.js';
import classes from './payroll.module.css';

/**
 * The payroll of a month and work type (issue 26; manager/payroll and admin/payroll): the
 * status, the day wages fall due, a row per worker with paid days with the amounts the server
 * computed, the totals, the flags (a worker below the minimum wage blocks finalising), the
 * deductions, finalise and (admin) reopen, and the files. Work type and month live in the
 * address (?work=&month=); without a month it opens the last month, the one being closed.
 */
export default function PayrollPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const isAdmin = user?.role === ROLE.admin;
  const base = isAdmin ? '/dashboard/admin' : '/dashboard/manager';
  const { work, month: monthParam, update } = useReportParams();
  const currentMonth = useCurrentMonth(undefined);
  const month = payrollMonth(monthParam, currentMonth);
  const query = usePayroll(work, month);
  const title = t('payroll.title', { month: formatMonth(month) });
  useDocumentTitle(`${title} · Dutyroll`);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm" data-no-print>
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {title}
          </Title>
          {query.data && <PayrollStatus payroll={query.data} />}
        </Stack>
        <MonthStepper month={month} currentMonth={currentMonth} onChange={(next) => update({ month: next })} />
      </Group>
      <Tabs value={work} onChange={(value) => value && update({ work: value as WorkType, month })} keepMounted={false}>
        <Tabs.List data-no-print>
          {CATEGORY_TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value} fz="md" py="sm">
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {CATEGORY_TABS.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value} pt="md">
            {query.isPending ? (
              <Text c="dimmed" py="lg" role="status">
                {t('payroll.loading')}
              </Text>
            ) : query.isError ? (
              <Alert color="red" variant="light" role="alert">
                {errorText(query.error, 'somethingWentWrong')}
              </Alert>
            ) : (
              <PayrollView payroll={query.data} isAdmin={isAdmin} base={base} workLabel={tab.label} title={title} />
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

/** Draft or Final, and the day wages fall due. */
function PayrollStatus({ payroll }: { payroll: Payroll }) {
  const { t } = useTranslation();
  const final = payroll.status === 'final';
  return (
    <Group gap="sm">
      <Badge color={final ? 'teal' : 'yellow'} variant={final ? 'filled' : 'light'} size="lg" radius="sm">
        {final ? t('payroll.status.final') : t('payroll.status.draft')}
      </Badge>
      <Text size="sm" c="dimmed">
        {t('payroll.dueOn', { date: formatDueDate(payroll.dueDate) })}
      </Text>
    </Group>
  );
}

type PayrollSortKey = (typeof PAYROLL_SORT)[number];

/** The payroll filter's choices and how the printed heading names the one chosen. */
function useShowChoices() {
  const { t } = useTranslation();
  const labels: Record<PayrollShow, string> = {
    epf: t('payroll.lists.showEpf'),
    noEpf: t('payroll.lists.showNoEpf'),
    esi: t('payroll.lists.showEsi'),
    noEsi: t('payroll.lists.showNoEsi'),
    deductions: t('payroll.lists.showDeductions'),
    flagged: t('payroll.lists.showFlagged'),
  };
  return {
    label: t('payroll.lists.show'),
    choices: [{ value: '' as const, label: t('payroll.lists.showAll') }, ...PAYROLL_SHOWS.map((value) => ({ value, label: labels[value] }))],
    titleOf: (value: PayrollShow | null) => (value ? `${t('payroll.lists.show')}: ${labels[value]}` : null),
  };
}

function PayrollView({ payroll, isAdmin, base, workLabel, title }: { payroll: Payroll; isAdmin: boolean; base: string; workLabel: string; title: string }) {
  const { t } = useTranslation();
  const { token } = useAuth();
  // the page's view of the month (issue 28): search, filter and sort in the address
  const view = useListView(PAYROLL_SORT, 'show', PAYROLL_SHOWS);
  const shows = useShowChoices();
  const rows = payrollView(payroll.rows, { q: view.search.query, show: view.filter, sort: view.order });
  const filters = useViewFilters(payroll.work, payroll.month, view.search.query, shows.titleOf(view.filter));
  filters.push(payroll.status === 'final' ? t('payroll.status.final') : t('payroll.status.draft'));
  const [deductionsFor, setDeductionsFor] = useState<PayrollRow | null>(null);
  const final = payroll.status === 'final';
  const empty = payroll.rows.length === 0;
  const file = (name: PayrollFile) => () => downloadPayrollFile(token, name, payroll.work, payroll.month);
  const m = useMessages();
  async function slipOf(row: PayrollRow) {
    try {
      await downloadWageSlip(token, payroll.work, payroll.month, row.staffId);
    } catch (error) {
      notifications.show({ color: 'red', title: m('downloadFailed'), message: errorText(error, 'somethingWentWrong') });
    }
  }

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap" data-no-print>
        {!final && <FinaliseButton payroll={payroll} workLabel={workLabel} disabled={empty} />}
        {final && isAdmin && <ReopenButton payroll={payroll} workLabel={workLabel} />}
      </Group>
      {final && (
        <Text size="sm" c="dimmed" data-no-print>
          {isAdmin ? t('payroll.finalNoteAdmin') : t('payroll.finalNote')}
        </Text>
      )}
      <Group gap="xs" wrap="wrap" role="group" aria-label={t('payroll.files.title')} data-no-print>
        <DownloadButton disabled={empty} download={file('register')} label={t('payroll.files.register')} />
        {empty ? (
          // a link cannot be disabled: an empty month shows a plain disabled button instead
          <Button variant="light" size="md" disabled>
            {t('payroll.files.print')}
          </Button>
        ) : (
          <Button component={Link} to={`${base}/payroll/register?${reportSearch(payroll.work, payroll.month)}`} variant="light" size="md">
            {t('payroll.files.print')}
          </Button>
        )}
        <DownloadButton disabled={empty} download={file('slips')} label={t('payroll.files.slips')} variant="light" />
        <DownloadButton disabled={empty || !final} download={file('ecr')} label={t('payroll.files.ecr')} variant="light" />
        <DownloadButton disabled={empty || !final} download={file('esi')} label={t('payroll.files.esi')} variant="light" />
        <DownloadButton disabled={empty || !final} download={file('bank')} label={t('payroll.files.bank')} variant="light" />
        <DownloadButton disabled={empty} download={file('bankMissing')} label={t('payroll.files.bankMissing')} variant="light" />
      </Group>
      {!final && !empty && (
        <Text size="sm" c="dimmed" data-no-print>
          {t('payroll.files.draftNote')}
        </Text>
      )}
      {empty ? (
        <Text c="dimmed" py="lg">
          {t('payroll.empty')}
        </Text>
      ) : (
        <>
          <FlagSummary rows={payroll.rows} base={base} canEdit={!isAdmin} />
          <ViewToolbar
            search={view.search}
            filter={{ label: shows.label, value: view.filter, onChange: view.setFilter, choices: shows.choices }}
            shown={rows.length}
            count={payroll.rows.length}
            onExport={() => downloadPayrollView(token, payroll.work, payroll.month, { q: view.search.query || undefined, show: view.filter ?? undefined, sort: view.sort })}
          />
          <PrintHeading title={title} filters={filters} />
          {rows.length === 0 ? (
            <Text c="dimmed" py="lg">
              {t('payroll.lists.noMatch')}
            </Text>
          ) : (
            <PayrollTable rows={rows} order={view.order} onSort={view.toggle} onDeductions={setDeductionsFor} onSlip={(row) => void slipOf(row)} />
          )}
        </>
      )}
      {deductionsFor && (
        <DeductionsDialog opened onClose={() => setDeductionsFor(null)} work={payroll.work} month={payroll.month} worker={deductionsFor} final={final} />
      )}
    </Stack>
  );
}

/**
 * The flags above the table: the workers below the minimum wage (red: finalising is refused
 * until fixed), each linked to their edit page for a manager, then the other flags by count.
 */
function FlagSummary({ rows, base, canEdit }: { rows: PayrollRow[]; base: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const flagLabel = useFlagLabel();
  const below = rows.filter(isBlocked);
  const onlyMinimumWage = below.every((row) => row.flags.includes(FLAG.belowMinimumWage));
  const others = new Map<string, number>();
  for (const row of rows) for (const flag of row.flags) if (!isBlocking(flag)) others.set(flag, (others.get(flag) ?? 0) + 1);
  if (below.length === 0 && others.size === 0) return null;
  return (
    <Stack gap="sm" data-no-print>
      {below.length > 0 && (
        <Alert color="red" variant="light" title={onlyMinimumWage ? t('payroll.belowMinimum', { count: below.length }) : t('payroll.blocked', { count: below.length })}>
          <List size="sm" spacing={2}>
            {below.map((row) => (
              <List.Item key={row.staffId}>
                {canEdit ? (
                  <Anchor component={Link} to={`${base}/editstaff/${row.staffId}`} size="sm">
                    {t('payroll.editWorker', { name: row.name, empid: row.empid })}
                  </Anchor>
                ) : (
                  `${row.name} (${row.empid})`
                )}
                {!onlyMinimumWage && ` — ${row.flags.filter(isBlocking).map(flagLabel).join(', ')}`}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {others.size > 0 && (
        <Alert color="yellow" variant="light" title={t('payroll.otherFlags')}>
          <List size="sm" spacing={2}>
            {[...others].map(([flag, count]) => (
              <List.Item key={flag}>{t('payroll.flagCount', { count, flag: flagLabel(flag) })}</List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}

/** A flag that refuses finalising until the row is fixed (the server's rule, BLOCKING_FLAGS). */
const isBlocking = (flag: string) => (BLOCKING_FLAGS as readonly string[]).includes(flag);
const isBlocked = (row: PayrollRow) => row.flags.some(isBlocking);

const right = (content: string) => (
  <Text component="span" display="block" ta="right" fz="sm" fw={700}>
    {content}
  </Text>
);

/** The readable columns, a details row per worker on demand, and the totals of the rows shown (in paise). */
function PayrollTable({
  rows,
  order,
  onSort,
  onDeductions,
  onSlip,
}: {
  rows: PayrollRow[];
  order: SortOrder<PayrollSortKey> | null;
  onSort: (key: PayrollSortKey) => void;
  onDeductions: (row: PayrollRow) => void;
  onSlip: (row: PayrollRow) => void;
}) {
  const { t } = useTranslation();
  const m = useMessages();
  const flagLabel = useFlagLabel();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (staffId: string) =>
    setOpen((shown) => {
      const next = new Set(shown);
      if (!next.delete(staffId)) next.add(staffId);
      return next;
    });
  const totals = payrollTotals(rows);
  const money = (paise: number) => right(formatMoney(paise / 100));
  const sortable = (key: PayrollSortKey, label: string, numeric = false) => (
    <SortTh sortKey={key} order={order} onSort={onSort} numeric={numeric}>
      {label}
    </SortTh>
  );
  return (
    // a region that takes keyboard focus, so its columns can be scrolled with the arrow keys (WCAG 2.1.1)
    <Table.ScrollContainer minWidth={980} type="native" tabIndex={0} role="region" aria-label={t('payroll.tableLabel')} className="print-table">
      <Table withTableBorder verticalSpacing="xs" fz="sm" className={classes.table}>
        <Table.Thead>
          <Table.Tr>
            {sortable('name', m('columnName'))}
            {sortable('empid', m('columnEmpId'))}
            {sortable('days', t('payroll.columns.days'), true)}
            <Table.Th ta="right">{t('payroll.columns.rate')}</Table.Th>
            {sortable('gross', t('payroll.columns.gross'), true)}
            {sortable('epf', t('payroll.columns.epf'), true)}
            {sortable('esi', t('payroll.columns.esi'), true)}
            {sortable('other', t('payroll.columns.other'), true)}
            {sortable('net', t('payroll.columns.net'), true)}
            <Table.Th>{t('payroll.columns.flags')}</Table.Th>
            <Table.Th className={classes.actionsHead} data-no-print>
              <span className={classes.hidden}>{t('payroll.columns.actions')}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const shown = open.has(row.staffId);
            return (
              <Fragment key={row.staffId}>
                <Table.Tr className={shown ? classes.opened : undefined}>
                  <Table.Td className="break-anywhere">{row.name}</Table.Td>
                  <Table.Td>{row.empid}</Table.Td>
                  <Table.Td ta="right">{formatNumber(row.days)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(row.rate)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(row.gross)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(row.pfEmployee)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(row.esiEmployee)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(row.otherDeductions)}</Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {formatMoney(row.net)}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="wrap" maw={220}>
                      {row.flags.map((flag) => (
                        <Badge key={flag} color={isBlocking(flag) ? 'red' : 'yellow'} variant={isBlocking(flag) ? 'filled' : 'light'} size="sm" radius="sm" tt="none" className={classes.flag}>
                          {flagLabel(flag)}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td data-no-print>
                    <ActionsMenu
                      target={(props) => (
                        <Button variant="default" size="compact-sm" aria-label={t('payroll.actionsFor', { name: row.name })} aria-haspopup="menu" {...props}>
                          {t('payroll.columns.actions')}
                        </Button>
                      )}
                      actions={[
                        { label: shown ? t('payroll.hideDetails') : t('payroll.showDetails'), onClick: () => toggle(row.staffId) },
                        { label: t('payroll.deductions.open'), onClick: () => onDeductions(row) },
                        { label: t('payroll.files.slip'), onClick: () => onSlip(row) },
                      ]}
                    />
                  </Table.Td>
                </Table.Tr>
                {shown && (
                  <Table.Tr className={classes.details}>
                    <Table.Td colSpan={11}>
                      <RowDetails row={row} />
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
        <TotalsRow cells={[null, right(formatNumber(totals.days)), null, money(totals.gross), money(totals.epf), money(totals.esi), money(totals.other), money(totals.net), null]} />
      </Table>
    </Table.ScrollContainer>
  );
}

/** The figures behind a row: days present and paid leave, the capped wages, the employer's shares. */
function RowDetails({ row }: { row: PayrollRow }) {
  const { t } = useTranslation();
  const items: [string, string][] = [
    [t('payroll.details.daysPresent'), formatNumber(row.daysPresent)],
    [t('payroll.details.paidLeave'), formatNumber(row.paidLeaveDays)],
    [t('payroll.details.epfWages'), formatMoney(row.epfWages)],
    [t('payroll.details.epsWages'), formatMoney(row.epsWages)],
    [t('payroll.details.edliWages'), formatMoney(row.edliWages)],
    [t('payroll.details.eps'), formatMoney(row.eps)],
    [t('payroll.details.pfEmployerDiff'), formatMoney(row.pfEmployerDiff)],
    [t('payroll.details.esiEmployer'), formatMoney(row.esiEmployer)],
    [t('payroll.details.employerCost'), formatMoney(row.employerCost)],
    [t('payroll.details.uan'), row.uan ?? '—'],
    [t('payroll.details.esino'), row.esino ?? '—'],
  ];
  return (
    <dl className={classes.detailList} aria-label={t('payroll.details.of', { name: row.name })}>
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Finalise, after a question naming the month, work type, workers and net total; a refusal (422) names its rows. */
function FinaliseButton({ payroll, workLabel, disabled }: { payroll: Payroll; workLabel: string; disabled: boolean }) {
  const { t } = useTranslation();
  const m = useMessages();
  const finalise = useFinalisePayroll();
  const [asking, setAsking] = useState(false);
  const blocked = payroll.rows.some(isBlocked);
  const rows = refusedRows(finalise.error);
  const close = () => {
    setAsking(false);
    finalise.reset();
  };
  return (
    <>
      <Button
        size="md"
        disabled={disabled}
        onClick={() => {
          finalise.reset();
          setAsking(true);
        }}
      >
        {t('payroll.finalise')}
      </Button>
      <ConfirmDialog
        opened={asking}
        title={t('payroll.finaliseQuestion', { month: formatMonth(payroll.month), work: workLabel })}
        confirmLabel={t('payroll.finalise')}
        busy={finalise.isPending}
        onClose={close}
        onConfirm={() =>
          finalise.mutate(
            { work: payroll.work, month: payroll.month },
            {
              onSuccess: () => {
                setAsking(false);
                notifications.show({ color: 'teal', message: m('payroll.finalised') });
              },
            },
          )
        }
      >
        <Text>{t('payroll.finaliseSummary', { count: payroll.rows.length, net: formatMoney(payroll.totals.net) })}</Text>
        <Text size="sm" c="dimmed">
          {t('payroll.finaliseLocks')}
        </Text>
        {blocked && !finalise.isError && (
          <Alert color="red" variant="light">
            {t('payroll.finaliseBlocked')}
          </Alert>
        )}
        {finalise.isError && (
          <Alert color="red" variant="light" role="alert">
            <Text size="sm">{errorText(finalise.error, 'somethingWentWrong')}</Text>
            {rows.length > 0 && (
              <List size="sm" mt="xs" spacing={2}>
                {rows.map((row) => (
                  <List.Item key={row.staffId}>{`${row.name} (${row.empid})`}</List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}
      </ConfirmDialog>
    </>
  );
}

/** Reopen a final month (admin), with a reason kept in the audit trail. */
function ReopenButton({ payroll, workLabel }: { payroll: Payroll; workLabel: string }) {
  const { t } = useTranslation();
  const m = useMessages();
  const reopen = useReopenPayroll();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setAsking(false);
    setProblem(null);
    reopen.reset();
  };
  function confirm() {
    if (!reason.trim()) {
      setProblem(m('payroll.reasonRequired'));
      return;
    }
    reopen.mutate(
      { work: payroll.work, month: payroll.month, reason: reason.trim() },
      {
        onSuccess: () => {
          close();
          setReason('');
          notifications.show({ color: 'teal', message: m('payroll.reopened') });
        },
        onError: (error) => setProblem(errorText(error, 'somethingWentWrong')),
      },
    );
  }
  return (
    <>
      <Button size="md" color="orange" variant="light" onClick={() => setAsking(true)}>
        {t('payroll.reopen')}
      </Button>
      <ConfirmDialog
        opened={asking}
        title={t('payroll.reopenQuestion', { month: formatMonth(payroll.month), work: workLabel })}
        confirmLabel={t('payroll.reopen')}
        color="orange"
        busy={reopen.isPending}
        onClose={close}
        onConfirm={confirm}
      >
        <Textarea
          label={m('payroll.reason')}
          description={t('payroll.reopenHint')}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={problem}
          autosize
          minRows={2}
          required
          size="md"
        />
      </ConfirmDialog>
    </>
  );
}
