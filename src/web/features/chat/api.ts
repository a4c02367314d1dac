import { API } from '../../../shared/api/addresses.js';
import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { CHAT_PAGE_DEFAULT, CHAT_PAGE_MAX } from '../../../shared/limits.js';
import type { ChatListQuery, ChatMessage } from '../../../shared/schemas/chat.js';
import { call } from '../../api/call.js';
import { useAuth } from '../../auth/auth-context.js';
import { mergeMessages, type ChatLog } from './chat-log.js';
import { chatKeys } from './today-count.js';

export { chatKeys, useRefreshTodayCount } from './today-count.js';

/**
 * The /chat calls of SPEC §7, through the address table (types: src/shared/api/chat.ts) (the menu
 * badge's count is in today-count.ts). The screen's messages live in one
 * query-cache entry (chatKeys.log) that the poll, the live stream, sending and older
 * pages all merge into, so there is one list and no duplicates.
 */

/** SPEC §9: the chat screen refreshes every 5 seconds (besides the live stream). */
const CHAT_POLL_MS = 5000;
/** The server's default page: the latest ones. */
const LATEST_PAGE = CHAT_PAGE_DEFAULT;
const OLDER_PAGE = 100;
/** The most `after` answers at once; a longer gap is read in a few rounds. */
const CATCH_UP_PAGE = CHAT_PAGE_MAX;
const CATCH_UP_ROUNDS = 5;

async function fetchChats(token: string | null, query: ChatListQuery, signal?: AbortSignal): Promise<ChatMessage[]> {
  return (await call(API.listChats, { query, token, signal })).chats;
}

async function postChat(token: string | null, text: string): Promise<ChatMessage> {
  return (await call(API.createChat, { body: { text }, token })).chat;
}

/**
 * First the latest page; afterwards only what is newer than the newest message held, so
 * a 5-second poll costs one small query, not 200 rows.
 */
async function refreshLog(client: QueryClient, token: string | null, signal: AbortSignal): Promise<ChatLog> {
  const newest = client.getQueryData<ChatLog>(chatKeys.log)?.messages.at(-1)?._id;
  if (!newest) {
    const chats = await fetchChats(token, { limit: LATEST_PAGE }, signal);
    // Read the cache after the await: the stream may have added messages meanwhile.
    const held = client.getQueryData<ChatLog>(chatKeys.log);
    return { messages: mergeMessages(held?.messages ?? [], chats), hasOlder: held?.hasOlder || chats.length >= LATEST_PAGE };
  }
  const fresh: ChatMessage[] = [];
  let after = newest;
  for (let round = 0; round < CATCH_UP_ROUNDS; round++) {
    const chats = await fetchChats(token, { after, limit: CATCH_UP_PAGE }, signal);
    fresh.push(...chats);
    const last = chats.at(-1);
    if (chats.length < CATCH_UP_PAGE || !last) break;
    after = last._id;
  }
  const held = client.getQueryData<ChatLog>(chatKeys.log) ?? { messages: [], hasOlder: false };
  const messages = mergeMessages(held.messages, fresh);
  return messages === held.messages ? held : { ...held, messages };
}

/** The chat screen's messages, oldest first, refreshed every CHAT_POLL_MS. */
export function useChatLog() {
  const { token } = useAuth();
  const client = useQueryClient();
  return useQuery({
    queryKey: chatKeys.log,
    queryFn: ({ signal }) => refreshLog(client, token, signal),
    enabled: Boolean(token),
    refetchInterval: CHAT_POLL_MS,
    // A failed poll is retried by the next one; no extra retries on top.
    retry: false,
  });
}

/** Adds messages (from the stream or a send) to the screen's list; ignored before the first load. */
export function useAddChatMessages() {
  const client = useQueryClient();
  return useCallback(
    (messages: ChatMessage[]) => {
      client.setQueryData<ChatLog>(chatKeys.log, (held) => {
        if (!held) return held; // the first load (or the stream's Last-Event-ID replay) brings them
        const merged = mergeMessages(held.messages, messages);
        return merged === held.messages ? held : { ...held, messages: merged };
      });
    },
    [client],
  );
}

/** Scrolling up: the page of messages older than the oldest one held. */
export function useLoadOlderChats() {
  const { token } = useAuth();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const oldest = client.getQueryData<ChatLog>(chatKeys.log)?.messages[0]?._id;
      if (!oldest) return;
      const chats = await fetchChats(token, { before: oldest, limit: OLDER_PAGE });
      client.setQueryData<ChatLog>(chatKeys.log, (held) =>
        held ? { messages: mergeMessages(held.messages, chats), hasOlder: chats.length >= OLDER_PAGE } : held,
      );
    },
  });
}

/** POST /chat/createchat; the answer joins the list at once (the stream brings it again, deduplicated). */
export function useSendChat() {
  const { token } = useAuth();
  const add = useAddChatMessages();
  return useMutation({
    mutationFn: (text: string) => postChat(token, text),
    onSuccess: (chat) => add([chat]),
  });
}

