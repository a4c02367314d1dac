import { z } from 'zod';
import { CHAT_PAGE_DEFAULT, CHAT_PAGE_MAX, CHAT_TEXT_MAX, NAME_MAX } from '../limits.js';
import { MSG } from '../messages.js';
import { text, uuidParam } from './input-rules.js';

/** Chat schemas (SPEC §3 Chat message, §5 Chat, §7 /chat rows). */


/**
 * POST /chat/createchat. An empty or blank message is not sent (SPEC §5). The sender comes
 * from the session: `user`, which SPEC's clients send (the sender's name), is ignored.
 */
export const createChatBody = z.object({
  text: text('the message', { max: CHAT_TEXT_MAX, maxMessage: MSG.chatTooLong, multiline: true, typeMessage: MSG.chatEmpty }).min(1, MSG.chatEmpty),
  user: z
    .string()
    .max(NAME_MAX, MSG.tooLong('The sender name', NAME_MAX))
    .nullable()
    .optional()
    .describe('Ignored: the sender is the signed-in person (SPEC §7 clients send their name here)'),
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
  before: uuidParam('before'),
  /** an id: answers the messages newer than it (catching up after a dropped stream) */
  after: uuidParam('after'),
  limit: z.coerce.number().int().min(1).max(CHAT_PAGE_MAX).default(CHAT_PAGE_DEFAULT),
});
export type ChatListQuery = z.input<typeof chatListQuery>;
