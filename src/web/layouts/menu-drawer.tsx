import type { ReactNode } from 'react';
import { Drawer } from '@mantine/core';

/**
 * The phone's slide-in menu (area-shell.tsx). Its own chunk, loaded at the first tap on
 * the menu button (decision 0023): Mantine's Drawer (portal, focus trap, scroll lock) is
 * no part of a first screen.
 */
export default function MenuDrawer({ opened, onClose, title, children }: { opened: boolean; onClose: () => void; title: string; children: ReactNode }) {
  return (
    <Drawer opened={opened} onClose={onClose} title={title} size={280} padding="md" hiddenFrom="sm">
      {children}
    </Drawer>
  );
}
