import * as XLSX from '@e965/xlsx';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dutyResponse, type Duty } from '../../../shared/schemas/duties.js';
import { MSG } from '../../../shared/messages.js';
import { ROLE } from '../../../shared/roles.js';
import { auditLog, staffingNorms } from '../../db/schema.js';
import { buildStaff, buildUser, duty as addDuty, sessionToken, type BuiltUser, newSessionToken } from '../../../../test/helpers/factories.js';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.js';

const clock = { now: new Date('2026-11-10T06:00:00Z') };
let t: TestApp;
let manager: BuiltUser;
let managerToken: string;
let mccSupervisor: BuiltUser;
let mccToken: string;
let accaToken: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  manager = await buildUser(t.deps.db, { role: ROLE.manager, name: 'Manager Mani' });
  managerToken = await sessionToken(t, manager);
  mccSupervisor = await buildUser(t.deps.db, { role: ROLE.supervisor, work: 'mcc', name: 'Suresh Mcc' });
  mccToken = await sessionToken(t, mccSupervisor);
  accaToken = await newSessionToken(t, { role: ROLE.supervisor, work: 'acca', name: 'Anil Acca' });
});
afterAll(async () => {
  await t.close();
});

const api = (method: 'GET' | 'POST' | 'PUT', url: string, token: string | undefined, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, payload, headers: token ? { authorization: token } : {} });

async function crew(count: number, work = 'mcc'): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) ids.push((await buildStaff(t.deps.db, { work })).id);
  return ids;
}

/** A manager's mcc duty (the factory's train) with Suresh as supervisor and a crew of three. */
const mccDuty = async (overrides: Record<string, unknown> = {}) =>
  addDuty(t, managerToken, { totalcoach: '18', supervisor: mccSupervisor.id, workers: await crew(3), status: 'processing', ...overrides });

