import { Text } from '@mantine/core';
import { useMessages } from '../../i18n/messages.js';

/**
 * What a printed list says above its table (issue 28): the list's title and the filters of
 * the view, or 'No filters'. Shown only on paper: on screen the page's own heading and
 * controls say it.
 */
export function PrintHeading({ title, filters }: { title: string; filters: string[] }) {
  const m = useMessages();
  return (
    <div className="print-only">
      <Text fw={700} fz={16}>
        {title}
      </Text>
      <Text fz={11}>{filters.length > 0 ? `${m('lists.filters')}: ${filters.join(' · ')}` : m('lists.noFilters')}</Text>
    </div>
  );
}
