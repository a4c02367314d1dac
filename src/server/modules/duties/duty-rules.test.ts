import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import { ROLE } from '../../../shared/roles.js';
import type { Database } from '../../db/connect.js';
import { duties, dutyWorkers } from '../../db/schema.js';
import { buildStaff, buildUser, duty as addDuty, dutyFields, sessionToken, type BuiltUser } from '../../../../test/helpers/factories.js';
import { createTestApp, openTestDatabase, type TestApp } from '../../../../test/helpers/test-app.js';

const clock = { now: new Date('2026-11-10T06:00:00Z') };
/** After a transaction commits, every later query on the database fails, as on a dropped connection. */
const afterCommit = { armed: false, broken: false };
let handle: Awaited<ReturnType<typeof openTestDatabase>>;
let t: TestApp;
let manager: BuiltUser;
let managerToken: string;
let suresh: BuiltUser;
let sureshToken: string;
let ravi: BuiltUser;
let raviToken: string;

const QUERIES = new Set(['select', 'selectDistinct', 'selectDistinctOn', 'insert', 'update', 'delete', 'execute', 'with', 'transaction']);

/** The app's database, able to fail every query after a commit (but not the transaction's own). */
function breakableDatabase(db: Database): Database {
  return new Proxy(db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      if (afterCommit.broken && QUERIES.has(String(property))) {
        return () => {
          throw new Error('connection lost after the commit');
        };
      }
      if (property === 'transaction') {
        return async (...args: Parameters<Database['transaction']>) => {
          const result = await target.transaction(...args);
          if (afterCommit.armed) afterCommit.broken = true;
          return result;
        };
      }
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
}

beforeAll(async () => {
  handle = await openTestDatabase();
  t = await createTestApp({ clock, database: { ...handle, db: breakableDatabase(handle.db) } });
  manager = await buildUser(t.deps.db, { role: ROLE.manager });
  managerToken = await sessionToken(t, manager);
  suresh = await buildUser(t.deps.db, { role: ROLE.supervisor, work: 'mcc', name: 'Suresh Mcc' });
  sureshToken = await sessionToken(t, suresh);
  ravi = await buildUser(t.deps.db, { role: ROLE.supervisor, work: 'mcc', name: 'Ravi Mcc' });
  raviToken = await sessionToken(t, ravi);
});
afterAll(async () => {
  await t.close();
  await handle.close();
});

const api = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url: `/api/v1${url}`, payload, headers: { authorization: token, ...headers } });

async function crew(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) ids.push((await buildStaff(t.deps.db, { work: 'mcc' })).id);
  return ids;
}

/** The Add Work Details form of an mcc train with Suresh as supervisor and a new crew of two. */
const dutyForm = async (overrides: Record<string, unknown> = {}) => dutyFields({ totalcoach: '18', supervisor: suresh.id, workers: await crew(2), ...overrides });

/** That duty, added by the manager. */
const sureshDuty = async () => addDuty(t, managerToken, await dutyForm());

async function dutiesWithTrain(trainno: string): Promise<number> {
  return (await t.deps.db.select().from(duties).where(eq(duties.trainNo, trainno))).length;
}

describe('who may change a duty', () => {
  it("a supervisor cannot complete or edit another supervisor's duty; a manager can", async () => {
    const duty = await sureshDuty();
    const complete = await api('PUT', `/mcctrain/update-mcctrain/${duty._id}`, raviToken, { status: 'completed' });
    expect(complete.statusCode).toBe(403);
    expect(complete.json().msg).toBe(MSG.ownDutiesOnly);
    const edit = await api('PUT', `/mcctrain/update-mcctrain/${duty._id}`, raviToken, { trainno: 'RAVI', status: 'processing', totalcoach: 18, workers: duty.workers, version: duty.version });
    expect(edit.statusCode).toBe(403);
    const [row] = await t.deps.db.select().from(duties).where(eq(duties.id, duty._id));
    expect(row).toMatchObject({ status: 'processing', trainNo: '12625', version: duty.version });

    expect((await api('PUT', `/mcctrain/update-mcctrain/${duty._id}`, sureshToken, { status: 'completed' })).statusCode).toBe(200);
  });

  it('a supervisor edits their completed duty on its completed day in IST only; a manager still can later', async () => {
    const duty = await sureshDuty();
    clock.now = new Date('2026-11-11T18:00:00Z'); // 23:30 on 11 November in Asia/Kolkata
    const completed = await api('PUT', `/mcctrain/update-mcctrain/${duty._id}`, sureshToken, { status: 'completed' });
    expect(completed.json().duty.completedDay).toBe('2026-11-11');
    const sameDay = await api('PUT', `/mcctrain/update-mcctrain/${duty._id}`, sureshToken, {
      trainno: 'SAME-DAY',
      status: 'completed',
      totalcoach: 18,
      workers: duty.workers,
      version: completed.json().duty.version,
    });
    expect(sameDay.statusCode).toBe(200);

    clock.now = new Date('2026-11-11T19:00:00Z'); // 00:30 on 12 November in Asia/Kolkata
    const nextDay = await api('PUT', `/mcctrain/update-mcctrain/${duty._id}`, sureshToken, {
      trainno: 'NEXT-DAY',
      status: 'completed',
      totalcoach: 18,
      workers: duty.workers.slice(0, 1),
      version: sameDay.json().duty.version,
    });
    expect(nextDay.statusCode).toBe(403);
    expect(nextDay.json().msg).toBe(MSG.completedDayOver);
    const crewRows = await t.deps.db.select().from(dutyWorkers).where(eq(dutyWorkers.dutyId, duty._id));
    expect(crewRows).toHaveLength(2);

    // completing again changes nothing and stays harmless
    expect((await api('PUT', `/mcctrain/update-mcctrain/${duty._id}`, sureshToken, { status: 'completed' })).statusCode).toBe(200);

    const byManager = await api('PUT', `/mcctrain/update-mcctrain/${duty._id}`, managerToken, {
      trainno: 'BY-MANAGER',
      status: 'completed',
      totalcoach: 18,
      workers: duty.workers,
      version: sameDay.json().duty.version,
    });
    expect(byManager.statusCode).toBe(200);
  });
});

