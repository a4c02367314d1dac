import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROLE } from '../shared/roles.js';
import { dayInZone, monthInZone } from '../shared/time.js';
import { openDatabase, type DatabaseHandle } from './db/connect.js';
import { dutyChange, encodeChange, EVERYTHING, type DataChange, type DutyReads } from './data-change.js';
import { duties, staff, users } from './db/schema.js';
import { acceptedEncoding, changeAnnouncer, computeAnswer, openResponseCache, ENTRY_OVERHEAD, MAX_AGE_MS, MAX_ENTRIES, MAX_SEEN, ResponseCache, SEARCH_REPEAT_MS, SWEEP_MS } from './response-cache.js';
import { buildStaff, buildUser, duty, sessionToken } from '../../test/helpers/factories.js';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.js';
import { bareReply, bareRequest } from '../../test/helpers/bare-http.js';

const onPostgres = Boolean(process.env.DATABASE_URL);

/** Polls until `check` holds; answers whether it did within `ms`. */
async function eventually(check: () => Promise<boolean>, ms = 5000): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let t: TestApp;
let managerToken: string;
let mccToken: string;
let bioToken: string;
let mccSupervisorId: string;

const get = (url: string, token: string, headers: Record<string, string> = {}, app = t.app) =>
  app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { authorization: token, ...headers } });

const ids = (body: string) => (JSON.parse(body) as { _id: string }[]).map((row) => row._id);

beforeAll(async () => {
  t = await createTestApp();
  managerToken = await sessionToken(t, await buildUser(t.deps.db, { role: ROLE.manager }));
  const mcc = await buildUser(t.deps.db, { role: ROLE.supervisor, work: 'mcc' });
  mccSupervisorId = mcc.id;
  mccToken = await sessionToken(t, mcc);
  bioToken = await sessionToken(t, await buildUser(t.deps.db, { role: ROLE.supervisor, work: 'bio' }));
  await buildStaff(t.deps.db, { work: 'mcc' });
  await buildStaff(t.deps.db, { work: 'bio' });
});

afterAll(async () => {
  await t.close();
});

describe('the encoding a kept answer is sent in (Accept-Encoding)', () => {
  it('honours q-values: the highest weight wins, br on a tie, q=0 is not acceptable, * covers the rest', () => {
    const cases: [string | undefined, 'br' | 'gzip' | null][] = [
      [undefined, null],
      ['', null],
      ['identity', null],
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br', 'br'],
      ['br;q=0.5, gzip;q=1', 'gzip'],
      ['gzip;q=0.9, br;q=0.8', 'gzip'],
      ['br;q=0.8, gzip;q=0.8', 'br'],
      ['br; q=0.2, gzip; q=0.3', 'gzip'],
      ['BR;Q=1, GZIP;Q=0.1', 'br'],
      ['br;q=0, gzip;q=0', null],
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=0, br;q=0.001', 'br'],
      ['*', 'br'],
      ['*;q=0.5, gzip', 'gzip'],
      ['*, br;q=0', 'gzip'],
      ['*;q=0', null],
      ['deflate;q=1, gzip;q=0.1', 'gzip'],
      ['br;q=abc, gzip;q=0.1', 'gzip'],
    ];
    for (const [header, expected] of cases) expect(acceptedEncoding(header), String(header)).toBe(expected);
  });
});