describe('POST /mcctrain/create-mcctrain', () => {
  it('adds a live duty with required staff from the norm, the crew and the supervisor', async () => {
    const workers = await crew(3);
    const response = await api('POST', '/mcctrain/create-mcctrain', managerToken, {
      work: 'mcc',
      trainno: '12625',
      totalcoach: 7,
      type: 'Secondary',
      supervisor: mccSupervisor.id,
      workers,
      status: 'completed',
      reqq: 99,
      used: 99,
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ success: true, message: MSG.trainAdded });
    expect(body.duty).toMatchObject({
      trainno: '12625',
      status: 'processing',
      work: 'mcc',
      totalcoach: 7,
      type: 'Secondary',
      reqq: 4, // round(0.6 × 7)
      used: 3,
      workerCount: 3,
      supervisor: mccSupervisor.id,
      supervisorName: 'Suresh Mcc',
      completedAt: null,
      version: 1,
    });
    expect(body.duty.workers.sort()).toEqual([...workers].sort());
    expect(body.duty.workerDetails).toHaveLength(3);
    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, body.duty._id)).orderBy(auditLog.id);
    expect(audit.map((row) => row.action)).toEqual(['duty.create']);
  });

  it('uses the staffing norm of the work type', async () => {
    await t.deps.db.insert(staffingNorms).values({ work: 'bio', perCoach: '0.5' });
    const duty = await addDuty(t, managerToken, { work: 'bio', trainno: '16345', totalcoach: 9, supervisor: mccSupervisor.id, workers: await crew(2, 'bio') });
    expect(duty).toMatchObject({ reqq: 5, type: null }); // round(0.5 × 9) = 4.5 → 5; no type for bio
  });

  it('applies the rules of SPEC §5 with its messages, creating nothing', async () => {
    const mccCrew = await crew(2);
    const base = { work: 'mcc', trainno: '12625', totalcoach: '18', type: 'Primary', supervisor: mccSupervisor.id, workers: mccCrew };
    const laundryCrew = await crew(1, 'laundry');
    const resigned = (await buildStaff(t.deps.db, { work: 'mcc', status: 'Resigned' })).id;
    const accaWorker = (await crew(1, 'acca'))[0]!;
    const otherManager = await buildUser(t.deps.db, { role: ROLE.manager });
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, workers: [] }, MSG.fillAllRequired],
      // a required field is named before another field's problem (SPEC §5's order)
      [{ ...base, workers: [], totalcoach: '0', type: 'Tertiary' }, MSG.fillAllRequired],
      [{ ...base, supervisor: '' }, MSG.fillAllRequired],
      [{ ...base, trainno: '' }, MSG.fillAllRequired],
      [{ ...base, work: 'acca', workers: [accaWorker] }, MSG.enterSuppliedBedsheet],
      [{ work: 'laundry', workers: [] }, MSG.selectAtLeastOneWorker],
      [{ ...base, workers: [mccCrew[0], mccCrew[0]] }, MSG.workerTwice],
      [{ ...base, workers: [...mccCrew, laundryCrew[0]] }, MSG.workerNotEligible('MCC')],
      [{ ...base, workers: [resigned] }, MSG.workerNotEligible('MCC')],
      [{ ...base, workers: ['not-a-uuid'] }, MSG.workerNotEligible('MCC')],
      // issue 13: the caller's own id is accepted; another person who is not a supervisor is not
      [{ ...base, supervisor: otherManager.id }, MSG.supervisorInvalid],
      [{ ...base, supervisor: 'not-a-uuid' }, MSG.supervisorInvalid],
      [{ ...base, totalcoach: '0' }, MSG.coachesInvalid],
      [{ ...base, type: 'Tertiary' }, MSG.dutyTypeInvalid],
      [{ ...base, work: 'kitchen' }, MSG.workInvalid],
    ];
    const before = (await api('GET', '/mcctrain/get-livemcctrain', managerToken)).json().length;
    for (const [payload, message] of cases) {
      const response = await api('POST', '/mcctrain/create-mcctrain', managerToken, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message, msg: message });
    }
    expect((await api('GET', '/mcctrain/get-livemcctrain', managerToken)).json()).toHaveLength(before);
  });

  it("records a supervisor's own duty with them as supervisor, of their work type only", async () => {
    // issue 13: the supervisor field is an id (or empty) now; another person's is still replaced by theirs
    const duty = await addDuty(t, mccToken, { work: undefined, trainno: '22639', totalcoach: 10, type: 'Primary', workers: await crew(2), supervisor: manager.id });
    expect(duty).toMatchObject({ work: 'mcc', supervisor: mccSupervisor.id, supervisorName: 'Suresh Mcc' });
    const other = await api('POST', '/mcctrain/create-mcctrain', mccToken, { work: 'acca', trainno: '1', totalcoach: 2, suppliedBedsheet: 3, workers: await crew(1, 'acca') });
    expect(other.statusCode).toBe(403);
    expect(other.json().msg).toBe(MSG.ownWorkOnly);
  });

  it('refuses strangers', async () => {
    expect((await api('POST', '/mcctrain/create-mcctrain', undefined, {})).statusCode).toBe(401);
  });
});

