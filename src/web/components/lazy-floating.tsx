import { lazy, Suspense, useState, type ReactElement } from 'react';
import { TextInput, type SelectProps } from '@mantine/core';
import type { MenuAction } from './floating.js';

/**
 * The searchable list and the actions menu (Mantine's Combobox and Popover) load after the
 * screen they are on, as the date pickers do (decision 0029): the forms' short lists are the
 * browser's own select (choice-select.tsx); these two need more than it offers. Their code
 * not loading (offline on a first visit) leaves what stands in for them.
 */
const load = () => import('./floating.js');
const LazySearchableSelect = lazy(() => load().then((module) => ({ default: module.LoadedSearchableSelect })));
const LazyActionsMenu = lazy(() => load().then((module) => ({ default: module.LoadedActionsMenu })));

/**
 * A list to search and pick from (Mantine's Select, searchable). Until it is in, a read-only
 * input of the same label, placeholder and size stands in, so nothing moves when it arrives.
 */
export function SearchableSelect(props: SelectProps) {
  const { label, placeholder, size, withAsterisk, required } = props;
  return (
    <Suspense fallback={<TextInput label={label} placeholder={placeholder} size={size} withAsterisk={withAsterisk ?? required} readOnly />}>
      <LazySearchableSelect {...props} />
    </Suspense>
  );
}

/**
 * A button that opens a menu of actions (Mantine's Menu). Until the menu's code is in, the
 * button is drawn as it will be, and a tap on it opens the menu as soon as it arrives.
 */
export function ActionsMenu({ target, actions }: { target: (props: { onClick?: () => void }) => ReactElement; actions: MenuAction[] }) {
  const [opened, setOpened] = useState(false);
  return (
    <Suspense fallback={target({ onClick: () => setOpened(true) })}>
      <LazyActionsMenu target={target({})} actions={actions} opened={opened} onChange={setOpened} />
    </Suspense>
  );
}
