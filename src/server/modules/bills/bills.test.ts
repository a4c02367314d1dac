import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILL_STATUSES } from '../../../shared/bills.js';
import { CONTRACT_PERIOD_MAX } from '../../../shared/limits.js';
import { MSG } from '../../../shared/messages.js';
import { ROLE } from '../../../shared/roles.js';
import { auditLog } from '../../db/schema.js';
import { bill, billFields, buildStaff, buildUser, duty, sessionToken, newSessionToken } from '../../../../test/helpers/factories.js';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.js';
import * as XLSX from '@e965/xlsx';

let t: TestApp;
let managerToken: string;
let adminToken: string;
let supervisorToken: string;

beforeAll(async () => {
  t = await createTestApp({ clock: { now: new Date('2026-11-20T10:00:00Z') } });
  managerToken = await newSessionToken(t, { role: ROLE.manager });
  adminToken = await newSessionToken(t, { role: ROLE.admin });
  supervisorToken = await newSessionToken(t, { role: ROLE.supervisor });
});
afterAll(async () => {
  await t.close();
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = managerToken) =>
  t.app.inject({ method, url: `/api/v1${url}`, payload, headers: { authorization: token } });

interface JsonSchema {
  required?: string[];
  properties?: Record<string, JsonSchema>;
  enum?: unknown[];
  pattern?: string;
  maxLength?: number;
  anyOf?: unknown[];
}

describe('bills', () => {
  it('adds a bill (201), refuses a second for the same work type and month (200), exactly', async () => {
    const created = await api('POST', '/mcctrain/createbill', billFields());
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ success: true, msg: MSG.billAdded });
    expect(created.json().bill).toMatchObject({ work: 'mcc', month: '2026-10', billvalue: 125000.5, penalty: 2500, netamount: 122500.5 });
    const again = await api('POST', '/mcctrain/createbill', billFields({ work: 'MCC', status: 'Accounts' }));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ success: false, msg: MSG.billExists('October 2026', 'MCC'), code: 'billExists', params: { 0: 'October 2026', 1: 'MCC' } });
    // another work type may bill the same month
    expect((await api('POST', '/mcctrain/createbill', billFields({ work: 'acca' }))).statusCode).toBe(201);
  });

  it('lists bills newest month first', async () => {
    await bill(t, managerToken, { work: 'bio', month: '2026-08' });
    await bill(t, managerToken, { work: 'bio', month: '2026-11' });
    await bill(t, managerToken, { work: 'bio', month: '2026-09' });
    const response = await api('GET', '/mcctrain/getbills?work=bio');
    expect(response.json().bills.map((b: { month: string }) => b.month)).toEqual(['2026-11', '2026-09', '2026-08']);
    const all = (await api('GET', '/mcctrain/getbills')).json().bills.map((b: { month: string }) => b.month);
    expect([...all].sort().reverse()).toEqual(all);
  });

  it('checks the add form with SPEC §5 and clear messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ work: '' }, MSG.fillAllRequired],
      [{ month: '' }, MSG.fillAllRequired],
      [{ status: '' }, MSG.fillAllRequired],
      [{ billvalue: '' }, MSG.fillAllRequired],
      [{ penalty: null }, MSG.fillAllRequired],
      [{ netamount: undefined }, MSG.fillAllRequired],
      [{ billvalue: '12.345' }, MSG.amountInvalid],
      [{ penalty: '-5' }, MSG.amountInvalid],
      [{ status: 'Paid' }, MSG.billStatusInvalid],
      [{ month: '2026-13' }, MSG.monthInvalid],
      [{ work: 'kitchen' }, MSG.workInvalid],
    ];
    for (const [overrides, message] of cases) {
      const response = await api('POST', '/mcctrain/createbill', billFields({ month: '2025-01', work: 'pftr', ...overrides }));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().msg).toBe(message);
    }
    expect((await api('GET', '/mcctrain/getbills?work=pftr')).json().bills).toEqual([]);
  });

  it('reads amounts given as text or as numbers, and refuses what numeric(14, 2) cannot hold exactly', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ billvalue: 12.345 }, MSG.amountInvalid],
      [{ netamount: -1 }, MSG.amountInvalid],
      [{ penalty: '1e3' }, MSG.amountInvalid],
      [{ billvalue: '1000000000000' }, MSG.amountInvalid],
      [{ billvalue: 1e12 }, MSG.amountInvalid],
      [{ billvalue: true }, MSG.amountInvalid],
      [{ penalty: '   ' }, MSG.fillAllRequired],
      [{ consumedcoach: 'many' }, MSG.consumedCoachInvalid],
      [{ consumedcoach: 1.5 }, MSG.consumedCoachInvalid],
      [{ contractperiod: 'x'.repeat(CONTRACT_PERIOD_MAX + 1) }, MSG.tooLong('Contract Period', CONTRACT_PERIOD_MAX)],
      [{ month: '1999-12' }, MSG.monthOutOfRange],
      [{ month: 202611 }, MSG.monthInvalid],
      [{ status: 7 }, MSG.billStatusInvalid],
      // SPEC §5: a missing required field is named before any other problem
      [{ billvalue: 'x', status: 'Paid', netamount: '' }, MSG.fillAllRequired],
      [{ billvalue: 'x', status: 'Paid' }, MSG.billStatusInvalid],
    ];
    for (const [overrides, message] of cases) {
      const response = await api('POST', '/mcctrain/createbill', billFields({ month: '2025-02', work: 'pftr', ...overrides }));
      expect([response.statusCode, response.json().msg], JSON.stringify(overrides)).toEqual([400, message]);
    }
    const created = await api('POST', '/mcctrain/createbill', {
      ...billFields({ work: ' Pit & Yard ', month: '2025-03', status: 'bill passed', billvalue: 999999999999.99, penalty: '0.5' }),
      consumedcoach: '420',
      contractperiod: '  ',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().bill).toMatchObject({
      work: 'pit & yard',
      status: 'Bill Passed',
      billvalue: 999999999999.99,
      penalty: 0.5,
      consumedcoach: 420,
      contractperiod: null,
    });
  });

  it('filters the list by ?work= like the staff and duty lists: any case, and an unknown one is refused', async () => {
    await bill(t, managerToken, { work: 'acca', month: '2024-05' });
    const upper = (await api('GET', '/mcctrain/getbills?work=ACCA')).json().bills as { work: string }[];
    expect(upper.length).toBeGreaterThan(0);
    expect(upper.every((b) => b.work === 'acca')).toBe(true);
    const unknown = await api('GET', '/mcctrain/getbills?work=kitchen');
    expect([unknown.statusCode, unknown.json().msg]).toEqual([400, MSG.workInvalid]);
    expect((await api('GET', '/mcctrain/getbills?work=')).statusCode).toBe(200);
  });

  it('answers a malformed bill id as not found, without a database round trip', async () => {
    for (const [method, url, payload] of [
      ['PUT', '/mcctrain/update-bill/not-a-uuid', billFields()],
      ['DELETE', '/mcctrain/delete-bill/12345', undefined],
    ] as const) {
      const response = await api(method, url, payload);
      expect([response.statusCode, response.json().msg]).toEqual([404, MSG.billNotFound]);
    }
  });

  it('states its rules in the API document', async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: JsonSchema }> } }>> };
    const create = doc.paths['/api/v1/mcctrain/createbill']!.post!.requestBody!.content['application/json']!.schema;
    expect(create.required).toEqual(['status', 'billvalue', 'penalty', 'netamount', 'work', 'month']);
    expect(create.properties!.status!.enum).toEqual([...BILL_STATUSES]);
    expect(create.properties!.month!.pattern).toBe('^\\d{4}-(0[1-9]|1[0-2])$');
    expect(create.properties!.billvalue!.anyOf).toEqual([
      expect.objectContaining({ type: 'string', pattern: '^\\d{1,12}(\\.\\d{1,2})?$' }),
      expect.objectContaining({ type: 'number', minimum: 0, maximum: 999999999999.99 }),
    ]);
    expect(create.properties!.contractperiod!.maxLength).toBe(CONTRACT_PERIOD_MAX);
  });

  it('edits and deletes, with the audit trail', async () => {
    const created = await bill(t, managerToken, { work: 'laundry' });
    const updated = await api('PUT', `/mcctrain/update-bill/${created._id}`, {
      status: 'Bill Passed',
      billvalue: 130000,
      penalty: '1000.25',
      netamount: '128999.75',
      consumedcoach: 420,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ success: true, msg: MSG.billUpdated });
    expect(updated.json().bill).toMatchObject({ status: 'Bill Passed', billvalue: 130000, penalty: 1000.25, netamount: 128999.75, consumedcoach: 420 });
    // any status change is allowed, back as well
    expect((await api('PUT', `/mcctrain/update-bill/${created._id}`, { ...billFields(), status: 'Processing' })).statusCode).toBe(200);

    const removed = await api('DELETE', `/mcctrain/delete-bill/${created._id}`);
    expect(removed.json()).toEqual({ success: true, msg: MSG.billDeleted, code: 'billDeleted' });
    expect((await api('DELETE', `/mcctrain/delete-bill/${created._id}`)).statusCode).toBe(404);
    expect((await api('PUT', `/mcctrain/update-bill/${created._id}`, billFields())).statusCode).toBe(404);
    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, created._id)).orderBy(auditLog.id);
    expect(audit.map((row) => row.action)).toEqual(['bill.create', 'bill.update', 'bill.update', 'bill.delete']);
  });

  it('is for managers and admins only', async () => {
    expect((await api('GET', '/mcctrain/getbills', undefined, supervisorToken)).statusCode).toBe(403);
    expect((await api('POST', '/mcctrain/createbill', billFields({ month: '2024-01' }), supervisorToken)).statusCode).toBe(403);
    expect((await api('GET', '/mcctrain/getbills', undefined, adminToken)).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/mcctrain/getbills' })).statusCode).toBe(401);
  });
});

