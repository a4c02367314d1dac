/** Account roles (SPEC §3, DESIGN.md): 0 supervisor / user, 1 manager, 2 admin. */
export const ROLE = {
  supervisor: 0,
  manager: 1,
  admin: 2,
} as const;

export type Role = (typeof ROLE)[keyof typeof ROLE];

export const ROLE_NAMES = ['supervisor', 'manager', 'admin'] as const;

export function isRole(value: unknown): value is Role {
  return value === 0 || value === 1 || value === 2;
}

export function roleFromName(name: string): Role | null {
  const index = (ROLE_NAMES as readonly string[]).indexOf(name.trim().toLowerCase());
  return index === -1 ? null : (index as Role);
}

/**
 * Where a signed-in person lands (SPEC §2 landing page, §4 login redirect).
 * Returns null for a role value that is not valid: the caller clears the session.
 */
export function homePathForRole(role: unknown): string | null {
  switch (role) {
    case ROLE.manager:
      return '/dashboard/manager';
    case ROLE.supervisor:
      return '/dashboard/user';
    case ROLE.admin:
      return '/dashboard/admin';
    default:
      return null;
  }
}
