import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, List, Paper, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BILL_PASSED } from '../../../shared/bills.js';
import type { WorkType } from '../../../shared/work-types.js';
import { errorText } from '../../api/error-text.js';
import { useAuth } from '../../auth/auth-context.js';
import { CATEGORY_TABS } from '../../components/category-tabs.js';
import { useCompanyTimeZone } from '../../company-profile.js';
import { useBillStatusLabel } from '../../i18n/bill-status-label.js';
import { formatDateTime, formatMoney, formatMonth, formatNumber } from '../../i18n/format.js';
import { translateAnswer, useMessages } from '../../i18n/messages.js';
import { MonthStepper } from './month-stepper.js';
import { formatDueDate, payrollMonth } from './payroll-display.js';
import { DownloadButton } from '../../components/download-button.js';
import { reportSearch, useCurrentMonth, useReportParams } from './report-params.js';
import { BillPenaltyDialog } from './bill-penalty-dialog.js';
import { FromDutiesDialog } from './from-duties-dialog.js';
import { downloadAnnexure, useBillDraft, useCompliance, useRemoveBillPenalty, type BillDraft } from './bill-draft-api.js';
import { signedMoney, signedNumber, useCountLabel, useProblemTexts, useRateText, useUnitsText } from './bill-draft-display.js';
import classes from './bill-draft.module.css';

const BASE = '/dashboard/manager';

/**
 * The bill of a work type and month computed from its completed duties (issue 27;
 * manager/bills/draft?work=&month=): the figures, what keeps the bill from being made, the
 * month's bill as it stands (none, its status, out of date with the difference, passed),
 * Create or Update bill from duties, the penalties added by hand, the documents and the
 * duty-wise annexure. Without a month it opens the last month, the one being billed.
 */
