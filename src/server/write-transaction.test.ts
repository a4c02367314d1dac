import { count, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ROLE } from '../shared/roles.js';
import { defineRoute } from '../shared/api/contract.js';
import { errorResponses, successMsg } from '../shared/api/envelopes.js';
import { buildStaff, buildUser, sessionToken } from '../../test/helpers/factories.js';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.js';
import { serve } from './contract-route.js';
import type { Database } from './db/connect.js';
import { auditLog, staff, states } from './db/schema.js';
import { HttpError } from './http-error.js';
import { recordAudit } from './modules/audit/audit.service.js';

/**
 * One transaction per write request (decision 0031): serve() runs a write's handler in a
 * transaction it opens, so a refusal (4xx) or a fault after the handler wrote something
 * leaves nothing behind, its audit row included; the kept answers are emptied only after
 * the commit, and never by a write that rolled back.
 */

const write = (path: string) =>
  defineRoute({ method: 'POST', path, tags: ['test'], summary: `test write ${path}`, responses: { 200: successMsg, ...errorResponses(409) } });
const written = write('/test/written');
const refusedAfterWriting = write('/test/refused-after-writing');
const faultAfterWriting = write('/test/fault-after-writing');
const sentInside = write('/test/sent-inside');
const staffThenRefused = write('/test/staff-then-refused');

/** Adds a state and its audit row on the request's transaction. */
async function addState(db: Database, name: string): Promise<void> {
  const [row] = await db.insert(states).values({ name }).returning();
  await recordAudit(db, null, [{ action: 'state.create', entity: 'state', entityId: row!.id, after: { name } }]);
}

function testRoutes(api: FastifyInstance): void {
  serve(api, written, {}, async (_request, _reply, db) => {
    await addState(db, 'Test Written');
    return { success: true as const, msg: 'written' };
  });
  serve(api, refusedAfterWriting, {}, async (_request, _reply, db) => {
    await addState(db, 'Test Refused');
    throw new HttpError(409, 'refused after writing');
  });
  serve(api, faultAfterWriting, {}, async (_request, _reply, db) => {
    await addState(db, 'Test Fault');
    throw new Error('a fault after writing');
  });
  serve(api, sentInside, {}, async (_request, reply, db) => {
    await addState(db, 'Test Sent Inside');
    return reply.send({ success: true, msg: 'sent before the commit' });
  });
  serve(api, staffThenRefused, {}, async (_request, _reply, db) => {
    await buildStaff(db, { name: 'Test Refused Staff', work: 'mcc' });
    throw new HttpError(409, 'refused after adding staff');
  });
}

let t: TestApp;
let managerToken: string;
/** What happened, in order: a transaction settled ('commit' or 'rollback'), the kept answers were emptied. */
const events: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ routes: testRoutes, logger: false });
  const manager = await buildUser(t.deps.db, { role: ROLE.manager });
  managerToken = await sessionToken(t, manager);
  const transaction = t.app.db.transaction.bind(t.app.db);
  t.app.db.transaction = (async (...args: Parameters<typeof transaction>) => {
    try {
      const result = await transaction(...args);
      events.push('commit');
      return result;
    } catch (error) {
      events.push('rollback');
      throw error;
    }
  }) as typeof transaction;
  // what serve() calls to empty the kept answers and tell the other instances (on
  // PostgreSQL this instance also hears its own announcement, and empties again)
  const dataChanged = t.app.dataChanged.bind(t.app);
  t.app.dataChanged = () => {
    events.push('emptied');
    return dataChanged();
  };
});
afterAll(async () => {
  await t.close();
});

const post = (path: string) => t.app.inject({ method: 'POST', url: `/api/v1${path}` });
const statesNamed = async (name: string) => (await t.deps.db.select().from(states).where(eq(states.name, name))).length;
const auditOf = async (name: string) =>
  (await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'state.create'))).filter((row) => (row.after as { name?: string } | null)?.name === name).length;

describe('a write request is one transaction', () => {
  it('commits its rows and its audit row together, and only then empties the kept answers', async () => {
    events.length = 0;
    const response = await post('/test/written');
    expect(response.statusCode).toBe(200);
    expect(await statesNamed('Test Written')).toBe(1);
    expect(await auditOf('Test Written')).toBe(1);
    expect(events).toEqual(['commit', 'emptied']);
  });

  it('refused (4xx) after writing, leaves nothing behind — neither its rows nor its audit row — and empties nothing', async () => {
    events.length = 0;
    const response = await post('/test/refused-after-writing');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ msg: 'refused after writing' });
    expect(await statesNamed('Test Refused')).toBe(0);
    expect(await auditOf('Test Refused')).toBe(0);
    expect(events).toEqual(['rollback']);
  });

  it('failing with a fault after writing, leaves nothing behind, and still empties the kept answers (a commit may have failed half-way)', async () => {
    events.length = 0;
    const response = await post('/test/fault-after-writing');
    expect(response.statusCode).toBe(500);
    expect(await statesNamed('Test Fault')).toBe(0);
    expect(await auditOf('Test Fault')).toBe(0);
    expect(events).toEqual(['rollback', 'emptied']);
  });

  it('cannot send its answer before its commit: a handler that tries is a fault, and nothing is written', async () => {
    events.length = 0;
    const response = await post('/test/sent-inside');
    expect(response.statusCode).toBe(500);
    expect(await statesNamed('Test Sent Inside')).toBe(0);
    expect(events[0]).toBe('rollback');
  });

  it('keeps a kept list true: a refused write that had added a worker leaves the list and the register as they were', async () => {
    const total = async () => Number((await t.app.inject({ method: 'GET', url: '/api/v1/worker/get-workers?limit=1', headers: { authorization: managerToken } })).headers['x-total-count']);
    const registered = async () => Number((await t.deps.db.select({ value: count() }).from(staff))[0]!.value);
    const before = await total();
    expect(before).toBe(await registered());
    const refused = await post('/test/staff-then-refused');
    expect(refused.statusCode).toBe(409);
    // the list is answered from memory (nothing emptied it): it must still be the truth
    expect(await total()).toBe(before);
    expect(await registered()).toBe(before);
    expect((await t.deps.db.select().from(staff).where(like(staff.name, 'Test Refused Staff%'))).length).toBe(0);
  });
});

describe('a route that is not a write', () => {
  it('reads on the database itself, outside any transaction', async () => {
    const read = defineRoute({ method: 'GET', path: '/test/read', tags: ['test'], summary: 'test read', responses: { 200: z.object({ ok: z.boolean() }) } });
    let given: unknown;
    const app = await createTestApp({
      database: t.database,
      routes: (api) =>
        serve(api, read, {}, async (_request, _reply, db) => {
          given = db;
          return { ok: true };
        }),
    });
    try {
      expect((await app.app.inject({ method: 'GET', url: '/api/v1/test/read' })).statusCode).toBe(200);
      expect(given).toBe(app.database.db);
    } finally {
      await app.close();
    }
  });
});