describe('live and completed boards', () => {
  it('lists live duties newest first, by work type, with crew and supervisor names', async () => {
    const first = await mccDuty({ trainno: 'LIVE-1' });
    clock.now = new Date(clock.now.getTime() + 60_000);
    const second = await mccDuty({ trainno: 'LIVE-2' });
    const list = (await api('GET', '/mcctrain/get-livemcctrain?work=mcc', managerToken)).json();
    const ids = list.map((d: { _id: string }) => d._id);
    expect(ids.indexOf(second._id)).toBeLessThan(ids.indexOf(first._id));
    expect(list.every((d: { work: string; status: string }) => d.work === 'mcc' && d.status === 'processing')).toBe(true);
    expect(list[0].workerDetails[0]).toMatchObject({ _id: expect.any(String), name: expect.any(String), empid: expect.any(String) });
  });

  it('pages with a cursor', async () => {
    for (let i = 0; i < 3; i += 1) {
      clock.now = new Date(clock.now.getTime() + 1000);
      await addDuty(t, managerToken, { work: 'pftr', workers: await crew(1, 'pftr') });
    }
    const first = await api('GET', '/mcctrain/get-livemcctrain?work=pftr&limit=2', managerToken);
    expect(first.json()).toHaveLength(2);
    const cursor = first.headers['x-next-cursor'] as string;
    expect(cursor).toBeTruthy();
    const second = await api('GET', `/mcctrain/get-livemcctrain?work=pftr&limit=2&cursor=${cursor}`, managerToken);
    expect(second.json()).toHaveLength(1);
    expect(second.headers['x-next-cursor']).toBeUndefined();
    const all = [...first.json(), ...second.json()].map((d: { _id: string }) => d._id);
    expect(new Set(all).size).toBe(3);
  });

  it('shows a supervisor only their own work type', async () => {
    await mccDuty();
    const accaCrew = await crew(1, 'acca');
    await addDuty(t, managerToken, { work: 'acca', trainno: '12626', totalcoach: 5, suppliedBedsheet: 100, supervisor: mccSupervisor.id, workers: accaCrew });
    const mine = (await api('GET', '/mcctrain/get-livemcctrain', mccToken)).json();
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((d: { work: string }) => d.work === 'mcc')).toBe(true);
    expect((await api('GET', '/mcctrain/get-livemcctrain?work=acca', mccToken)).json()).toEqual([]);
    const accaDuty = (await api('GET', '/mcctrain/get-livemcctrain?work=acca', managerToken)).json()[0];
    expect((await api('GET', `/mcctrain/getone-mcctrain/${accaDuty._id}`, mccToken)).statusCode).toBe(404);
    expect((await api('PUT', `/mcctrain/update-mcctrain/${accaDuty._id}`, mccToken, { status: 'completed', returned: 1 })).statusCode).toBe(404);
  });
});

describe('marking completed', () => {
  it('records the moment and its IST day: 00:30 IST counts for that IST day', async () => {
    const duty = await mccDuty();
    clock.now = new Date('2026-11-14T19:00:00Z'); // 00:30 on 15 November in Asia/Kolkata
    const response = await api('PUT', `/mcctrain/update-mcctrain/${duty._id}`, mccToken, { status: 'completed' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, message: MSG.trainUpdated });
    expect(response.json().duty).toMatchObject({ status: 'completed', completedAt: '2026-11-14T19:00:00.000Z', completedDay: '2026-11-15', version: 2 });

    const day = await api('GET', '/mcctrain/get-completedmcctrain?work=mcc&from=2026-11-15&to=2026-11-15', managerToken);
    expect(day.json().map((d: { _id: string }) => d._id)).toContain(duty._id);
    const dayBefore = await api('GET', '/mcctrain/get-completedmcctrain?work=mcc&from=2026-11-14&to=2026-11-14', managerToken);
    expect(dayBefore.json().map((d: { _id: string }) => d._id)).not.toContain(duty._id);
  });

  it('changes nothing when the duty is already completed', async () => {
    const duty = await mccDuty();
    const first = await api('PUT', `/mcctrain/update-mcctrain/${duty._id}`, managerToken, { status: 'completed' });
    clock.now = new Date(clock.now.getTime() + 3_600_000);
    const second = await api('PUT', `/mcctrain/update-mcctrain/${duty._id}`, managerToken, { status: 'completed' });
    expect(second.statusCode).toBe(200);
    expect(second.json().message).toBe(MSG.dutyAlreadyCompleted);
    expect(second.json().duty.completedAt).toBe(first.json().duty.completedAt);
    expect(second.json().duty.version).toBe(first.json().duty.version);
  });

  it('keeps the returned bedsheets of an acca duty and the difference', async () => {
    const duty = await addDuty(t, accaToken, { work: 'acca', trainno: '12627', totalcoach: 6, type: 'Primary', suppliedBedsheet: '120', workers: await crew(2, 'acca') });
    const negative = await api('PUT', `/mcctrain/update-mcctrain/${duty._id}`, accaToken, { status: 'completed', returned: -1 });
    expect(negative.json().msg).toBe(MSG.bedsheetsInvalid);
    const done = await api('PUT', `/mcctrain/update-mcctrain/${duty._id}`, accaToken, { status: 'completed', returned: 0 });
    expect(done.statusCode).toBe(200);
    expect(done.json().duty).toMatchObject({ status: 'completed', suppliedBedsheet: 120, returned: 0 });
  });

  it('completed lists filter by completed days in APP_TZ when asked', async () => {
    clock.now = new Date('2026-12-31T19:00:00Z'); // 00:30 on 1 January 2027 in Kolkata
    const duty = await mccDuty({ trainno: 'NEWYEAR' });
    await api('PUT', `/mcctrain/update-mcctrain/${duty._id}`, managerToken, { status: 'completed' });
    const list = await api('GET', '/mcctrain/get-completedmcctrain?from=2027-01-01&to=2027-01-31', managerToken);
    expect(list.headers['x-range-from']).toBe('2027-01-01');
    expect(list.headers['x-range-to']).toBe('2027-01-31');
    expect(list.json().map((d: { trainno: string }) => d.trainno)).toEqual(['NEWYEAR']);
    expect((await api('GET', '/mcctrain/get-completedmcctrain?from=2027-02-01&to=2027-01-01', managerToken)).statusCode).toBe(400);
  });
});

