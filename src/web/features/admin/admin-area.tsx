import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
// English beyond the public site's texts, in before this part is drawn (i18n/english.ts)
import '../../i18n/english.js';
import { useMessages } from '../../i18n/messages.js';
import { AreaShell, type MenuLink } from '../../layouts/area-shell.js';
import { RoleGuard } from '../../layouts/role-guard.js';
import { WithQueries } from '../../query-client.js';

/** The admin area (SPEC §2), guarded by /auth/adminauth. */
export default function AdminArea() {
  const { t } = useTranslation();
  const m = useMessages();
  /** The admin's side menu: the dashboard, accounts, reference data, the payroll settings and holidays, the audit trail, and SPEC §2's two staff forms. */
  const adminLinks: MenuLink[] = [
    { label: m('navHome'), to: '/dashboard/admin' },
    { label: t('admin.menu.accounts'), to: '/dashboard/admin/accounts' },
    { label: t('payroll.menu'), to: '/dashboard/admin/payroll' },
    { label: m('addSupervisor'), to: '/dashboard/admin/addsupervisors' },
    { label: m('addWorker'), to: '/dashboard/admin/addworkers' },
    { label: m('counterLabels.states'), to: '/dashboard/admin/states' },
    { label: t('admin.menu.company'), to: '/dashboard/admin/company' },
    { label: t('admin.menu.norms'), to: '/dashboard/admin/norms' },
    { label: t('admin.menu.contracts'), to: '/dashboard/admin/contracts' },
    { label: t('admin.menu.payrollSettings'), to: '/dashboard/admin/payroll-settings' },
    { label: t('admin.menu.holidays'), to: '/dashboard/admin/holidays' },
    { label: t('admin.menu.audit'), to: '/dashboard/admin/audit' },
  ];
  return (
    <WithQueries>
      <RoleGuard area="admin">
        <AreaShell menuTitle={t('admin.menuTitle')} links={adminLinks}>
          <Outlet />
        </AreaShell>
      </RoleGuard>
    </WithQueries>
  );
}
