import { ROLE } from '../../shared/roles.js';

/**
 * A path the login page may send the person back to: a local path only, never another
 * site ("//evil.example") and never /login itself.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value === '/login' || value.startsWith('/login?') || value.startsWith('/login#')) return null;
  return value;
}

/** Which roles each guarded area admits (mirrors the server's /auth/*auth checks). */
const areaRoles: [prefix: string, roles: readonly unknown[]][] = [
  ['/dashboard/admin', [ROLE.admin]],
  ['/dashboard/manager', [ROLE.manager]],
  ['/dashboard/user', [ROLE.supervisor, ROLE.manager]],
];

/**
 * Whether returning to `path` makes sense for this role. A supervisor who signs in after
 * being sent away from a manager page goes to their own home instead of straight back to
 * a guard that would refuse them. The server still decides every request.
 */
export function returnPathFitsRole(path: string, role: unknown): boolean {
  const pathname = path.split(/[?#]/)[0] ?? path;
  for (const [prefix, roles] of areaRoles) {
    if (pathname === prefix || pathname.startsWith(`${prefix}/`)) return roles.includes(role);
  }
  return true;
}
