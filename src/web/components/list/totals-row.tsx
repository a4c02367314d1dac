import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { useMessages } from '../../i18n/messages.js';

/**
 * A list's totals row (issue 28), labelled 'Total' in its first cell, in the table's footer.
 * `cells` are the columns after the first (after `lead` screen-only columns) (null: nothing to add up in that column); the
 * footer prints once, after the last row, not on every page.
 */
export function TotalsRow({ cells, label, lead = 0 }: { cells: ReadonlyArray<ReactNode | null>; label?: ReactNode; lead?: number }) {
  const m = useMessages();
  return (
    <Table.Tfoot>
      <Table.Tr data-totals-row>
        {/* columns before the first that only the screen has (a row's tick box) */}
        {Array.from({ length: lead }, (_, index) => (
          <Table.Td key={`lead-${index}`} data-no-print />
        ))}
        <Table.Th scope="row">{label ?? m('columnTotal')}</Table.Th>
        {cells.map((cell, index) => (
          <Table.Td key={index} fw={700}>
            {cell}
          </Table.Td>
        ))}
      </Table.Tr>
    </Table.Tfoot>
  );
}