describe('editing a duty', () => {
  it('lets a manager change train number, coaches (recomputing required staff), crew and status either way', async () => {
    const duty = await mccDuty({ totalcoach: '10' });
    const newCrew = await crew(2);
    const edited = await api('PUT', `/mcctrain/update-mcctrain/${duty._id}`, managerToken, {
      trainno: '12625A',
      totalcoach: 20,
      status: 'completed',
      workers: [duty.workers[0], ...newCrew],
      version: duty.version,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().duty).toMatchObject({ trainno: '12625A', totalcoach: 20, reqq: 12, workerCount: 3, status: 'completed', version: 2 });
    expect(edited.json().duty.completedAt).not.toBeNull();

    const reopened = await api('PUT', `/mcctrain/update-mcctrain/${duty._id}`, managerToken, {
      trainno: '12625A',
      totalcoach: 20,
      status: 'processing',
      workers: edited.json().duty.workers,
      version: 2,
    });
    expect(reopened.json().duty).toMatchObject({ status: 'processing', completedAt: null, completedDay: null, version: 3 });
    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, duty._id)).orderBy(auditLog.id);
    expect(audit.map((row) => row.action)).toEqual(['duty.create', 'duty.update', 'duty.update']);
    expect(audit[1]!.before).toMatchObject({ trainno: '12625', totalcoach: 10 });
    expect(audit[1]!.after).toMatchObject({ trainno: '12625A', totalcoach: 20 });
  });

  it('refuses an edit from an out-of-date copy with 409 and loses nothing', async () => {
    const duty = await mccDuty();
    const edit = (trainno: string) =>
      api('PUT', `/mcctrain/update-mcctrain/${duty._id}`, managerToken, { trainno, totalcoach: 18, status: 'processing', workers: duty.workers, version: duty.version });
    const [a, b] = await Promise.all([edit('FIRST'), edit('SECOND')]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    const winner = a.statusCode === 200 ? a : b;
    expect(loser.json().msg).toBe(MSG.dutyStale);
    const stored = (await api('GET', `/mcctrain/getone-mcctrain/${duty._id}`, managerToken)).json();
    expect(stored.trainno).toBe(winner.json().duty.trainno);
    expect(stored.version).toBe(2);
  });

  it('requires train number, status and coaches, with SPEC\'s message', async () => {
    const duty = await mccDuty();
    for (const payload of [
      { trainno: '', totalcoach: 18, status: 'processing', workers: duty.workers },
      { trainno: '1', totalcoach: '', status: 'processing', workers: duty.workers },
      { trainno: '1', totalcoach: 18, status: '', workers: duty.workers },
    ]) {
      const response = await api('PUT', `/mcctrain/update-mcctrain/${duty._id}`, managerToken, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().msg).toBe(MSG.fillAllRequired);
    }
  });

  it('does not let a supervisor reopen a completed duty', async () => {
    const duty = await mccDuty();
    await api('PUT', `/mcctrain/update-mcctrain/${duty._id}`, mccToken, { status: 'completed' });
    const response = await api('PUT', `/mcctrain/update-mcctrain/${duty._id}`, mccToken, { status: 'processing' });
    expect(response.statusCode).toBe(403);
    expect(response.json().msg).toBe(MSG.onlyManagerReopens);
  });

  it('answers 404 for unknown duties', async () => {
    expect((await api('GET', '/mcctrain/getone-mcctrain/00000000-0000-4000-8000-000000000000', managerToken)).statusCode).toBe(404);
    expect((await api('PUT', '/mcctrain/update-mcctrain/nope', managerToken, { status: 'completed' })).statusCode).toBe(404);
  });
});

