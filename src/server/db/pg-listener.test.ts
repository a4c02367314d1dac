import net, { type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ROLE } from '../../shared/roles.js';
import { READY_NOT_LISTENING } from '../modules/health/routes.js';
import { openDatabase } from './connect.js';
import { openStream } from '../../../test/helpers/chat-stream.js';
import { buildUser, duty, sessionToken } from '../../../test/helpers/factories.js';
import { createTestApp, openTestDatabase } from '../../../test/helpers/test-app.js';

/** The value of application_name in a PostgreSQL startup message, once all of it has arrived. */
function applicationName(startup: Buffer): string | null | undefined {
  if (startup.length < 8) return undefined;
  const length = startup.readInt32BE(0);
  if (startup.length < length) return undefined;
  const pairs = startup.subarray(8, length - 1).toString('utf8').split('\0');
  for (let i = 0; i + 1 < pairs.length; i += 2) if (pairs[i] === 'application_name') return pairs[i + 1]!;
  return null;
}

interface Forwarded {
  client: net.Socket;
  upstream: net.Socket | null;
  name: string | null;
  silent: boolean;
}

/**
 * A TCP proxy in front of PostgreSQL that can stop forwarding chosen connections silently,
 * as a NAT or firewall that dropped their state: bytes go nowhere, nothing is closed or
 * refused. It knows each connection by the application_name of its startup message.
 */
class SilencingProxy {
  private readonly server: net.Server;
  private readonly connections = new Set<Forwarded>();
  private silenced: string | null = null;

  constructor(private readonly target: { host: string; port: number }) {
    this.server = net.createServer((client) => this.accept(client));
  }

  async start(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as AddressInfo).port;
  }

  /** From now on nothing of the connections named so goes through, the open ones and new ones. */
  silence(name: string): void {
    this.silenced = name;
    for (const connection of this.connections) if (connection.name === name) connection.silent = true;
  }

  /** Forwards again: new connections go through; the silenced ones are gone (reset). */
  resume(): void {
    this.silenced = null;
    for (const connection of this.connections) {
      if (!connection.silent) continue;
      connection.client.destroy();
      connection.upstream?.destroy();
    }
  }

  async close(): Promise<void> {
    for (const connection of this.connections) {
      connection.client.destroy();
      connection.upstream?.destroy();
    }
    await new Promise((resolve) => this.server.close(resolve));
  }

  private accept(client: net.Socket): void {
    const connection: Forwarded = { client, upstream: null, name: null, silent: false };
    this.connections.add(connection);
    client.on('error', () => undefined);
    client.on('close', () => {
      this.connections.delete(connection);
      connection.upstream?.destroy();
    });
    let startup = Buffer.alloc(0);
    const first = (chunk: Buffer) => {
      startup = Buffer.concat([startup, chunk]);
      const name = applicationName(startup);
      if (name === undefined) return;
      client.off('data', first);
      connection.name = name;
      connection.silent = name !== null && name === this.silenced;
      const upstream = net.connect(this.target.port, this.target.host);
      connection.upstream = upstream;
      upstream.on('error', () => undefined);
      upstream.on('close', () => {
        // a silenced connection learns of nothing
        if (!connection.silent) client.destroy();
      });
      upstream.on('data', (data: Buffer) => {
        if (!connection.silent) client.write(data);
      });
      client.on('data', (data: Buffer) => {
        if (!connection.silent) upstream.write(data);
      });
      if (!connection.silent) upstream.write(startup);
    };
    client.on('data', first);
  }
}

/** Polls until `check` holds; fails the test with `what` when it does not within `ms`. */
async function until(what: string, check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not met in time: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}