describe('the busiest lists, kept until their data changes', () => {
  it('answers the same bytes and headers as without the cache, on every cached route', async () => {
    const worker = await buildStaff(t.deps.db, { work: 'mcc' });
    await duty(t, managerToken, { supervisor: mccSupervisorId, workers: [worker.id] });
    const plain = await createTestApp({ database: t.database, config: { responseCacheMb: 0 } });
    try {
      const month = monthInZone(new Date(), t.config.appTz);
      for (const [url, token] of [
        ['/worker/get-workers?work=mcc', managerToken],
        ['/worker/get-workers', mccToken],
        ['/mcctrain/get-livemcctrain?work=mcc', managerToken],
        ['/mcctrain/get-livemcctrain', mccToken],
        ['/mcctrain/get-completedmcctrain?work=mcc&limit=1', managerToken],
        [`/attendance?work=mcc&month=${month}`, managerToken],
        ['/dashboard/summary', managerToken],
      ] as const) {
        // twice: the second answer comes from memory
        for (let i = 0; i < 2; i += 1) {
          const [cached, direct] = [await get(url, token), await get(url, token, {}, plain.app)];
          expect(cached.statusCode, url).toBe(200);
          expect(cached.body, url).toBe(direct.body);
          for (const header of ['content-type', 'x-total-count', 'x-next-cursor', 'cache-control']) {
            expect(cached.headers[header], `${url} ${header}`).toBe(direct.headers[header]);
          }
        }
      }
    } finally {
      await plain.app.close();
    }
  });

  it('shows a write made through this server in its author’s next read', async () => {
    const before = ids((await get('/mcctrain/get-livemcctrain?work=mcc', managerToken)).body);
    const worker = await buildStaff(t.deps.db, { work: 'mcc' });
    const added = (await duty(t, mccToken, { supervisor: mccSupervisorId, workers: [worker.id] }))._id;
    const after = ids((await get('/mcctrain/get-livemcctrain?work=mcc', managerToken)).body);
    expect(before).not.toContain(added);
    expect(after).toContain(added);
  });

  it('keeps its lists through writes that change none of them: chat messages, sign-ins, refused and unknown writes', async () => {
    const worker = await buildStaff(t.deps.db, { work: 'mcc' });
    const user = await buildUser(t.deps.db, { role: ROLE.manager });
    const nameOnList = async () =>
      (await get('/worker/get-workers?work=mcc', managerToken)).json<{ _id: string; name: string }[]>().find((row) => row._id === worker.id)?.name;
    expect(await nameOnList()).toBe(worker.name);
    // a change made past the app (as by hand in psql) is announced by nobody: the kept list
    // shows it only once a write through the app empties the cache
    await t.deps.db.update(staff).set({ name: 'Renamed By Hand' }).where(eq(staff.id, worker.id));
    const post = (url: string, payload: object, token?: string) =>
      t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: token ? { authorization: token } : {}, payload });
    expect((await post('/chat/createchat', { text: 'Platform 4 done' }, managerToken)).statusCode).toBe(201);
    const token = await sessionToken(t, user);
    expect((await post('/auth/login', { email: user.email, password: 'not the password' })).statusCode).toBe(401);
    expect((await post('/auth/logout', {}, token)).statusCode).toBe(200);
    expect((await post('/mcctrain/create-mcctrain', { work: 'mcc' }, managerToken)).statusCode).toBe(400);
    expect((await post('/mcctrain/create-mcctrain', { work: 'mcc' })).statusCode).toBe(401);
    expect((await post('/no-such-call', {}, managerToken)).statusCode).toBe(404);
    expect(await nameOnList()).toBe(worker.name);
    // a write that changes data empties it
    await duty(t, managerToken, { supervisor: mccSupervisorId, workers: [worker.id] });
    expect(await nameOnList()).toBe('Renamed By Hand');
  });

  it('drops, on a phone’s new duty or completion, the lists that show it, and keeps last month and the other work types (decision 0044)', async () => {
    const tz = t.config.appTz;
    const today = dayInZone(new Date(), tz);
    const month = today.slice(0, 7);
    const lastMonth = monthInZone(new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 2, 15)), tz);
    const mccWorker = await buildStaff(t.deps.db, { work: 'mcc' });
    const bioWorker = await buildStaff(t.deps.db, { work: 'bio' });
    const bioSupervisor = await buildUser(t.deps.db, { role: ROLE.supervisor, work: 'bio' });
    // a live duty and one completed today for each work type, so every list shows the workers
    const mccLive = await duty(t, mccToken, { workers: [mccWorker.id] });
    await duty(t, mccToken, { workers: [mccWorker.id] });
    await duty(t, mccToken, { workers: [mccWorker.id] }, { status: 'completed' });
    await duty(t, managerToken, { work: 'bio', supervisor: bioSupervisor.id, workers: [bioWorker.id] });
    await duty(t, managerToken, { work: 'bio', supervisor: bioSupervisor.id, workers: [bioWorker.id] }, { status: 'completed' });
    const lists = {
      liveMcc: '/mcctrain/get-livemcctrain?work=mcc',
      liveBio: '/mcctrain/get-livemcctrain?work=bio',
      completedMcc: `/mcctrain/get-completedmcctrain?work=mcc&from=${today}&to=${today}`,
      completedBio: `/mcctrain/get-completedmcctrain?work=bio&from=${today}&to=${today}`,
      staffMcc: '/worker/get-workers?work=mcc',
      staffBio: '/worker/get-workers?work=bio',
      attendanceMcc: `/attendance?work=mcc&month=${month}`,
      attendanceMccLastMonth: `/attendance?work=mcc&month=${lastMonth}`,
      attendanceBio: `/attendance?work=bio&month=${month}`,
    };
    type List = keyof typeof lists;
    const shown: Partial<Record<List, string>> = {};
    for (const [list, url] of Object.entries(lists) as Array<[List, string]>) {
      const response = await get(url, managerToken);
      expect(response.statusCode, url).toBe(200);
      shown[list] = response.body;
      expect(response.body, url).toContain(list.endsWith('Bio') ? bioWorker.name : mccWorker.name);
    }
    // renamed by hand, announced by nobody: a list computed again shows the new name, a kept one the old
    const rename = async () => {
      for (const worker of [mccWorker, bioWorker]) await t.deps.db.update(staff).set({ name: `${worker.name} ${Math.random().toString(36).slice(2, 8)}` }).where(eq(staff.id, worker.id));
    };
    const write = async (method: 'PUT' | 'DELETE', url: string, payload?: object) => {
      const response = await t.app.inject({ method, url: `/api/v1${url}`, headers: { authorization: method === 'DELETE' ? managerToken : mccToken }, ...(payload ? { payload } : {}) });
      expect(response.statusCode, response.body).toBe(200);
    };
    const recomputed = async () => {
      const again: List[] = [];
      for (const [list, url] of Object.entries(lists) as Array<[List, string]>) {
        const body = (await get(url, managerToken)).body;
        if (body !== shown[list]) again.push(list);
        shown[list] = body;
      }
      return again.sort();
    };
    await rename();
    expect(await recomputed()).toEqual([]);

    // an mcc phone adds a duty: the mcc live board and the mcc staff list (each worker's live duty)
    await rename();
    const added = await duty(t, mccToken, {});
    expect(await recomputed()).toEqual(['liveMcc', 'staffMcc']);

    // it marks a duty completed: the mcc boards, the mcc staff list and this month's mcc attendance
    await rename();
    await write('PUT', `/mcctrain/update-mcctrain/${mccLive._id}`, { status: 'completed', version: mccLive.version });
    expect(await recomputed()).toEqual(['attendanceMcc', 'completedMcc', 'liveMcc', 'staffMcc']);

    // completing it again changes nothing, but drops the duty's lists all the same: another
    // instance's announcement of the first completion may not have arrived yet, and the
    // lists must agree with the answer ("already completed")
    await rename();
    await write('PUT', `/mcctrain/update-mcctrain/${mccLive._id}`, { status: 'completed' });
    expect(await recomputed()).toEqual(['attendanceMcc', 'completedMcc', 'liveMcc', 'staffMcc']);

    // a worker moved to bio while on an mcc duty: completing that duty changes the bio staff
    // list and attendance too (the change names both work types, so bio's boards go as well)
    await t.deps.db.update(staff).set({ work: 'bio' }).where(eq(staff.id, added.workers[0]!));
    t.app.responseCache.changed();
    await recomputed();
    await rename();
    await write('PUT', `/mcctrain/update-mcctrain/${added._id}`, { status: 'completed', version: added.version });
    expect(await recomputed()).toEqual(['attendanceBio', 'attendanceMcc', 'completedBio', 'completedMcc', 'liveBio', 'liveMcc', 'staffBio', 'staffMcc']);

    // a write that names no change (a deletion) drops every list
    await rename();
    await write('DELETE', `/mcctrain/deletework/${added._id}`);
    expect(await recomputed()).toEqual(Object.keys(lists).sort());
  });

  it('never hands one viewer the answer kept for another: a supervisor gets the crew view of their own work type', async () => {
    const managers = JSON.parse((await get('/worker/get-workers', managerToken)).body) as Record<string, unknown>[];
    expect(managers.some((row) => row.work === 'bio')).toBe(true);
    expect(managers.every((row) => 'aadhar' in row)).toBe(true);
    const mcc = JSON.parse((await get('/worker/get-workers', mccToken)).body) as Record<string, unknown>[];
    expect(mcc.length).toBeGreaterThan(0);
    expect(mcc.every((row) => row.work === 'mcc' && !('aadhar' in row) && !('acnumber' in row))).toBe(true);
    const bio = JSON.parse((await get('/worker/get-workers', bioToken)).body) as Record<string, unknown>[];
    expect(bio.length).toBeGreaterThan(0);
    expect(bio.every((row) => row.work === 'bio')).toBe(true);
  });

  it('checks the session on every request: a signed-out token and a changed role take effect at once', async () => {
    const user = await buildUser(t.deps.db, { role: ROLE.manager });
    const token = await sessionToken(t, user);
    expect((await get('/dashboard/summary', token)).statusCode).toBe(200);
    expect((await get('/worker/get-workers', token)).json<Record<string, unknown>[]>().some((row) => 'aadhar' in row)).toBe(true);
    // the role changes straight in the database: the next request already has the new role's answer
    await t.deps.db.update(users).set({ role: ROLE.supervisor, work: 'bio' }).where(eq(users.id, user.id));
    expect((await get('/dashboard/summary', token)).statusCode).toBe(403);
    const asSupervisor = (await get('/worker/get-workers', token)).json<Record<string, unknown>[]>();
    expect(asSupervisor.every((row) => row.work === 'bio' && !('aadhar' in row))).toBe(true);
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { authorization: token } });
    expect((await get('/worker/get-workers', token)).statusCode).toBe(401);
  });

  it('keeps a staff search only when it is asked again: one-off searches leave the kept lists as they were', async () => {
    const cache = t.app.responseCache;
    await get('/worker/get-workers?work=mcc', managerToken);
    const before = cache.size;
    expect(before.entries).toBeGreaterThan(0);
    for (let i = 0; i < 50; i += 1) {
      expect((await get(`/worker/get-workers?q=${encodeURIComponent(`nobody ${i}`)}`, managerToken)).statusCode).toBe(200);
    }
    expect(cache.size.entries).toBe(before.entries);
    expect(cache.size.searchesSeenOnce).toBeGreaterThanOrEqual(50);
    // the same search again (the next page and back, another manager): kept from the second time
    const worker = await buildStaff(t.deps.db, { work: 'mcc' });
    const search = `/worker/get-workers?q=${encodeURIComponent(worker.name)}`;
    await get(search, managerToken);
    expect(cache.size.entries).toBe(before.entries);
    const second = await get(search, managerToken);
    expect(second.json<{ _id: string }[]>().map((row) => row._id)).toContain(worker.id);
    expect(cache.size.entries).toBe(before.entries + 1);
    // kept: a change made by hand does not show until a write through the app
    await t.deps.db.update(staff).set({ name: `${worker.name} Renamed` }).where(eq(staff.id, worker.id));
    expect((await get(search, managerToken)).body).toBe(second.body);
  });

  it('tells admins, and nobody else, how much the kept answers take on this instance', async () => {
    const adminToken = await sessionToken(t, await buildUser(t.deps.db, { role: ROLE.admin }));
    await get('/worker/get-workers?work=mcc', managerToken);
    const response = await get('/admin/response-cache', adminToken);
    expect(response.statusCode).toBe(200);
    const size = response.json<{ entries: number; bytes: number; searchesSeenOnce: number; maxEntries: number; maxBytes: number }>();
    expect(size).toEqual(t.app.responseCache.size);
    expect(size.entries).toBeGreaterThan(0);
    expect(size.maxBytes).toBe(t.config.responseCacheMb * 1024 * 1024);
    expect((await get('/admin/response-cache', managerToken)).statusCode).toBe(403);
    expect((await get('/admin/response-cache', mccToken)).statusCode).toBe(403);
    expect((await t.app.inject('/api/v1/admin/response-cache')).statusCode).toBe(401);
  });

  it('sends the kept answer compressed as the browser accepts it (br, then gzip), the same JSON', async () => {
    for (let i = 0; i < 5; i += 1) await buildStaff(t.deps.db, { work: 'mcc' });
    const plain = await get('/worker/get-workers', managerToken);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['br;q=0, gzip;q=0.5', 'gzip', gunzipSync],
      // the client weights gzip higher: gzip
      ['br;q=0.5, gzip;q=1', 'gzip', gunzipSync],
    ] as const) {
      for (let i = 0; i < 2; i += 1) {
        const response = await get('/worker/get-workers', managerToken, { 'accept-encoding': accept });
        expect(response.headers['content-encoding'], accept).toBe(encoding);
        expect(response.headers.vary).toContain('accept-encoding');
        expect(decode(response.rawPayload).toString('utf8')).toBe(plain.body);
      }
    }
  });
});

