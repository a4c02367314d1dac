import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STAFFING_NORM } from '../../../shared/duties.js';
import { MSG } from '../../../shared/messages.js';
import { ROLE } from '../../../shared/roles.js';
import { WORK_TYPES } from '../../../shared/work-types.js';
import { auditLog, duties, dutyWorkers } from '../../db/schema.js';
import { buildStaff, buildUser, type BuiltUser, sessionToken } from '../../../../test/helpers/factories.js';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.js';

/**
 * Issue 13, points 2–5 and the staffing norms, called as a client written only from SPEC
 * §7 calls them: the raw token as the Authorization header (no "Bearer"), no query
 * parameters, SPEC's payload shapes, and the answer read from msg/message.
 */

const clock = { now: new Date('2026-10-15T06:00:00Z') };
let t: TestApp;
let manager: BuiltUser;
let managerToken: string;
let admin: BuiltUser;
let adminToken: string;
let accaSupervisor: BuiltUser;
let accaToken: string;
let mccSupervisor: BuiltUser;
let mccToken: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  manager = await buildUser(t.deps.db, { role: ROLE.manager, name: 'Manager Mani' });
  managerToken = await sessionToken(t, manager);
  admin = await buildUser(t.deps.db, { role: ROLE.admin, name: 'Admin Anu' });
  adminToken = await sessionToken(t, admin);
  accaSupervisor = await buildUser(t.deps.db, { role: ROLE.supervisor, work: 'acca', name: 'Anil Acca' });
  accaToken = await sessionToken(t, accaSupervisor);
  mccSupervisor = await buildUser(t.deps.db, { role: ROLE.supervisor, work: 'mcc', name: 'Suresh Mcc' });
  mccToken = await sessionToken(t, mccSupervisor);
});
afterAll(async () => {
  await t.close();
});

