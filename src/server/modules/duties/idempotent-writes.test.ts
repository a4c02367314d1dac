import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import { ROLE } from '../../../shared/roles.js';
import { auditLog, duties, dutyWorkers, requestKeys } from '../../db/schema.js';
import { pruneRequestKeys } from '../../request-keys.js';
import { buildStaff, buildUser, duty as addDuty, dutyFields, loginAs, sessionToken, uniqueAadhar, workerPayload, type BuiltUser } from '../../../../test/helpers/factories.js';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.js';

/**
 * Issue 14, "exactly once": a phone queues duty writes offline and may send one twice
 * (the first answer lost). With the same Idempotency-Key the second send answers what the
 * first one did and changes nothing (decision 0017).
 */

const clock = { now: new Date('2026-11-10T06:00:00Z') };
let t: TestApp;
let manager: BuiltUser;
let managerToken: string;
let suresh: BuiltUser;
let sureshToken: string;
let anil: BuiltUser;
let anilToken: string;
let keyCount = 0;

beforeAll(async () => {
  t = await createTestApp({ clock });
  manager = await buildUser(t.deps.db, { role: ROLE.manager, name: 'Manager Mani' });
  managerToken = await sessionToken(t, manager);
  suresh = await buildUser(t.deps.db, { role: ROLE.supervisor, work: 'mcc', name: 'Suresh Mcc' });
  sureshToken = await sessionToken(t, suresh);
  anil = await buildUser(t.deps.db, { role: ROLE.supervisor, work: 'acca', name: 'Anil Acca' });
  anilToken = await sessionToken(t, anil);
});
afterAll(async () => {
  await t.close();
});

/** A fresh key as a phone makes one (a UUID). */
const newKey = () => {
  keyCount += 1;
  return `6f1c2a4e-0b7d-4c1e-9a2b-${String(keyCount).padStart(12, '0')}`;
};

const api = (method: 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object, key?: string) =>
  t.app.inject({ method, url: `/api/v1${url}`, payload, headers: { authorization: token, ...(key ? { 'idempotency-key': key } : {}) } });
const create = (token: string, payload: object, key?: string) => api('POST', '/mcctrain/create-mcctrain', token, payload, key);
const update = (token: string, id: string, payload: object, key?: string) => api('PUT', `/mcctrain/update-mcctrain/${id}`, token, payload, key);
const remove = (token: string, id: string, key?: string) => api('DELETE', `/mcctrain/deletework/${id}`, token, undefined, key);

async function crew(count: number, work = 'mcc'): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) ids.push((await buildStaff(t.deps.db, { work })).id);
  return ids;
}

/** The Add Work Details form of an mcc train with Suresh as supervisor and a new crew of two. */
const mccForm = async (trainno: string, overrides: Record<string, unknown> = {}) =>
  dutyFields({ trainno, totalcoach: 18, supervisor: suresh.id, workers: await crew(2), ...overrides });

type DutyAnswer = { _id: string; version: number; workers: string[]; status: string; trainno: string };

/** That duty, added by the manager. */
const mccDuty = async (trainno: string) => addDuty(t, managerToken, await mccForm(trainno));

async function dutyRow(id: string) {
  const [row] = await t.deps.db.select().from(duties).where(eq(duties.id, id));
  return row;
}
const dutiesWithTrain = async (trainno: string) => (await t.deps.db.select().from(duties).where(eq(duties.trainNo, trainno))).length;
const auditCount = async (id: string, action: string) =>
  (await t.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, id), eq(auditLog.action, action)))).length;
const keyRow = async (user: BuiltUser, key: string) =>
  (await t.deps.db.select().from(requestKeys).where(and(eq(requestKeys.userId, user.id), eq(requestKeys.key, key))))[0];

/** The second answer is the first one again, marked as replayed; the first is not marked. */
function expectReplayOf(repeat: LightMyRequestResponse, first: LightMyRequestResponse): void {
  expect(first.headers['idempotent-replayed']).toBeUndefined();
  expect(repeat.statusCode).toBe(first.statusCode);
  expect(repeat.headers['idempotent-replayed']).toBe('true');
  expect(repeat.json()).toEqual(first.json());
}

