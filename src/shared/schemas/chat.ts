import { z } from 'zod';
import { MSG } from '../messages.js';
import { text } from './input-rules.js';

export const CHAT_MAX_LENGTH = 2000;

/**
 * POST /chat/createchat. Only the text is taken: the sender comes from the session, and a
 * `user` field sent by an older client is ignored.
 */
export const createChatBody = z.object({
  text: z
    .string({ error: MSG.chatEmpty })
    .pipe(text('the message', { max: CHAT_MAX_LENGTH, maxMessage: MSG.chatTooLong, multiline: true }).min(1, MSG.chatEmpty)),
  user: z.unknown().optional(),
});

export const chatMessage = z.object({
  _id: z.string(),
  text: z.string(),
  /** the sender's name (SPEC §3) */
  user: z.string(),
  userId: z.string().nullable(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

export const chatListQuery = z.object({
  /** an id: answers the messages older than it (scrolling up) */
  before: z.string().uuid().optional(),
  /** an id: answers the messages newer than it (catching up after a dropped stream) */
  after: z.string().uuid().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
