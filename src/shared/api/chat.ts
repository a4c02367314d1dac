import { z } from 'zod';
import { CHAT_PAGE_DEFAULT } from '../limits.js';
import { chatListQuery, chatMessage, createChatBody } from '../schemas/chat.js';
import { API } from './addresses.js';
import { defineRoute } from './contract.js';
import { errorResponses, GUARDED } from './envelopes.js';

/** Team chat (SPEC §7 /chat rows): supervisors, managers and admins. */

const tags = ['chat'] as const;

export const listChats = defineRoute({
  ...API.listChats,
  tags,
  summary: `Messages, oldest first: the latest ${CHAT_PAGE_DEFAULT} (or \`limit\`), or those older than \`before\`, or newer than \`after\``,
  query: chatListQuery,
  responses: { 200: z.object({ chats: z.array(chatMessage) }), ...errorResponses(...GUARDED) },
});

export const createChat = defineRoute({
  ...API.createChat,
  tags,
  summary: 'Send a message (the sender is the signed-in person)',
  body: createChatBody,
  responses: { 201: z.object({ success: z.literal(true), chat: chatMessage }), ...errorResponses(...GUARDED, 429) },
});

export const todayChatCount = defineRoute({
  ...API.todayChatCount,
  tags,
  summary: "Today's messages (APP_TZ) sent by others: the menu badge",
  responses: { 200: z.object({ count: z.number().int().min(0) }), ...errorResponses(401, 403) },
});

export const chatStream = defineRoute({
  ...API.chatStream,
  tags,
  summary: 'Server-Sent Events: each new message as `event: message`; send Last-Event-ID to catch up',
  description:
    'Each message is sent as `id: {_id}`, `event: message`, `data: {the message as JSON}`; comment lines keep the stream open. With a Last-Event-ID header the messages after that one are sent first. A sign-in may hold a few open streams; one more is refused with 429.',
  headers: z.object({ 'last-event-id': z.string().optional().describe('The id of the last message received; anything else is ignored') }).loose(),
  responses: {
    200: { file: ['text/event-stream'], description: 'The stream of new messages' },
    ...errorResponses(401, 403, 429),
  },
});

export const chatContracts = [listChats, createChat, todayChatCount, chatStream];
