import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { manpowerDifference } from '../../../shared/duties.js';
import type { WorkType } from '../../../shared/work-types.js';
import { ListActions } from '../../components/list/list-actions.js';
import { PrintHeading } from '../../components/list/print-heading.js';
import { TotalsRow } from '../../components/list/totals-row.js';
import { ALL_WORK, boardTabs, DutyListControls, Heading, tabInAddress, useDutyListView, useSupervisorName, type BoardTab } from './duty-list-view.js';
import { useAddressParams } from '../../forms/use-address-params.js';
import { exportDuties, useDutyTotals, useLiveDuties } from './api.js';
import { formatCreatedAt, LIVE_TABS, manpowerColor, signed, supervisorLabel, tabsFor } from './duty-display.js';
import { CardsMessage, DutyCard, useNarrowScreen } from './duty-cards.js';
import { RetryAlert } from '../../components/retry-alert.js';
import { MarkCompletedButton } from './mark-completed-button.js';
import { CompletionHoldScope } from './completion-hold-scope.js';
import { WorkTabs } from './work-tabs.js';
import { DeleteDutyButton } from './delete-duty-button.js';
import { mayDeleteDuty } from '../../../shared/permissions.js';
import { useAuth } from '../../auth/auth-context.js';
import { savedListName } from '../../offline/list-cache.js';
import { useOutboxStatus } from '../../offline/outbox-provider.js';
import { liveBoardWithQueued } from '../../offline/queued-duties.js';
import { PendingBadge, SavedAge } from '../../offline/saved-age.js';
import { useCompanyTimeZone } from '../../company-profile.js';
import { formatNumber } from '../../i18n/format.js';
import { useMessages } from '../../i18n/messages.js';

/**
 * The live boards of SPEC §2: the manager's Live Works (seven columns and a 'Total
 * Workers' row) and the supervisor's Live Duty (five columns, bigger buttons); cards on phones. Both list
 * one work type per tab and link each duty to /dashboard/user/traindetails/{id}.
 */
export function LiveDutiesBoard({ variant, ownWork }: { variant: 'manager' | 'user'; ownWork: WorkType | null }) {
  const m = useMessages();
  // the office's board (issue 28): All work types, supervisor filter, sort, totals, Export and Print
  const office = variant === 'manager' && ownWork === null;
  const tabs = boardTabs(tabsFor(LIVE_TABS, ownWork), office, m('lists.allWorkTypes'));
  // the tab lives in the address (?work=), so Back from a duty's details shows the same tab
  const { params, update } = useAddressParams();
  const work = tabInAddress(tabs, params.get('work'));
  const label = tabs.find((tab) => tab.work === work)?.label ?? work;
  const listView = useDutyListView(office);
  const { token } = useAuth();
  const sentWork = work === ALL_WORK ? '' : work;

  // a Mark as Completed here can be undone while the board is open (decision 0021)
  return (
    <CompletionHoldScope>
      <DutyListControls
        view={listView}
        office={office}
        actions={office ? <ListActions onExport={() => exportDuties('live', token, { work: sentWork, ...listView.view })} /> : undefined}
      />
      <WorkTabs tabs={tabs} work={work} onChange={(next) => update({ work: next })}>
        <LiveTable key={work} work={work} label={label} variant={variant} office={office} listView={listView} />
      </WorkTabs>
    </CompletionHoldScope>
  );
}

