import { and, asc, desc, eq, gt, lt, or, sql, type SQL } from 'drizzle-orm';
import type { ChatMessage } from '../../../shared/schemas/chat.js';
import { dayInZone } from '../../../shared/time.js';
import { rowsOf, type Database, type DatabaseHandle } from '../../db/connect.js';
import { chatMessages } from '../../db/schema.js';
import type { AccountRow } from '../auth/accounts.service.js';

type ChatRow = typeof chatMessages.$inferSelect;

/** The channel every server instance listens on; the payload is the new message's id. */
export const CHAT_CHANNEL = 'dutyroll_chat';

export function presentChat(row: ChatRow): ChatMessage {
  return { _id: row.id, text: row.text, user: row.userName, userId: row.userId, createdAt: row.createdAt.toISOString() };
}

async function anchor(db: Database, id: string): Promise<ChatRow | undefined> {
  const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, id));
  return row;
}

/**
 * GET /chat/getchats: oldest first. By default the latest `limit`; with `before`, the
 * `limit` messages older than that one; with `after`, every message newer than it (up to
 * `limit`), for a client catching up after a dropped stream.
 */
export async function listChats(db: Database, query: { before?: string | undefined; after?: string | undefined; limit: number }): Promise<ChatMessage[]> {
  const conditions: SQL[] = [];
  if (query.before) {
    const row = await anchor(db, query.before);
    if (!row) return [];
    conditions.push(or(lt(chatMessages.createdAt, row.createdAt), and(eq(chatMessages.createdAt, row.createdAt), lt(chatMessages.id, row.id)))!);
  }
  if (query.after) {
    const row = await anchor(db, query.after);
    if (row) {
      conditions.push(or(gt(chatMessages.createdAt, row.createdAt), and(eq(chatMessages.createdAt, row.createdAt), gt(chatMessages.id, row.id)))!);
      const rows = await db
        .select()
        .from(chatMessages)
        .where(and(...conditions))
        .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id))
        .limit(query.limit);
      return rows.map(presentChat);
    }
  }
  const rows = await db
    .select()
    .from(chatMessages)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(query.limit);
  return rows.reverse().map(presentChat);
}

/** POST /chat/createchat: stores the message and tells every instance (NOTIFY on commit). */
export async function createChat(db: Database, sender: AccountRow, text: string, now: Date): Promise<ChatMessage> {
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx.insert(chatMessages).values({ userId: sender.id, userName: sender.name, text, createdAt: now }).returning();
    await tx.execute(sql`select pg_notify(${CHAT_CHANNEL}, ${inserted!.id})`);
    return inserted!;
  });
  return presentChat(row);
}

/** Messages sent today (APP_TZ) by someone other than `userId`: the menu badge. */
export async function todayCountFromOthers(db: Database, userId: string, now: Date, timeZone: string): Promise<number> {
  const today = dayInZone(now, timeZone);
  const result = await db.execute(sql`
    select count(*)::int as n from chat_messages
    where created_at >= (${today}::date::timestamp at time zone ${timeZone})
      and created_at < ((${today}::date + 1)::timestamp at time zone ${timeZone})
      and user_id is distinct from ${userId}`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

export type ChatListener = (message: ChatMessage) => void;

/**
 * Fan-out of new messages to the open streams of this instance. One LISTEN per instance
 * (not per stream): each notification is read once from the database and handed to every
 * local subscriber, so 500 open chats cost 500 callbacks, not 500 queries.
 */
export class ChatHub {
  private readonly listeners = new Set<ChatListener>();
  private stop: (() => Promise<void>) | null = null;
  private starting: Promise<void> | null = null;

  constructor(private readonly database: DatabaseHandle) {}

  /** Subscribes; answers the function that unsubscribes. Starts listening on first use. */
  async subscribe(listener: ChatListener): Promise<() => void> {
    this.listeners.add(listener);
    this.starting ??= this.database
      .listen(CHAT_CHANNEL, (id) => void this.deliver(id))
      .then((stop) => {
        this.stop = stop;
      });
    await this.starting;
    return () => this.listeners.delete(listener);
  }

  get size(): number {
    return this.listeners.size;
  }

  private async deliver(id: string): Promise<void> {
    if (this.listeners.size === 0) return;
    const row = await anchor(this.database.db, id).catch(() => undefined);
    if (!row) return;
    const message = presentChat(row);
    for (const listener of this.listeners) listener(message);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    if (this.starting) await this.starting.catch(() => undefined);
    if (this.stop) await this.stop().catch(() => undefined);
    this.stop = null;
    this.starting = null;
  }
}