function expectKeyReused(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(422);
  expect(response.json()).toMatchObject({ msg: MSG.idempotencyKeyReused, success: false, message: MSG.idempotencyKeyReused });
}

describe('a repeat with the same key answers the first answer and changes nothing', () => {
  it('create: one duty, the same 201 and body; the parsed request counts (number or text, key order)', async () => {
    const key = newKey();
    const form = await mccForm('ONCE-CREATE', { totalcoach: '18' });
    const first = await create(sureshToken, form, key);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ success: true, message: MSG.trainAdded, duty: { trainno: 'ONCE-CREATE', totalcoach: 18 } });

    // the same duty, with the coaches as a number and the fields in another order
    const reordered = Object.fromEntries(Object.entries({ ...form, totalcoach: 18 }).reverse());
    const repeat = await create(sureshToken, reordered, key);
    expectReplayOf(repeat, first);
    expect(await dutiesWithTrain('ONCE-CREATE')).toBe(1);
    expect(await auditCount(first.json().duty._id, 'duty.create')).toBe(1);
  });

  it('mark completed with the acca returned count: one completion, also after the duty moved on', async () => {
    const created = await create(anilToken, { trainno: 'ONCE-ACCA', totalcoach: 6, type: 'Primary', suppliedBedsheet: 120, workers: await crew(2, 'acca') });
    expect(created.statusCode).toBe(201);
    const duty: DutyAnswer = created.json().duty;
    const key = newKey();
    const first = await update(anilToken, duty._id, { status: 'completed', returned: 110 }, key);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, message: MSG.trainUpdated, duty: { status: 'completed', returned: 110, version: duty.version + 1 } });

    expectReplayOf(await update(anilToken, duty._id, { status: 'completed', returned: 110 }, key), first);
    expect(await dutyRow(duty._id)).toMatchObject({ status: 'completed', returned: 110, version: duty.version + 1 });
    expect(await auditCount(duty._id, 'duty.complete')).toBe(1);

    // a manager changes the duty meanwhile; the phone's late repeat still gets its own answer
    const byManager = await update(managerToken, duty._id, { trainno: 'ONCE-ACCA', status: 'completed', totalcoach: 6, workers: duty.workers, version: duty.version + 1 });
    expect(byManager.statusCode).toBe(200);
    expectReplayOf(await update(anilToken, duty._id, { status: 'completed', returned: 110 }, key), first);
    expect(await dutyRow(duty._id)).toMatchObject({ status: 'completed', version: duty.version + 2 });
  });

  it('crew edit: the repeat is not refused as stale, and the answer carries the new version', async () => {
    const duty = await mccDuty('ONCE-EDIT');
    const [added] = await crew(1);
    const edit = { trainno: 'ONCE-EDIT-2', status: 'processing', totalcoach: 20, workers: [...duty.workers, added!], version: duty.version };
    const key = newKey();
    const first = await update(sureshToken, duty._id, edit, key);
    expect(first.statusCode).toBe(200);
    expect(first.json().duty).toMatchObject({ _id: duty._id, trainno: 'ONCE-EDIT-2', workerCount: 3, version: duty.version + 1 });

    // without the key, the same edit again is stale: the key is what makes the resend safe
    expect((await update(sureshToken, duty._id, edit)).statusCode).toBe(409);
    expectReplayOf(await update(sureshToken, duty._id, edit, key), first);
    expect(await dutyRow(duty._id)).toMatchObject({ trainNo: 'ONCE-EDIT-2', version: duty.version + 1 });
    expect(await t.deps.db.select().from(dutyWorkers).where(eq(dutyWorkers.dutyId, duty._id))).toHaveLength(3);
  });

  it('a crew edit retried after a manager completed the duty replays the first answer to its writer', async () => {
    const duty = await mccDuty('ONCE-THEN-DONE');
    const edit = { trainno: 'ONCE-THEN-DONE', status: 'processing', totalcoach: 18, workers: duty.workers.slice(0, 1), version: duty.version };
    const key = newKey();
    const first = await update(sureshToken, duty._id, edit, key);
    expect(first.statusCode).toBe(200);
    expect((await update(managerToken, duty._id, { status: 'completed' })).statusCode).toBe(200);

    const repeat = await update(sureshToken, duty._id, edit, key);
    expectReplayOf(repeat, first);
    expect(repeat.json().duty).toMatchObject({ status: 'processing', workerCount: 1 });
    // the manager's completion stands
    expect(await dutyRow(duty._id)).toMatchObject({ status: 'completed', version: duty.version + 2 });
  });

  it('delete: the repeat answers the first 200, not "not found"', async () => {
    const duty = await mccDuty('ONCE-DELETE');
    const key = newKey();
    const first = await remove(managerToken, duty._id, key);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, msg: MSG.dutyDeleted, code: 'dutyDeleted' });
    expectReplayOf(await remove(managerToken, duty._id, key), first);
    expect(await auditCount(duty._id, 'duty.delete')).toBe(1);
    // without a key a repeated delete is not found, as before
    expect((await remove(managerToken, duty._id)).statusCode).toBe(404);
  });
});

