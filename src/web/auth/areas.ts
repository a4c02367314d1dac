import { API } from '../../shared/api/addresses.js';

/** The three role guards of SPEC §6; userauth admits supervisors and managers. */
export type GuardArea = 'admin' | 'manager' | 'user';

/** Each area's check (SPEC §6), from the address table. */
export const AREA_CHECKS = { user: API.userGuard, manager: API.managerGuard, admin: API.adminGuard } as const;

/** The query key of an area check (layouts/role-guard.tsx, route-prefetch.ts). */
export const guardKey = (area: GuardArea, token: string | null) => ['guard', area, token] as const;