export default function BillDraftPage() {
  const { t } = useTranslation();
  const { work, month: monthParam, update } = useReportParams();
  const currentMonth = useCurrentMonth(undefined);
  const month = payrollMonth(monthParam, currentMonth);
  const query = useBillDraft(work, month);
  const title = t('billDraft.title', { month: formatMonth(month) });
  useDocumentTitle(`${title} · Dutyroll`);

  return (
    <Stack gap="md" className={classes.page}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {title}
          </Title>
          <Anchor component={Link} to={`${BASE}/bills?work=${encodeURIComponent(work)}`} size="sm" className={classes.backLink}>
            {t('billDraft.backToBills')}
          </Anchor>
        </Stack>
        <MonthStepper month={month} currentMonth={currentMonth} onChange={(next) => update({ month: next })} />
      </Group>
      <Tabs value={work} onChange={(value) => value && update({ work: value as WorkType, month })} keepMounted={false}>
        <Tabs.List>
          {CATEGORY_TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value} fz="md" py="sm" mih={44}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {CATEGORY_TABS.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value} pt="md">
            {query.isPending ? (
              <Text c="dimmed" py="lg" role="status">
                {t('billDraft.loading')}
              </Text>
            ) : query.isError ? (
              <Alert color="red" variant="light" role="alert">
                {errorText(query.error, 'somethingWentWrong')}
              </Alert>
            ) : (
              <DraftView draft={query.data} workLabel={tab.label} />
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

function DraftView({ draft, workLabel }: { draft: BillDraft; workLabel: string }) {
  const passed = draft.bill?.status === BILL_PASSED;
  return (
    <Stack gap="lg">
      {draft.problems.length > 0 && <Problems draft={draft} />}
      <Figures draft={draft} />
      <BillState draft={draft} workLabel={workLabel} />
      <Penalties draft={draft} passed={passed} />
      <Documents draft={draft} />
      <Annexure draft={draft} />
    </Stack>
  );
}

/** What keeps the bill from being made, each named (a month without terms, a duty without coaches…). */
function Problems({ draft }: { draft: BillDraft }) {
  const { t } = useTranslation();
  const problems = useProblemTexts(draft);
  return (
    <Alert color="red" variant="light" title={t('billDraft.problemsTitle', { count: problems.length })}>
      <List size="sm" spacing={2}>
        {problems.map((problem) => (
          <List.Item key={problem}>{problem}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** The month's figures as the draft computes them. */
function Figures({ draft }: { draft: BillDraft }) {
  const { t } = useTranslation();
  const m = useMessages();
  const unitsText = useUnitsText();
  const rateText = useRateText();
  const items: [string, string, boolean?][] = [
    [t('billDraft.figures.units'), unitsText(draft.unit, draft.units)],
    [t('billDraft.figures.rate'), rateText(draft.unit, draft.rate)],
    [m('billValue'), formatMoney(draft.billvalue), true],
    [t('billDraft.figures.dutyPenalty'), formatMoney(draft.dutyPenalty)],
    [t('billDraft.figures.manualPenalty'), formatMoney(draft.manualPenalty)],
    [t('billDraft.figures.penalty'), formatMoney(draft.penalty), true],
    [m('netAmount'), formatMoney(draft.netamount), true],
  ];
  return (
    <section aria-labelledby="bill-figures">
      <Title order={2} fz={{ base: 20, sm: 22 }} id="bill-figures" mb="xs">
        {t('billDraft.figures.title')}
      </Title>
      <Paper withBorder radius="lg" p="md">
        <dl className={classes.figures}>
          {items.map(([label, value, strong]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd className={strong ? classes.strong : undefined}>{value}</dd>
            </div>
          ))}
        </dl>
        <Stack gap={2} mt="sm">
          {draft.termsFrom && draft.penaltyPerMissingWorker !== null && (
            <Text size="sm" c="dimmed">
              {t('billDraft.figures.terms', { month: formatMonth(draft.termsFrom), penalty: formatMoney(draft.penaltyPerMissingWorker) })}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {m('contractPeriod')}: {draft.contractperiod ?? '—'}
          </Text>
        </Stack>
      </Paper>
    </section>
  );
}

/** The month's bill as it stands beside the draft, and the button that makes or updates it. */
function BillState({ draft, workLabel }: { draft: BillDraft; workLabel: string }) {
  const { t } = useTranslation();
  const m = useMessages();
  const statusLabel = useBillStatusLabel();
  const [asking, setAsking] = useState(false);
  const { bill } = draft;
  const passed = bill?.status === BILL_PASSED;
  const blocked = draft.problems.length > 0;
  const difference = bill?.difference;
  const differs = Boolean(difference && (difference.billvalue || difference.penalty || difference.netamount || difference.consumedcoach));
  const reason = passed ? t('billDraft.state.passedNote') : blocked ? t('billDraft.action.blocked') : null;

  return (
    <section aria-labelledby="bill-state">
      <Title order={2} fz={{ base: 20, sm: 22 }} id="bill-state" mb="xs">
        {t('billDraft.state.title')}
      </Title>
      <Paper withBorder radius="lg" p="md">
        <Stack gap="sm">
          {!bill ? (
            <Text>{t('billDraft.state.none', { month: formatMonth(draft.month) })}</Text>
          ) : (
            <Group gap="sm" wrap="wrap">
              <Text>{t('billDraft.state.exists')}</Text>
              <Badge color={passed ? 'green' : 'blue'} variant="light" size="lg" radius="sm" tt="none">
                {statusLabel(bill.status)}
              </Badge>
              <Text size="sm" c="dimmed">
                {bill.fromDuties ? t('billDraft.state.fromDuties') : t('billDraft.state.typed')}
              </Text>
            </Group>
          )}
          {bill && !passed && bill.outOfDate && (
            <Alert color="yellow" variant="light" title={t('billDraft.state.outOfDate')}>
              <Differences difference={bill.difference} />
            </Alert>
          )}
          {bill && !passed && !bill.outOfDate && differs && (
            <Alert color="blue" variant="light" title={bill.fromDuties ? t('billDraft.state.differs') : t('billDraft.state.typedDiffers')}>
              <Differences difference={bill.difference} />
            </Alert>
          )}
          {bill && !passed && !differs && <Text size="sm">{t('billDraft.state.matches')}</Text>}
          <Group gap="sm" wrap="wrap" align="center">
            <Button size="md" className={classes.target} disabled={Boolean(reason)} aria-describedby={reason ? 'bill-action-reason' : undefined} onClick={() => setAsking(true)}>
              {bill ? t('billDraft.action.update') : t('billDraft.action.create')}
            </Button>
            {bill && (
              <Anchor component={Link} to={`${BASE}/bills?work=${encodeURIComponent(draft.work)}`} size="sm" className={classes.backLink}>
                {m('billDetails')}
              </Anchor>
            )}
          </Group>
          {reason && (
            <Text size="sm" c="dimmed" id="bill-action-reason">
              {reason}
            </Text>
          )}
        </Stack>
      </Paper>
      <FromDutiesDialog opened={asking} onClose={() => setAsking(false)} draft={draft} workLabel={workLabel} />
    </section>
  );
}

/** The draft minus the bill, per figure, with its sign (the figures that are equal are left out). */
function Differences({ difference }: { difference: NonNullable<BillDraft['bill']>['difference'] }) {
  const { t } = useTranslation();
  const m = useMessages();
  const rows: [string, string][] = [];
  if (difference.billvalue) rows.push([m('billValue'), signedMoney(difference.billvalue)]);
  if (difference.penalty) rows.push([m('penalty'), signedMoney(difference.penalty)]);
  if (difference.netamount) rows.push([m('netAmount'), signedMoney(difference.netamount)]);
  if (difference.consumedcoach) rows.push([t('billDraft.figures.units'), signedNumber(difference.consumedcoach)]);
  return (
    <Stack gap={4}>
      <Text size="sm">{t('billDraft.state.differenceIntro')}</Text>
      <List size="sm" spacing={2}>
        {rows.map(([label, value]) => (
          <List.Item key={label}>
            {label}: <strong>{value}</strong>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** The penalties added by hand (the railway's inspection deductions): reason, amount, who and when, remove; and Add penalty. */
function Penalties({ draft, passed }: { draft: BillDraft; passed: boolean }) {
  const { t } = useTranslation();
  const m = useMessages();
  const timeZone = useCompanyTimeZone();
  const remove = useRemoveBillPenalty();
  const [adding, setAdding] = useState(false);
  const penalties = draft.manualPenalties;
  return (
    <section aria-labelledby="bill-penalties">
      <Group justify="space-between" align="center" mb="xs" gap="sm">
        <Title order={2} fz={{ base: 20, sm: 22 }} id="bill-penalties">
          {t('billDraft.penalties.title')}
        </Title>
        <Button size="md" variant="light" className={classes.target} disabled={passed} onClick={() => setAdding(true)}>
          {t('billDraft.penalties.add')}
        </Button>
      </Group>
      {penalties.length === 0 ? (
        <Text c="dimmed">{t('billDraft.penalties.none')}</Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} className={classes.plainList} aria-label={t('billDraft.penalties.title')}>
          {penalties.map((penalty) => (
            <Paper key={penalty._id} component="li" withBorder radius="md" p="sm">
              <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
                <Stack gap={2} className={classes.grow}>
                  <Text fw={700}>{formatMoney(penalty.amount)}</Text>
                  <Text size="sm" className="break-anywhere">
                    {penalty.reason}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('billDraft.penalties.addedBy', { name: penalty.createdBy ?? '—', when: formatDateTime(penalty.createdAt, timeZone) })}
                  </Text>
                </Stack>
                <Button
                  variant="subtle"
                  color="red"
                  size="md"
                  className={classes.target}
                  disabled={passed}
                  loading={remove.isPending && remove.variables === penalty._id}
                  aria-label={t('billDraft.penalties.removeOne', { amount: formatMoney(penalty.amount), reason: penalty.reason })}
                  onClick={() =>
                    remove.mutate(penalty._id, {
                      onSuccess: (answer) => notifications.show({ color: 'teal', message: translateAnswer(answer) }),
                      onError: (error) => notifications.show({ color: 'red', title: m('somethingWentWrong'), message: errorText(error, 'somethingWentWrong') }),
                    })
                  }
                >
                  {t('billDraft.penalties.remove')}
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <BillPenaltyDialog opened={adding} onClose={() => setAdding(false)} work={draft.work} month={draft.month} />
    </section>
  );
}

/** The annexure (.xlsx and printable), the cover page and, once the payroll is final, the wage compliance statement. */
function Documents({ draft }: { draft: BillDraft }) {
  const { t } = useTranslation();
  const m = useMessages();
  const { token } = useAuth();
  const compliance = useCompliance(draft.work, draft.month);
  const search = reportSearch(draft.work, draft.month);
  const ready = Boolean(compliance.data?.statement);
  return (
    <section aria-labelledby="bill-documents">
      <Title order={2} fz={{ base: 20, sm: 22 }} id="bill-documents" mb="xs">
        {t('billDraft.documents.title')}
      </Title>
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap">
          <DownloadButton download={() => downloadAnnexure(token, draft.work, draft.month)} label={t('billDraft.documents.download')} />
          <Button component={Link} to={`${BASE}/bills/print/annexure?${search}`} variant="light" size="md">
            {t('billDraft.documents.printAnnexure')}
          </Button>
          <Button component={Link} to={`${BASE}/bills/print/cover?${search}`} variant="light" size="md">
            {t('billDraft.documents.printCover')}
          </Button>
          {ready ? (
            <Button component={Link} to={`${BASE}/bills/print/compliance?${search}`} variant="light" size="md">
              {t('billDraft.documents.compliance')}
            </Button>
          ) : (
            // a link cannot be disabled: without a final payroll, a plain disabled button says why below
            <Button variant="light" size="md" disabled aria-describedby="bill-compliance-note">
              {t('billDraft.documents.compliance')}
            </Button>
          )}
        </Group>
        {compliance.isError ? (
          <Text size="sm" c="red.8" id="bill-compliance-note">
            {errorText(compliance.error, 'somethingWentWrong')}
          </Text>
        ) : compliance.data?.notFinal ? (
          <Text size="sm" c="dimmed" id="bill-compliance-note">
            {errorText(compliance.data.notFinal)}{' '}
            {/* underlined: a link inside a sentence is told from its words by more than colour (axe link-in-text-block) */}
            <Anchor component={Link} to={`${BASE}/payroll?${search}`} size="sm" underline="always">
              {t('billDraft.documents.openPayroll', { month: formatMonth(draft.month) })}
            </Anchor>
          </Text>
        ) : compliance.isPending ? (
          <Text size="sm" c="dimmed" id="bill-compliance-note" role="status">
            {m('loading')}
          </Text>
        ) : null}
      </Stack>
    </section>
  );
}

/** The duty-wise annexure: a row per completed duty of the month, with the totals. */
function Annexure({ draft }: { draft: BillDraft }) {
  const { t } = useTranslation();
  const countLabel = useCountLabel();
  const { duties } = draft;
  const totals = duties.reduce(
    (sum, duty) => ({
      coaches: sum.coaches + (duty.totalcoach ?? 0),
      required: sum.required + duty.required,
      assigned: sum.assigned + duty.assigned,
      shortfall: sum.shortfall + duty.shortfall,
    }),
    { coaches: 0, required: 0, assigned: 0, shortfall: 0 },
  );
  return (
    <section aria-labelledby="bill-annexure">
      <Title order={2} fz={{ base: 20, sm: 22 }} id="bill-annexure" mb="xs">
        {t('billDraft.annexure.title')}
      </Title>
      {duties.length === 0 ? (
        <Text c="dimmed">{t('billDraft.annexure.empty')}</Text>
      ) : (
        // a region that takes keyboard focus, so its columns can be scrolled with the arrow keys on a phone (WCAG 2.1.1)
        <Table.ScrollContainer minWidth={720} type="native" tabIndex={0} role="region" aria-label={t('billDraft.annexure.tableLabel', { count: duties.length })}>
          <Table withTableBorder striped verticalSpacing="xs" fz="sm" className={classes.table}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('billDraft.annexure.date')}</Table.Th>
                <Table.Th>{t('billDraft.annexure.trainNo')}</Table.Th>
                <Table.Th>{t('billDraft.annexure.type')}</Table.Th>
                <Table.Th ta="right">{countLabel(draft.unit)}</Table.Th>
                <Table.Th ta="right">{t('billDraft.annexure.required')}</Table.Th>
                <Table.Th ta="right">{t('billDraft.annexure.assigned')}</Table.Th>
                <Table.Th ta="right">{t('billDraft.annexure.shortfall')}</Table.Th>
                <Table.Th ta="right">{t('billDraft.annexure.penalty')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {duties.map((duty) => (
                <Table.Tr key={duty._id}>
                  <Table.Td>{formatDueDate(duty.completedDay)}</Table.Td>
                  <Table.Td>{duty.trainno ?? '—'}</Table.Td>
                  <Table.Td>{duty.type ?? '—'}</Table.Td>
                  <Table.Td ta="right">
                    {duty.totalcoach ? (
                      formatNumber(duty.totalcoach)
                    ) : draft.unit === 'month' ? (
                      '—'
                    ) : (
                      <Text span size="sm" fw={700} c="red.8">
                        {t('billDraft.annexure.missing')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{formatNumber(duty.required)}</Table.Td>
                  <Table.Td ta="right">{formatNumber(duty.assigned)}</Table.Td>
                  <Table.Td ta="right" fw={duty.shortfall ? 700 : undefined}>
                    {formatNumber(duty.shortfall)}
                  </Table.Td>
                  <Table.Td ta="right">{formatMoney(duty.penalty)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr fw={700}>
                <Table.Th scope="row" colSpan={3}>
                  {t('billDraft.annexure.total', { count: duties.length })}
                </Table.Th>
                <Table.Td ta="right">{formatNumber(totals.coaches)}</Table.Td>
                <Table.Td ta="right">{formatNumber(totals.required)}</Table.Td>
                <Table.Td ta="right">{formatNumber(totals.assigned)}</Table.Td>
                <Table.Td ta="right">{formatNumber(totals.shortfall)}</Table.Td>
                <Table.Td ta="right">{formatMoney(draft.dutyPenalty)}</Table.Td>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}