/** A SPEC §7 call: raw token, the path as SPEC writes it, no query string. */
const spec = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${path}`, payload, headers: { authorization: token } });

async function crew(count: number, work: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) ids.push((await buildStaff(t.deps.db, { work })).id);
  return ids;
}

/** SPEC §7's create payload: work, trainno, supervisor, totalcoach, type, workers, status, suppliedBedsheet, reqq, used. */
function specDuty(fields: { work: string; trainno: string; supervisor: string; workers: string[]; totalcoach?: string; suppliedBedsheet?: string }) {
  return { totalcoach: '10', type: 'Primary', status: 'processing', suppliedBedsheet: '', reqq: 6, used: fields.workers.length, ...fields };
}

async function created(token: string, payload: object): Promise<{ _id: string; workers: string[] } & Record<string, unknown>> {
  const answer = await spec('POST', '/mcctrain/create-mcctrain', token, payload);
  expect(answer.statusCode, answer.body).toBe(201);
  expect(answer.json()).toMatchObject({ success: true, message: MSG.trainAdded });
  return answer.json().duty;
}

describe('point 2: GET /mcctrain/get-completedmcctrain without from/to', () => {
  it('lists every completed duty, newest completion first, not only this month', async () => {
    const workers = await crew(1, 'pftr');
    clock.now = new Date('2026-10-30T10:00:00Z');
    const october = await created(managerToken, specDuty({ work: 'pftr', trainno: '', supervisor: '', workers }));
    expect((await spec('PUT', `/mcctrain/update-mcctrain/${october._id}`, managerToken, { status: 'completed' })).statusCode).toBe(200);
    clock.now = new Date('2026-11-30T10:00:00Z');
    const november = await created(managerToken, specDuty({ work: 'pftr', trainno: '', supervisor: '', workers }));
    expect((await spec('PUT', `/mcctrain/update-mcctrain/${november._id}`, managerToken, { status: 'completed' })).statusCode).toBe(200);

    // the 1st of the month wages are paid from: last month must still be there
    clock.now = new Date('2026-12-01T03:00:00Z');
    const answer = await spec('GET', '/mcctrain/get-completedmcctrain', managerToken);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['x-range-from']).toBeUndefined();
    const ids = answer.json().map((duty: { _id: string }) => duty._id);
    expect(ids).toContain(october._id);
    expect(ids.indexOf(november._id)).toBeLessThan(ids.indexOf(october._id));
    const completedAt = answer.json().map((duty: { completedAt: string }) => duty.completedAt);
    expect(completedAt).toEqual([...completedAt].sort().reverse());

    // paged by limit and cursor, the same pages without a date filter
    const first = await spec('GET', '/mcctrain/get-completedmcctrain?work=pftr&limit=1', managerToken);
    expect(first.json().map((duty: { _id: string }) => duty._id)).toEqual([november._id]);
    const second = await spec('GET', `/mcctrain/get-completedmcctrain?work=pftr&limit=1&cursor=${first.headers['x-next-cursor'] as string}`, managerToken);
    expect(second.json().map((duty: { _id: string }) => duty._id)).toEqual([october._id]);
    expect(second.headers['x-next-cursor']).toBeUndefined();
  });
});

describe('point 3: POST /mcctrain/create-mcctrain with the caller as supervisor', () => {
  it("accepts a manager's and an admin's own id for every work type, and shows their name", async () => {
    for (const work of WORK_TYPES) {
      const duty = await created(managerToken, specDuty({ work, trainno: '12625', supervisor: manager.id, suppliedBedsheet: '40', workers: await crew(1, work) }));
      expect(duty).toMatchObject({ work, supervisor: manager.id, supervisorName: 'Manager Mani' });
    }
    const ofAdmin = await created(adminToken, specDuty({ work: 'bio', trainno: '16344', supervisor: admin.id.toUpperCase(), workers: await crew(1, 'bio') }));
    expect(ofAdmin).toMatchObject({ supervisor: admin.id, supervisorName: 'Admin Anu' });
    const byAdmin = await spec('POST', '/mcctrain/create-mcctrain', adminToken, specDuty({ work: 'bio', trainno: '16345', supervisor: '', workers: await crew(1, 'bio') }));
    expect(byAdmin.json().msg).toBe(MSG.fillAllRequired); // SPEC §5: a train duty names its supervisor
  });

  it('accepts an empty supervisor where SPEC §5 allows it, and refuses other people who are not supervisors', async () => {
    const laundry = await created(managerToken, specDuty({ work: 'laundry', trainno: '', supervisor: '', workers: await crew(1, 'laundry') }));
    expect(laundry).toMatchObject({ supervisor: null, supervisorName: null });

    const otherManager = await buildUser(t.deps.db, { role: ROLE.manager });
    const refused = await spec('POST', '/mcctrain/create-mcctrain', managerToken, specDuty({ work: 'mcc', trainno: '1', supervisor: otherManager.id, workers: await crew(1, 'mcc') }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ success: false, message: MSG.supervisorInvalid, msg: MSG.supervisorInvalid });
    const supervised = await created(managerToken, specDuty({ work: 'mcc', trainno: '1', supervisor: mccSupervisor.id, workers: await crew(1, 'mcc') }));
    expect(supervised.supervisorName).toBe('Suresh Mcc');
  });
});

describe('point 4: PUT /mcctrain/update-mcctrain/{id} with only {status: "completed"}', () => {
  it('lets a supervisor complete an acca duty of their own work type without returned, which stays empty', async () => {
    const duty = await created(accaToken, specDuty({ work: 'acca', trainno: '12627', supervisor: accaSupervisor.id, suppliedBedsheet: '120', workers: await crew(2, 'acca') }));
    const answer = await spec('PUT', `/mcctrain/update-mcctrain/${duty._id}`, accaToken, { status: 'completed' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ success: true, message: MSG.trainUpdated });
    expect(answer.json().duty).toMatchObject({ status: 'completed', suppliedBedsheet: 120, returned: null });
    const [row] = await t.deps.db.select().from(duties).where(eq(duties.id, duty._id));
    expect(row).toMatchObject({ status: 'completed', returned: null });
    const listed = (await spec('GET', '/mcctrain/get-completedmcctrain', accaToken)).json();
    expect(listed.find((item: { _id: string }) => item._id === duty._id)).toMatchObject({ returned: null });
  });

  it('keeps a returned count when one is sent', async () => {
    const duty = await created(accaToken, specDuty({ work: 'acca', trainno: '12628', supervisor: accaSupervisor.id, suppliedBedsheet: '80', workers: await crew(1, 'acca') }));
    const answer = await spec('PUT', `/mcctrain/update-mcctrain/${duty._id}`, accaToken, { status: 'completed', returned: 75 });
    expect(answer.json().duty).toMatchObject({ suppliedBedsheet: 80, returned: 75 });
  });
});

describe('point 5: DELETE /mcctrain/deletework/{id}', () => {
  it('removes a completed duty with its crew; attendance and the dashboard no longer count it; the audit keeps it whole', async () => {
    clock.now = new Date('2026-12-10T06:00:00Z');
    const [worker] = await crew(1, 'bio');
    const duty = await created(managerToken, specDuty({ work: 'bio', trainno: '16345', supervisor: manager.id, workers: [worker!] }));
    expect((await spec('PUT', `/mcctrain/update-mcctrain/${duty._id}`, managerToken, { status: 'completed' })).statusCode).toBe(200);

    const codeOfWorker = async () => {
      const grid = (await spec('GET', '/attendance?work=bio&month=2026-12', managerToken)).json();
      return grid.workers.find((w: { _id?: string; id?: string }) => (w._id ?? w.id) === worker)?.codes[9];
    };
    expect(await codeOfWorker()).toBe('P');
    const before = (await spec('GET', '/dashboard/summary', managerToken)).json();

    const answer = await spec('DELETE', `/mcctrain/deletework/${duty._id}`, managerToken);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ success: true, msg: MSG.dutyDeleted, code: 'dutyDeleted' });

    expect(await codeOfWorker()).toBe('A');
    const after = (await spec('GET', '/dashboard/summary', managerToken)).json();
    expect(after.totalCompletedWork).toBe(before.totalCompletedWork - 1);
    expect(after.todayCompletedWork).toBe(before.todayCompletedWork - 1);
    expect(await t.deps.db.select().from(duties).where(eq(duties.id, duty._id))).toEqual([]);
    expect(await t.deps.db.select().from(dutyWorkers).where(eq(dutyWorkers.dutyId, duty._id))).toEqual([]);
    expect((await spec('GET', `/mcctrain/getone-mcctrain/${duty._id}`, managerToken)).statusCode).toBe(404);

    const [audit] = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.entityId, duty._id), eq(auditLog.action, 'duty.delete')));
    expect(audit).toMatchObject({ actorId: manager.id, entity: 'duty', after: null });
    expect(audit!.before).toMatchObject({ trainno: '16345', work: 'bio', status: 'completed', supervisor: manager.id, totalcoach: 10, workers: [worker], completedDay: '2026-12-10' });
  });

  it('answers a repeated delete, an unknown id and a malformed id 404 with the not-found message', async () => {
    const duty = await created(managerToken, specDuty({ work: 'pftr', trainno: '', supervisor: '', workers: await crew(1, 'pftr') }));
    expect((await spec('DELETE', `/mcctrain/deletework/${duty._id}`, adminToken)).statusCode).toBe(200);
    for (const id of [duty._id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const again = await spec('DELETE', `/mcctrain/deletework/${id}`, managerToken);
      expect(again.statusCode, id).toBe(404);
      expect(again.json()).toMatchObject({ msg: MSG.dutyNotFound });
    }
  });

  it('removes a live duty, so its crew is free again; supervisors and strangers may not delete', async () => {
    const [worker] = await crew(1, 'mcc');
    const duty = await created(mccToken, specDuty({ work: 'mcc', trainno: '22639', supervisor: mccSupervisor.id, workers: [worker!] }));
    const refused = await spec('DELETE', `/mcctrain/deletework/${duty._id}`, mccToken);
    expect(refused.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/mcctrain/deletework/${duty._id}` })).statusCode).toBe(401);
    expect(await t.deps.db.select().from(duties).where(eq(duties.id, duty._id))).toHaveLength(1);

    const flagged = async () => (await spec('GET', '/worker/get-workers?work=mcc', managerToken)).json().find((w: { _id: string }) => w._id === worker).liveDuty;
    expect(await flagged()).toBe('22639');
    expect((await spec('DELETE', `/mcctrain/deletework/${duty._id}`, managerToken)).statusCode).toBe(200);
    expect(await flagged()).toBeNull();
    expect((await spec('GET', '/mcctrain/get-livemcctrain', mccToken)).json().map((d: { _id: string }) => d._id)).not.toContain(duty._id);
  });
});

