import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BULK_CHANGE_MAX_ROWS, WAGE_FROM_FUTURE_DAYS, WAGE_FROM_PAST_DAYS } from '../../../shared/limits.js';
import { MSG } from '../../../shared/messages.js';
import { ROLE, type Role } from '../../../shared/roles.js';
import { auditLog, sessions, staff, users, wageRevisions } from '../../db/schema.js';
import { buildStaff, buildUser, sessionToken } from '../../../../test/helpers/factories.js';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.js';
import { applyDueWageRevisions } from './wage-revisions.js';

/** 12:00 in Asia/Kolkata on 2026-11-28. */
const clock = { now: new Date('2026-11-28T06:30:00Z') };
const TODAY = '2026-11-28';

let t: TestApp;
let manager: { id: string; token: string };
let admin: { id: string; token: string };

beforeAll(async () => {
  t = await createTestApp({ clock });
  const managerUser = await buildUser(t.deps.db, { role: ROLE.manager, name: 'Bulk Manager' });
  manager = { id: managerUser.id, token: await sessionToken(t, managerUser) };
  const adminUser = await buildUser(t.deps.db, { role: ROLE.admin, name: 'Bulk Admin' });
  admin = { id: adminUser.id, token: await sessionToken(t, adminUser) };
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  clock.now = new Date('2026-11-28T06:30:00Z');
});

