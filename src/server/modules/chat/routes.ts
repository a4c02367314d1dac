import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import { chatStream, createChat as createChatRoute, listChats as listChatsRoute, todayChatCount } from '../../../shared/api/chat.js';
import { MSG } from '../../../shared/messages.js';
import { ROLE } from '../../../shared/roles.js';
import { CHAT_PAGE_MAX } from '../../../shared/limits.js';
import type { ChatMessage } from '../../../shared/schemas/chat.js';
import { UUID } from '../../../shared/input-checks.js';
import { serve } from '../../contract-route.js';
import type { DatabaseHandle } from '../../db/connect.js';
import { outsideRequest } from '../../db/request-budget.js';
import type { AppDeps } from '../../deps.js';
import { HttpError } from '../../http-error.js';
import { resolveUser, type Guards } from '../../plugins/auth.js';
import { hitRateLimit } from '../../rate-limit.js';
import { sha256, tokenFromHeader } from '../auth/tokens.js';
import { ChatHub, createChat, listChats, todayCountFromOthers, type ChatSubscription } from './chat.service.js';

/** Messages one person may send per minute. */
export const CHAT_MESSAGES_PER_MINUTE = 30;
/**
 * Open streams one sign-in (session token) may hold on this instance; one more is refused
 * with 429 (the page then keeps polling). Refusing, not closing the oldest, so two tabs
 * cannot take the stream from each other in turn.
 */
export const CHAT_STREAMS_PER_SESSION = 5;
/** Comment lines keep proxies from closing an idle stream; each also re-checks the session. */
const HEARTBEAT_MS = 25_000;

/**
 * Team chat (SPEC §7 /chat rows) and its live stream: GET /chat/stream is a Server-Sent
 * Events stream (read with fetch, so the token travels in the Authorization header, never
 * in a URL). New messages reach every instance through PostgreSQL NOTIFY.
 */
export function chatRoutes(deps: AppDeps, guards: Guards, database: DatabaseHandle) {
  const chatters = guards.roles(ROLE.supervisor, ROLE.manager, ROLE.admin);
  const hub = new ChatHub(database, deps.now);
  const streams = new Set<ServerResponse>();
  const streamsBySession = new Map<string, Set<ServerResponse>>();

  return async function chatPlugin(app: FastifyInstance): Promise<void> {
    app.addHook('preClose', async () => {
      for (const stream of streams) stream.end();
      streams.clear();
      await hub.close();
    });

    serve(app, listChatsRoute, { onRequest: chatters }, async (request) => ({ chats: await listChats(deps.db, request.query) }));

    // a message refused as too fast counts nothing (its transaction rolls back): the
    // messages stored in the last minute are what the limit counts
    serve(app, createChatRoute, { onRequest: chatters, leavesKeptAnswers: true }, async (request, reply, db) => {
      const user = request.user!;
      if ((await hitRateLimit(db, `chat:${user.id}`, 60)) > CHAT_MESSAGES_PER_MINUTE) throw new HttpError(429, MSG.chatTooFast);
      const chat = await createChat(db, user, request.body.text, deps.now());
      reply.status(201);
      return { success: true as const, chat };
    });

    serve(app, todayChatCount, { onRequest: chatters }, async (request) => ({
      count: await todayCountFromOthers(deps.db, request.user!.id, deps.now(), deps.config.appTz),
    }));

    serve(app, chatStream, { onRequest: chatters }, async (request, reply) => {
        const session = sha256(tokenFromHeader(request.headers.authorization) ?? '');
        let ofSession = streamsBySession.get(session);
        if (ofSession && ofSession.size >= CHAT_STREAMS_PER_SESSION) throw new HttpError(429, MSG.chatTooManyStreams);
        if (!ofSession) {
          ofSession = new Set();
          streamsBySession.set(session, ofSession);
        }
        const sessionStreams = ofSession;
        reply.hijack();
        const res = reply.raw;
        res.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
          'x-content-type-options': 'nosniff',
        });
        res.write('retry: 3000\n\n');
        streams.add(res);
        sessionStreams.add(res);
        const send = (message: ChatMessage) => {
          res.write(`id: ${message._id}\nevent: message\ndata: ${JSON.stringify(message)}\n\n`);
        };

        let closed = false;
        let subscription: ChatSubscription | null = null;
        // the heartbeat outlives this request's handler: its session checks must not draw on
        // (or be refused by) the wait budget of the request that opened the stream
        const heartbeat = outsideRequest(() =>
          setInterval(() => {
            res.write(': ping\n\n');
            // a session that ended (logout, disabled, resigned) loses its stream too
            resolveUser(deps.db, request)
              .then((user) => {
                if (!user) res.end();
              })
              .catch(() => undefined);
          }, HEARTBEAT_MS),
        );
        heartbeat.unref();
        const cleanup = () => {
          closed = true;
          clearInterval(heartbeat);
          subscription?.unsubscribe();
          streams.delete(res);
          sessionStreams.delete(res);
          if (sessionStreams.size === 0 && streamsBySession.get(session) === sessionStreams) streamsBySession.delete(session);
        };
        request.raw.on('close', cleanup);
        res.on('close', cleanup);

        subscription = await outsideRequest(() => hub.subscribe(send));
        if (closed) subscription.unsubscribe();
        const lastId = request.headers['last-event-id'];
        if (typeof lastId === 'string' && UUID.test(lastId)) {
          try {
            // the replay and live delivery can overlap: the hub hands each id out once
            for (const message of await listChats(deps.db, { after: lastId.toLowerCase(), limit: CHAT_PAGE_MAX })) subscription.offer(message);
          } catch {
            // the database is away: close, and the browser comes back with Last-Event-ID
            res.end();
          }
        }
    });
  };
}