describe('crew suggestions', () => {
  it('flag a worker already on a live duty', async () => {
    const [busy] = await crew(1, 'laundry');
    const [free] = await crew(1, 'laundry');
    await addDuty(t, managerToken, { work: 'laundry', workers: [busy] });
    const list = (await api('GET', '/worker/get-workers?work=laundry', managerToken)).json();
    expect(list.find((w: { _id: string }) => w._id === busy).liveDuty).toBe('LAUNDRY');
    expect(list.find((w: { _id: string }) => w._id === free).liveDuty).toBeNull();
  });
});

describe('office lists: search, sort, totals and export (issue 28)', () => {
  // a supervisor of their own, and duties completed in March 2027: no other test's duty is in this view
  let lead: BuiltUser;
  let other: BuiltUser;
  const view = () => `supervisor=${lead.id}&from=2027-03-01&to=2027-03-31`;
  const completedIn = async (day: string, fields: Record<string, unknown>) => {
    clock.now = new Date(`${day}T06:00:00Z`);
    return addDuty(t, managerToken, { supervisor: lead.id, ...fields }, { status: 'completed' });
  };

  beforeAll(async () => {
    lead = await buildUser(t.deps.db, { role: ROLE.supervisor, work: 'mcc', name: 'Leela Kurup' });
    other = await buildUser(t.deps.db, { role: ROLE.supervisor, work: 'mcc', name: 'Omana Raj' });
    // mcc norm 0.6 per coach: 10 coaches → 6 required
    await completedIn('2027-03-02', { work: 'mcc', trainno: '16301', totalcoach: 10, workers: await crew(6) }); // short 0
    await completedIn('2027-03-05', { work: 'mcc', trainno: '16302', totalcoach: 20, workers: await crew(4) }); // 12 required, short 8
    await completedIn('2027-03-09', { work: 'acca', trainno: '22640', totalcoach: 5, suppliedBedsheet: 50, workers: await crew(2, 'acca') }); // 3 required, short 1
    await completedIn('2027-03-12', { work: 'mcc', trainno: '16303', totalcoach: 2, workers: await crew(1) }); // 1 required, short 0
    clock.now = new Date('2027-03-14T06:00:00Z');
    await addDuty(t, managerToken, { work: 'mcc', trainno: '16399', totalcoach: 3, supervisor: other.id, workers: await crew(1) }, { status: 'completed' });
  });

  it('searches by train number or supervisor name, across work types or within one', async () => {
    const trains = async (query: string) =>
      ((await api('GET', `/mcctrain/get-completedmcctrain?from=2027-03-01&to=2027-03-31&${query}`, managerToken)).json() as { trainno: string }[]).map((d) => d.trainno).sort();
    expect(await trains('q=163')).toEqual(['16301', '16302', '16303', '16399']);
    expect(await trains('q=2264')).toEqual(['22640']);
    expect(await trains('q=leela')).toEqual(['16301', '16302', '16303', '22640']);
    expect(await trains('q=LEELA&work=acca')).toEqual(['22640']);
    expect(await trains('q=omana')).toEqual(['16399']);
    // LIKE's wildcards are plain letters
    expect(await trains('q=%25')).toEqual([]);
    expect(await trains('q=_')).toEqual([]);
    // a supervisor searches within their own work type
    const own = (await api('GET', `/mcctrain/get-completedmcctrain?from=2027-03-01&to=2027-03-31&q=22640`, mccToken)).json();
    expect(own).toEqual([]);
  });

  it('sorts by a column and pages by position without losing or repeating a duty', async () => {
    const all = (await api('GET', `/mcctrain/get-completedmcctrain?${view()}&sort=-shortfall`, managerToken)).json() as { trainno: string }[];
    expect(all.map((d) => d.trainno)).toEqual(['16302', '22640', '16303', '16301']); // 8, 1, then ties newest first
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const response = await api('GET', `/mcctrain/get-completedmcctrain?${view()}&sort=coaches&limit=3${cursor ? `&cursor=${cursor}` : ''}`, managerToken);
      expect(response.statusCode).toBe(200);
      seen.push(...(response.json() as { trainno: string }[]).map((d) => d.trainno));
      cursor = response.headers['x-next-cursor'] as string | undefined;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(2);
    expect(seen).toEqual(['16303', '22640', '16301', '16302']);
    const byTrain = (await api('GET', `/mcctrain/get-completedmcctrain?${view()}&sort=-trainno`, managerToken)).json() as { trainno: string }[];
    expect(byTrain.map((d) => d.trainno)).toEqual(['22640', '16303', '16302', '16301']);
    const byCrew = (await api('GET', `/mcctrain/get-completedmcctrain?${view()}&sort=crew`, managerToken)).json() as { trainno: string }[];
    expect(byCrew.map((d) => d.trainno)).toEqual(['16303', '22640', '16302', '16301']);
    // an unknown column, or a keyset cursor with a sort, is refused
    const bad = await api('GET', `/mcctrain/get-completedmcctrain?${view()}&sort=salary`, managerToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe(MSG.lists.sortInvalid);
    const first = await api('GET', `/mcctrain/get-completedmcctrain?${view()}&limit=2`, managerToken);
    const keyset = first.headers['x-next-cursor'] as string;
    expect((await api('GET', `/mcctrain/get-completedmcctrain?${view()}&limit=2&sort=crew&cursor=${keyset}`, managerToken)).statusCode).toBe(400);
  });

  it('adds up the whole view in SQL, whatever page was loaded', async () => {
    const page = await api('GET', `/mcctrain/get-completedmcctrain?${view()}&limit=1`, managerToken);
    expect(page.json()).toHaveLength(1);
    const answer = await api('GET', `/mcctrain/completed-totals?${view()}`, managerToken);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ duties: 4, coaches: 37, crewRequired: 22, crewAssigned: 13, shortfall: 9 });
    // paging plays no part in the totals
    expect((await api('GET', `/mcctrain/completed-totals?${view()}&limit=1&sort=crew`, managerToken)).json()).toEqual(answer.json());
    expect((await api('GET', `/mcctrain/completed-totals?${view()}&q=22640`, managerToken)).json()).toEqual({ duties: 1, coaches: 5, crewRequired: 3, crewAssigned: 2, shortfall: 1 });
    // a supervisor's totals cover their own work type
    expect((await api('GET', `/mcctrain/completed-totals?${view()}`, mccToken)).json()).toMatchObject({ duties: 3, coaches: 32 });
    const live = await api('GET', `/mcctrain/live-totals?supervisor=${lead.id}`, managerToken);
    expect(live.json()).toEqual({ duties: 0, coaches: 0, crewRequired: 0, crewAssigned: 0, shortfall: 0 });
  });

  it('exports the whole view to managers only, with plain cells and a Total row', async () => {
    const response = await api('GET', `/mcctrain/completed-export?${view()}&sort=-coaches`, managerToken);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain('Completed_works_');
    const book = XLSX.read(response.rawPayload, { type: 'buffer', cellNF: true });
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, defval: null, raw: true });
    expect(rows[0]![0]).toBe('Completed works — Work type: All work types · Completed: 01-03-2027 to 31-03-2027 · Supervisor: Leela Kurup · Sorted by: Coaches (descending)');
    expect(rows[1]!.slice(0, 9)).toEqual(['Train No', 'Work type', 'Type', 'Completed on', 'Coaches', 'Crew required', 'Crew assigned', 'Shortfall', 'Supervisor']);
    expect(rows.slice(2, 6).map((row) => row[0])).toEqual(['16302', '16301', '22640', '16303']);
    expect(sheet['A3']).toMatchObject({ t: 's', v: '16302' });
    expect(sheet['D3']).toMatchObject({ t: 'n', z: 'dd-mm-yyyy' });
    expect(sheet['E3']).toMatchObject({ t: 'n', v: 20 });
    // crew names each in a cell of its own: 16302 has four
    const crewStart = rows[1]!.indexOf('Crew 1');
    expect(rows[2]!.slice(crewStart).filter((cell) => typeof cell === 'string')).toHaveLength(4);
    expect(rows[6]!.slice(0, 8)).toEqual(['Total', '4 duties', null, null, 37, 22, 13, 9]);

    expect((await api('GET', `/mcctrain/completed-export?${view()}`, mccToken)).statusCode).toBe(403);
    expect((await api('GET', '/mcctrain/live-export', accaToken)).statusCode).toBe(403);
    expect((await api('GET', '/mcctrain/live-export', undefined)).statusCode).toBe(401);
    const live = await api('GET', '/mcctrain/live-export?work=pftr', managerToken);
    expect(live.statusCode).toBe(200);
    const liveRows = XLSX.utils.sheet_to_json<unknown[]>(XLSX.read(live.rawPayload, { type: 'buffer' }).Sheets['Live works']!, { header: 1, defval: null });
    expect(liveRows[0]![0]).toBe('Live works — Work type: PFTR');
    expect(liveRows.at(-1)![0]).toBe('Total');
  });
});

