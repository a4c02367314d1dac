import { Menu, Select, type MantineColor, type SelectProps } from '@mantine/core';
import type { ReactElement } from 'react';

/**
 * The two controls that draw a floating layer over the screen — the searchable list and
 * the menu of a row's actions — with Mantine's Combobox and Popover: loaded by
 * lazy-floating.tsx only, after the screen they are on (decision 0029).
 */
export function LoadedSearchableSelect(props: SelectProps) {
  return <Select {...props} searchable />;
}

export interface MenuAction {
  label: string;
  color?: MantineColor;
  onClick: () => void;
}

/** A menu of actions under its button, opened and closed by its owner. */
export function LoadedActionsMenu({ target, actions, opened, onChange }: { target: ReactElement; actions: MenuAction[]; opened: boolean; onChange: (opened: boolean) => void }) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md" opened={opened} onChange={onChange}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => (
          <Menu.Item key={action.label} color={action.color} onClick={action.onClick}>
            {action.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