describe('crew ids in another letter case', () => {
  it('the same worker twice, once in capitals, is a 400 that creates nothing', async () => {
    const [id] = await crew(1);
    const response = await api('POST', '/mcctrain/create-mcctrain', managerToken, await dutyForm({ trainno: 'CASE-TWICE', workers: [id, id!.toUpperCase()] }));
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe(MSG.workerTwice);
    expect(await dutiesWithTrain('CASE-TWICE')).toBe(0);
  });

  it('capitals are the same worker: stored and answered in lower case; an edit naming the crew in capitals keeps it', async () => {
    const ids = await crew(2);
    const created = await api('POST', '/mcctrain/create-mcctrain', managerToken, await dutyForm({ trainno: 'CASE-UP', workers: ids.map((id) => id.toUpperCase()), supervisor: suresh.id.toUpperCase() }));
    expect(created.statusCode).toBe(201);
    expect([...created.json().duty.workers].sort()).toEqual([...ids].sort());
    const duty = created.json().duty;
    const edit = await api('PUT', `/mcctrain/update-mcctrain/${duty._id}`, managerToken, {
      trainno: 'CASE-UP',
      status: 'processing',
      totalcoach: 18,
      workers: [ids[0]!.toUpperCase(), ids[1]!],
      version: duty.version,
    });
    expect(edit.statusCode).toBe(200);
    const twice = await api('PUT', `/mcctrain/update-mcctrain/${duty._id}`, managerToken, {
      trainno: 'CASE-UP',
      status: 'processing',
      totalcoach: 18,
      workers: [ids[0]!.toUpperCase(), ids[0]!],
      version: edit.json().duty.version,
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().msg).toBe(MSG.workerTwice);
  });
});

// Idempotency-Key on the duty writes: idempotent-writes.test.ts

describe('answers of committed writes', () => {
  it('a create and a completion answer their duty even when the database fails right after the commit', async () => {
    const form = await dutyForm({ trainno: 'AFTER-COMMIT' });
    afterCommit.armed = true;
    try {
      const created = await api('POST', '/mcctrain/create-mcctrain', sureshToken, form);
      expect(afterCommit.broken).toBe(true);
      expect(created.statusCode).toBe(201);
      expect(created.json().duty).toMatchObject({ trainno: 'AFTER-COMMIT', status: 'processing', workerCount: 2, supervisorName: 'Suresh Mcc' });

      afterCommit.broken = false;
      const completed = await api('PUT', `/mcctrain/update-mcctrain/${created.json().duty._id}`, sureshToken, { status: 'completed' });
      expect(afterCommit.broken).toBe(true);
      expect(completed.statusCode).toBe(200);
      expect(completed.json().duty).toMatchObject({ status: 'completed', workerCount: 2 });
    } finally {
      afterCommit.armed = false;
      afterCommit.broken = false;
    }
    const rows = await t.deps.db.select().from(duties).where(inArray(duties.trainNo, ['AFTER-COMMIT']));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('completed');
  });

  it('so do a keyed create and completion, whose answers are stored in the same transaction', async () => {
    const form = await dutyForm({ trainno: 'AFTER-COMMIT-KEYED' });
    afterCommit.armed = true;
    let created;
    let completed;
    try {
      created = await api('POST', '/mcctrain/create-mcctrain', sureshToken, form, { 'idempotency-key': 'after-commit-create' });
      expect(afterCommit.broken).toBe(true);
      expect(created.statusCode).toBe(201);
      expect(created.json().duty).toMatchObject({ trainno: 'AFTER-COMMIT-KEYED', workerCount: 2, supervisorName: 'Suresh Mcc' });

      afterCommit.broken = false;
      completed = await api('PUT', `/mcctrain/update-mcctrain/${created.json().duty._id}`, sureshToken, { status: 'completed' }, { 'idempotency-key': 'after-commit-complete' });
      expect(afterCommit.broken).toBe(true);
      expect(completed.statusCode).toBe(200);
      expect(completed.json().duty).toMatchObject({ status: 'completed', version: created.json().duty.version + 1 });
    } finally {
      afterCommit.armed = false;
      afterCommit.broken = false;
    }
    // the phone, not knowing, sends both again: it gets the same answers, nothing changes
    const createdAgain = await api('POST', '/mcctrain/create-mcctrain', sureshToken, form, { 'idempotency-key': 'after-commit-create' });
    expect(createdAgain.json()).toEqual(created.json());
    const completedAgain = await api('PUT', `/mcctrain/update-mcctrain/${created.json().duty._id}`, sureshToken, { status: 'completed' }, { 'idempotency-key': 'after-commit-complete' });
    expect(completedAgain.json()).toEqual(completed.json());
    expect(await dutiesWithTrain('AFTER-COMMIT-KEYED')).toBe(1);
  });
});
