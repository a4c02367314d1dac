import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Box, Button, Container, Group, NavLink, Paper, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { OfflineStatus } from '../offline/offline-status.js';
import { OutboxProvider } from '../offline/outbox-provider.js';
import { useGuardedLogout } from '../offline/sign-out-guard.js';
import { LanguageSwitch } from '../i18n/language-switch.js';
import { useMessages } from '../i18n/messages.js';
import classes from './area-shell.module.css';

// the phone's menu loads when first wanted: a touch on its button, or the tap itself (decision 0023)
const loadMenuDrawer = () => import('./menu-drawer.js');
const MenuDrawer = lazy(loadMenuDrawer);

export interface MenuLink {
  label: string;
  to: string;
  /** Shown at the link's end, e.g. a count; renders nothing when it has nothing to say. */
  badge?: ReactNode;
}

/**
 * A signed-in area: the side menu beside the page on desktop, a slide-in drawer on
 * phones (SPEC §2 manager 'Quick Links'). The menu ends with the language switch and Logout.
 * `menuTitle` and the links' labels come translated from the area. The account's offline
 * outbox runs here, its status above the page (decision 0020).
 */
export function AreaShell({ menuTitle, links, children, largeTargets = false }: { menuTitle: string; links: MenuLink[]; children: ReactNode; largeTargets?: boolean }) {
  const [opened, { open, close }] = useDisclosure(false);
  // once opened the drawer stays mounted, so closing keeps its transition and focus return
  const [drawerWanted, setDrawerWanted] = useState(false);
  if (opened && !drawerWanted) setDrawerWanted(true);
  // closed by choosing a page, the drawer leaves focus to the new page's heading (site-layout)
  const [returnFocus, setReturnFocus] = useState(true);
  const { t } = useTranslation();
  // the sign-out question lives here, not in the menu: the phone's menu closes on the tap
  const { logout, dialog } = useGuardedLogout();
  const layout = (
    // largeTargets: every control at least 44 × 44 px (the supervisor's phone, outdoors; global.css)
    <Container size="xl" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }} className={largeTargets ? 'large-targets' : undefined}>
      <Group hiddenFrom="sm" mb="md" data-no-print>
        <Button
          variant="default"
          leftSection={<MenuIcon />}
          // its code starts loading as the finger touches the button, before the tap ends
          onPointerDown={() => void loadMenuDrawer().catch(() => {})}
          onClick={() => {
            setReturnFocus(true);
            open();
          }}
          aria-label={t('layout.openMenu', { menu: menuTitle })}
        >
          {menuTitle}
        </Button>
      </Group>
      {drawerWanted && (
        <Suspense fallback={null}>
          <MenuDrawer opened={opened} onClose={close} title={menuTitle} returnFocus={returnFocus}>
            <SideMenu
              links={links}
              onNavigate={() => {
                setReturnFocus(false);
                close();
              }}
              logout={logout}
            />
          </MenuDrawer>
        </Suspense>
      )}
      <Box className={classes.layout}>
        <Paper component="aside" withBorder radius="lg" p="sm" className={classes.aside} visibleFrom="sm" data-no-print>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt={4} pb="xs">
            {menuTitle}
          </Text>
          <SideMenu links={links} logout={logout} />
        </Paper>
        <Box className={classes.content}>
          <OfflineStatus />
          {children}
        </Box>
      </Box>
      {dialog}
    </Container>
  );
  return <OutboxProvider>{layout}</OutboxProvider>;
}

function MenuIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" aria-hidden>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}

function SideMenu({ links, onNavigate, logout }: { links: MenuLink[]; onNavigate?: () => void; logout: () => void }) {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const m = useMessages();
  const normalise = (path: string) => path.replace(/\/+$/, '') || '/';
  return (
    <Stack gap={4} component="nav" aria-label={t('layout.sideMenu')}>
      {links.map((link) => (
        <NavLink
          key={link.to + link.label}
          component={Link}
          to={link.to}
          label={link.label}
          rightSection={link.badge}
          active={normalise(pathname) === normalise(link.to)}
          onClick={onNavigate}
          variant="light"
          className={classes.navLink}
        />
      ))}
      <Box px="sm" py={6}>
        <LanguageSwitch fullWidth />
      </Box>
      <NavLink
        component="button"
        type="button"
        label={m('logout')}
        c="red.8"
        className={classes.navLink}
        onClick={() => {
          onNavigate?.();
          logout();
        }}
      />
    </Stack>
  );
}
