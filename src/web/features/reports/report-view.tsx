import { Group, NativeSelect, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { choiceFrom, DAYS_FILTERS, type DaysFilter } from '../../../shared/report-views.js';
import { CATEGORY_TABS } from '../../components/category-tabs.js';
import { ListActions } from '../../components/list/list-actions.js';
import { SearchInput, useSearchText, type SearchText } from '../../components/list/search-input.js';
import { useSortParam } from '../../components/list/sort-th.js';
import { useAddressParams } from '../../forms/use-address-params.js';
import { formatMonth } from '../../i18n/format.js';
import { useMessages } from '../../i18n/messages.js';
import type { WorkType } from '../../../shared/work-types.js';

/**
 * The month lists' view (issue 28): attendance, the wage register and the payroll load a whole
 * month of one work type, so the page itself searches (?q=, the box keeps every key), filters
 * and sorts (?sort=) what it has loaded, by the rules the server's view exports use too
 * (src/shared/report-views.ts). Everything lives in the address: Back and a shared link
 * restore the view. No page number: these lists are not paged.
 */
export function useListView<K extends string, F extends string>(sortKeys: readonly K[], filterKey: string, filters: readonly F[]) {
  const search = useSearchText('q', []);
  const { order, toggle, sort } = useSortParam(sortKeys, []);
  const { params, update } = useAddressParams();
  const filter = choiceFrom(params.get(filterKey), filters);
  const setFilter = (value: F | null) => update({ [filterKey]: value });
  return { search, order, toggle, sort, filter, setFilter };
}

/** Attendance and the wage register: search, and everyone / with days / without days (?days=). */
export const useDaysView = <K extends string>(sortKeys: readonly K[]) => useListView<K, DaysFilter>(sortKeys, 'days', DAYS_FILTERS);

/**
 * The filters of a month list as its printed heading and people read them: work type, month,
 * the search and the filter (when any).
 */
export function useViewFilters(work: WorkType, month: string, query: string, filter: string | null): string[] {
  const m = useMessages();
  const { t } = useTranslation();
  const label = CATEGORY_TABS.find((tab) => tab.value === work)?.label ?? work;
  return [`${m('fields.workType')}: ${label}`, `${t('payroll.lists.month')}: ${formatMonth(month)}`, ...(query ? [t('payroll.lists.searchFor', { text: query })] : []), ...(filter ? [filter] : [])];
}

/**
 * The controls above a month list: the search box, the filter (a plain select: every
 * choice in view, one tab stop), how many of the month's workers are shown, Export and
 * Print. Never printed.
 */
export function ViewToolbar<F extends string>({
  search,
  filter,
  shown,
  count,
  onExport,
}: {
  search: SearchText;
  filter: { label: string; value: F | null; onChange: (value: F | null) => void; choices: ReadonlyArray<{ value: F | ''; label: string }> };
  shown: number;
  count: number;
  onExport: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-no-print>
      <SearchInput
        search={search}
        label={t('payroll.lists.search')}
        size="md"
        w={{ base: '100%', xs: 260 }}
      />
      <NativeSelect
        label={filter.label}
        value={filter.value ?? ''}
        onChange={(event) => filter.onChange((event.currentTarget.value || null) as F | null)}
        data={filter.choices.map((choice) => ({ value: choice.value, label: choice.label }))}
        size="md"
        w={{ base: '100%', xs: 'auto' }}
      />
      <ListActions onExport={onExport} exportDisabled={shown === 0} />
      <Text size="sm" c="dimmed" role="status">
        {t('payroll.lists.shown', { shown, count })}
      </Text>
    </Group>
  );
}

/** The choices of the days filter, in the reader's language. */
export function useDaysChoices(): { label: string; choices: Array<{ value: DaysFilter | ''; label: string }>; titleOf: (value: DaysFilter | null) => string | null } {
  const { t } = useTranslation();
  const labels: Record<DaysFilter, string> = { with: t('payroll.lists.daysWith'), without: t('payroll.lists.daysWithout') };
  return {
    label: t('payroll.lists.days'),
    choices: [{ value: '', label: t('payroll.lists.daysAll') }, ...DAYS_FILTERS.map((value) => ({ value, label: labels[value] }))],
    titleOf: (value) => (value ? `${t('payroll.lists.days')}: ${labels[value]}` : null),
  };
}
