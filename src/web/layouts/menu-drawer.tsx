import type { ReactNode } from 'react';
import { Drawer } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOpenedAfterMount } from '../components/opened-after-mount.js';

/**
 * The phone's slide-in menu (area-shell.tsx), drawn from its parts so its header is a
 * plain block, not a second banner (as AppModal). Its own chunk, loaded when first wanted
 * (decision 0023): Mantine's Drawer (portal, focus trap, scroll lock, scroll area) is no
 * part of a first screen.
 */
export default function MenuDrawer({ opened, onClose, title, returnFocus, children }: { opened: boolean; onClose: () => void; title: string; returnFocus: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const shown = useOpenedAfterMount(opened);
  return (
    <Drawer.Root opened={shown} onClose={onClose} size={280} padding="md" hiddenFrom="sm" returnFocus={returnFocus}>
      <Drawer.Overlay />
      <Drawer.Content>
        <Drawer.Header {...({ component: 'div' } as object)}>
          <Drawer.Title>{title}</Drawer.Title>
          <Drawer.CloseButton aria-label={t('common.close')} />
        </Drawer.Header>
        <Drawer.Body>{children}</Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