describe.skipIf(!onPostgres)('two server instances on one PostgreSQL', () => {
  it('a duty added on one shows on the other’s kept list', async () => {
    const url = (t.database as { url?: string }).url!;
    const second = await openDatabase({ databaseUrl: url, maxConnections: 2 });
    const other = await createTestApp({ database: second });
    try {
      const token = await sessionToken(other, await buildUser(other.deps.db, { role: ROLE.manager }));
      const read = async () => ids((await get('/mcctrain/get-livemcctrain?work=mcc', token, {}, other.app)).body);
      expect(await eventually(async () => other.app.responseCache.active)).toBe(true);
      await read();
      const worker = await buildStaff(t.deps.db, { work: 'mcc' });
      const added = (await duty(t, managerToken, { supervisor: mccSupervisorId, workers: [worker.id] }))._id;
      expect(await eventually(async () => (await read()).includes(added))).toBe(true);
    } finally {
      await other.app.close();
      await second.close();
    }
  });

  it('a write that answered 500 after its commit still drops the other’s kept list', async () => {
    const url = (t.database as { url?: string }).url!;
    const second = await openDatabase({ databaseUrl: url, maxConnections: 2 });
    const other = await createTestApp({ database: second });
    // an instance whose writes fail after their transaction committed, once armed
    const fault = { armed: false };
    const db = new Proxy(t.database.db, {
      get(target, property, receiver) {
        if (property === 'transaction') {
          return async (...args: Parameters<typeof target.transaction>) => {
            const result = await target.transaction(...args);
            if (fault.armed) {
              fault.armed = false;
              throw new Error('a fault after the commit');
            }
            return result;
          };
        }
        const value = Reflect.get(target, property, receiver) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const faulty = await createTestApp({ database: { ...t.database, db } });
    try {
      const token = await sessionToken(other, await buildUser(other.deps.db, { role: ROLE.manager }));
      const read = async () => ids((await get('/mcctrain/get-livemcctrain?work=mcc', token, {}, other.app)).body);
      expect(await eventually(async () => other.app.responseCache.active)).toBe(true);
      await read();
      expect(other.app.responseCache.size.entries).toBeGreaterThan(0);
      const worker = await buildStaff(t.deps.db, { work: 'mcc' });
      fault.armed = true;
      const response = await faulty.app.inject({
        method: 'POST',
        url: '/api/v1/mcctrain/create-mcctrain',
        headers: { authorization: managerToken },
        payload: { work: 'mcc', trainno: '12951', totalcoach: 18, type: 'Primary', supervisor: mccSupervisorId, workers: [worker.id], status: 'processing' },
      });
      expect(response.statusCode).toBe(500);
      const [committed] = await t.deps.db.select({ id: duties.id }).from(duties).where(eq(duties.trainNo, '12951'));
      expect(committed).toBeDefined();
      expect(await eventually(async () => (await read()).includes(committed!.id))).toBe(true);
    } finally {
      await faulty.app.close();
      await other.app.close();
      await second.close();
    }
  });
});

describe.skipIf(!onPostgres)('a crew member moved to another work type while their duty is completed (decision 0044)', () => {
  it('names the work type the crew has when the completion commits, so that work type’s lists are dropped', async () => {
    const worker = await buildStaff(t.deps.db, { work: 'mcc' });
    const live = await duty(t, mccToken, { workers: [worker.id] });
    const mover = new pg.Client({ connectionString: (t.database as { url?: string }).url! });
    await mover.connect();
    const named: DataChange[] = [];
    const changed = t.app.responseCache.changed.bind(t.app.responseCache);
    const spy = vi.spyOn(t.app.responseCache, 'changed').mockImplementation((change) => {
      named.push(change ?? EVERYTHING);
      changed(change);
    });
    try {
      // a manager's edit moves the worker to bio, not yet committed
      await mover.query('begin');
      await mover.query(`update staff set work = 'bio' where id = $1`, [worker.id]);
      const completing = t.app.inject({
        method: 'PUT',
        url: `/api/v1/mcctrain/update-mcctrain/${live._id}`,
        headers: { authorization: mccToken },
        payload: { status: 'completed', version: live.version },
      });
      // the completion reads the crew's work types under a lock: it waits for the move
      const waiting = async () =>
        Number((await mover.query(`select count(*) from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`)).rows[0].count) > 0;
      expect(await eventually(waiting)).toBe(true);
      await mover.query('commit');
      expect((await completing).statusCode).toBe(200);
      const own = named.filter((change) => change !== EVERYTHING);
      expect(own).toHaveLength(1);
      expect(own[0]).toEqual({ works: ['mcc', 'bio'], live: true, days: [dayInZone(new Date(), t.config.appTz)] });
    } finally {
      spy.mockRestore();
      await mover.end();
    }
  });
});

/** Drives a cache directly, as a route would, without HTTP. */
const sendTo = (cache: ResponseCache, key: string, body: string, options: { search?: boolean } = {}) =>
  cache.send(bareRequest, bareReply, key, async () => ({ body: Buffer.from(body), headers: { 'x-total-count': '1' } }), options);

describe('ResponseCache', () => {
  async function appWith(cache: ResponseCache) {
    const app = Fastify();
    app.decorate('responseCache', cache);
    let computed = 0;
    let release: () => void = () => {};
    let gate: Promise<void> = Promise.resolve();
    app.get('/list', async (request, reply) =>
      cache.send(request, reply, 'list', () =>
        computeAnswer(reply, async () => {
          computed += 1;
          const mine = computed;
          await gate;
          reply.header('x-total-count', String(mine));
          return { computed: mine };
        }),
      ),
    );
    await app.ready();
    return {
      app,
      computed: () => computed,
      hold() {
        gate = new Promise((resolve) => {
          release = resolve;
        });
      },
      release: () => release(),
    };
  }

  it('computes an answer once for requests that arrive while it is being computed, and keeps it', async () => {
    const cache = new ResponseCache(1024 * 1024);
    cache.listeningStarted();
    const target = await appWith(cache);
    target.hold();
    const waiting = Array.from({ length: 5 }, () => target.app.inject('/list'));
    await eventually(async () => target.computed() === 1);
    target.release();
    const answers = await Promise.all(waiting);
    expect(answers.map((answer) => answer.body)).toEqual(Array(5).fill('{"computed":1}'));
    expect(answers.every((answer) => answer.headers['x-total-count'] === '1')).toBe(true);
    expect((await target.app.inject('/list')).body).toBe('{"computed":1}');
    expect(target.computed()).toBe(1);
    cache.changed();
    expect((await target.app.inject('/list')).body).toBe('{"computed":2}');
  });

  it('does not keep an answer computed while a change happened, nor join it after the change', async () => {
    const cache = new ResponseCache(1024 * 1024);
    cache.listeningStarted();
    const target = await appWith(cache);
    target.hold();
    const first = target.app.inject('/list');
    await eventually(async () => target.computed() === 1);
    cache.changed();
    const second = target.app.inject('/list');
    await eventually(async () => target.computed() === 2);
    target.release();
    expect((await first).body).toBe('{"computed":1}');
    expect((await second).body).toBe('{"computed":2}');
    expect((await target.app.inject('/list')).body).toBe('{"computed":2}');
  });

  it('drops on a duty change only the answers that read those duties, and keeps one computed meanwhile only if the change left it alone', async () => {
    const cache = new ResponseCache(1024 * 1024);
    cache.listeningStarted();
    const computed: string[] = [];
    const ask = (key: string, reads?: DutyReads, gate?: Promise<void>) =>
      cache.send(bareRequest, bareReply, key, async () => {
        computed.push(key);
        await gate;
        return { body: Buffer.from(key), headers: {} };
      }, { reads });
    const liveMcc: DutyReads = { work: 'mcc', live: true, completed: null };
    const octoberMcc: DutyReads = { work: 'mcc', live: false, completed: { from: '2026-10-01', to: '2026-10-31' } };
    for (const [key, reads] of [['live mcc', liveMcc], ['october mcc', octoberMcc], ['dashboard', undefined]] as const) await ask(key, reads);
    // an mcc duty completed today
    cache.changed(dutyChange(['mcc'], true, ['2026-11-28']));
    for (const [key, reads] of [['live mcc', liveMcc], ['october mcc', octoberMcc], ['dashboard', undefined]] as const) await ask(key, reads);
    expect(computed).toEqual(['live mcc', 'october mcc', 'dashboard', 'live mcc', 'dashboard']);

    cache.changed();
    computed.length = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const inFlight = [ask('live mcc', liveMcc, gate), ask('october mcc', octoberMcc, gate)];
    // a new mcc duty while both are computed: the live board's answer may miss it
    cache.changed(dutyChange(['mcc'], true, []));
    const after = ask('live mcc', liveMcc);
    release();
    await Promise.all([...inFlight, after]);
    await ask('live mcc', liveMcc);
    await ask('october mcc', octoberMcc);
    // the request after the change computed its own; the one from before was not kept
    expect(computed).toEqual(['live mcc', 'october mcc', 'live mcc']);
  });

  it('computes a kept answer again after MAX_AGE_MS, so a change made past the app (by hand) shows', async () => {
    let clock = 1_000_000;
    const cache = new ResponseCache(1024 * 1024, () => clock);
    cache.listeningStarted();
    const target = await appWith(cache);
    await target.app.inject('/list');
    clock += MAX_AGE_MS - 1;
    expect((await target.app.inject('/list')).body).toBe('{"computed":1}');
    clock += 1;
    expect((await target.app.inject('/list')).body).toBe('{"computed":2}');
    expect(cache.size.entries).toBe(1);
  });

  it('keeps nothing while not listening for changes, or after listening was lost', async () => {
    const cache = new ResponseCache(1024 * 1024);
    const target = await appWith(cache);
    await target.app.inject('/list');
    await target.app.inject('/list');
    expect(target.computed()).toBe(2);
    cache.listeningStarted();
    await target.app.inject('/list');
    await target.app.inject('/list');
    expect(target.computed()).toBe(3);
    cache.listeningLost();
    await target.app.inject('/list');
    await target.app.inject('/list');
    expect(target.computed()).toBe(5);
    expect(cache.size.entries).toBe(0);
  });

  describe('bounded (issue 24)', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('keeps 200,000 distinct answers within its budget and its entry cap, each counted as its key, headers, body and overhead', async () => {
      const budget = 8 * 1024 * 1024;
      const cache = new ResponseCache(budget);
      cache.listeningStarted();
      let largest = 0;
      for (let i = 0; i < 200_000; i += 1) {
        await sendTo(cache, `GET /worker/get-workers 1 [["offset",${i}]]`, '[]');
        if (i % 1000 === 0) largest = Math.max(largest, cache.size.bytes);
      }
      const { entries, bytes } = cache.size;
      expect(entries).toBeGreaterThan(0);
      expect(entries).toBeLessThanOrEqual(MAX_ENTRIES);
      expect(Math.max(largest, bytes)).toBeLessThanOrEqual(budget);
      // a two-byte body costs its key, its header and the fixed overhead (measured: bench/cache-memory.ts)
      const key = 'GET /worker/get-workers 1 [["offset",199999]]';
      expect(bytes / entries).toBeGreaterThanOrEqual(ENTRY_OVERHEAD + key.length + 'x-total-count'.length + 2);
      // the most recent are the ones kept
      let computed = false;
      await cache.send(bareRequest, bareReply, key, async () => {
        computed = true;
        return { body: Buffer.from('[]'), headers: {} };
      });
      expect(computed).toBe(false);
    });

    it('counts the budget, not only the cap: large answers leave when their bytes exceed it', async () => {
      const cache = new ResponseCache(1024 * 1024);
      cache.listeningStarted();
      for (let i = 0; i < 100; i += 1) await sendTo(cache, `big ${i}`, 'x'.repeat(100_000));
      expect(cache.size.entries).toBeLessThanOrEqual(10);
      expect(cache.size.bytes).toBeLessThanOrEqual(1024 * 1024);
    });

    it('keeps no one-off search: 200,000 distinct searches leave only a bounded, counted set of searches asked once', async () => {
      const cache = new ResponseCache(8 * 1024 * 1024);
      cache.listeningStarted();
      await sendTo(cache, 'busy list', '[1,2,3]');
      for (let i = 0; i < 200_000; i += 1) await sendTo(cache, `GET /worker/get-workers 1 [["q","name ${i}"]]`, '[]', { search: true });
      expect(cache.size.entries).toBe(1);
      expect(cache.size.searchesSeenOnce).toBeLessThanOrEqual(MAX_SEEN);
      expect(cache.size.bytes).toBeGreaterThan(MAX_SEEN * 'GET /worker/get-workers 1 [["q","name 1"]]'.length);
      expect(cache.size.bytes).toBeLessThan(1024 * 1024);
    });

    it('keeps a search asked again within SEARCH_REPEAT_MS, or asked by another request while it is computed', async () => {
      let clock = 1_000_000;
      const cache = new ResponseCache(1024 * 1024, () => clock);
      cache.listeningStarted();
      await sendTo(cache, 'search a', '["a"]', { search: true });
      expect(cache.size.entries).toBe(0);
      clock += SEARCH_REPEAT_MS - 1;
      await sendTo(cache, 'search a', '["a"]', { search: true });
      expect(cache.size.entries).toBe(1);
      // asked once, then again too late: still a one-off
      await sendTo(cache, 'search b', '["b"]', { search: true });
      clock += SEARCH_REPEAT_MS;
      await sendTo(cache, 'search b', '["b"]', { search: true });
      expect(cache.size.entries).toBe(1);
      // two requests at once for one search
      await Promise.all([sendTo(cache, 'search c', '["c"]', { search: true }), sendTo(cache, 'search c', '["c"]', { search: true })]);
      expect(cache.size.entries).toBe(2);
    });

    it('sweeps expired answers and old searches without being asked for them', async () => {
      vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
      const cache = new ResponseCache(1024 * 1024);
      cache.listeningStarted();
      for (let i = 0; i < 10; i += 1) await sendTo(cache, `list ${i}`, '[1]');
      await sendTo(cache, 'a search', '[]', { search: true });
      expect(cache.size).toMatchObject({ entries: 10, searchesSeenOnce: 1 });
      vi.advanceTimersByTime(MAX_AGE_MS / 2);
      await sendTo(cache, 'later list', '[2]');
      expect(cache.size.entries).toBe(11);
      vi.advanceTimersByTime(MAX_AGE_MS / 2 + SWEEP_MS);
      // the first ten and the search expired; the later list is within its minute
      expect(cache.size).toMatchObject({ entries: 1, searchesSeenOnce: 0 });
      vi.advanceTimersByTime(MAX_AGE_MS);
      expect(cache.size).toMatchObject({ entries: 0, searchesSeenOnce: 0, bytes: 0 });
    });
  });
});

describe('announcing changes (changeAnnouncer)', () => {
  it('sends one announcement at a time: the changes that ask while one is on its way share the next, sent after it', async () => {
    const sent: Array<() => void> = [];
    const database = {
      kind: 'postgres' as const,
      db: { execute: () => new Promise<void>((resolve) => sent.push(resolve)) } as never,
    };
    const announcer = changeAnnouncer(database, { warn: () => {} } as never);
    const settled: string[] = [];
    const first = announcer.announce().then(() => settled.push('first'));
    await Promise.resolve();
    expect(sent).toHaveLength(1);
    // five writes commit while the first announcement is on its way: it may have left before their commits
    const later = Array.from({ length: 5 }, (_, n) => announcer.announce().then(() => settled.push(`later ${n}`)));
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toHaveLength(1);
    sent[0]!();
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    // one more announcement, after the first, for all five; none of them is answered before it
    expect(sent).toHaveLength(2);
    expect(settled).toEqual(['first']);
    sent[1]!();
    await Promise.all(later);
    expect(settled).toEqual(['first', 'later 0', 'later 1', 'later 2', 'later 3', 'later 4']);
    // quiet again: the next change announces at once
    void announcer.announce();
    await Promise.resolve();
    expect(sent).toHaveLength(3);
    sent[2]!();
    announcer.stop();
  });
});

describe('what an announcement says (decision 0044)', () => {
  it('carries the change to the other instances; the changes that share an announcement are merged, and an unnamed one makes it everything', async () => {
    const dialect = new PgDialect();
    const payloads: string[] = [];
    const sent: Array<() => void> = [];
    const database = {
      kind: 'postgres' as const,
      db: {
        execute: (query: SQL) => {
          payloads.push(String(dialect.sqlToQuery(query).params[1]));
          return new Promise<void>((resolve) => sent.push(resolve));
        },
      } as never,
    };
    const announcer = changeAnnouncer(database, { warn: () => {} } as never);
    const first = announcer.announce(dutyChange(['mcc'], true, []));
    await Promise.resolve();
    const shared = [announcer.announce(dutyChange(['bio'], true, [])), announcer.announce(dutyChange(['mcc'], true, ['2026-11-28']))];
    sent[0]!();
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    sent[1]!();
    await Promise.all(shared);
    expect(payloads).toEqual([encodeChange(dutyChange(['mcc'], true, [])), encodeChange(dutyChange(['bio', 'mcc'], true, ['2026-11-28']))]);
    // a write that named nothing shares an announcement with a duty change: everything
    const next = [announcer.announce(dutyChange(['mcc'], true, [])), announcer.announce(dutyChange(['bio'], false, ['2026-11-28'])), announcer.announce()];
    await Promise.resolve();
    sent[2]!();
    await new Promise((resolve) => setImmediate(resolve));
    sent[3]!();
    await Promise.all(next);
    expect(payloads.slice(2)).toEqual([encodeChange(dutyChange(['mcc'], true, [])), encodeChange(EVERYTHING)]);
    announcer.stop();
  });

  it('drops what another instance’s announcement names, and ignores its own coming back (it dropped those before sending)', async () => {
    let notify: (payload: string) => void = () => {};
    const database = {
      kind: 'postgres',
      listen: async (_channel: string, onNotify: (payload: string) => void, onListening?: () => void) => {
        notify = onNotify;
        onListening?.();
        return async () => {};
      },
    } as unknown as DatabaseHandle;
    const { cache, stop } = await openResponseCache(database, 1024 * 1024);
    let computed = 0;
    const ask = () =>
      cache.send(bareRequest, bareReply, 'live mcc', async () => {
        computed += 1;
        return { body: Buffer.from('[]'), headers: {} };
      }, { reads: { work: 'mcc', live: true, completed: null } });
    await ask();
    notify(encodeChange(dutyChange(['mcc'], true, []), cache.id));
    notify(encodeChange(dutyChange(['bio'], true, []), 'another instance'));
    await ask();
    expect(computed).toBe(1);
    notify(encodeChange(dutyChange(['mcc'], true, []), 'another instance'));
    await ask();
    expect(computed).toBe(2);
    // an earlier version's announcement (empty) drops everything
    notify('');
    await ask();
    expect(computed).toBe(3);
    await stop();
  });
});
