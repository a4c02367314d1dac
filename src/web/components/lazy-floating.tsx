import { lazy, Suspense, useState, type ReactElement } from 'react';
import { TextInput, type SelectProps } from '@mantine/core';
import { ErrorBoundary } from './error-boundary.js';
import type { MenuAction } from './floating.js';

/**
 * The searchable list and the actions menu (Mantine's Combobox and Popover) load after the
 * screen they are on, as the date pickers do (decision 0029): the forms' short lists are the
 * browser's own select (choice-select.tsx); these two need more than it offers. Their code
 * not loading (offline on a first visit) leaves what stands in for them (an error boundary:
 * a failed lazy import is a render error, which Suspense alone would pass to the route's
 * error screen, losing the form around it).
 */
const load = () => import('./floating.js');
const LazySearchableSelect = lazy(() => load().then((module) => ({ default: module.LoadedSearchableSelect })));
const LazyActionsMenu = lazy(() => load().then((module) => ({ default: module.LoadedActionsMenu })));

/** The label of the chosen option, as the Select will show it (its value when the list does not know it). */
function chosenLabel({ data, value }: Pick<SelectProps, 'data' | 'value'>): string {
  if (!value) return '';
  const options = (data ?? []).flatMap((item) => (typeof item === 'object' && 'group' in item ? item.items : [item]));
  for (const item of options) {
    if (typeof item === 'string') {
      if (item === value) return item;
    } else if (item.value === value) return 'label' in item && typeof item.label === 'string' ? item.label : value;
  }
  return value;
}

/**
 * A list to search and pick from (Mantine's Select, searchable). Until it is in, a read-only
 * input of the same label, placeholder, size and chosen option stands in, so nothing moves
 * when it arrives; focus on the stand-in moves to the list when it arrives.
 */
export function SearchableSelect(props: SelectProps) {
  const { label, placeholder, size, withAsterisk, required } = props;
  const [focused, setFocused] = useState(false);
  const standIn = <TextInput label={label} placeholder={placeholder} size={size} withAsterisk={withAsterisk ?? required} value={chosenLabel(props)} onFocus={() => setFocused(true)} readOnly />;
  return (
    <ErrorBoundary fallback={standIn}>
      <Suspense fallback={standIn}>
        <LazySearchableSelect {...props} autoFocus={props.autoFocus || focused} />
      </Suspense>
    </ErrorBoundary>
  );
}

/**
 * A button that opens a menu of actions (Mantine's Menu). Until the menu's code is in, the
 * button is drawn as it will be, and a tap on it opens the menu as soon as it arrives.
 */
export function ActionsMenu({
  target,
  actions,
  defaultOpened = false,
  onClose,
}: {
  target: (props: { onClick?: () => void }) => ReactElement;
  actions: MenuAction[];
  /** open at once (a menu drawn for the cell just tapped: the attendance grid's day menu) */
  defaultOpened?: boolean;
  onClose?: () => void;
}) {
  const [opened, setOpened] = useState(defaultOpened);
  const change = (next: boolean) => {
    setOpened(next);
    if (!next) onClose?.();
  };
  const standIn = target({ onClick: () => setOpened(true) });
  return (
    <ErrorBoundary fallback={standIn}>
      <Suspense fallback={standIn}>
        <LazyActionsMenu target={target({})} actions={actions} opened={opened} onChange={change} />
      </Suspense>
    </ErrorBoundary>
  );
}
