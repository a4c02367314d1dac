import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { manpowerDifference } from '../../../shared/duties.js';
import { toWorkType, type WorkType } from '../../../shared/work-types.js';
import { useAddressParams } from '../../forms/use-address-params.js';
import { useLiveDuties } from './api.js';
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
  const tabs = tabsFor(LIVE_TABS, ownWork);
  // the tab lives in the address (?work=), so Back from a duty's details shows the same tab
  const { params, update } = useAddressParams();
  const work = tabs.find((tab) => tab.work === toWorkType(params.get('work')))?.work ?? tabs[0]!.work;
  const label = tabs.find((tab) => tab.work === work)?.label ?? work;

  // a Mark as Completed here can be undone while the board is open (decision 0021)
  return (
    <CompletionHoldScope>
      <WorkTabs tabs={tabs} work={work} onChange={(next) => update({ work: next })}>
        <LiveTable key={work} work={work} label={label} variant={variant} />
      </WorkTabs>
    </CompletionHoldScope>
  );
}

function LiveTable({ work, label, variant }: { work: WorkType; label: string; variant: 'manager' | 'user' }) {
  const live = useLiveDuties(work);
  // with the phone's queued adds, completions and crew edits shown at once (decision 0020)
  const { entries } = useOutboxStatus();
  const duties = liveBoardWithQueued(live.data?.pages.flatMap((page) => page.duties) ?? [], entries, work);
  const manager = variant === 'manager';
  const mayDelete = mayDeleteDuty(useAuth().user?.role);
  const cards = useNarrowScreen();
  const columns = manager ? 7 : 5;
  const totalWorkers = duties.reduce((sum, duty) => sum + duty.workerCount, 0);
  const { t } = useTranslation();
  const m = useMessages();
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
          <Table.Td>
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
      <SavedAge name={savedListName.live(work)} />
      {live.isError && <RetryAlert error={live.error} onRetry={() => void live.refetch()} />}
      {cards && live.isPending && <CardsMessage text={m('loading')} />}
      {cards && !live.isPending && !live.isError && duties.length === 0 && <CardsMessage text={emptyText} />}
      {cards && duties.length > 0 && (
        <Stack gap="sm">
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
      {!cards && (
        <Table.ScrollContainer minWidth={manager ? 820 : 520} type="native">
          <Table striped highlightOnHover verticalSpacing={manager ? 'sm' : 'md'} bg="white" withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('duties.columns.trainNo')}</Table.Th>
                <Table.Th>{t('duties.columns.status')}</Table.Th>
                <Table.Th>{t('duties.columns.createdAt')}</Table.Th>
                <Table.Th>{t('duties.columns.workers')}</Table.Th>
                {manager && (
                  <>
                    <Table.Th>{t('duties.columns.manpower')}</Table.Th>
                    <Table.Th>{t('duties.columns.supervisor')}</Table.Th>
                  </>
                )}
                <Table.Th>{t('duties.columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{body}</Table.Tbody>
            {manager && !live.isPending && duties.length > 0 && (
              <Table.Tfoot>
                <Table.Tr fw={700}>
                  <Table.Td colSpan={3}>{m('totalWorkers')}</Table.Td>
                  <Table.Td>{formatNumber(totalWorkers)}</Table.Td>
                  <Table.Td colSpan={3} />
                </Table.Tr>
              </Table.Tfoot>
            )}
          </Table>
        </Table.ScrollContainer>
      )}
      {live.hasNextPage && (
        <Group justify="center" mt="md">
          <Button variant="default" onClick={() => void live.fetchNextPage()} loading={live.isFetchingNextPage}>
            {t('common.loadMore')}
          </Button>
        </Group>
      )}
    </>
  );
}

