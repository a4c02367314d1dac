import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHAT_TEXT_MAX } from '../../../shared/limits.js';
import { MSG } from '../../../shared/messages.js';
import { ROLE } from '../../../shared/roles.js';
import { openStream } from '../../../../test/helpers/chat-stream.js';
import { openDatabase } from '../../db/connect.js';
import { chatMessages } from '../../db/schema.js';
import { ChatHub } from './chat.service.js';
import { CHAT_MESSAGES_PER_MINUTE, CHAT_STREAMS_PER_SESSION } from './routes.js';
import { buildUser, newSessionToken, sessionToken } from '../../../../test/helpers/factories.js';
import { createTestApp, openTestDatabase, type TestApp } from '../../../../test/helpers/test-app.js';

const clock = { now: new Date('2026-11-20T10:00:00Z') };
let t: TestApp;
let managerToken: string;
let supervisorToken: string;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  managerToken = await newSessionToken(t, { role: ROLE.manager, name: 'Manager Meena' });
  supervisorToken = await newSessionToken(t, { role: ROLE.supervisor, name: 'Supervisor Sunil' });
  adminToken = await newSessionToken(t, { role: ROLE.admin });
});
afterAll(async () => {
  await t.close();
});

const send = (text: unknown, token = managerToken, app = t.app) =>
  app.inject({ method: 'POST', url: '/api/v1/chat/createchat', payload: { text, user: 'Someone Else' }, headers: { authorization: token } });
const list = (query = '', token = managerToken) => t.app.inject({ url: `/api/v1/chat/getchats${query}`, headers: { authorization: token } });

describe('chat API', () => {
  it('stores a message from the session’s person, ignoring a `user` sent by the client', async () => {
    const response = await send('  Train 12625 cleaned at platform 2  ');
    expect(response.statusCode).toBe(201);
    expect(response.json().chat).toMatchObject({ text: 'Train 12625 cleaned at platform 2', user: 'Manager Meena' });
    const chats = (await list()).json().chats;
    expect(chats.at(-1)).toMatchObject({ text: 'Train 12625 cleaned at platform 2', user: 'Manager Meena' });
  });

  it('refuses empty, blank and over-long messages with a clear message', async () => {
    for (const text of ['', '   ', '\n\t', undefined]) {
      const response = await send(text);
      expect(response.statusCode).toBe(400);
      expect(response.json().msg).toBe(MSG.chatEmpty);
    }
    const long = await send('x'.repeat(CHAT_TEXT_MAX + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toBe(MSG.chatTooLong);
    expect(MSG.chatTooLong).toContain(CHAT_TEXT_MAX.toLocaleString('en-US'));
    expect((await send('x'.repeat(CHAT_TEXT_MAX))).statusCode).toBe(201);
  });

  it('accepts SPEC §7’s body ({text, user}) and states the rules in the API document', async () => {
    const spec = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat/createchat',
      payload: { text: 'From an older client', user: 'Unknown' },
      headers: { authorization: managerToken },
    });
    expect(spec.statusCode).toBe(201);
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>> };
    expect(doc.paths['/api/v1/chat/createchat']!.post!.requestBody!.content['application/json']!.schema).toMatchObject({
      required: ['text'],
      properties: { text: { type: 'string', minLength: 1, maxLength: CHAT_TEXT_MAX } },
    });
    expect(Object.keys((doc.paths['/api/v1/chat/stream']!.get as unknown as { responses: Record<string, { content?: object }> }).responses['200']!.content!)).toEqual([
      'text/event-stream',
    ]);
  });

  it('refuses a malformed `before` or `after` id with a clear message', async () => {
    const response = await list('?before=12');
    expect([response.statusCode, response.json().msg]).toEqual([400, MSG.idInvalid('before')]);
    expect((await list('?after=ABCDEF00-0000-4000-8000-000000000000')).statusCode).toBe(200);
  });

  it('lists oldest first, the latest ones by default, older ones with `before`, newer with `after`', async () => {
    const fresh = await createTestApp({ clock });
    try {
      const token = await sessionToken(fresh, await buildUser(fresh.deps.db, { role: ROLE.manager }));
      const ids: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        clock.now = new Date(clock.now.getTime() + 1000);
        ids.push((await send(`message ${i}`, token, fresh.app)).json().chat._id);
      }
      const get = async (query: string) =>
        (await fresh.app.inject({ url: `/api/v1/chat/getchats${query}`, headers: { authorization: token } })).json().chats.map((c: { text: string }) => c.text);
      expect(await get('')).toEqual(['message 0', 'message 1', 'message 2', 'message 3', 'message 4']);
      expect(await get('?limit=2')).toEqual(['message 3', 'message 4']);
      expect(await get(`?before=${ids[3]}&limit=2`)).toEqual(['message 1', 'message 2']);
      expect(await get(`?after=${ids[2]}`)).toEqual(['message 3', 'message 4']);
    } finally {
      await fresh.close();
    }
  });

  it('is for signed-in managers, supervisors and admins only', async () => {
    expect((await send('hello from the field', supervisorToken)).statusCode).toBe(201);
    expect((await send('hello from the admin', adminToken)).statusCode).toBe(201);
    expect((await t.app.inject({ url: '/api/v1/chat/getchats' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/chat/createchat', payload: { text: 'hi' } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/v1/chat/stream' })).statusCode).toBe(401);
  });

  it(`limits each person to ${CHAT_MESSAGES_PER_MINUTE} messages a minute`, async () => {
    const chatty = await newSessionToken(t, { role: ROLE.supervisor });
    for (let i = 0; i < CHAT_MESSAGES_PER_MINUTE; i += 1) expect((await send(`m${i}`, chatty)).statusCode).toBe(201);
    const blocked = await send('one too many', chatty);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().msg).toBe(MSG.chatTooFast);
    expect((await send('others still can')).statusCode).toBe(201);
  });

  it("counts today's messages (APP_TZ) sent by others for the badge", async () => {
    const fresh = await createTestApp({ clock });
    try {
      const manager = await sessionToken(fresh, await buildUser(fresh.deps.db, { role: ROLE.manager }));
      const supervisor = await sessionToken(fresh, await buildUser(fresh.deps.db, { role: ROLE.supervisor }));
      clock.now = new Date('2026-11-19T18:00:00Z'); // 23:30 on the 19th in Kolkata
      await send('yesterday', supervisor, fresh.app);
      clock.now = new Date('2026-11-19T19:00:00Z'); // 00:30 on the 20th
      await send('today 1', supervisor, fresh.app);
      await send('today 2', supervisor, fresh.app);
      await send('my own', manager, fresh.app);
      clock.now = new Date('2026-11-20T10:00:00Z');
      const count = async (token: string) =>
        (await fresh.app.inject({ url: '/api/v1/chat/today-count', headers: { authorization: token } })).json().count;
      expect(await count(manager)).toBe(2);
      expect(await count(supervisor)).toBe(1);
    } finally {
      await fresh.close();
    }
  });
});