const post = (path: 'bulk-preview' | 'bulk-update', token: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1/worker/${path}`, payload: payload as object, headers: { authorization: token, ...headers } });

const record = async (id: string) => (await t.deps.db.select().from(staff).where(eq(staff.id, id)))[0]!;
const auditOf = (ids: string[]) => t.deps.db.select().from(auditLog).where(and(eq(auditLog.entity, 'staff'), inArray(auditLog.entityId, ids)));

/** Three plain workers with a name of their own (for search). */
async function crew(tag: string, work = 'mcc') {
  return Promise.all([1, 2, 3].map((n) => buildStaff(t.deps.db, { name: `${tag} Worker ${n}`, work, wage: '600.00' })));
}

/** An account of `role` linked to a staff record of its own. */
async function linked(role: Role, name: string) {
  const user = await buildUser(t.deps.db, { role, name });
  const record = await buildStaff(t.deps.db, { name, designation: role === ROLE.supervisor ? 'Supervisor' : 'Cleaning Staff' });
  await t.deps.db.update(users).set({ staffId: record.id }).where(eq(users.id, user.id));
  return { user, staffId: record.id, token: await sessionToken(t, user) };
}

describe('bulk changes to staff (issue 28)', () => {
  it('sets the status of the selected records in one go, with their On Leave day and one audit entry each', async () => {
    const workers = await crew('Leave');
    const ids = workers.map((w) => w.id);
    const body = { ids, change: { status: 'On Leave' } };

    const preview = await post('bulk-preview', manager.token, body);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ selected: 3, unchanged: 0, refused: [], pending: false });
    expect(preview.json().changes.map((row: { name: string; before: string; after: string }) => [row.name, row.before, row.after]).sort()).toEqual([
      ['Leave Worker 1', 'Active', 'On Leave'],
      ['Leave Worker 2', 'Active', 'On Leave'],
      ['Leave Worker 3', 'Active', 'On Leave'],
    ]);
    // the preview changed nothing
    expect((await record(ids[0]!)).status).toBe('Active');

    const applied = await post('bulk-update', manager.token, body);
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({ success: true, msg: MSG.staffBulk.changed(3), changed: 3, unchanged: 0 });
    for (const id of ids) expect(await record(id)).toMatchObject({ status: 'On Leave', onLeaveFrom: TODAY, leftOn: null });
    const audit = await auditOf(ids);
    expect(audit).toHaveLength(3);
    expect(audit.every((row) => row.action === 'staff.update' && row.actorId === manager.id)).toBe(true);
    expect(audit.map((row) => [(row.before as { status: string }).status, (row.after as { status: string }).status])).toEqual(Array(3).fill(['Active', 'On Leave']));

    // sent again (no key), nothing more changes: the records already have the value
    const again = await post('bulk-update', manager.token, body);
    expect(again.json()).toMatchObject({ changed: 0, unchanged: 3 });
    expect(await auditOf(ids)).toHaveLength(3);
  });

  it('moves every record matching a filter to another work type, and their accounts with them', async () => {
    const workers = await crew('Zebra', 'bio');
    const other = await buildStaff(t.deps.db, { name: 'Zebra Elsewhere', work: 'acca' });
    const supervisor = await linked(ROLE.supervisor, 'Zebra Supervisor');
    await t.deps.db.update(staff).set({ work: 'bio' }).where(eq(staff.id, supervisor.staffId));

    const body = { filter: { work: 'BIO', q: 'zebra' }, change: { work: 'pftr' } };
    const preview = await post('bulk-preview', manager.token, body);
    expect(preview.json()).toMatchObject({ selected: 4, unchanged: 0, refused: [] });

    const applied = await post('bulk-update', manager.token, body);
    expect(applied.json()).toMatchObject({ changed: 4 });
    for (const w of workers) expect((await record(w.id)).work).toBe('pftr');
    expect((await record(supervisor.staffId)).work).toBe('pftr');
    expect((await record(other.id)).work).toBe('acca');
    const [account] = await t.deps.db.select().from(users).where(eq(users.id, supervisor.user.id));
    expect(account!.work).toBe('pftr');
  });

  it('sets the designation and the skill category', async () => {
    const workers = await crew('Skill');
    const ids = workers.map((w) => w.id);
    expect((await post('bulk-update', admin.token, { ids, change: { skill: 'skilled' } })).json()).toMatchObject({ changed: 3 });
    expect((await post('bulk-update', admin.token, { ids: ids.slice(0, 2), change: { designation: 'Supervisor' } })).json()).toMatchObject({ changed: 2 });
    expect((await Promise.all(ids.map(record))).map((row) => [row.skill, row.designation])).toEqual([
      ['skilled', 'Supervisor'],
      ['skilled', 'Supervisor'],
      ['skilled', 'Cleaning Staff'],
    ]);
    expect(await auditOf(ids)).toHaveLength(5);
  });

  it("refuses a manager another manager's record, and then changes nothing at all", async () => {
    const workers = await crew('Mixed');
    const peer = await linked(ROLE.manager, 'Peer Manager Mixed');
    const ids = [...workers.map((w) => w.id), peer.staffId];
    const body = { ids, change: { wage: '720.50', from: TODAY } };

    const preview = await post('bulk-preview', manager.token, body);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().changes).toHaveLength(3);
    expect(preview.json().refused).toEqual([
      expect.objectContaining({ _id: peer.staffId, name: 'Peer Manager Mixed', reason: MSG.staffOfHigherRole, code: 'staffOfHigherRole' }),
    ]);

    const refused = await post('bulk-update', manager.token, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(MSG.staffBulk.refusedNow);
    expect(refused.json().refused.map((row: { _id: string }) => row._id)).toEqual([peer.staffId]);
    for (const id of ids) expect((await record(id)).wage).toBe('600.00');
    expect(await auditOf(ids)).toHaveLength(0);
    expect(await t.deps.db.select().from(wageRevisions).where(inArray(wageRevisions.staffId, ids))).toHaveLength(0);

    // the accepted ones, as the preview listed them, go through; an admin changes the manager's too
    expect((await post('bulk-update', manager.token, { ...body, ids: preview.json().changes.map((row: { _id: string }) => row._id) })).json()).toMatchObject({ changed: 3 });
    expect((await post('bulk-update', admin.token, { ids: [peer.staffId], change: body.change })).json()).toMatchObject({ changed: 1 });
    expect((await record(peer.staffId)).wage).toBe('720.50');
  });

  it('refuses anyone setting themself Resigned, and an id not on the register, as rows', async () => {
    const self = await linked(ROLE.manager, 'Self Resigning Manager');
    const worker = await buildStaff(t.deps.db, { name: 'Resigning Worker' });
    const missing = '00000000-0000-4000-8000-000000000001';
    const body = { ids: [self.staffId, worker.id, missing], change: { status: 'Resigned' } };
    const preview = await post('bulk-preview', self.token, body);
    expect(preview.json().selected).toBe(2);
    expect(preview.json().refused.map((row: { _id: string; reason: string }) => [row._id, row.reason]).sort()).toEqual(
      [
        [self.staffId, MSG.ownStaffRecord],
        [missing, MSG.staffBulk.notOnRegister],
      ].sort(),
    );
    expect((await post('bulk-update', self.token, body)).statusCode).toBe(409);
    expect((await record(worker.id)).status).toBe('Active');

    // a worker set Resigned gets the day they left, and a linked account's sessions end
    const supervisor = await linked(ROLE.supervisor, 'Resigned Supervisor');
    expect((await post('bulk-update', manager.token, { ids: [worker.id, supervisor.staffId], change: { status: 'Resigned' } })).json()).toMatchObject({ changed: 2 });
    expect(await record(worker.id)).toMatchObject({ status: 'Resigned', leftOn: TODAY });
    expect(await t.deps.db.select().from(sessions).where(eq(sessions.userId, supervisor.user.id))).toHaveLength(0);
  });

  it('a wage from today is the wage GET /worker/getoneworker answers at once, with its revision kept', async () => {
    const [worker] = await crew('Today');
    const applied = await post('bulk-update', manager.token, { ids: [worker!.id], change: { wage: '1,005.25', from: TODAY } });
    expect(applied.json()).toMatchObject({ changed: 1, pending: false });
    const read = await t.app.inject({ method: 'GET', url: `/api/v1/worker/getoneworker/${worker!.id}`, headers: { authorization: manager.token } });
    expect(read.json()[0].wage).toBe(1005.25);
    const [revision] = await t.deps.db.select().from(wageRevisions).where(eq(wageRevisions.staffId, worker!.id));
    expect(revision).toMatchObject({ effectiveFrom: TODAY, wage: '1005.25', createdBy: manager.id, createdByName: 'Bulk Manager' });
    expect(revision!.appliedAt).not.toBeNull();
  });

  it('a wage from a later day waits, and is applied once when its day comes in the company time zone', async () => {
    const [worker] = await crew('Later');
    const body = { ids: [worker!.id], change: { wage: '700', from: '2026-12-01' } };
    const preview = await post('bulk-preview', manager.token, body);
    expect(preview.json()).toMatchObject({ pending: true, changes: [{ before: '600.00', after: '700.00' }] });
    expect((await post('bulk-update', manager.token, body)).json()).toMatchObject({ changed: 1, pending: true });
    // the same revision again is no change
    expect((await post('bulk-update', manager.token, body)).json()).toMatchObject({ changed: 0, unchanged: 1 });
    expect((await record(worker!.id)).wage).toBe('600.00');
    const [audit] = await auditOf([worker!.id]);
    expect(audit).toMatchObject({ action: 'staff.wage-revision', after: { wage: 700, wageFrom: '2026-12-01' } });

    // 23:59 on 30 November in Kolkata: not yet
    expect(await applyDueWageRevisions(t.deps.db, '2026-11-30', new Date('2026-11-30T18:29:00Z'))).toBe(0);
    expect((await record(worker!.id)).wage).toBe('600.00');
    // the payroll applies it before reading wages on the day
    clock.now = new Date('2026-11-30T18:31:00Z');
    const payroll = await t.app.inject({ method: 'GET', url: '/api/v1/payroll?work=mcc&month=2026-12', headers: { authorization: manager.token } });
    expect(payroll.statusCode).toBe(200);
    expect((await record(worker!.id)).wage).toBe('700.00');
    expect(await applyDueWageRevisions(t.deps.db, '2026-12-01', clock.now)).toBe(0);
    const audit2 = await auditOf([worker!.id]);
    expect(audit2.map((row) => row.action).sort()).toEqual(['staff.update', 'staff.wage-revision']);
  });

  it('honours an Idempotency-Key: a repeat answers the first answer and changes nothing', async () => {
    const workers = await crew('Keyed');
    const ids = workers.map((w) => w.id);
    const body = { ids, change: { skill: 'unskilled' } };
    const first = await post('bulk-update', manager.token, body, { 'idempotency-key': 'bulk-key-1' });
    expect(first.json()).toMatchObject({ changed: 3 });
    const repeat = await post('bulk-update', manager.token, body, { 'idempotency-key': 'bulk-key-1' });
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.json()).toMatchObject({ changed: 3 });
    expect(await auditOf(ids)).toHaveLength(3);
    const other = await post('bulk-update', manager.token, { ids, change: { skill: 'skilled' } }, { 'idempotency-key': 'bulk-key-1' });
    expect(other.statusCode).toBe(422);
  });

  it('refuses what breaks a rule with 400 and a clear message, writing nothing', async () => {
    const [worker] = await crew('Invalid');
    const ids = [worker!.id];
    const cases: Array<[unknown, string]> = [
      [{ ids, change: { wage: '-5', from: TODAY } }, MSG.wageInvalid],
      [{ ids, change: { wage: '12.345', from: TODAY } }, MSG.wageInvalid],
      [{ ids, change: { wage: '', from: TODAY } }, MSG.staffBulk.wageRequired],
      [{ ids, change: { wage: '700' } }, MSG.staffBulk.fromRequired],
      [{ ids, change: { wage: '700', from: '2026-02-30' } }, MSG.staffBulk.fromInvalid],
      [{ ids, change: { wage: '700', from: '2026-08-01' } }, MSG.staffBulk.fromTooEarly(WAGE_FROM_PAST_DAYS)],
      [{ ids, change: { wage: '700', from: '2028-01-01' } }, MSG.staffBulk.fromTooLate(WAGE_FROM_FUTURE_DAYS)],
      [{ ids, change: {} }, MSG.staffBulk.changeRequired],
      [{ ids, change: { status: 'On Leave', work: 'bio' } }, MSG.staffBulk.oneChange],
      [{ ids, change: { status: 'Away' } }, MSG.statusInvalid],
      [{ ids, change: { work: 'kitchen' } }, MSG.workInvalid],
      [{ change: { status: 'Active' } }, MSG.staffBulk.selectionRequired],
      [{ ids, filter: {}, change: { status: 'Active' } }, MSG.staffBulk.selectionBoth],
      [{ ids: [], change: { status: 'Active' } }, MSG.staffBulk.noneSelected],
      [{ ids: Array(BULK_CHANGE_MAX_ROWS + 1).fill(worker!.id), change: { status: 'Active' } }, MSG.staffBulk.tooMany(BULK_CHANGE_MAX_ROWS)],
    ];
    for (const [body, message] of cases) {
      for (const path of ['bulk-preview', 'bulk-update'] as const) {
        const answer = await post(path, manager.token, body);
        expect([answer.statusCode, answer.json().msg], `${path} ${JSON.stringify(body).slice(0, 120)}`).toEqual([400, message]);
      }
    }
    // a misspelt filter is refused, not read as "everyone"
    expect((await post('bulk-update', manager.token, { filter: { stauts: 'Active' }, change: { status: 'On Leave' } })).statusCode).toBe(400);
    expect(await record(worker!.id)).toMatchObject({ wage: '600.00', status: 'Active' });
    expect(await auditOf(ids)).toHaveLength(0);
  });

  it('is for managers and admins only', async () => {
    const supervisor = await linked(ROLE.supervisor, 'Curious Supervisor');
    const answer = await post('bulk-preview', supervisor.token, { filter: {}, change: { status: 'On Leave' } });
    expect(answer.statusCode).toBe(403);
    expect((await post('bulk-update', supervisor.token, { filter: {}, change: { status: 'On Leave' } })).statusCode).toBe(403);
  });
});
