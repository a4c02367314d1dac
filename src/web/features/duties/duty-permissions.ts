import { ROLE } from '../../../shared/roles.js';
import { useAuth } from '../../auth/auth-context.js';

/** Managers and admins may delete a duty (DELETE /mcctrain/deletework/{id}); supervisors may not. */
export function useMayDeleteDuties(): boolean {
  const { user } = useAuth();
  return user?.role === ROLE.manager || user?.role === ROLE.admin;
}
