import { and, asc, desc, eq, gt, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { ChatMessage } from '../../../shared/schemas/chat.js';
import { dayInZone } from '../../../shared/time.js';
import { rowsOf, type Database, type DatabaseHandle } from '../../db/connect.js';
import { outsideRequest } from '../../db/request-budget.js';
import { chatMessages } from '../../db/schema.js';
import type { AccountRow } from '../auth/accounts.service.js';

type ChatRow = typeof chatMessages.$inferSelect;

/** The channel every server instance listens on; the payload is the new message's id. */
const CHAT_CHANNEL = 'dutyroll_chat';

function presentChat(row: ChatRow): ChatMessage {
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
  const [inserted] = await db.insert(chatMessages).values({ userId: sender.id, userName: sender.name, text, createdAt: now }).returning();
  // on the request's transaction: PostgreSQL delivers it when that commits
  await db.execute(sql`select pg_notify(${CHAT_CHANNEL}, ${inserted!.id})`);
  return presentChat(inserted!);
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

/** One open stream's place in the hub. */
export interface ChatSubscription {
  /**
   * Hands `message` to the stream unless it has had it already: for messages the stream
   * finds itself (the Last-Event-ID replay), which may overlap with live delivery.
   */
  offer(message: ChatMessage): void;
  /** Stops delivery to the stream. */
  unsubscribe(): void;
}

interface Subscriber {
  send: ChatListener;
  /** Ids already handed to this stream, so no message goes out twice (oldest dropped first). */
  seen: Set<string>;
  /** When the stream opened (the clock that stamps messages): a catch-up starts there. */
  since: Date;
}

/** How many delivered ids each stream remembers. */
const SEEN_PER_STREAM = 2000;
/** A catch-up re-reads this far behind the newest message it had: commits can land out of order. */
const CATCH_UP_SLACK_MS = 10_000;
const CATCH_UP_LIMIT = 2000;
const CATCH_UP_RETRY_MS = 1000;

/**
 * Fan-out of new messages to the open streams of this instance. One LISTEN per instance
 * (not per stream): each notification is read once from the database and handed to every
 * local subscriber, so 500 open chats cost 500 callbacks, not 500 queries.
 *
 * Notifications sent before listening starts or while the LISTEN connection is down are
 * lost for good, and so is one whose message could not be read. Each time listening
 * (re)starts, and after such a read failure, the hub re-reads the messages since the newest
 * one it had (or, before it had any, since the oldest open stream opened) and hands each
 * stream those it has not had yet: every message reaches every open stream exactly once.
 *
 * The hub's work (listening, reading notified messages, retries) serves every stream, not
 * the request that happened to start it, so it runs outside that request's wait budget.
 */
export class ChatHub {
  private readonly subscribers = new Set<Subscriber>();
  private stop: (() => Promise<void>) | null = null;
  private starting: Promise<void> | null = null;
  /** created_at of the newest message the hub has seen (the database's values, not our clock). */
  private watermark: Date | null = null;
  private catchingUp: Promise<void> | null = null;
  private catchUpAgain = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private closed = false;

  /** `now` is the clock that stamps new messages (deps.now). */
  constructor(
    private readonly database: DatabaseHandle,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Subscribes; answers the stream's subscription. Starts listening on first use. */
  async subscribe(listener: ChatListener): Promise<ChatSubscription> {
    const subscriber: Subscriber = { send: listener, seen: new Set(), since: this.now() };
    this.subscribers.add(subscriber);
    this.starting ??= outsideRequest(() =>
      this.database.listen(
        CHAT_CHANNEL,
        (id) => outsideRequest(() => void this.deliver(id)),
        () => outsideRequest(() => this.requestCatchUp()),
      ),
    ).then((stop) => {
      this.stop = stop;
    });
    await this.starting;
    return {
      offer: (message) => this.hand(subscriber, message),
      unsubscribe: () => void this.subscribers.delete(subscriber),
    };
  }

  get size(): number {
    return this.subscribers.size;
  }

  private hand(subscriber: Subscriber, message: ChatMessage): void {
    if (subscriber.seen.has(message._id)) return;
    subscriber.seen.add(message._id);
    if (subscriber.seen.size > SEEN_PER_STREAM) subscriber.seen.delete(subscriber.seen.values().next().value!);
    subscriber.send(message);
  }

  private advance(createdAt: Date): void {
    if (!this.watermark || createdAt > this.watermark) this.watermark = createdAt;
  }

  private async deliver(id: string): Promise<void> {
    if (this.subscribers.size === 0) return;
    let row: ChatRow | undefined;
    try {
      row = await anchor(this.database.db, id);
    } catch {
      this.requestCatchUp();
      return;
    }
    if (!row) return;
    this.advance(row.createdAt);
    const message = presentChat(row);
    for (const subscriber of this.subscribers) this.hand(subscriber, message);
  }

  private requestCatchUp(): void {
    if (this.closed) return;
    if (this.catchingUp) {
      this.catchUpAgain = true;
      return;
    }
    this.catchingUp = this.catchUp()
      .then(
        () => undefined,
        () => {
          // the database is still away: try again shortly
          if (this.closed || this.retryTimer) return;
          this.retryTimer = outsideRequest(() =>
            setTimeout(() => {
              this.retryTimer = null;
              this.requestCatchUp();
            }, CATCH_UP_RETRY_MS),
          );
          this.retryTimer.unref();
        },
      )
      .finally(() => {
        this.catchingUp = null;
        if (this.catchUpAgain) {
          this.catchUpAgain = false;
          this.requestCatchUp();
        }
      });
  }

  private async catchUp(): Promise<void> {
    if (this.subscribers.size === 0) return;
    let from = this.watermark;
    if (!from) {
      // nothing seen yet (listening has just started, perhaps after failed attempts): from the oldest stream's opening
      for (const subscriber of this.subscribers) if (!from || subscriber.since < from) from = subscriber.since;
    }
    const rows = await this.database.db
      .select()
      .from(chatMessages)
      .where(gte(chatMessages.createdAt, new Date(from!.getTime() - CATCH_UP_SLACK_MS)))
      .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id))
      .limit(CATCH_UP_LIMIT);
    for (const row of rows) {
      this.advance(row.createdAt);
      const message = presentChat(row);
      for (const subscriber of this.subscribers) {
        // older than the stream (with the same slack): the client loaded those itself
        if (row.createdAt.getTime() < subscriber.since.getTime() - CATCH_UP_SLACK_MS) continue;
        this.hand(subscriber, message);
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.subscribers.clear();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (this.starting) await this.starting.catch(() => undefined);
    if (this.stop) await this.stop().catch(() => undefined);
    if (this.catchingUp) await this.catchingUp;
    this.stop = null;
    this.starting = null;
  }
}
