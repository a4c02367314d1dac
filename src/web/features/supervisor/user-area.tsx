import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
// English beyond the public site's texts, in before this part is drawn (i18n/english.ts)
import '../../i18n/english.js';
import { useMessages } from '../../i18n/messages.js';
import { AreaShell, type MenuLink } from '../../layouts/area-shell.js';
import { RoleGuard } from '../../layouts/role-guard.js';
import { WithQueries } from '../../query-client.js';
import { ChatMenuBadge } from '../chat/chat-menu-badge.js';

/** The supervisor's side menu (SPEC §2 user area), in the reader's language. */
function useMenu(): MenuLink[] {
  const { t } = useTranslation();
  const m = useMessages();
  return [
    { label: t('supervisor.menu.home'), to: '/dashboard/user/' },
    // @links:duties
    { label: t('supervisor.menu.addDuty'), to: '/dashboard/user/addduty' },
    { label: t('supervisor.menu.liveDuty'), to: '/dashboard/user' },
    { label: t('supervisor.menu.completedDuty'), to: '/dashboard/user/completedduty' },
    // @links:chat
    { label: m('chatMenuLabel'), to: '/dashboard/user/connect', badge: <ChatMenuBadge /> },
  ];
}

/** The supervisor area, guarded by /auth/userauth (supervisors, and managers for the Supervisor Tab). */
export default function UserArea() {
  const { t } = useTranslation();
  const menu = useMenu();
  return (
    <WithQueries>
      <RoleGuard area="user">
        <AreaShell menuTitle={t('supervisor.menu.title')} links={menu} largeTargets>
          <Outlet />
        </AreaShell>
      </RoleGuard>
    </WithQueries>
  );
}
