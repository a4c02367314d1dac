import { Outlet } from 'react-router';
import { AreaShell, type MenuLink } from '../../layouts/area-shell.js';
import { RoleGuard } from '../../layouts/role-guard.js';

/** The admin's side menu: the dashboard, accounts, reference data, the audit trail, and SPEC §2's two staff forms. */
const adminLinks: MenuLink[] = [
  { label: 'Home', to: '/dashboard/admin' },
  { label: 'Accounts', to: '/dashboard/admin/accounts' },
  { label: 'Add Supervisor', to: '/dashboard/admin/addsupervisors' },
  { label: 'Add Worker', to: '/dashboard/admin/addworkers' },
  { label: 'States', to: '/dashboard/admin/states' },
  { label: 'Company profile', to: '/dashboard/admin/company' },
  { label: 'Staffing norms', to: '/dashboard/admin/norms' },
  { label: 'Contract periods', to: '/dashboard/admin/contracts' },
  { label: 'Audit trail', to: '/dashboard/admin/audit' },
];

/** The admin area (SPEC §2), guarded by /auth/adminauth. */
export default function AdminArea() {
  return (
    <RoleGuard area="admin">
      <AreaShell menuTitle="Admin" links={adminLinks}>
        <Outlet />
      </AreaShell>
    </RoleGuard>
  );
}
