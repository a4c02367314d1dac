import { Table, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { parseSortText, sortText, type SortOrder } from '../../../shared/sort-order.js';
import { useAddressParams } from '../../forms/use-address-params.js';
import classes from './list.module.css';

/**
 * A list's sort order in the address (?sort=name or ?sort=-name, issue 28), so Back and a
 * shared link restore it. `toggle(key)` sorts by a column, ascending first, then the other
 * way round on the next press; the page number is reset.
 */
export function useSortParam<K extends string>(keys: readonly K[], resetKeys: readonly string[] = ['page']) {
  const { params, update, current } = useAddressParams();
  const order = parseSortText(params.get('sort'), keys);
  const toggle = (key: K) => {
    // from the address last asked for: a second press before the page has drawn the first still turns the order round
    const now = parseSortText(current().get('sort'), keys);
    const next: SortOrder<K> = now?.key === key ? { key, desc: !now.desc } : { key, desc: false };
    update({ sort: sortText(next), ...Object.fromEntries(resetKeys.map((name) => [name, null])) });
  };
  return { order, toggle, sort: sortText(order) ?? undefined };
}

/**
 * A column heading that sorts the list: a button inside the header cell, and on paper the
 * column's name as plain text, with aria-sort on the cell telling which way the list is sorted by it.
 */
export function SortTh<K extends string>({
  sortKey,
  order,
  onSort,
  children,
  numeric = false,
}: {
  sortKey: K;
  order: SortOrder<K> | null;
  onSort: (key: K) => void;
  children: ReactNode;
  /** right-aligned, as numbers are */
  numeric?: boolean;
}) {
  const active = order?.key === sortKey;
  const direction = active ? (order.desc ? 'descending' : 'ascending') : undefined;
  return (
    <Table.Th aria-sort={direction} ta={numeric ? 'right' : undefined}>
      <UnstyledButton className={classes.sortButton} onClick={() => onSort(sortKey)} data-active={active || undefined}>
        <span>{children}</span>
        <SortArrow direction={direction} />
      </UnstyledButton>
      {/* on paper the name alone: Chromium leaves a button out of the header row it repeats on each sheet */}
      <span className={classes.printedName} aria-hidden>
        {children}
      </span>
    </Table.Th>
  );
}

function SortArrow({ direction }: { direction: 'ascending' | 'descending' | undefined }) {
  return (
    <svg className={classes.sortArrow} width="12" height="12" viewBox="0 0 12 12" aria-hidden data-direction={direction ?? 'none'}>
      {direction !== 'descending' && <path d="M6 2 9.5 6h-7z" fill="currentColor" opacity={direction ? 1 : 0.35} />}
      {direction !== 'ascending' && <path d="M6 10 2.5 6h7z" fill="currentColor" opacity={direction ? 1 : 0.35} />}
    </svg>
  );
}