describe.skipIf(!process.env.DATABASE_URL)('a LISTEN connection that dies silently (PostgreSQL)', () => {
  it('is noticed within seconds: kept lists are dropped, /readyz and the log say so, and once it is back chat catches up', async () => {
    const database = await openTestDatabase();
    const direct = new URL(database.url!);
    const proxy = new SilencingProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const proxied = new URL(database.url!);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(await proxy.start());
    // the second instance reaches the database only through the proxy; its heartbeat is quick
    const connectionErrors: string[] = [];
    const second = await openDatabase({
      databaseUrl: proxied.toString(),
      maxConnections: 3,
      listenHeartbeatMs: 200,
      // wide enough that a busy machine's stall never passes for a lost connection
      listenHeartbeatTimeoutMs: 1500,
      onConnectionError: (error) => connectionErrors.push(error.message),
    });
    const logLines: { level: number; msg: string }[] = [];
    const first = await createTestApp({ database });
    const other = await createTestApp({
      database: second,
      logger: { level: 'info', stream: { write: (line: string) => void logLines.push(JSON.parse(line) as { level: number; msg: string }) } },
    });
    let stream: Awaited<ReturnType<typeof openStream>> | null = null;
    try {
      const manager = await buildUser(first.deps.db, { role: ROLE.manager, name: 'Manager Meena' });
      const supervisor = await buildUser(first.deps.db, { role: ROLE.supervisor, work: 'mcc' });
      const token = await sessionToken(first, manager);
      const post = (text: string) =>
        first.app.inject({ method: 'POST', url: '/api/v1/chat/createchat', headers: { authorization: token }, payload: { text } });
      const board = async () =>
        other.app
          .inject({ url: '/api/v1/mcctrain/get-livemcctrain?work=mcc', headers: { authorization: token } })
          .then((response) => (response.json<{ _id: string }[]>()).map((row) => row._id));
      const ready = async () => {
        const response = await other.app.inject('/readyz');
        return `${response.statusCode} ${response.json<{ status: string }>().status}`;
      };
      const addDuty = async () => (await duty(first, token, { supervisor: supervisor.id }))._id;

      // the second instance listens, keeps its board, and streams chat posted on the first
      await until('the second instance listens', () => other.app.responseCache.active && second.listening() === true);
      expect(await ready()).toBe('200 ready');
      await other.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = other.app.server.address() as AddressInfo;
      stream = await openStream(`http://127.0.0.1:${port}/api/v1/chat/stream`, token);
      const { messages } = stream;
      const texts = () => messages.map((message) => message.text);
      let probes = 0;
      await until('the stream is live', async () => {
        expect((await post(`probe ${(probes += 1)}`)).statusCode).toBe(201);
        return texts().length > 0;
      });
      await board();
      expect(other.app.responseCache.size.entries).toBeGreaterThan(0);

      // the proxy stops forwarding the listening connection, and nothing else, without a word
      proxy.silence('dutyroll-listen');
      const added = await addDuty();
      for (let i = 0; i < 3; i += 1) expect((await post(`while deaf ${i}`)).statusCode).toBe(201);

      // within seconds: the change made on the first instance shows, /readyz and the log say so
      await until('the board on the second instance shows the new duty', async () => (await board()).includes(added), 8000);
      await until('/readyz says it is not listening', async () => (await ready()) === `200 ${READY_NOT_LISTENING}`, 8000);
      expect(second.listening()).toBe(false);
      expect(other.app.responseCache.active).toBe(false);
      expect(logLines.some((line) => line.level === 40 && line.msg.includes('not listening for changes'))).toBe(true);
      expect(connectionErrors.some((message) => message.includes('LISTEN connection did not answer'))).toBe(true);
      // nothing kept while deaf: a second change shows at once
      const second_ = await addDuty();
      expect(await board()).toContain(second_);
      expect(texts().filter((text) => text.startsWith('while deaf'))).toEqual([]);

      // forwarding resumes: it listens again, says so, and the stream gets what it missed, once
      proxy.resume();
      await until('listening again', () => second.listening() === true && other.app.responseCache.active);
      expect(await ready()).toBe('200 ready');
      expect(logLines.some((line) => line.level === 30 && line.msg.includes('listening for changes again'))).toBe(true);
      await until('the messages posted meanwhile reach the stream', () => texts().filter((text) => text.startsWith('while deaf')).length === 3);
      expect((await post('after')).statusCode).toBe(201);
      await until('a new message reaches the stream', () => texts().includes('after'));
      expect(texts().filter((text) => !text.startsWith('probe'))).toEqual(['while deaf 0', 'while deaf 1', 'while deaf 2', 'after']);
    } finally {
      stream?.close();
      // a connection still silenced would hold up closing (its UNLISTEN is never answered)
      proxy.resume();
      await first.app.close();
      await other.app.close();
      await second.close();
      await proxy.close();
      await database.close();
    }
  });
});