describe('GET /staffing-norms', () => {
  it("lets those who add duties read the admin's norms, the ones the server stores reqq with", async () => {
    expect((await spec('PUT', '/admin/staffing-norms/acca', adminToken, { perCoach: 1.25 })).statusCode).toBe(200);
    for (const token of [accaToken, managerToken, adminToken]) {
      const answer = await spec('GET', '/staffing-norms', token);
      expect(answer.statusCode).toBe(200);
      expect(answer.json().norms).toHaveLength(WORK_TYPES.length);
      expect(answer.json().norms).toContainEqual({ work: 'acca', perCoach: 1.25 });
      expect(answer.json().norms).toContainEqual({ work: 'mcc', perCoach: DEFAULT_STAFFING_NORM });
    }
    const duty = await created(accaToken, specDuty({ work: 'acca', trainno: '12629', supervisor: accaSupervisor.id, totalcoach: '7', suppliedBedsheet: '10', workers: await crew(1, 'acca') }));
    expect(duty.reqq).toBe(9); // round(1.25 × 7) = 8.75 → 9
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/staffing-norms' })).statusCode).toBe(401);
  });
});

describe('the API document', () => {
  interface Schema {
    type?: string;
    enum?: string[];
    format?: string;
    pattern?: string;
    maxLength?: number;
    minimum?: number;
    maximum?: number;
    anyOf?: Schema[];
    items?: Schema;
    properties?: Record<string, Schema>;
    required?: string[];
  }
  const bodyOf = (path: string, method: string): Schema => {
    const document = (t.app as unknown as { swagger(): { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>> } }).swagger();
    return document.paths[`/api/v1${path}`]![method]!.requestBody!.content['application/json']!.schema;
  };
  const flat = (schema: Schema): Schema[] => (schema.anyOf ? schema.anyOf.flatMap(flat) : [schema]);

  it('states the real types of a new duty and of a duty edit', () => {
    const create = bodyOf('/mcctrain/create-mcctrain', 'post').properties!;
    expect(create.work!.enum).toEqual([...WORK_TYPES]);
    expect(flat(create.trainno!).some((s) => s.maxLength === 20)).toBe(true);
    expect(flat(create.totalcoach!)).toContainEqual(expect.objectContaining({ type: 'integer', minimum: 1, maximum: 500 }));
    expect(flat(create.totalcoach!)).toContainEqual(expect.objectContaining({ type: 'string', pattern: '^\\d+$' }));
    expect(flat(create.suppliedBedsheet!)).toContainEqual(expect.objectContaining({ type: 'integer', minimum: 0, maximum: 100_000 }));
    expect(flat(create.workers!.items!)).toContainEqual(expect.objectContaining({ type: 'string', format: 'uuid' }));
    expect(flat(create.supervisor!)).toContainEqual(expect.objectContaining({ format: 'uuid' }));
    expect(flat(create.type!)).toContainEqual(expect.objectContaining({ enum: ['Primary', 'Secondary'] }));

    const edit = bodyOf('/mcctrain/update-mcctrain/{id}', 'put');
    expect(edit.required).toEqual(['status']);
    expect(edit.properties!.status!.enum).toEqual(['processing', 'completed']);
    expect(flat(edit.properties!.returned!)).toContainEqual(expect.objectContaining({ type: 'integer', minimum: 0 }));
    expect(flat(edit.properties!.version!)).toContainEqual(expect.objectContaining({ type: 'integer', minimum: 0 }));
  });

  it('documents the delete, the norms and the completed list paging', () => {
    const document = (t.app as unknown as { swagger(): { paths: Record<string, Record<string, { description?: string; responses: Record<string, unknown> }>> } }).swagger();
    expect(Object.keys(document.paths['/api/v1/mcctrain/deletework/{id}']!.delete!.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '404']));
    expect(document.paths['/api/v1/staffing-norms']!.get!.responses['200']).toBeTruthy();
    expect(document.paths['/api/v1/mcctrain/get-completedmcctrain']!.get!.description).toMatch(/Without from and to there is no date filter/);
  });
});