describe('GET /chat/stream', () => {
  it('pushes a new message to an open stream', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const stream = await openLiveStream(`http://127.0.0.1:${port}/api/v1/chat/stream`, supervisorToken, (text) => send(text));
    try {
      await send('live over the stream');
      await until(() => stream.messages.length > 0, 5000);
      expect(stream.messages.map((m) => m.text)).toEqual(['live over the stream']);
    } finally {
      stream.close();
    }
  });

  it.skipIf(!process.env.DATABASE_URL)('delivers a message posted to one server instance to a stream on another (PostgreSQL)', async () => {
    const database = await openTestDatabase();
    const other = await openDatabase({ databaseUrl: database.url!, maxConnections: 3 });
    const first = await createTestApp({ database });
    const second = await createTestApp({ database: other });
    try {
      const token = await sessionToken(first, await buildUser(first.deps.db, { role: ROLE.manager, name: 'Instance One' }));
      await second.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = second.app.server.address() as AddressInfo;
      // the stream on the second instance goes live through messages sent to the first
      const stream = await openLiveStream(`http://127.0.0.1:${port}/api/v1/chat/stream`, token, (text) => send(text, token, first.app));
      await send('across instances', token, first.app);
      await until(() => stream.messages.length > 0, 5000);
      stream.close();
      expect(stream.messages.map((m) => m.text)).toEqual(['across instances']);
    } finally {
      await first.app.close();
      await second.app.close();
      await other.close();
      await database.close();
    }
  });
});


/**
 * Opens a stream and waits until it is subscribed: probe messages are sent (with `post`)
 * until one arrives. Answers with the probes cleared, ready for what the test sends.
 */
async function openLiveStream(url: string, token: string, post: (text: string) => Promise<unknown>): Promise<Awaited<ReturnType<typeof openStream>>> {
  const stream = await openStream(url, token);
  expect(stream.status).toBe(200);
  let probes = 0;
  await until(async () => {
    await post(`probe ${(probes += 1)}`);
    return stream.messages.length > 0;
  }, 10_000);
  await until(() => stream.messages.some((m) => m.text === `probe ${probes}`), 5000);
  stream.messages.length = 0;
  return stream;
}