describe('GET /dashboard/summary', () => {
  it('answers the nine figures against a known set of duties and bills', async () => {
    const clock = { now: new Date('2026-11-20T10:00:00Z') };
    const d = await createTestApp({ clock });
    try {
      const token = await sessionToken(d, await buildUser(d.deps.db, { role: ROLE.manager }));
      await bill(d, token, { month: '2026-08', status: 'Bill Passed', billvalue: 1000, penalty: 100, netamount: 900 });
      await bill(d, token, { month: '2026-09', status: 'Bill Passed', billvalue: 2000, penalty: 0, netamount: 2000 });
      await bill(d, token, { month: '2026-10', status: 'Accounts', billvalue: '500.50', penalty: '0.25', netamount: '500.25' });

      const worker = await buildStaff(d.deps.db, { work: 'pftr' });
      /** A pftr duty added at `added`, and completed at `completed` when given. */
      const pftrDuty = async (added: string, completed?: string) => {
        clock.now = new Date(added);
        const { _id } = await duty(d, token, { work: 'pftr', workers: [worker.id] });
        if (completed === undefined) return;
        clock.now = new Date(completed);
        await d.app.inject({ method: 'PUT', url: `/api/v1/mcctrain/update-mcctrain/${_id}`, payload: { status: 'completed' }, headers: { authorization: token } });
      };
      await pftrDuty('2026-11-19T10:00:00Z'); // live since yesterday
      await pftrDuty('2026-11-19T19:00:00Z'); // live, created 00:30 today (IST)
      await pftrDuty('2026-11-18T10:00:00Z', '2026-11-18T12:00:00Z');
      await pftrDuty('2026-11-19T10:00:00Z', '2026-11-19T18:00:00Z'); // 23:30 yesterday (IST)
      await pftrDuty('2026-11-20T04:00:00Z', '2026-11-20T05:00:00Z'); // today
      clock.now = new Date('2026-11-20T10:00:00Z');

      const response = await d.app.inject({ url: '/api/v1/dashboard/summary', headers: { authorization: token } });
      expect(response.statusCode).toBe(200);
      const summary = response.json();
      expect(summary).toMatchObject({
        passedBills: 2,
        pendingBills: 1,
        netAmount: 3400.25,
        totalBillAmount: 3500.5,
        totalPenalties: 100.25,
        totalLiveWork: 2,
        totalCompletedWork: 3,
        todayLiveWork: 1,
        todayCompletedWork: 1,
        today: '2026-11-20',
      });
      expect(summary.completedPerDay).toEqual([
        { day: '2026-11-18', work: 'pftr', count: 1 },
        { day: '2026-11-19', work: 'pftr', count: 1 },
        { day: '2026-11-20', work: 'pftr', count: 1 },
      ]);
      expect(summary.billsByStatus).toEqual([
        { status: 'Accounts', count: 1, amount: 500.25 },
        { status: 'Bill Passed', count: 2, amount: 2900 },
      ]);
      const supervisor = await sessionToken(d, await buildUser(d.deps.db, { role: ROLE.supervisor }));
      expect((await d.app.inject({ url: '/api/v1/dashboard/summary', headers: { authorization: supervisor } })).statusCode).toBe(403);
    } finally {
      await d.close();
    }
  });
});

