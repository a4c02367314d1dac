import { Outlet } from 'react-router';
import { AreaShell, type MenuLink } from '../../layouts/area-shell.js';
import { RoleGuard } from '../../layouts/role-guard.js';
import { ChatMenuBadge } from '../chat/chat-menu-badge.js';

/** The supervisor's side menu (SPEC §2 user area). */
const menu: MenuLink[] = [
  { label: 'Home', to: '/dashboard/user/' },
  // @links:duties
  { label: 'Add Duty', to: '/dashboard/user/addduty' },
  { label: 'Live Duty', to: '/dashboard/user' },
  { label: 'Completed Duty', to: '/dashboard/user/completedduty' },
  // @links:chat
  { label: 'Connect', to: '/dashboard/user/connect', badge: <ChatMenuBadge /> },
];

/** The supervisor area, guarded by /auth/userauth (supervisors, and managers for the Supervisor Tab). */
export default function UserArea() {
  return (
    <RoleGuard area="user">
      <AreaShell menuTitle="Menu" links={menu}>
        <Outlet />
      </AreaShell>
    </RoleGuard>
  );
}
