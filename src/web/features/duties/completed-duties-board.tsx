import { WorkTabs } from './work-tabs.js';
import { useState } from 'react';
import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { DateRangePicker } from '../../components/lazy-date-pickers.js';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { bedsheetDifference, manpowerDifference } from '../../../shared/duties.js';
import type { WorkType } from '../../../shared/work-types.js';
import { useAddressParams } from '../../forms/use-address-params.js';
import { exportDuties, useCompletedDuties, useDutyTotals } from './api.js';
import { ALL_WORK, boardTabs, DutyListControls, Heading, tabInAddress, useDutyListView, useSupervisorName } from './duty-list-view.js';
import { ListActions } from '../../components/list/list-actions.js';
import { PrintHeading } from '../../components/list/print-heading.js';
import { TotalsRow } from '../../components/list/totals-row.js';
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
 * Everyone may search by train number or supervisor; the office (no own work type) also
 * gets the All tab, the supervisor filter, sortable columns, the totals of the whole view,
 * Export and Print (issue 28).
 */
export function CompletedDutiesBoard({ ownWork, detailPath }: { ownWork: WorkType | null; detailPath: (id: string) => string }) {
  const office = ownWork === null;
  const m = useMessages();
  const tabs = boardTabs(tabsFor(COMPLETED_TABS, ownWork), office, m('lists.allWorkTypes'));
  // tab and range live in the address (?work=&from=&to=), so Details → Back shows the same view
  const { params, update } = useAddressParams();
  // the details page's back link returns to this tab and range
  const { pathname, search } = useLocation();
  const listState = { list: `${pathname}${search}` };
  const work = tabInAddress(tabs, params.get('work'));
  const all = work === ALL_WORK;
  const listView = useDutyListView(office);
  const { order, toggle } = listView.sorting;
  const range = addressRange(params.get('from'), params.get('to'));
  const [picking, setPicking] = useState<Range | null>(null);
  const phone = useMediaQuery('(max-width: 36em)');
  const cards = useNarrowScreen();
  const mayDelete = mayDeleteDuty(useAuth().user?.role);
  const timeZone = useCompanyTimeZone();
  const days = range ?? thisMonthRange(new Date(), timeZone);
  const { t, i18n } = useTranslation();
  const { token } = useAuth();

  const sentWork = all ? '' : work;
  const completed = useCompletedDuties(sentWork, days.from, days.to, { view: listView.view });
  const totals = useDutyTotals('completed', { work: sentWork, from: days.from, to: days.to, ...listView.view }, office);
  const supervisorName = useSupervisorName(listView.supervisor);
  const shownRange: Range = picking ?? [days.from, days.to];
  const label = tabs.find((tab) => tab.work === work)?.label ?? work.toUpperCase();
  const duties = completed.data?.pages.flatMap((page) => page.duties) ?? [];
  const acca = work === 'acca';
  const columns = (acca ? 8 : 7) + (office ? 2 : 0) + (all ? 1 : 0);
  const filters = [
    `${m('fields.workType')}: ${label}`,
    `${t('duties.completedBetween')}: ${formatDay(days.from)} – ${formatDay(days.to)}`,
    ...(supervisorName ? [`${m('fields.supervisor')}: ${supervisorName}`] : []),
    ...(listView.view.q ? [`${m('fields.search')}: "${listView.view.q}"`] : []),
  ];
  const total = totals.data;

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
          {all && <Table.Td>{duty.work.toUpperCase()}</Table.Td>}
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
          {office && <Table.Td>{duty.totalcoach === null ? '—' : formatNumber(duty.totalcoach)}</Table.Td>}
          {office && <Table.Td>{formatNumber(duty.reqq)}</Table.Td>}
          <Table.Td data-no-print>
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
      <PrintHeading title={t('duties.completedWorks')} filters={completed.hasNextPage ? [...filters, m.of('dutyListPrintedRows', formatNumber(duties.length), formatNumber(total?.duties ?? duties.length))] : filters} />
      <Group align="flex-end" gap="sm" mb="md" wrap="wrap" data-no-print>
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
      <DutyListControls
        view={listView}
        office={office}
        actions={office ? <ListActions onExport={() => exportDuties('completed', token, { work: sentWork, from: days.from, to: days.to, ...listView.view })} /> : undefined}
      />
      <WorkTabs tabs={tabs} work={work} onChange={(next) => update({ work: next })} />
      <SavedAge name={savedListName.completed(work, days.from, days.to)} />
      {completed.isError && <RetryAlert error={completed.error} onRetry={() => void completed.refetch()} />}
      {cards && completed.isPending && <CardsMessage text={m('loading')} />}
      {cards && !completed.isPending && !completed.isError && duties.length === 0 && <CardsMessage text={m.of('noCompletedTrains', label)} />}
      {cards && duties.length > 0 && (
        <Stack gap="sm" style={{ opacity: completed.isPlaceholderData ? 0.6 : 1 }} className="print-cards">
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
                  ...(all ? [{ label: m('fields.workType'), value: duty.work.toUpperCase() }] : []),
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
      {office && cards && total && total.duties > 0 && (
        <Text fw={700} ta="right" mt="sm" data-no-print>
          {m('columnTotal')}: {m.of('dutyListCount', total.duties)} · {m('dutyLists.coaches')} {formatNumber(total.coaches)} · {m('dutyLists.crewRequired')} {formatNumber(total.crewRequired)} ·{' '}
          {t('duties.columns.workersCount')} {formatNumber(total.crewAssigned)} · {m.of('dutyListShortBy', formatNumber(total.shortfall))}
        </Text>
      )}
      {/* on paper the table prints even where a phone shows cards */}
      <div className="print-table" style={cards ? { display: 'none' } : undefined}>
        <Table.ScrollContainer minWidth={(acca ? 900 : 780) + (office ? 200 : 0)} type="native">
          <Table striped highlightOnHover verticalSpacing="sm" bg="white" withTableBorder style={{ opacity: completed.isPlaceholderData ? 0.6 : 1 }}>
            <Table.Thead>
              <Table.Tr>
                <Heading office={office} sortKey="trainno" order={order} onSort={toggle}>
                  {t('duties.columns.trainNo')}
                </Heading>
                <Table.Th>{t('duties.columns.status')}</Table.Th>
                {all && <Table.Th>{m('fields.workType')}</Table.Th>}
                <Heading office={office} sortKey="completedDay" order={order} onSort={toggle}>
                  {t('duties.columns.date')}
                </Heading>
                <Heading office={office} sortKey="crew" order={order} onSort={toggle}>
                  {t('duties.columns.workersCount')}
                </Heading>
                <Heading office={office} sortKey="shortfall" order={order} onSort={toggle}>
                  {t('duties.columns.manpower')}
                </Heading>
                <Heading office={office} sortKey="supervisor" order={order} onSort={toggle}>
                  {t('duties.columns.supervisor')}
                </Heading>
                {acca && <Table.Th>{t('duties.columns.bedsheets')}</Table.Th>}
                {/* the office's columns after SPEC's, so SPEC's keep their places */}
                {office && (
                  <Heading office sortKey="coaches" order={order} onSort={toggle}>
                    {m('dutyLists.coaches')}
                  </Heading>
                )}
                {office && <Table.Th>{m('dutyLists.crewRequired')}</Table.Th>}
                <Table.Th data-no-print>{t('duties.columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{body}</Table.Tbody>
            {office && total && total.duties > 0 && (
              <TotalsRow
                cells={[
                  m.of('dutyListCount', total.duties),
                  ...(all ? [null] : []),
                  null,
                  formatNumber(total.crewAssigned),
                  m.of('dutyListShortBy', formatNumber(total.shortfall)),
                  null,
                  ...(acca ? [null] : []),
                  formatNumber(total.coaches),
                  formatNumber(total.crewRequired),
                ]}
              />
            )}
          </Table>
        </Table.ScrollContainer>
      </div>
      {completed.hasNextPage && (
        <Group justify="center" mt="md" data-no-print>
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