describe('the dashboard\'s completed counts, kept by triggers (duty_tallies, issue 29)', () => {
  it('equal counting the duties after completions, reopenings, deletions and changes made past the app', async () => {
    const clock = { now: new Date('2026-11-20T10:00:00Z') };
    const d = await createTestApp({ clock });
    try {
      const token = await sessionToken(d, await buildUser(d.deps.db, { role: ROLE.manager }));
      const summary = async () => (await d.app.inject({ url: '/api/v1/dashboard/summary', headers: { authorization: token } })).json();
      // the plain count: the duties themselves
      const counted = async () => {
        const rows = (await d.deps.db.execute(sql`
          select completed_day::text as day, work, count(*)::int as count from duties where status = 'completed' group by 1, 2 order by 1, 2`)) as unknown;
        const list = ((rows as { rows?: unknown[] }).rows ?? rows) as { day: string; work: string; count: number }[];
        const today = '2026-11-20';
        return {
          totalCompletedWork: list.reduce((sum, row) => sum + Number(row.count), 0),
          todayCompletedWork: list.filter((row) => row.day === today).reduce((sum, row) => sum + Number(row.count), 0),
          completedPerDay: list.filter((row) => row.day > '2026-10-21' && row.day <= today).map((row) => ({ ...row, count: Number(row.count) })),
        };
      };
      const expectCounted = async () => {
        clock.now = new Date('2026-11-20T10:00:00Z');
        expect(await summary()).toMatchObject(await counted());
      };
      const put = (id: string, payload: object) => d.app.inject({ method: 'PUT', url: `/api/v1/mcctrain/update-mcctrain/${id}`, payload, headers: { authorization: token } });
      const workers = { pftr: (await buildStaff(d.deps.db, { work: 'pftr' })).id, laundry: (await buildStaff(d.deps.db, { work: 'laundry' })).id };
      const added: string[] = [];
      for (const [n, work] of (['pftr', 'laundry', 'pftr', 'laundry', 'pftr', 'pftr', 'laundry'] as const).entries()) {
        clock.now = new Date(Date.UTC(2026, 10, 14 + n, 6));
        added.push((await duty(d, token, { work, workers: [workers[work]] }))._id);
      }
      await expectCounted();
      // completed on different days, two at the same moment
      for (const [n, id] of added.slice(0, 5).entries()) {
        clock.now = new Date(Date.UTC(2026, 10, 16 + Math.min(n, 4), 7));
        expect((await put(id, { status: 'completed' })).statusCode).toBe(200);
      }
      clock.now = new Date('2026-11-20T08:00:00Z');
      expect((await Promise.all(added.slice(5).map((id) => put(id, { status: 'completed' })))).map((r) => r.statusCode)).toEqual([200, 200]);
      await expectCounted();
      // reopened by a manager (back to live), then completed again on another day
      expect((await put(added[1]!, { status: 'processing' })).statusCode).toBe(200);
      await expectCounted();
      clock.now = new Date('2026-11-20T09:00:00Z');
      expect((await put(added[1]!, { status: 'completed' })).statusCode).toBe(200);
      // a completed duty deleted
      expect((await d.app.inject({ method: 'DELETE', url: `/api/v1/mcctrain/deletework/${added[0]}`, headers: { authorization: token } })).statusCode).toBe(200);
      await expectCounted();
      // past the app: a completed duty typed in with SQL, one moved to another day and work type, one deleted
      await d.deps.db.execute(sql`insert into duties (work, status, completed_at, completed_day) values ('bio', 'completed', now(), '2026-11-02')`);
      await d.deps.db.execute(sql`update duties set completed_day = '2026-11-03', work = 'acca' where id = ${added[2]}`);
      await d.deps.db.execute(sql`delete from duties where id = ${added[3]}`);
      // (a change past the app reaches the kept answers as the command-line tools' do)
      await d.app.dataChanged();
      await expectCounted();
      expect((await summary()).totalCompletedWork).toBe(6);
    } finally {
      await d.close();
    }
  });
});