describe('the same key for another request is refused with 422 and changes nothing', () => {
  it('create with another body', async () => {
    const key = newKey();
    const form = await mccForm('REUSE-BODY');
    expect((await create(sureshToken, form, key)).statusCode).toBe(201);
    expectKeyReused(await create(sureshToken, { ...form, trainno: 'REUSE-BODY-2' }, key));
    expect(await dutiesWithTrain('REUSE-BODY')).toBe(1);
    expect(await dutiesWithTrain('REUSE-BODY-2')).toBe(0);
  });

  it('completion with another returned count, and an edit with another crew', async () => {
    const created = await create(anilToken, { trainno: 'REUSE-ACCA', totalcoach: 4, type: 'Primary', suppliedBedsheet: 80, workers: await crew(2, 'acca') });
    const duty: DutyAnswer = created.json().duty;
    const key = newKey();
    expect((await update(anilToken, duty._id, { status: 'completed', returned: 70 }, key)).statusCode).toBe(200);
    expectKeyReused(await update(anilToken, duty._id, { status: 'completed', returned: 75 }, key));
    expect(await dutyRow(duty._id)).toMatchObject({ returned: 70, version: duty.version + 1 });

    const mcc = await mccDuty('REUSE-CREW');
    const editKey = newKey();
    const edit = { trainno: 'REUSE-CREW', status: 'processing', totalcoach: 18, workers: mcc.workers, version: mcc.version };
    expect((await update(sureshToken, mcc._id, edit, editKey)).statusCode).toBe(200);
    expectKeyReused(await update(sureshToken, mcc._id, { ...edit, workers: mcc.workers.slice(0, 1) }, editKey));
    expect(await t.deps.db.select().from(dutyWorkers).where(eq(dutyWorkers.dutyId, mcc._id))).toHaveLength(2);
  });

  it('the same change to another duty, or on another route', async () => {
    const one = await mccDuty('REUSE-ONE');
    const other = await mccDuty('REUSE-OTHER');
    const key = newKey();
    const first = await update(sureshToken, one._id, { status: 'completed' }, key);
    expect(first.statusCode).toBe(200);
    expectKeyReused(await update(sureshToken, other._id, { status: 'completed' }, key));
    expect(await dutyRow(other._id)).toMatchObject({ status: 'processing', version: other.version });
    // an id written in capitals names the same duty: a repeat, not another request
    expectReplayOf(await update(sureshToken, one._id.toUpperCase(), { status: 'completed' }, key), first);

    const deleteKey = newKey();
    expect((await update(managerToken, other._id, { status: 'completed' }, deleteKey)).statusCode).toBe(200);
    expectKeyReused(await remove(managerToken, other._id, deleteKey));
    expect(await dutyRow(other._id)).toBeDefined();
  });
});

