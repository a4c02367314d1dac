import { WorkTabs } from './work-tabs.js';
import { useState } from 'react';
import { Anchor, Button, Group, Stack, Table } from '@mantine/core';
import { DateRangePicker } from '../../components/lazy-date-pickers.js';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { bedsheetDifference, manpowerDifference } from '../../../shared/duties.js';
import { toWorkType, type WorkType } from '../../../shared/work-types.js';
import { useAddressParams } from '../../forms/use-address-params.js';
import { useCompletedDuties } from './api.js';
import { DeleteDutyButton } from './delete-duty-button.js';
import { thisMonthRange } from './duty-form.js';
import { mayDeleteDuty } from '../../../shared/permissions.js';
import { useAuth } from '../../auth/auth-context.js';
import { useCompanyTimeZone } from '../../company-profile.js';
import { addressRange, bedsheetColor, COMPLETED_TABS, formatDay, manpowerColor, signed, supervisorLabel, tabsFor } from './duty-display.js';
import { CardsMessage, DutyCard, useNarrowScreen } from './duty-cards.js';
import { RetryAlert } from '../../components/retry-alert.js';
import { savedListName } from '../../offline/list-cache.js';
import { SavedAge } from '../../offline/saved-age.js';
import { formatNumber } from '../../i18n/format.js';
import { useMessages } from '../../i18n/messages.js';

type Range = [string | null, string | null];

/**
 * SPEC §2 Completed Trains, one range of completed days at a time (DESIGN: never every
 * duty ever completed). Until a range is picked it shows this month in the company's time
 * zone, sent as an explicit range: without one the server lists every month (issue 13).
 */