describe('the duty list pages the database writes equal the plain presentation (issue 29)', () => {
  const listedIn = (state: 'live' | 'completed') => `/mcctrain/get-${state}mcctrain`;
  /** A list's pages, followed by x-next-cursor, as their duties in order. */
  async function allPages(path: string, token: string): Promise<{ pages: Duty[][]; headers: Record<string, unknown>[] }> {
    const pages: Duty[][] = [];
    const headers: Record<string, unknown>[] = [];
    let cursor: string | undefined;
    do {
      const response = await api('GET', `${path}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, token);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      const page = response.json<Duty[]>();
      expect(z.array(dutyResponse).parse(page)).toEqual(page);
      pages.push(page);
      headers.push(response.headers);
      cursor = response.headers['x-next-cursor'] as string | undefined;
    } while (cursor && pages.length < 50);
    return { pages, headers };
  }
  /** The same duty as GET /mcctrain/getone-mcctrain answers it (rows read by Drizzle, presented in TypeScript). */
  const plain = async (id: string, token: string) => (await api('GET', `/mcctrain/getone-mcctrain/${id}`, token)).json<Duty>();

  it('lists live and completed duties field for field as getone presents them, in order, page after page', async () => {
    const same = 'Zed "Quote" \\ Back';
    const ties = [(await buildStaff(t.deps.db, { work: 'bio', name: same })).id, (await buildStaff(t.deps.db, { work: 'bio', name: same })).id];
    const bioSupervisor = await buildUser(t.deps.db, { role: ROLE.supervisor, work: 'bio', name: 'Bhavna Bio — ñ' });
    const bioToken = await sessionToken(t, bioSupervisor);
    const made: Duty[] = [];
    for (let i = 0; i < 7; i += 1) {
      clock.now = new Date(Date.UTC(2026, 10, 10, 6, i));
      const workers = [...(i % 2 ? ties : []), ...(await crew(1 + (i % 3), 'bio'))];
      const fields = { work: 'bio', trainno: `2${i}625`, totalcoach: String(10 + i), supervisor: i === 3 ? manager.id : bioSupervisor.id, workers, status: 'processing' };
      made.push(await addDuty(t, managerToken, fields, i < 5 ? { status: 'completed' } : undefined));
    }
    // an acca duty with bedsheets supplied and returned, and a duty of a work type without trains
    await addDuty(t, managerToken, { work: 'acca', type: 'Primary', supervisor: manager.id, suppliedBedsheet: '120', workers: await crew(2, 'acca') }, { status: 'completed', returned: 97 });
    await addDuty(t, managerToken, { work: 'laundry', trainno: '', totalcoach: '', workers: await crew(2, 'laundry') }, { status: 'completed' });
    clock.now = new Date('2026-11-10T06:00:00Z');
    // the answers of the writes (built from what was written) are the duty as read back
    for (const duty of made) expect(duty).toEqual(await plain(duty._id, managerToken));

    for (const [path, token] of [
      [`${listedIn('completed')}?work=bio&limit=2`, managerToken],
      [`${listedIn('completed')}?work=bio&from=2026-11-10&to=2026-11-10&limit=3`, managerToken],
      [`${listedIn('live')}?work=bio&limit=1`, managerToken],
      [`${listedIn('completed')}?limit=4`, managerToken],
      [`${listedIn('completed')}?limit=3&sort=-shortfall`, managerToken],
      [`${listedIn('completed')}?limit=2&sort=crew`, bioToken],
      [`${listedIn('live')}?limit=500`, bioToken],
    ] as const) {
      const { pages, headers } = await allPages(path, token);
      const listed = pages.flat();
      // field for field what the plain presentation answers
      for (const duty of listed) expect(duty).toEqual(await plain(duty._id, token));
      // every duty of the view once (the totals count it in SQL of their own)
      const totals = (await api('GET', path.replace(/get-(live|completed)mcctrain/, '$1-totals').replace(/&?(limit|sort)=[^&]*/g, ''), token)).json<{ duties: number }>();
      expect(new Set(listed.map((duty) => duty._id)).size).toBe(listed.length);
      expect(listed.length).toBe(totals.duties);
      const limit = Number(/limit=(\d+)/.exec(path)![1]);
      expect(pages.slice(0, -1).every((page) => page.length === limit)).toBe(true);
      if (!path.includes('sort=')) {
        // newest first: live by creation, completed by the moment of completion, then id
        const at = (duty: Duty) => (path.includes('live') ? duty.createdAt : duty.completedAt!);
        expect(listed).toEqual([...listed].sort((a, b) => (at(a) === at(b) ? (a._id < b._id ? 1 : -1) : at(a) < at(b) ? 1 : -1)));
      }
      if (path.includes('from=')) expect(headers[0]).toMatchObject({ 'x-range-from': '2026-11-10', 'x-range-to': '2026-11-10' });
    }
    // a crew's workers of the same name come in one order in both presentations
    const withTies = await plain(made[1]!._id, managerToken);
    expect(withTies.workerDetails.filter((worker) => worker.name === same).map((worker) => worker._id)).toEqual([...ties].sort());
  });

  it('answers an empty list as []', async () => {
    const response = await api('GET', `${listedIn('completed')}?work=pftr&from=2020-01-01&to=2020-01-31`, managerToken);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('[]');
    expect(response.headers['x-next-cursor']).toBeUndefined();
  });
});
