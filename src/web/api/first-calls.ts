import type { adminGuard, logout as logoutRoute, managerGuard, userGuard } from '../../shared/api/auth.js';
import type { todayChatCount } from '../../shared/api/chat.js';
import type { SuccessBody } from '../../shared/api/contract.js';
import type { dashboardSummary } from '../../shared/api/reports.js';
import { BILL_STATUSES } from '../../shared/bills.js';
import { GUARD_PATHS } from '../route-prefetch.js';
import { answer, arrayOf, count, literal, number, objectOf, oneOf, optional, string, type AnswerCheck } from './answer-shape.js';
import { ApiError, apiRequest } from './client.js';

/**
 * The calls of the first screens after sign-in — the area layouts (the area check, the
 * chat badge, Logout) and the manager's dashboard — without their contracts: a contract
 * module builds its zod schemas when loaded, and zod's full API (≈ 27 KB gzipped) would
 * be most of what the manager's dashboard may load (issue 15: 200 KB in all). Each call
 * is its contract's method and address with the success answer checked by a shape
 * written out here; first-calls.test.ts holds both to the contracts (src/shared/api),
 * which remain the server's and the API document's, unchanged.
 */

/** The three role guards of SPEC §6; userauth admits supervisors and managers. */
export type GuardArea = 'admin' | 'manager' | 'user';

type GuardAnswer = SuccessBody<typeof userGuard> & SuccessBody<typeof managerGuard> & SuccessBody<typeof adminGuard>;
type LogoutAnswer = SuccessBody<typeof logoutRoute>;

/** The success answers, shape by shape (their types are the contracts'). */
export const FIRST_CALLS = {
  userGuard: { method: 'GET', path: GUARD_PATHS.user, check: answer(objectOf({ ok: literal(true), msg: optional(string) })) satisfies AnswerCheck<GuardAnswer> },
  managerGuard: { method: 'GET', path: GUARD_PATHS.manager, check: answer(objectOf({ ok: literal(true), msg: optional(string) })) satisfies AnswerCheck<GuardAnswer> },
  adminGuard: { method: 'GET', path: GUARD_PATHS.admin, check: answer(objectOf({ ok: literal(true), msg: optional(string) })) satisfies AnswerCheck<GuardAnswer> },
  logout: { method: 'POST', path: '/auth/logout', check: answer(objectOf({ success: literal(true), msg: string })) satisfies AnswerCheck<LogoutAnswer> },
  todayChatCount: { method: 'GET', path: '/chat/today-count', check: answer(objectOf({ count })) satisfies AnswerCheck<SuccessBody<typeof todayChatCount>> },
  dashboardSummary: {
    method: 'GET',
    path: '/dashboard/summary',
    check: answer(
      objectOf({
        passedBills: number,
        pendingBills: number,
        netAmount: number,
        totalBillAmount: number,
        totalPenalties: number,
        totalLiveWork: number,
        totalCompletedWork: number,
        todayLiveWork: number,
        todayCompletedWork: number,
        today: string,
        completedPerDay: arrayOf(objectOf({ day: string, work: string, count: number })),
        billsByStatus: arrayOf(objectOf({ status: oneOf(BILL_STATUSES), count: number, amount: number })),
      }),
    ) satisfies AnswerCheck<SuccessBody<typeof dashboardSummary>>,
  },
} as const;

const GUARDS = { user: FIRST_CALLS.userGuard, manager: FIRST_CALLS.managerGuard, admin: FIRST_CALLS.adminGuard } as const;

/**
 * Asks the server whether this session may enter an area. A 401 or 403 answer is a
 * plain "no" (false); only a missing answer (network) or a server fault throws.
 */
export async function checkArea(area: GuardArea, token: string, signal?: AbortSignal): Promise<boolean> {
  const { method, path, check } = GUARDS[area];
  try {
    const { data } = await apiRequest(method, path, { token, signal, schema: check });
    return data.ok;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return false;
    throw error;
  }
}

/** Revokes the session on the server. Never throws: signing out locally must always work. */
export async function logout(token: string | null): Promise<void> {
  if (!token) return;
  const { method, path, check } = FIRST_CALLS.logout;
  try {
    await apiRequest(method, path, { token, schema: check });
  } catch {
    // An expired or unknown token is already as good as revoked.
  }
}

/** Today's messages (APP_TZ) sent by others: the chat menu badge. */
export async function fetchTodayChatCount(token: string | null, signal?: AbortSignal): Promise<number> {
  const { method, path, check } = FIRST_CALLS.todayChatCount;
  return (await apiRequest(method, path, { token, signal, schema: check })).data.count;
}

/** The manager dashboard's figures and charts. */
export async function fetchDashboardSummary(token: string | null, signal?: AbortSignal): Promise<SuccessBody<typeof dashboardSummary>> {
  const { method, path, check } = FIRST_CALLS.dashboardSummary;
  return (await apiRequest(method, path, { token, signal, schema: check })).data;
}