describe('the bill list as an office list (issue 28)', () => {
  let d: TestApp;
  let manager: string;
  beforeAll(async () => {
    d = await createTestApp({ clock: { now: new Date('2026-11-20T10:00:00Z') } });
    manager = await newSessionToken(d, { role: ROLE.manager });
    await bill(d, manager, { work: 'laundry', month: '2026-08', status: 'Bill Passed', billvalue: '1000.10', penalty: '0.05', netamount: '1000.05' });
    await bill(d, manager, { work: 'laundry', month: '2026-09', status: 'Processing', billvalue: '300', penalty: '10.20', netamount: '289.80' });
    await bill(d, manager, { work: 'laundry', month: '2026-10', status: 'Accounts', billvalue: '2000.01', penalty: '1', netamount: '1999.01' });
    await bill(d, manager, { work: 'bio', month: '2026-09', status: 'Processing', billvalue: '50.5', penalty: '0', netamount: '50.5' });
  });
  afterAll(() => d.close());
  const get = (url: string, token = manager) => d.app.inject({ url: `/api/v1${url}`, headers: { authorization: token } });
  const months = async (query: string) => (await get(`/mcctrain/getbills?${query}`)).json().bills.map((b: { work: string; month: string }) => `${b.work} ${b.month}`);

  it('filters by status and month range, across every work type or within one, and sorts by a column', async () => {
    // SPEC's answer without the new parameters: newest month first, every work type
    expect(await months('')).toEqual(['laundry 2026-10', 'bio 2026-09', 'laundry 2026-09', 'laundry 2026-08']);
    expect(await months('status=processing')).toEqual(['bio 2026-09', 'laundry 2026-09']);
    expect(await months('work=laundry&from=2026-09&to=2026-10')).toEqual(['laundry 2026-10', 'laundry 2026-09']);
    expect(await months('from=2026-09&to=2026-09')).toEqual(['bio 2026-09', 'laundry 2026-09']);
    expect(await months('sort=netamount')).toEqual(['bio 2026-09', 'laundry 2026-09', 'laundry 2026-08', 'laundry 2026-10']);
    expect(await months('sort=-penalty&work=laundry')).toEqual(['laundry 2026-09', 'laundry 2026-10', 'laundry 2026-08']);
    expect(await months('sort=month')).toEqual(['laundry 2026-08', 'bio 2026-09', 'laundry 2026-09', 'laundry 2026-10']);
    // statuses in their own order, Processing first and Bill Passed last
    expect(await months('sort=status&work=laundry')).toEqual(['laundry 2026-09', 'laundry 2026-10', 'laundry 2026-08']);
    expect(await months('sort=-status&work=laundry')).toEqual(['laundry 2026-08', 'laundry 2026-10', 'laundry 2026-09']);
    expect((await get('/mcctrain/getbills?sort=coaches')).statusCode).toBe(400);
    expect((await get('/mcctrain/getbills?status=Lost')).json().msg).toBe(MSG.billStatusInvalid);
    expect((await get('/mcctrain/getbills?from=2026-13')).statusCode).toBe(400);
  });

  it('exports the view as .xlsx: the filters in the title, money as rupees with two decimals, a Total row added up in paise', async () => {
    const response = await get('/mcctrain/bills-export?work=laundry&sort=month');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('Bills_2026-11-20.xlsx');
    const book = XLSX.read(response.rawPayload, { type: 'buffer', cellNF: true });
    const ws = book.Sheets[book.SheetNames[0]!]!;
    const cell = (ref: string) => ws[ref] as XLSX.CellObject | undefined;
    expect(cell('A1')!.v).toBe('Bills — Work type: LAUNDRY');
    expect(['A2', 'B2', 'C2', 'D2', 'E2', 'F2'].map((ref) => cell(ref)!.v)).toEqual(['Month', 'Work type', 'Status', 'Bill Value', 'Penalty', 'Net Amount']);
    expect(['A3', 'A4', 'A5'].map((ref) => cell(ref)!.v)).toEqual(['August 2026', 'September 2026', 'October 2026']);
    expect(cell('D3')).toMatchObject({ t: 'n', v: 1000.1, z: '"₹"#,##0.00' });
    expect(cell('E3')).toMatchObject({ t: 'n', v: 0.05 });
    expect(cell('A6')!.v).toBe('Total');
    // 1000.10 + 300 + 2000.01, 0.05 + 10.20 + 1, 1000.05 + 289.80 + 1999.01: exact in paise
    expect([cell('D6')!.v, cell('E6')!.v, cell('F6')!.v]).toEqual([3300.11, 11.25, 3288.86]);
    expect(cell('F6')!.z).toBe('"₹"#,##0.00');

    const all = XLSX.read((await get('/mcctrain/bills-export?status=Processing')).rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(all.Sheets[all.SheetNames[0]!]!, { header: 1 });
    expect(rows[0]).toEqual(['Bills — Work type: All work types · Status: Processing']);
    expect(rows.slice(2).map((row) => row[0])).toEqual(['September 2026', 'September 2026', 'Total']);
  });

  it('exports for managers and admins only, as the list', async () => {
    const supervisor = await newSessionToken(d, { role: ROLE.supervisor });
    expect((await get('/mcctrain/bills-export', supervisor)).statusCode).toBe(403);
    expect((await d.app.inject({ url: '/api/v1/mcctrain/bills-export' })).statusCode).toBe(401);
    const admin = await newSessionToken(d, { role: ROLE.admin });
    expect((await get('/mcctrain/bills-export', admin)).statusCode).toBe(200);
  });
});