describe('a replay answers only what its caller may still see', () => {
  it('a supervisor moved from mcc to acca gets, for the keys of their mcc duty, what a new request would get, not the stored answers', async () => {
    // a manager registers the supervisor (a staff record with an account), who signs in
    const email = `mohan-${keyCount}@example.com`;
    const registered = await api('POST', '/auth/register', managerToken, {
      name: 'Mohan Moved',
      email,
      phone: '9876543210',
      aadhar: uniqueAadhar(),
      designation: 'Supervisor',
      work: 'mcc',
      password: 'a-good-password',
      confirmPassword: 'a-good-password',
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const token = await loginAs(t.app, { email, password: 'a-good-password' });

    // as the phone sends them: the work type of the Add Duty form, then Mark as Completed
    const form = { work: 'mcc', trainno: 'MOVED-MCC', totalcoach: 18, type: 'Primary', workers: await crew(2) };
    const createKey = newKey();
    const created = await create(token, form, createKey);
    expect(created.statusCode).toBe(201);
    const duty: DutyAnswer = created.json().duty;
    const completeKey = newKey();
    const completed = await update(token, duty._id, { status: 'completed' }, completeKey);
    expect(completed.statusCode).toBe(200);
    expectReplayOf(await update(token, duty._id, { status: 'completed' }, completeKey), completed);

    // the manager moves the supervisor's staff record (and so their account) to acca
    const [member] = (await t.app.inject({ method: 'GET', url: '/api/v1/worker/get-workers?q=Mohan%20Moved', headers: { authorization: managerToken } })).json<{ _id: string }[]>();
    const [record] = (await t.app.inject({ method: 'GET', url: `/api/v1/worker/getoneworker/${member!._id}`, headers: { authorization: managerToken } })).json<Record<string, string>[]>();
    const moved = await api('PUT', `/worker/update-worker/${member!._id}`, managerToken, {
      ...workerPayload({ name: record!.name, phone: record!.phone, aadhar: record!.aadhar, designation: 'Supervisor', work: 'acca' }),
      empid: record!.empid,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const read = await t.app.inject({ method: 'GET', url: `/api/v1/mcctrain/getone-mcctrain/${duty._id}`, headers: { authorization: token } });
    expect(read.statusCode).toBe(404);

    // the completion's replay: 404 as the duty's page and a new completion give, not the stored 200
    const fresh = await update(token, duty._id, { status: 'completed' });
    expect(fresh.statusCode).toBe(404);
    const replayed = await update(token, duty._id, { status: 'completed' }, completeKey);
    expect(replayed.statusCode).toBe(404);
    expect(replayed.headers['idempotent-replayed']).toBeUndefined();
    expect(replayed.json()).toEqual(fresh.json());
    // the create's replay: refused as a new mcc duty of theirs would be, not the stored 201
    const createdAgain = await create(token, form, createKey);
    expect(createdAgain.statusCode).toBe(403);
    expect(createdAgain.json()).toEqual((await create(token, form)).json());
    expect(createdAgain.body).not.toContain(duty._id);
    // nothing was changed or stored by the refused replays; the keys still hold their answers
    expect(await dutiesWithTrain('MOVED-MCC')).toBe(1);
    expect(await auditCount(duty._id, 'duty.complete')).toBe(1);
    expect((await keyRow({ id: created.json().duty.supervisor } as BuiltUser, completeKey))?.statusCode).toBe(200);

    // moved back to mcc, the supervisor may see the duty again, and the replay answers once more
    const back = await api('PUT', `/worker/update-worker/${member!._id}`, managerToken, {
      ...workerPayload({ name: record!.name, phone: record!.phone, aadhar: record!.aadhar, designation: 'Supervisor', work: 'mcc' }),
      empid: record!.empid,
    });
    expect(back.statusCode).toBe(200);
    expectReplayOf(await update(token, duty._id, { status: 'completed' }, completeKey), completed);
    expectReplayOf(await create(token, form, createKey), created);
  });

  it('a manager made a supervisor no longer gets the stored answer of a delete: the route refuses supervisors', async () => {
    const admin = await buildUser(t.deps.db, { role: ROLE.admin });
    const adminToken = await sessionToken(t, admin);
    const other = await buildUser(t.deps.db, { role: ROLE.manager });
    let token = await sessionToken(t, other);
    const duty = await mccDuty('DEMOTED-DELETE');
    const key = newKey();
    const first = await remove(token, duty._id, key);
    expect(first.statusCode).toBe(200);
    expectReplayOf(await remove(token, duty._id, key), first);
    // an admin makes the manager an mcc supervisor (which ends their sessions): they sign in again
    const demoted = await api('PUT', `/admin/accounts/${other.id}`, adminToken, { role: 0, work: 'mcc' });
    expect(demoted.statusCode, demoted.body).toBe(200);
    token = await sessionToken(t, other);
    const replayed = await remove(token, duty._id, key);
    expect(replayed.statusCode).toBe(403);
    expect(replayed.headers['idempotent-replayed']).toBeUndefined();
    expect(replayed.json()).toEqual((await remove(token, duty._id)).json());
  });
});

describe('parallel sends with one key', () => {
  it('five creates make one duty and all answer it', async () => {
    const key = newKey();
    const form = await mccForm('PARALLEL-CREATE');
    const answers = await Promise.all(Array.from({ length: 5 }, () => create(sureshToken, form, key)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
    expect(await dutiesWithTrain('PARALLEL-CREATE')).toBe(1);
  });

  it('five completions make one completion, and five crew edits of one version one edit, all answered alike', async () => {
    const created = await create(anilToken, { trainno: 'PARALLEL-DONE', totalcoach: 6, type: 'Primary', suppliedBedsheet: 50, workers: await crew(2, 'acca') });
    const duty: DutyAnswer = created.json().duty;
    const key = newKey();
    const completions = await Promise.all(Array.from({ length: 5 }, () => update(anilToken, duty._id, { status: 'completed', returned: 45 }, key)));
    expect(completions.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(completions.map((answer) => answer.body)).size).toBe(1);
    expect(completions[0]!.json()).toMatchObject({ message: MSG.trainUpdated, duty: { status: 'completed', returned: 45 } });
    expect(await dutyRow(duty._id)).toMatchObject({ version: duty.version + 1 });
    expect(await auditCount(duty._id, 'duty.complete')).toBe(1);

    const mcc = await mccDuty('PARALLEL-EDIT');
    const editKey = newKey();
    const edit = { trainno: 'PARALLEL-EDIT', status: 'processing', totalcoach: 12, workers: mcc.workers.slice(0, 1), version: mcc.version };
    const edits = await Promise.all(Array.from({ length: 5 }, () => update(sureshToken, mcc._id, edit, editKey)));
    expect(edits.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(edits.map((answer) => answer.body)).size).toBe(1);
    expect(await dutyRow(mcc._id)).toMatchObject({ totalCoach: 12, version: mcc.version + 1 });
    expect(await auditCount(mcc._id, 'duty.update')).toBe(1);
  });
});

describe('keys are kept 24 hours, per account', () => {
  it('a key is honoured for 24 hours and is new after them', async () => {
    const key = newKey();
    const form = await mccForm('DAY-KEY');
    const first = await create(sureshToken, form, key);
    const start = clock.now;
    try {
      clock.now = new Date(start.getTime() + 23 * 3_600_000);
      expectReplayOf(await create(sureshToken, form, key), first);
      clock.now = new Date(start.getTime() + 25 * 3_600_000);
      const later = await create(sureshToken, form, key);
      expect(later.statusCode).toBe(201);
      expect(later.headers['idempotent-replayed']).toBeUndefined();
      expect(later.json().duty._id).not.toBe(first.json().duty._id);
      expect(await dutiesWithTrain('DAY-KEY')).toBe(2);
      // after its 24 hours a key may name another request too
      clock.now = new Date(start.getTime() + 50 * 3_600_000);
      expect((await create(sureshToken, { ...form, trainno: 'DAY-KEY-2' }, key)).statusCode).toBe(201);
    } finally {
      clock.now = start;
    }
  });

  it('the hourly housekeeping removes keys older than 24 hours by the given clock', async () => {
    const oldKey = newKey();
    const freshKey = newKey();
    const start = clock.now;
    try {
      expect((await create(sureshToken, await mccForm('PRUNE-OLD'), oldKey)).statusCode).toBe(201);
      clock.now = new Date(start.getTime() + 2 * 3_600_000);
      expect((await create(sureshToken, await mccForm('PRUNE-NEW'), freshKey)).statusCode).toBe(201);
      await pruneRequestKeys(t.deps.db, new Date(start.getTime() + 25 * 3_600_000));
      expect(await keyRow(suresh, oldKey)).toBeUndefined();
      expect(await keyRow(suresh, freshKey)).toMatchObject({ method: 'POST', route: '/mcctrain/create-mcctrain', statusCode: 201 });
    } finally {
      clock.now = start;
    }
  });

  it("another account's same key is its own", async () => {
    const key = newKey();
    const first = await create(sureshToken, await mccForm('PER-ACCOUNT'), key);
    const byManager = await create(managerToken, await mccForm('PER-ACCOUNT-M'), key);
    expect(byManager.statusCode).toBe(201);
    expect(byManager.headers['idempotent-replayed']).toBeUndefined();
    expect(byManager.json().duty._id).not.toBe(first.json().duty._id);
    expect(await dutiesWithTrain('PER-ACCOUNT-M')).toBe(1);
  });
});

describe('without a key, or with a bad one', () => {
  it('no key: each send is its own request, as SPEC §7 clients expect, and no key is stored', async () => {
    const form = await mccForm('NO-KEY');
    expect((await create(sureshToken, form)).statusCode).toBe(201);
    expect((await create(sureshToken, form)).statusCode).toBe(201);
    expect(await dutiesWithTrain('NO-KEY')).toBe(2);
    const duty = await mccDuty('NO-KEY-DONE');
    expect((await update(sureshToken, duty._id, { status: 'completed' })).json().message).toBe(MSG.trainUpdated);
    const again = await update(sureshToken, duty._id, { status: 'completed' });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(MSG.dutyAlreadyCompleted);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await t.deps.db.select().from(requestKeys).where(eq(requestKeys.userId, suresh.id)).then((rows) => rows.some((row) => row.route.includes(duty._id)))).toBe(false);
  });

  it('a malformed key is refused with 400 on each write and changes nothing', async () => {
    const duty = await mccDuty('BAD-KEY');
    for (const bad of ['spaces are not allowed', 'x'.repeat(101), 'ключ']) {
      const created = await create(sureshToken, await mccForm('BAD-KEY-NEW'), bad);
      expect(created.statusCode).toBe(400);
      expect(created.json()).toMatchObject({ msg: MSG.idempotencyKeyInvalid, success: false });
      expect((await update(sureshToken, duty._id, { status: 'completed' }, bad)).json().msg).toBe(MSG.idempotencyKeyInvalid);
      expect((await remove(managerToken, duty._id, bad)).json().msg).toBe(MSG.idempotencyKeyInvalid);
    }
    expect(await dutiesWithTrain('BAD-KEY-NEW')).toBe(0);
    expect(await dutyRow(duty._id)).toMatchObject({ status: 'processing', version: duty.version });
  });
});

describe('an answer is stored only with a write that committed', () => {
  it('a refusal keeps no answer: the same key runs again, and the corrected request with it succeeds', async () => {
    const duty = await mccDuty('REFUSED');
    const key = newKey();
    const stale = { trainno: 'REFUSED-2', status: 'processing', totalcoach: 18, workers: duty.workers, version: duty.version - 1 };
    const refused = await update(sureshToken, duty._id, stale, key);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(MSG.dutyStale);
    expect(await keyRow(suresh, key)).toBeUndefined();
    // sent again unchanged, it is checked again (and refused again), not replayed
    const again = await update(sureshToken, duty._id, stale, key);
    expect(again.statusCode).toBe(409);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    // sent corrected with the same key, it is a first request
    const fixed = await update(sureshToken, duty._id, { ...stale, version: duty.version }, key);
    expect(fixed.statusCode).toBe(200);
    expect(await dutyRow(duty._id)).toMatchObject({ trainNo: 'REFUSED-2', version: duty.version + 1 });
    expect(await keyRow(suresh, key)).toMatchObject({ statusCode: 200 });
  });

  it('a write that fails inside its transaction after the duty was inserted leaves neither the duty nor the key', async () => {
    // the audit row is the last insert of a create: make the database refuse it for this train
    await t.deps.db.execute(
      sql.raw(`create function refuse_forced_audit() returns trigger language plpgsql as $$
        begin
          if new.after->>'trainno' = 'FAIL-IN-TX' then raise exception 'forced failure'; end if;
          return new;
        end $$`),
    );
    await t.deps.db.execute(sql.raw('create trigger refuse_forced_audit before insert on audit_log for each row execute function refuse_forced_audit()'));
    const key = newKey();
    const form = await mccForm('FAIL-IN-TX');
    try {
      const failed = await create(sureshToken, form, key);
      expect(failed.statusCode).toBe(500);
      expect(await dutiesWithTrain('FAIL-IN-TX')).toBe(0);
      expect(await keyRow(suresh, key)).toBeUndefined();
    } finally {
      await t.deps.db.execute(sql.raw('drop trigger refuse_forced_audit on audit_log'));
      await t.deps.db.execute(sql.raw('drop function refuse_forced_audit()'));
    }
    // the phone sends it again with its key: now it is created, once
    const retried = await create(sureshToken, form, key);
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expectReplayOf(await create(sureshToken, form, key), retried);
    expect(await dutiesWithTrain('FAIL-IN-TX')).toBe(1);
  });

  it('a write whose COMMIT fails leaves neither the duty, its audit row nor the key, and its retry with the key runs afresh', async () => {
    // a deferred check runs at COMMIT, after the route has done all its work: the first
    // commit of this train's audit row fails, as a commit that meets a fault would (a
    // sequence counts the commits: it is not rolled back with them)
    await t.deps.db.execute(sql.raw('create sequence commits_of_fail_at_commit'));
    await t.deps.db.execute(
      sql.raw(`create function refuse_first_commit() returns trigger language plpgsql as $$
        begin
          if new.after->>'trainno' = 'FAIL-AT-COMMIT' and nextval('commits_of_fail_at_commit') = 1 then
            raise exception 'forced failure at commit';
          end if;
          return null;
        end $$`),
    );
    await t.deps.db.execute(
      sql.raw('create constraint trigger refuse_first_commit after insert on audit_log deferrable initially deferred for each row execute function refuse_first_commit()'),
    );
    const key = newKey();
    const form = await mccForm('FAIL-AT-COMMIT');
    const audited = async () =>
      (await t.deps.db.select().from(auditLog).where(and(eq(auditLog.action, 'duty.create'), sql`${auditLog.after}->>'trainno' = 'FAIL-AT-COMMIT'`))).length;
    try {
      const failed = await create(sureshToken, form, key);
      expect(failed.statusCode).toBe(500);
      expect(await dutiesWithTrain('FAIL-AT-COMMIT')).toBe(0);
      expect(await audited()).toBe(0);
      expect(await keyRow(suresh, key)).toBeUndefined();
      // the phone sends it again with its key: it runs afresh (no stored answer), once
      const retried = await create(sureshToken, form, key);
      expect(retried.statusCode).toBe(201);
      expect(retried.headers['idempotent-replayed']).toBeUndefined();
      expectReplayOf(await create(sureshToken, form, key), retried);
      expect(await dutiesWithTrain('FAIL-AT-COMMIT')).toBe(1);
      expect(await audited()).toBe(1);
    } finally {
      await t.deps.db.execute(sql.raw('drop trigger refuse_first_commit on audit_log'));
      await t.deps.db.execute(sql.raw('drop function refuse_first_commit()'));
      await t.deps.db.execute(sql.raw('drop sequence commits_of_fail_at_commit'));
    }
  });
});