function LiveTable({
  work,
  label,
  variant,
  office,
  listView,
}: {
  work: BoardTab;
  label: string;
  variant: 'manager' | 'user';
  office: boolean;
  listView: ReturnType<typeof useDutyListView>;
}) {
  const all = work === ALL_WORK;
  const sentWork = all ? '' : work;
  const live = useLiveDuties(sentWork, { view: listView.view });
  const totals = useDutyTotals('live', { work: sentWork, ...listView.view }, office);
  const supervisorName = useSupervisorName(listView.supervisor);
  const { order, toggle } = listView.sorting;
  // with the phone's queued adds, completions and crew edits shown at once (decision 0020);
  // a searched, filtered or sorted view shows the server's answer as it is
  const { entries } = useOutboxStatus();
  const loaded = live.data?.pages.flatMap((page) => page.duties) ?? [];
  const duties = liveBoardWithQueued(loaded, listView.view.q || listView.view.supervisor ? [] : entries, sentWork);
  const manager = variant === 'manager';
  const mayDelete = mayDeleteDuty(useAuth().user?.role);
  const cards = useNarrowScreen();
  const columns = (manager ? 7 : 5) + (all ? 1 : 0);
  const total = totals.data;
  const { t } = useTranslation();
  const m = useMessages();
  const filters = [
    `${m('fields.workType')}: ${label}`,
    ...(supervisorName ? [`${m('fields.supervisor')}: ${supervisorName}`] : []),
    ...(listView.view.q ? [`${m('fields.search')}: "${listView.view.q}"`] : []),
    ...(live.hasNextPage ? [m.of('dutyListPrintedRows', formatNumber(duties.length), formatNumber(total?.duties ?? duties.length))] : []),
  ];
  const totalWorkers = duties.reduce((sum, duty) => sum + duty.workerCount, 0);
  const timeZone = useCompanyTimeZone();

  const emptyText = manager ? m.of('noLiveTrainsIn', label) : m.of('noLiveTrainsFor', label);
  const actionLabel = m(manager ? 'markCompleted' : 'markAsCompleted');
  let body;
  if (cards) {
    body = null;
  } else if (live.isPending) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={columns} ta="center" c="dimmed" py="lg">
          {m('loading')}
        </Table.Td>
      </Table.Tr>
    );
  } else if (duties.length === 0 && !live.isError) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={columns} ta="center" c="dimmed" py="lg">
          {emptyText}
        </Table.Td>
      </Table.Tr>
    );
  } else {
    body = duties.map((duty) => {
      const difference = manpowerDifference(duty.workerCount, duty.reqq);
      return (
        <Table.Tr key={duty._id}>
          <Table.Td fw={600}>{duty.trainno ?? '—'}</Table.Td>
          <Table.Td tt="capitalize">
            {t(`duties.status.${duty.status}`)} <PendingBadge pending={duty.pending} />
          </Table.Td>
          {all && <Table.Td>{duty.work.toUpperCase()}</Table.Td>}
          <Table.Td>{formatCreatedAt(duty.createdAt, timeZone)}</Table.Td>
          <Table.Td>{formatNumber(duty.workerCount)}</Table.Td>
          {manager && (
            <>
              <Table.Td c={manpowerColor(difference)} fw={600}>
                {signed(difference)}
              </Table.Td>
              <Table.Td className="break-anywhere">{supervisorLabel(duty)}</Table.Td>
            </>
          )}
          <Table.Td data-no-print>
            {/* each action as wide as its words (no share of the cell that cuts a long Malayalam label, issue 28) */}
            <Group gap="xs" wrap="nowrap" preventGrowOverflow={false}>
              {duty.status !== 'completed' && (
                <MarkCompletedButton duty={duty} label={actionLabel} size={manager ? 'sm' : 'md'} />
              )}
              <Anchor
                component={Link}
                to={`/dashboard/user/traindetails/${duty._id}`}
                fw={600}
                py={manager ? 4 : 10}
                px={4}
                aria-label={duty.trainno ? t('duties.detailsOfTrain', { train: duty.trainno }) : t('duties.detailsOfThisDuty')}
              >
                {t('common.details')}
              </Anchor>
              {mayDelete && duty.pending !== 'added' && <DeleteDutyButton duty={duty} size={manager ? 'sm' : 'md'} />}
            </Group>
          </Table.Td>
        </Table.Tr>
      );
    });
  }

  return (
    <>
      {office && <PrintHeading title={m('liveWorkManagerTitle')} filters={filters} />}
      <SavedAge name={savedListName.live(sentWork)} />
      {live.isError && <RetryAlert error={live.error} onRetry={() => void live.refetch()} />}
      {cards && live.isPending && <CardsMessage text={m('loading')} />}
      {cards && !live.isPending && !live.isError && duties.length === 0 && <CardsMessage text={emptyText} />}
      {cards && duties.length > 0 && (
        <Stack gap="sm" className="print-cards">
          {duties.map((duty) => {
            const difference = manpowerDifference(duty.workerCount, duty.reqq);
            const name = duty.trainno ? t('duties.trainTitle', { train: duty.trainno }) : duty.work.toUpperCase();
            return (
              <DutyCard
                key={duty._id}
                title={name}
                status={t(`duties.status.${duty.status}`)}
                statusColor="orange.8"
                note={<PendingBadge pending={duty.pending} />}
                fields={[
                  { label: t('duties.columns.createdAt'), value: formatCreatedAt(duty.createdAt, timeZone) },
                  { label: t('duties.columns.workers'), value: formatNumber(duty.workerCount), testId: 'worker-count' },
                  ...(manager
                    ? [
                        { label: t('duties.columns.manpower'), value: signed(difference), color: manpowerColor(difference) },
                        { label: t('duties.columns.supervisor'), value: supervisorLabel(duty) },
                      ]
                    : []),
                ]}
                actions={
                  <>
                    {duty.status !== 'completed' && <MarkCompletedButton duty={duty} label={actionLabel} size="md" fullWidth />}
                    <Button component={Link} to={`/dashboard/user/traindetails/${duty._id}`} variant="default" size="md" fullWidth aria-label={t('duties.detailsOf', { what: name })}>
                      {t('common.details')}
                    </Button>
                    {mayDelete && duty.pending !== 'added' && <DeleteDutyButton duty={duty} size="md" fullWidth />}
                  </>
                }
              />
            );
          })}
          {manager && (
            <Text fw={700} ta="right">
              {m('totalWorkers')}: {formatNumber(totalWorkers)}
            </Text>
          )}
        </Stack>
      )}
      {/* on paper the table prints even where a phone shows cards */}
      <div className="print-table" style={cards ? { display: 'none' } : undefined}>
        <Table.ScrollContainer minWidth={manager ? 820 : 520} type="native">
          <Table striped highlightOnHover verticalSpacing={manager ? 'sm' : 'md'} bg="white" withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Heading office={office} sortKey="trainno" order={order} onSort={toggle}>
                  {t('duties.columns.trainNo')}
                </Heading>
                <Table.Th>{t('duties.columns.status')}</Table.Th>
                {all && <Table.Th>{m('fields.workType')}</Table.Th>}
                <Heading office={office} sortKey="createdAt" order={order} onSort={toggle}>
                  {t('duties.columns.createdAt')}
                </Heading>
                <Heading office={office} sortKey="crew" order={order} onSort={toggle}>
                  {t('duties.columns.workers')}
                </Heading>
                {manager && (
                  <>
                    <Heading office={office} sortKey="shortfall" order={order} onSort={toggle}>
                      {t('duties.columns.manpower')}
                    </Heading>
                    <Heading office={office} sortKey="supervisor" order={order} onSort={toggle}>
                      {t('duties.columns.supervisor')}
                    </Heading>
                  </>
                )}
                <Table.Th data-no-print>{t('duties.columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{body}</Table.Tbody>
            {manager && !office && !live.isPending && duties.length > 0 && (
              <Table.Tfoot>
                <Table.Tr fw={700}>
                  <Table.Td colSpan={3}>{m('totalWorkers')}</Table.Td>
                  <Table.Td>{formatNumber(totalWorkers)}</Table.Td>
                  <Table.Td colSpan={3} />
                </Table.Tr>
              </Table.Tfoot>
            )}
            {office && total && total.duties > 0 && (
              // the whole view's totals, from the server (every page, issue 28)
              <TotalsRow
                cells={[
                  m.of('dutyListCount', total.duties),
                  ...(all ? [null] : []),
                  null,
                  formatNumber(total.crewAssigned),
                  m.of('dutyListShortBy', formatNumber(total.shortfall)),
                  null,
                ]}
              />
            )}
          </Table>
        </Table.ScrollContainer>
      </div>
      {live.hasNextPage && (
        <Group justify="center" mt="md" data-no-print>
          <Button variant="default" onClick={() => void live.fetchNextPage()} loading={live.isFetchingNextPage}>
            {t('common.loadMore')}
          </Button>
        </Group>
      )}
    </>
  );
}