export function CompletedDutiesBoard({ ownWork, detailPath }: { ownWork: WorkType | null; detailPath: (id: string) => string }) {
  const tabs = tabsFor(COMPLETED_TABS, ownWork);
  // tab and range live in the address (?work=&from=&to=), so Details → Back shows the same view
  const { params, update } = useAddressParams();
  // the details page's back link returns to this tab and range
  const { pathname, search } = useLocation();
  const listState = { list: `${pathname}${search}` };
  const work = tabs.find((tab) => tab.work === toWorkType(params.get('work')))?.work ?? tabs[0]!.work;
  const range = addressRange(params.get('from'), params.get('to'));
  const [picking, setPicking] = useState<Range | null>(null);
  const phone = useMediaQuery('(max-width: 36em)');
  const cards = useNarrowScreen();
  const mayDelete = mayDeleteDuty(useAuth().user?.role);
  const timeZone = useCompanyTimeZone();
  const days = range ?? thisMonthRange(new Date(), timeZone);
  const { t, i18n } = useTranslation();
  const m = useMessages();

  const completed = useCompletedDuties(work, days.from, days.to);
  const shownRange: Range = picking ?? [days.from, days.to];
  const label = tabs.find((tab) => tab.work === work)?.label ?? work.toUpperCase();
  const duties = completed.data?.pages.flatMap((page) => page.duties) ?? [];
  const acca = work === 'acca';
  const columns = acca ? 8 : 7;

  function onRangeChange(value: Range) {
    setPicking(value);
    if (value[0] && value[1]) {
      update({ from: value[0], to: value[1] });
      setPicking(null);
    }
  }

  let body;
  if (completed.isPending) {
    body = <MessageRow columns={columns} text={m('loading')} />;
  } else if (duties.length === 0 && !completed.isError) {
    body = <MessageRow columns={columns} text={m.of('noCompletedTrains', label)} />;
  } else {
    body = duties.map((duty) => {
      const manpower = manpowerDifference(duty.workerCount, duty.reqq);
      const bedsheets = bedsheetDifference(duty.suppliedBedsheet, duty.returned);
      return (
        <Table.Tr key={duty._id}>
          <Table.Td fw={600}>{duty.trainno ?? '—'}</Table.Td>
          <Table.Td tt="capitalize">{t(`duties.status.${duty.status}`)}</Table.Td>
          <Table.Td>{duty.completedDay ? formatDay(duty.completedDay) : '—'}</Table.Td>
          <Table.Td>{formatNumber(duty.workerCount)}</Table.Td>
          <Table.Td c={manpowerColor(manpower)} fw={600}>
            {signed(manpower)}
          </Table.Td>
          <Table.Td className="break-anywhere">{supervisorLabel(duty)}</Table.Td>
          {acca && (
            <Table.Td c={bedsheetColor(bedsheets)} fw={600} data-testid="bedsheet-difference">
              {signed(bedsheets)}
            </Table.Td>
          )}
          <Table.Td>
            <Group gap="xs" wrap="nowrap">
              <Anchor
                component={Link}
                to={detailPath(duty._id)}
                state={listState}
                fw={600}
                py={8}
                px={4}
                display="inline-block"
                aria-label={duty.trainno ? t('duties.detailsOfTrain', { train: duty.trainno }) : t('duties.detailsOfThisDuty')}
              >
                {t('common.details')}
              </Anchor>
              {mayDelete && <DeleteDutyButton duty={duty} />}
            </Group>
          </Table.Td>
        </Table.Tr>
      );
    });
  }

  return (
    <>
      <Group align="flex-end" gap="sm" mb="md" wrap="wrap">
        <DateRangePicker
          label={t('duties.completedBetween')}
          placeholder={t('duties.pickDates')}
          locale={i18n.resolvedLanguage ?? 'en'}
          value={shownRange}
          onChange={onRangeChange}
          allowSingleDateInRange
          valueFormat="DD/MM/YYYY"
          dropdownType={phone ? 'modal' : 'popover'}
          size="md"
          miw={260}
          style={{ flex: '1 1 260px', maxWidth: 340 }}
        />
        {range && (
          <Button
            variant="default"
            size="md"
            onClick={() => {
              update({ from: null, to: null });
              setPicking(null);
            }}
          >
            {t('duties.thisMonth')}
          </Button>
        )}
      </Group>
      <WorkTabs tabs={tabs} work={work} onChange={(next) => update({ work: next })} />
      <SavedAge name={savedListName.completed(work, days.from, days.to)} />
      {completed.isError && <RetryAlert error={completed.error} onRetry={() => void completed.refetch()} />}
      {cards && completed.isPending && <CardsMessage text={m('loading')} />}
      {cards && !completed.isPending && !completed.isError && duties.length === 0 && <CardsMessage text={m.of('noCompletedTrains', label)} />}
      {cards && duties.length > 0 && (
        <Stack gap="sm" style={{ opacity: completed.isPlaceholderData ? 0.6 : 1 }}>
          {duties.map((duty) => {
            const manpower = manpowerDifference(duty.workerCount, duty.reqq);
            const bedsheets = bedsheetDifference(duty.suppliedBedsheet, duty.returned);
            const name = duty.trainno ? t('duties.trainTitle', { train: duty.trainno }) : duty.work.toUpperCase();
            return (
              <DutyCard
                key={duty._id}
                title={name}
                status={t(`duties.status.${duty.status}`)}
                statusColor="green.8"
                fields={[
                  { label: t('duties.columns.date'), value: duty.completedDay ? formatDay(duty.completedDay) : '—' },
                  { label: t('duties.columns.workersCount'), value: formatNumber(duty.workerCount) },
                  { label: t('duties.columns.manpower'), value: signed(manpower), color: manpowerColor(manpower) },
                  { label: t('duties.columns.supervisor'), value: supervisorLabel(duty) },
                  ...(acca ? [{ label: t('duties.columns.bedsheets'), value: signed(bedsheets), color: bedsheetColor(bedsheets), testId: 'bedsheet-difference' }] : []),
                ]}
                actions={
                  <>
                    <Button component={Link} to={detailPath(duty._id)}
                state={listState} variant="default" size="md" fullWidth aria-label={t('duties.detailsOf', { what: name })}>
                      {t('common.details')}
                    </Button>
                    {mayDelete && <DeleteDutyButton duty={duty} size="md" fullWidth />}
                  </>
                }
              />
            );
          })}
        </Stack>
      )}
      {!cards && (
        <Table.ScrollContainer minWidth={acca ? 900 : 780} type="native">
          <Table striped highlightOnHover verticalSpacing="sm" bg="white" withTableBorder style={{ opacity: completed.isPlaceholderData ? 0.6 : 1 }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('duties.columns.trainNo')}</Table.Th>
                <Table.Th>{t('duties.columns.status')}</Table.Th>
                <Table.Th>{t('duties.columns.date')}</Table.Th>
                <Table.Th>{t('duties.columns.workersCount')}</Table.Th>
                <Table.Th>{t('duties.columns.manpower')}</Table.Th>
                <Table.Th>{t('duties.columns.supervisor')}</Table.Th>
                {acca && <Table.Th>{t('duties.columns.bedsheets')}</Table.Th>}
                <Table.Th>{t('duties.columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{body}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {completed.hasNextPage && (
        <Group justify="center" mt="md">
          <Button variant="default" onClick={() => void completed.fetchNextPage()} loading={completed.isFetchingNextPage}>
            {t('common.loadMore')}
          </Button>
        </Group>
      )}
    </>
  );
}

function MessageRow({ columns, text }: { columns: number; text: string }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns} ta="center" c="dimmed" py="lg">
        {text}
      </Table.Td>
    </Table.Tr>
  );
}
