import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '../../../shared/api/addresses.js';
import { call } from '../../api/call.js';
import { useAuth } from '../../auth/auth-context.js';

/** The chat's query keys and the menu badge's count (part of every area's menu); the chat screen's calls are in api.ts. */

/** The menu badge refreshes this often, and at once when a message from someone else arrives. */
const BADGE_REFRESH_MS = 30_000;

export const chatKeys = {
  all: ['chat'] as const,
  log: ['chat', 'log'] as const,
  todayCountAll: ['chat', 'today-count'] as const,
  todayCount: (userId: string | undefined) => ['chat', 'today-count', userId ?? ''] as const,
};

/** The menu badge: today's messages (APP_TZ) sent by others. */
export function useTodayChatCount() {
  const { token, user } = useAuth();
  return useQuery({
    queryKey: chatKeys.todayCount(user?._id),
    queryFn: async ({ signal }) => (await call(API.todayChatCount, { token, signal })).count,
    enabled: Boolean(token),
    refetchInterval: BADGE_REFRESH_MS,
    retry: false,
  });
}

/** Something from someone else arrived: the badge counts it now rather than within 30 s. */
export function useRefreshTodayCount() {
  const client = useQueryClient();
  return useCallback(() => void client.invalidateQueries({ queryKey: chatKeys.todayCountAll }), [client]);
}
