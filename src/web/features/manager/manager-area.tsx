import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
// English beyond the public site's texts, in before this part is drawn (i18n/english.ts)
import '../../i18n/english.js';
import { useMessages } from '../../i18n/messages.js';
import { AreaShell, type MenuLink } from '../../layouts/area-shell.js';
import { RoleGuard } from '../../layouts/role-guard.js';
import { WithQueries } from '../../query-client.js';
import { ChatMenuBadge } from '../chat/chat-menu-badge.js';

/**
 * The manager's 'Quick Links', in SPEC §2's order and the reader's language. Add Work
 * (manager/addwork, one of SPEC's other manager routes) is not in SPEC's menu; it sits
 * before the duty lists it adds to, so the manager can reach it (issue 15).
 */
function useQuickLinks(): MenuLink[] {
  const { t } = useTranslation();
  const m = useMessages();
  return [
    { label: m('navHome'), to: '/dashboard/manager' },
    // @links:chat
    { label: m('chatMenuLabel'), to: '/dashboard/manager/connect', badge: <ChatMenuBadge /> },
    // @links:bills
    { label: m('billDetails'), to: '/dashboard/manager/bills' },
    // @links:staff-add-worker
    { label: m('addWorker'), to: '/dashboard/manager/addworkers' },
    // @links:attendance
    { label: m('attendanceLink'), to: '/dashboard/manager/attendance' },
    { label: t('payroll.menu'), to: '/dashboard/manager/payroll' },
    // @links:staff-add-supervisor
    { label: m('addSupervisor'), to: '/dashboard/manager/addsupervisors' },
    // @links:duties
    { label: t('manager.addWork'), to: '/dashboard/manager/addwork' },
    { label: t('manager.liveWorks'), to: '/dashboard/manager/livework' },
    { label: t('manager.completedWorks'), to: '/dashboard/manager/completed' },
    // @links:staff-details
    { label: t('manager.staffDetails'), to: '/dashboard/manager/staffdetails' },
    { label: t('manager.supervisorTab'), to: '/dashboard/user' },
  ];
}

/** The manager area, guarded by /auth/managerauth. */
export default function ManagerArea() {
  const { t } = useTranslation();
  const links = useQuickLinks();
  return (
    <WithQueries>
      <RoleGuard area="manager">
        <AreaShell menuTitle={t('manager.quickLinks')} links={links}>
          <Outlet />
        </AreaShell>
      </RoleGuard>
    </WithQueries>
  );
}
