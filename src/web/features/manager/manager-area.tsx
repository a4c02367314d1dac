import { Outlet } from 'react-router';
import { AreaShell, type MenuLink } from '../../layouts/area-shell.js';
import { RoleGuard } from '../../layouts/role-guard.js';
import { ChatMenuBadge } from '../chat/chat-menu-badge.js';

/** The manager's 'Quick Links', in SPEC §2's order. */
const quickLinks: MenuLink[] = [
  { label: 'Home', to: '/dashboard/manager' },
  // @links:chat
  { label: 'Connect', to: '/dashboard/manager/connect', badge: <ChatMenuBadge /> },
  // @links:bills
  { label: 'Bill Details', to: '/dashboard/manager/bills' },
  // @links:staff-add-worker
  { label: 'Add Worker', to: '/dashboard/manager/addworkers' },
  // @links:attendance
  { label: 'Attendance', to: '/dashboard/manager/attendance' },
  // @links:staff-add-supervisor
  { label: 'Add Supervisor', to: '/dashboard/manager/addsupervisors' },
  // @links:duties
  { label: 'Live Works', to: '/dashboard/manager/livework' },
  { label: 'Completed Works', to: '/dashboard/manager/completed' },
  // @links:staff-details
  { label: 'Staff Details', to: '/dashboard/manager/staffdetails' },
  { label: 'Supervisor Tab', to: '/dashboard/user' },
];

/** The manager area, guarded by /auth/managerauth. */
export default function ManagerArea() {
  return (
    <RoleGuard area="manager">
      <AreaShell menuTitle="Quick Links" links={quickLinks}>
        <Outlet />
      </AreaShell>
    </RoleGuard>
  );
}