async function until(check: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('chat streams per sign-in', () => {
  it(`allows ${CHAT_STREAMS_PER_SESSION} open streams per sign-in and refuses one more with 429 and a clear message`, async () => {
    const fresh = await createTestApp();
    const streams: Awaited<ReturnType<typeof openStream>>[] = [];
    try {
      const person = await buildUser(fresh.deps.db, { role: ROLE.supervisor });
      const token = await sessionToken(fresh, person);
      await fresh.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = fresh.app.server.address() as AddressInfo;
      const url = `http://127.0.0.1:${port}/api/v1/chat/stream`;
      for (let i = 0; i < CHAT_STREAMS_PER_SESSION; i += 1) {
        const stream = await openStream(url, token);
        expect(stream.status).toBe(200);
        streams.push(stream);
      }
      const refused = await openStream(url, token);
      expect(refused.status).toBe(429);
      expect(JSON.parse(refused.body)).toEqual({ msg: MSG.chatTooManyStreams, code: 'chatTooManyStreams' });

      // another sign-in (another device) has its own allowance
      const elsewhere = await openStream(url, await sessionToken(fresh, person));
      expect(elsewhere.status).toBe(200);
      streams.push(elsewhere);

      // closing one frees a place
      streams[0]!.close();
      let again: Awaited<ReturnType<typeof openStream>> | null = null;
      await until(async () => {
        again = await openStream(url, token);
        if (again.status !== 200) again.close();
        return again.status === 200;
      }, 5000);
      streams.push(again!);
    } finally {
      for (const stream of streams) stream.close();
      await fresh.close();
    }
  });
});

describe('the chat hub when listening starts late', () => {
  it('hands a stream opened before the first LISTEN succeeded the messages sent meanwhile, once', async () => {
    const database = await openTestDatabase();
    // listening that fails at first and succeeds on a retry: PgListener.listen answers at
    // once and reports listening only when a later attempt gets through
    let listeningStarted = () => {};
    let notify: (payload: string) => void = () => {};
    const hub = new ChatHub({
      ...database,
      listen: async (_channel, onNotify, onListening) => {
        notify = onNotify;
        listeningStarted = () => onListening?.();
        return async () => undefined;
      },
    });
    try {
      const received: string[] = [];
      const subscription = await hub.subscribe((message) => received.push(message.text));
      const [during] = await database.db.insert(chatMessages).values({ userName: 'Someone', text: 'sent while not listening', createdAt: new Date() }).returning();
      listeningStarted();
      await vi.waitFor(() => expect(received).toEqual(['sent while not listening']));
      // a late notification of the same message, and the Last-Event-ID replay of it, repeat nothing
      notify(during!.id);
      subscription.offer({ _id: during!.id, text: during!.text, user: during!.userName, userId: null, createdAt: during!.createdAt.toISOString() });
      const [next] = await database.db.insert(chatMessages).values({ userName: 'Someone', text: 'live', createdAt: new Date() }).returning();
      notify(next!.id);
      await vi.waitFor(() => expect(received).toEqual(['sent while not listening', 'live']));
    } finally {
      await hub.close();
      await database.close();
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('chat streams across a lost LISTEN connection (PostgreSQL)', () => {
  it('delivers every message sent during and after the blip to an open stream, exactly once', async () => {
    const database = await openTestDatabase();
    const other = await openDatabase({ databaseUrl: database.url!, maxConnections: 3 });
    const first = await createTestApp({ database });
    const second = await createTestApp({ database: other });
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    admin.on('error', () => undefined);
    await admin.connect();
    const name = new URL(database.url!).pathname.slice(1);
    const listeners = async () =>
      (await admin.query<{ pid: number }>("select pid from pg_stat_activity where datname = $1 and application_name = 'dutyroll-listen'", [name])).rows.map((row) => row.pid);
    let stream: Awaited<ReturnType<typeof openStream>> | null = null;
    try {
      const token = await sessionToken(second, await buildUser(second.deps.db, { role: ROLE.manager, name: 'Other Instance' }));
      await first.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = first.app.server.address() as AddressInfo;
      stream = await openStream(`http://127.0.0.1:${port}/api/v1/chat/stream`, token);
      const received = stream.messages;
      // the stream is live once a message reaches it
      const sent: string[] = [];
      const post = async (text: string) => {
        const response = await send(text, token, second.app);
        expect(response.statusCode).toBe(201);
        sent.push(text);
      };
      await until(async () => {
        await post(`before ${sent.length}`);
        return received.length > 0;
      }, 10_000);
      await until(() => received.length === sent.length, 5000);

      // each instance listens (chat, and its kept lists' change notifications)
      const before = await listeners();
      expect(before.length).toBeGreaterThan(0);
      // no new connection gets in until the test allows it (superusers included), so the
      // "during" messages surely commit while nobody listens; open pool connections stay
      await admin.query(`alter database "${name}" with allow_connections false`);
      for (const listener of before) await admin.query('select pg_terminate_backend($1)', [listener]);
      for (let i = 0; i < 5; i += 1) await post(`during ${i}`);
      expect(await listeners()).toEqual([]);
      await admin.query(`alter database "${name}" with allow_connections true`);
      await until(async () => (await listeners()).some((pid) => !before.includes(pid)), 10_000);
      for (let i = 0; i < 5; i += 1) await post(`after ${i}`);

      await until(() => new Set(received.map((m) => m.text)).size === sent.length, 10_000);
      // one more message after everything: anything repeated would have arrived before it
      await post('last');
      await until(() => received.some((m) => m.text === 'last'), 5000);
      expect(received.map((m) => m.text).sort()).toEqual([...sent].sort());
    } finally {
      stream?.close();
      await admin.query(`alter database "${name}" with allow_connections true`).catch(() => undefined);
      await admin.end();
      await first.app.close();
      await second.app.close();
      await other.close();
      await database.close();
    }
  });
});
