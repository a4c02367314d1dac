import { Group, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import type { DUTY_SORT_KEYS as SCHEMA_SORT_KEYS, DutySortKey } from '../../../shared/schemas/duties.js';
import type { SortOrder } from '../../../shared/list-view.js';
import { toWorkType, type WorkType } from '../../../shared/work-types.js';
import { ChoiceSelect } from '../../components/choice-select.js';
import { SearchInput, useSearchText } from '../../components/list/search-input.js';
import { SortTh, useSortParam } from '../../components/list/sort-th.js';
import { useAddressParams } from '../../forms/use-address-params.js';
import { useMessages } from '../../i18n/messages.js';
import { useSupervisors } from './api.js';
import type { DutyListView } from './keys.js';

/** The schema's sort keys, checked against it by type: a value import of the schemas would load zod (the `forms` file) on the duty screens' first screen. */
const DUTY_SORT_KEYS: typeof SCHEMA_SORT_KEYS = ['trainno', 'completedDay', 'createdAt', 'coaches', 'crew', 'shortfall', 'supervisor'];

/** The office boards' tab of every work type (?work=all); the server is asked without `work`. */
export const ALL_WORK = 'all';
export type BoardTab = WorkType | typeof ALL_WORK;

/** The tabs of a board: SPEC's (their first stays the default), and All for the office. */
export function boardTabs(tabs: { work: WorkType; label: string }[], office: boolean, allLabel: string): { work: BoardTab; label: string }[] {
  return office ? [...tabs, { work: ALL_WORK, label: allLabel }] : tabs;
}

/** The tab the address names, or the first. */
export function tabInAddress(tabs: { work: BoardTab }[], value: string | null): BoardTab {
  const wanted = value === ALL_WORK ? ALL_WORK : toWorkType(value);
  return tabs.find((tab) => tab.work === wanted)?.work ?? tabs[0]!.work;
}

/**
 * What a live or completed board asks besides its tab (issue 28), all kept in the address:
 * the search (?q=, everyone), and for the office the supervisor (?supervisor=) and the sort
 * (?sort=). `view` is what the list and totals calls send.
 */
export function useDutyListView(office: boolean) {
  const search = useSearchText('q', []);
  const sorting = useSortParam(DUTY_SORT_KEYS, []);
  const { params, update } = useAddressParams();
  const supervisor = office ? (params.get('supervisor') ?? '') : '';
  const view: DutyListView = {
    ...(search.query ? { q: search.query } : {}),
    ...(office && sorting.sort ? { sort: sorting.sort } : {}),
    ...(supervisor ? { supervisor } : {}),
  };
  return { search, sorting: office ? sorting : { ...sorting, order: null }, supervisor, setSupervisor: (id: string | null) => update({ supervisor: id }), view };
}

/** The search box (and, for the office, the supervisor filter and the list's actions), never printed. */
export function DutyListControls({
  view,
  office,
  actions,
}: {
  view: ReturnType<typeof useDutyListView>;
  office: boolean;
  actions?: ReactNode;
}) {
  const m = useMessages();
  const supervisors = useSupervisors(office);
  return (
    <Group align="flex-end" gap="sm" mb="md" wrap="wrap" data-no-print>
      <SearchInput
        search={view.search}
        label={m('dutyLists.searchLabel')}
        placeholder={m('dutyLists.searchPlaceholder')}
        size="md"
        style={{ flex: '1 1 220px', maxWidth: 340 }}
      />
      {office && (
        <ChoiceSelect
          label={m('fields.supervisor')}
          data={(supervisors.data ?? []).map((item) => ({ value: item._id, label: item.name }))}
          value={view.supervisor || null}
          onChange={view.setSupervisor}
          clearable
          placeholder={m('dutyLists.allSupervisors')}
          style={{ flex: '1 1 200px', maxWidth: 280 }}
        />
      )}
      {actions}
    </Group>
  );
}

/** The supervisor's name for the print heading's filters. */
export function useSupervisorName(id: string): string | null {
  const supervisors = useSupervisors(Boolean(id));
  return id ? (supervisors.data?.find((item) => item._id === id)?.name ?? null) : null;
}

/** A board's column heading: sortable for the office (its name kept on paper), plain otherwise. */
export function Heading({
  office,
  sortKey,
  order,
  onSort,
  children,
}: {
  office: boolean;
  sortKey: DutySortKey;
  order: SortOrder<DutySortKey> | null;
  onSort: (key: DutySortKey) => void;
  children: ReactNode;
}) {
  if (!office) return <Table.Th>{children}</Table.Th>;
  return (
    <SortTh sortKey={sortKey} order={order} onSort={onSort}>
      {children}
    </SortTh>
  );
}
