import * as XLSX from '@e965/xlsx';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XLSX_TYPE } from '../../../shared/api/reports.js';
import { MSG } from '../../../shared/messages.js';
import { ROLE } from '../../../shared/roles.js';
import type { BillDraft, ContractTerms } from '../../../shared/schemas/bill-draft.js';
import type { Bill } from '../../../shared/schemas/bills.js';
import type { Payroll } from '../../../shared/schemas/payroll.js';
import { auditLog, billPenalties, bills, contractPeriods, duties, dutyWorkers, staff } from '../../db/schema.js';
import { bill, buildStaff, buildUser, duty, newSessionToken, sessionToken } from '../../../../test/helpers/factories.js';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.js';

// "now" is 20 November 2026, 15:30 in Kolkata
const NOW = new Date('2026-11-20T10:00:00Z');
let t: TestApp;
let manager: string;
let managerName: string;
let admin: string;
let supervisor: string;

beforeAll(async () => {
  t = await createTestApp({ clock: { now: NOW } });
  const account = await buildUser(t.deps.db, { role: ROLE.manager, name: 'Meera Manager' });
  managerName = account.name;
  manager = await sessionToken(t, account);
  admin = await newSessionToken(t, { role: ROLE.admin });
  supervisor = await newSessionToken(t, { role: ROLE.supervisor, work: 'mcc' });
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string | null = manager, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { ...(token ? { authorization: token } : {}), ...headers }, ...(payload ? { payload } : {}) });

const q = (work: string, month: string) => `work=${encodeURIComponent(work)}&month=${month}`;
const draftOf = async (work: string, month: string): Promise<BillDraft> => {
  const response = await call('GET', `/bills/draft?${q(work, month)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<BillDraft>();
};
const fromDuties = (work: string, month: string, headers: Record<string, string> = {}) => call('POST', '/bills/from-duties', manager, { work, month }, headers);

async function saveTerms(body: Record<string, unknown>, token = admin) {
  return call('PUT', '/admin/contract-terms', token, body);
}
async function terms(work: string, effectiveFrom: string, unit: string, rate: number | string, penaltyPerMissingWorker: number | string = 0, contractPeriod: string | null = null) {
  const response = await saveTerms({ work, effectiveFrom, unit, rate, penaltyPerMissingWorker, contractPeriod });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ terms: ContractTerms }>().terms;
}

/** Workers of a work type to put on duties (a duty's crew is its own rows, so a few serve every duty). */
const pools = new Map<string, string[]>();
async function crewOf(work: string, size: number): Promise<string[]> {
  const pool = pools.get(work) ?? [];
  while (pool.length < size) pool.push((await buildStaff(t.deps.db, { work, wage: '800.00' })).id);
  pools.set(work, pool);
  return pool.slice(0, size);
}

/** A completed duty straight in the database: its day, train, coaches (or tanks), required crew and the crew that worked it. */
async function completedDuty(
  work: string,
  day: string,
  options: { trainNo?: string | null; totalCoach?: number | null; required?: number; crew?: number; type?: string | null } = {},
): Promise<string> {
  const crew = await crewOf(work, options.crew ?? 1);
  const [row] = await t.deps.db
    .insert(duties)
    .values({
      work,
      trainNo: options.trainNo === undefined ? '12625' : options.trainNo,
      totalCoach: options.totalCoach === undefined ? 10 : options.totalCoach,
      type: options.type === undefined ? 'Primary' : options.type,
      reqq: options.required ?? 0,
      used: crew.length,
      status: 'completed',
      completedAt: new Date(`${day}T06:00:00Z`),
      completedDay: day,
    })
    .returning({ id: duties.id });
  if (crew.length > 0) await t.deps.db.insert(dutyWorkers).values(crew.map((staffId) => ({ dutyId: row!.id, staffId, completedDay: day })));
  return row!.id;
}

const auditOf = (action: string) => t.deps.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(auditLog.id);
const billRow = async (work: string, month: string) => (await t.deps.db.select().from(bills).where(and(eq(bills.work, work), eq(bills.month, month))))[0];

describe('who may', () => {
  it('answers 403 to supervisors on every call, 403 to managers saving terms, 401 without a session', async () => {
    const id = '0b1e6c1e-8d7d-4f57-9a0e-7d3b1b7e6c11';
    const calls: Array<[Method, string, object?]> = [
      ['GET', `/bills/draft?${q('mcc', '2026-11')}`],
      ['POST', '/bills/from-duties', { work: 'mcc', month: '2026-11' }],
      ['GET', `/bills/annexure?${q('mcc', '2026-11')}`],
      ['GET', `/bills/compliance?${q('mcc', '2026-11')}`],
      ['GET', `/bills/penalties?${q('mcc', '2026-11')}`],
      ['POST', '/bills/penalties', { work: 'mcc', month: '2026-11', amount: 10, reason: 'x' }],
      ['DELETE', `/bills/penalties/${id}`],
      ['GET', '/admin/contract-terms'],
      ['PUT', '/admin/contract-terms', { work: 'mcc', effectiveFrom: '2026-01', unit: 'coach', rate: 1, penaltyPerMissingWorker: 0 }],
    ];
    for (const [method, url, payload] of calls) {
      expect((await call(method, url, supervisor, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, null, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await saveTerms({ work: 'mcc', effectiveFrom: '2026-01', unit: 'coach', rate: 1, penaltyPerMissingWorker: 0 }, manager)).statusCode).toBe(403);
    expect((await call('GET', '/admin/contract-terms', manager)).json()).toEqual({ terms: [] });
    expect((await call('GET', `/bills/draft?${q('mcc', '2026-11')}`, admin)).statusCode).toBe(200);
    // nothing was written by the refused calls
    expect(await t.deps.db.select().from(bills)).toEqual([]);
    expect(await t.deps.db.select().from(billPenalties)).toEqual([]);
  });
});

describe('contract terms', () => {
  it('keeps versions by month (a month saved again is replaced); the latest at or before a month applies to it', async () => {
    const saved = await saveTerms({ work: 'pftr', effectiveFrom: '2026-01', unit: 'coach', rate: '100', penaltyPerMissingWorker: 50.5, contractPeriod: ' 2025-2028 ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      success: true,
      msg: MSG.billDraft.termsSaved,
      terms: { work: 'pftr', effectiveFrom: '2026-01', unit: 'coach', rate: 100, penaltyPerMissingWorker: 50.5, contractPeriod: '2025-2028' },
    });
    await terms('pftr', '2026-06', 'coach', '200.50', 0);
    await terms('pftr', '2026-12', 'tank', 300, 0, 'Extended');
    await terms('pftr', '2026-06', 'coach', '210.25', 10);

    const listed = (await call('GET', '/admin/contract-terms?work=pftr')).json<{ terms: ContractTerms[] }>().terms;
    expect(listed.map((row) => [row.effectiveFrom, row.unit, row.rate, row.penaltyPerMissingWorker, row.contractPeriod])).toEqual([
      ['2026-12', 'tank', 300, 0, 'Extended'],
      ['2026-06', 'coach', 210.25, 10, null],
      ['2026-01', 'coach', 100, 50.5, '2025-2028'],
    ]);
    const all = (await call('GET', '/admin/contract-terms')).json<{ terms: ContractTerms[] }>().terms;
    expect(all.map((row) => row.effectiveFrom)).toEqual([...all.map((row) => row.effectiveFrom)].sort().reverse());

    const applied = async (month: string) => {
      const draft = await draftOf('pftr', month);
      return [draft.termsFrom, draft.unit, draft.rate, draft.penaltyPerMissingWorker];
    };
    expect(await applied('2025-12')).toEqual([null, null, null, null]);
    expect(await applied('2026-01')).toEqual(['2026-01', 'coach', 100, 50.5]);
    expect(await applied('2026-05')).toEqual(['2026-01', 'coach', 100, 50.5]);
    expect(await applied('2026-06')).toEqual(['2026-06', 'coach', 210.25, 10]);
    expect(await applied('2026-11')).toEqual(['2026-06', 'coach', 210.25, 10]);
    expect(await applied('2027-03')).toEqual(['2026-12', 'tank', 300, 0]);
    expect((await draftOf('pftr', '2025-12')).problems).toContain(MSG.billDraft.noTerms('PFTR', 'December 2025'));

    // audited: the second save of June with what governed June before it
    const audit = (await auditOf('contract-terms.update')).filter((row) => row.entityId === 'pftr 2026-06');
    expect(audit).toHaveLength(2);
    expect(audit[0]!.before).toMatchObject({ effectiveFrom: '2026-01', rate: 100 });
    expect(audit[1]!.before).toMatchObject({ effectiveFrom: '2026-06', rate: 200.5, penaltyPerMissingWorker: 0 });
    expect(audit[1]!.after).toMatchObject({ effectiveFrom: '2026-06', rate: 210.25, penaltyPerMissingWorker: 10 });
  });

  it('checks what it saves', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ unit: 'kg' }, MSG.billDraft.unitInvalid],
      [{ rate: -1 }, MSG.settingMoneyInvalid(MSG.billFields.rate, 1_000_000)],
      [{ rate: '12.345' }, MSG.settingMoneyInvalid(MSG.billFields.rate, 1_000_000)],
      [{ penaltyPerMissingWorker: 1_000_001 }, MSG.settingMoneyInvalid(MSG.billFields.penaltyPerMissingWorker, 1_000_000)],
      [{ effectiveFrom: '2026-13' }, MSG.monthInvalid],
      [{ work: 'kitchen' }, MSG.workInvalid],
    ];
    for (const [change, message] of cases) {
      const response = await saveTerms({ work: 'acca', effectiveFrom: '2020-01', unit: 'coach', rate: 1, penaltyPerMissingWorker: 0, ...change });
      expect([response.statusCode, response.json().msg], JSON.stringify(change)).toEqual([400, message]);
    }
    expect((await call('GET', '/admin/contract-terms?work=acca')).json().terms).toEqual([]);
  });

  it('refuses (409) a version that would govern a month whose bill is Bill Passed, and only those months', async () => {
    await terms('pftr', '2024-01', 'coach', 100);
    await terms('pftr', '2024-06', 'coach', 110);
    await bill(t, manager, { work: 'pftr', month: '2024-04', status: 'Bill Passed' });
    await bill(t, manager, { work: 'pftr', month: '2024-07', status: 'Bill Passed' });
    await bill(t, manager, { work: 'pftr', month: '2024-05', status: 'Accounts' });

    const refusal = (month: string) => ({ statusCode: 409, msg: MSG.billDraft.termsPassed(month, 'PFTR') });
    const attempt = async (effectiveFrom: string) => {
      const response = await saveTerms({ work: 'pftr', effectiveFrom, unit: 'coach', rate: 999, penaltyPerMissingWorker: 0 });
      return { statusCode: response.statusCode, msg: response.json().msg as string };
    };
    // 2024-01 governs up to May (June has its own version): April is passed
    expect(await attempt('2024-01')).toEqual(refusal('April 2024'));
    expect(await attempt('2024-03')).toEqual(refusal('April 2024'));
    // a version before them governs only up to the next one (January's)
    expect((await attempt('2023-12')).statusCode).toBe(200);
    // 2024-05 would govern May only (Accounts): saved
    expect((await attempt('2024-05')).statusCode).toBe(200);
    expect(await attempt('2024-06')).toEqual(refusal('July 2024'));
    // 2024-08 governs August 2024 up to 2026-01's version: no bill passed there
    expect((await attempt('2024-08')).statusCode).toBe(200);
    expect((await draftOf('pftr', '2024-04')).rate).toBe(100);
    expect((await draftOf('pftr', '2024-07')).rate).toBe(110);
  });
});

describe('the draft names its problems, and no bill is made while it does', () => {
  it('a month without terms, duties without tanks (by train number), a month without duties, penalties above the value', async () => {
    await completedDuty('bio', '2026-09-01', { trainNo: '12627', totalCoach: 8, required: 0, crew: 1 });
    await completedDuty('bio', '2026-09-02', { trainNo: '16525', totalCoach: null, required: 0, crew: 1 });
    await completedDuty('bio', '2026-09-03', { trainNo: '22640', totalCoach: 0, required: 0, crew: 1 });
    await completedDuty('bio', '2026-09-05', { trainNo: '16525', totalCoach: null, required: 0, crew: 1 });

    let draft = await draftOf('bio', '2026-09');
    const noUnits = MSG.billDraft.noUnits('16525, 22640');
    expect(draft.problems).toEqual([MSG.billDraft.noTerms('BIO', 'September 2026'), noUnits]);
    expect(draft).toMatchObject({ unit: null, rate: null, penaltyPerMissingWorker: null, termsFrom: null, billvalue: 0, dutyPenalty: 0, penalty: 0, netamount: 0, bill: null });
    expect(draft.duties.map((d) => d.trainno)).toEqual(['12627', '16525', '22640', '16525']);

    const refused = await fromDuties('bio', '2026-09');
    expect([refused.statusCode, refused.json().msg]).toEqual([422, MSG.billDraft.refused(`${MSG.billDraft.noTerms('BIO', 'September 2026')}; ${noUnits}`)]);
    expect(await billRow('bio', '2026-09')).toBeUndefined();
    expect(await auditOf('bill.from-duties')).toEqual([]);

    await terms('bio', '2026-01', 'tank', 150);
    draft = await draftOf('bio', '2026-09');
    expect(draft.problems).toEqual([noUnits]);
    expect(draft).toMatchObject({ unit: 'tank', rate: 150, units: 8, billvalue: 1200 });
    expect((await fromDuties('bio', '2026-09')).statusCode).toBe(422);

    await t.deps.db.update(duties).set({ totalCoach: 4 }).where(and(eq(duties.work, 'bio'), inArray(duties.trainNo, ['16525', '22640'])));
    draft = await draftOf('bio', '2026-09');
    expect(draft.problems).toEqual([]);
    expect(draft).toMatchObject({ units: 20, billvalue: 3000, netamount: 3000, consumedcoach: 20 });

    // penalties above the value
    const added = await call('POST', '/bills/penalties', manager, { work: 'bio', month: '2026-09', amount: '3000.01', reason: 'Inspection' });
    expect(added.statusCode).toBe(201);
    draft = await draftOf('bio', '2026-09');
    expect(draft.problems).toEqual([MSG.billDraft.negativeNet]);
    expect(draft).toMatchObject({ penalty: 3000.01, netamount: -0.01 });
    expect((await fromDuties('bio', '2026-09')).json().msg).toBe(MSG.billDraft.refused(MSG.billDraft.negativeNet));
    expect((await call('DELETE', `/bills/penalties/${added.json().penalty._id}`)).statusCode).toBe(200);
    expect((await draftOf('bio', '2026-09')).problems).toEqual([]);

    // a month without a completed duty
    draft = await draftOf('bio', '2026-08');
    expect(draft.problems).toEqual([MSG.billDraft.noDuties('BIO', 'August 2026')]);
    expect(draft).toMatchObject({ units: 0, billvalue: 0, duties: [] });
    const none = await fromDuties('bio', '2026-08');
    expect([none.statusCode, none.json().msg]).toEqual([422, MSG.billDraft.refused(MSG.billDraft.noDuties('BIO', 'August 2026'))]);
    expect(await billRow('bio', '2026-08')).toBeUndefined();
  });

  it('bills a fixed monthly value (unit month): one unit, no coach problem, no coach count on the bill', async () => {
    await terms('laundry', '2026-01', 'month', '45000', 100, 'LAUNDRY/2026');
    let draft = await draftOf('laundry', '2026-07');
    expect(draft).toMatchObject({ unit: 'month', units: 1, billvalue: 45000, netamount: 45000, consumedcoach: null, problems: [], duties: [] });

    await completedDuty('laundry', '2026-07-09', { trainNo: null, totalCoach: null, type: null, required: 3, crew: 1 });
    draft = await draftOf('laundry', '2026-07');
    expect(draft.problems).toEqual([]);
    expect(draft.duties).toEqual([expect.objectContaining({ trainno: null, totalcoach: null, required: 3, assigned: 1, shortfall: 2, penalty: 200 })]);
    expect(draft).toMatchObject({ units: 1, billvalue: 45000, dutyPenalty: 200, penalty: 200, netamount: 44800 });

    const made = await fromDuties('laundry', '2026-07');
    expect(made.statusCode).toBe(201);
    expect(made.json().bill).toMatchObject({ status: 'Processing', billvalue: 45000, penalty: 200, netamount: 44800, consumedcoach: null, contractperiod: 'LAUNDRY/2026', fromDuties: true });
  });
});

describe('the month\'s bill from its duties (mcc, November 2026)', () => {
  const month = '2026-11';
  let penaltyId: string;
  let billId: string;

  beforeAll(async () => {
    await terms('mcc', '2026-04', 'coach', '1234.56', '99.99', 'CON/2026/17');
    await completedDuty('mcc', '2026-10-31', { trainNo: '11111', totalCoach: 20 });
    await completedDuty('mcc', '2026-11-01', { trainNo: '12627', totalCoach: 18, required: 11, crew: 9, type: 'Secondary' });
    await completedDuty('mcc', '2026-11-01', { trainNo: '02516', totalCoach: 12, required: 7, crew: 8 });
    await completedDuty('mcc', '2026-11-15', { trainNo: '16525', totalCoach: 24, required: 14, crew: 14 });
    await completedDuty('mcc', '2026-12-01', { trainNo: '22222', totalCoach: 20 });
    await completedDuty('acca', '2026-11-02', { trainNo: '33333', totalCoach: 20 });
    // a live duty of the month is not billed
    await t.deps.db.insert(duties).values({ work: 'mcc', trainNo: '44444', totalCoach: 20, reqq: 12, createdAt: new Date('2026-11-10T06:00:00Z') });
  });

  it('adds a penalty with its reason (201), refuses one without (422), lists them newest first with who added them', async () => {
    const without = await call('POST', '/bills/penalties', manager, { work: 'mcc', month, amount: 100 });
    expect([without.statusCode, without.json().msg]).toEqual([422, MSG.payroll.reasonRequired]);
    const blank = await call('POST', '/bills/penalties', manager, { work: 'mcc', month, amount: 100, reason: '   ' });
    expect([blank.statusCode, blank.json().msg]).toEqual([422, MSG.payroll.reasonRequired]);
    // other mistakes are the form's (400)
    expect((await call('POST', '/bills/penalties', manager, { work: 'mcc', month, amount: 0, reason: 'x' })).statusCode).toBe(400);
    expect((await call('POST', '/bills/penalties', manager, { work: 'mcc', month: '2026-13', amount: 5 })).statusCode).toBe(400);
    expect(await t.deps.db.select().from(billPenalties).where(eq(billPenalties.work, 'mcc'))).toEqual([]);

    const first = await call('POST', '/bills/penalties', manager, { work: 'mcc', month, amount: '50.25', reason: 'Removed later' });
    const added = await call('POST', '/bills/penalties', manager, { work: 'mcc', month, amount: '250.50', reason: '=Inspection 12 Nov: toilets not cleaned' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      success: true,
      msg: MSG.billDraft.penaltyAdded,
      penalty: { work: 'mcc', month, amount: 250.5, reason: '=Inspection 12 Nov: toilets not cleaned', createdBy: managerName },
    });
    penaltyId = added.json().penalty._id;
    const listed = (await call('GET', `/bills/penalties?${q('mcc', month)}`)).json().penalties;
    expect(listed.map((p: { amount: number }) => p.amount)).toEqual([250.5, 50.25]);
    expect(listed[0]).toEqual(added.json().penalty);

    const removed = await call('DELETE', `/bills/penalties/${first.json().penalty._id}`);
    expect(removed.json()).toMatchObject({ success: true, msg: MSG.billDraft.penaltyRemoved });
    expect((await call('DELETE', `/bills/penalties/${first.json().penalty._id}`)).statusCode).toBe(404);
    expect((await call('DELETE', '/bills/penalties/not-an-id')).statusCode).toBe(404);
    const audit = [...(await auditOf('bill-penalty.add')), ...(await auditOf('bill-penalty.remove'))].filter((row) => row.entityId === first.json().penalty._id);
    expect(audit.map((row) => [row.action, row.actorName])).toEqual([
      ['bill-penalty.add', managerName],
      ['bill-penalty.remove', managerName],
    ]);
    expect(audit[1]!.before).toMatchObject({ work: 'mcc', month, amount: 50.25, reason: 'Removed later' });
  });

  it('drafts the month from its completed duties, by completion day, with each duty\'s crew and shortfall, in exact paise', async () => {
    const draft = await draftOf('mcc', month);
    expect(draft.problems).toEqual([]);
    expect(draft.duties.map((d) => [d.completedDay, d.trainno, d.type, d.totalcoach, d.required, d.assigned, d.shortfall, d.penalty])).toEqual([
      ['2026-11-01', '02516', 'Primary', 12, 7, 8, 0, 0],
      ['2026-11-01', '12627', 'Secondary', 18, 11, 9, 2, 199.98],
      ['2026-11-15', '16525', 'Primary', 24, 14, 14, 0, 0],
    ]);
    expect(draft).toMatchObject({
      month,
      work: 'mcc',
      unit: 'coach',
      rate: 1234.56,
      penaltyPerMissingWorker: 99.99,
      termsFrom: '2026-04',
      units: 54,
      billvalue: 66666.24,
      dutyPenalty: 199.98,
      manualPenalty: 250.5,
      penalty: 450.48,
      netamount: 66215.76,
      consumedcoach: 54,
      contractperiod: 'CON/2026/17',
      bill: null,
    });
    expect(draft.manualPenalties.map((p) => p._id)).toEqual([penaltyId]);
  });

  it('creates the bill (201, Processing) and then updates it (200) keeping its status; audited', async () => {
    const made = await fromDuties('mcc', month);
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({
      success: true,
      msg: MSG.billDraft.created,
      bill: { work: 'mcc', month, status: 'Processing', billvalue: 66666.24, penalty: 450.48, netamount: 66215.76, consumedcoach: 54, contractperiod: 'CON/2026/17', fromDuties: true },
    });
    billId = made.json().bill._id;
    expect((await billRow('mcc', month))!.computed).toEqual({ billvalue: 6_666_624, penalty: 45_048, netamount: 6_621_576, consumedcoach: 54 });
    expect((await draftOf('mcc', month)).bill).toEqual({
      _id: billId,
      status: 'Processing',
      fromDuties: true,
      outOfDate: false,
      difference: { billvalue: 0, penalty: 0, netamount: 0, consumedcoach: 0 },
    });
    // Bill Details sees it as any other bill
    const listed = (await call('GET', '/mcctrain/getbills?work=mcc')).json<{ bills: Bill[] }>().bills;
    expect(listed.find((b) => b._id === billId)).toEqual(made.json().bill);

    // a status change sends the same figures: no reason needed
    const status = await call('PUT', `/mcctrain/update-bill/${billId}`, manager, { status: 'Accounts', billvalue: 66666.24, penalty: '450.48', netamount: 66215.76, consumedcoach: 54 });
    expect(status.statusCode, status.body).toBe(200);

    const again = await fromDuties('mcc', month);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ msg: MSG.billDraft.updated, bill: { _id: billId, status: 'Accounts', billvalue: 66666.24 } });
    expect(await t.deps.db.select().from(bills).where(and(eq(bills.work, 'mcc'), eq(bills.month, month)))).toHaveLength(1);

    const audit = (await auditOf('bill.from-duties')).filter((row) => row.entityId === billId);
    expect(audit).toHaveLength(2);
    expect(audit[0]!.before).toBeNull();
    expect(audit[0]!.after).toMatchObject({ status: 'Processing', netamount: 66215.76, fromDuties: true });
    expect(audit[1]!.before).toMatchObject({ status: 'Accounts' });
    expect(audit[1]!.actorName).toBe(managerName);
  });

  it('shows the bill out of date, with the difference, when a duty of the month changes or another is completed; making it again brings it up to date', async () => {
    // a completed duty's coaches corrected: 24 → 26
    await t.deps.db.update(duties).set({ totalCoach: 26 }).where(and(eq(duties.work, 'mcc'), eq(duties.trainNo, '16525')));
    let draft = await draftOf('mcc', month);
    expect(draft.bill).toMatchObject({ _id: billId, status: 'Accounts', fromDuties: true, outOfDate: true, difference: { billvalue: 2469.12, penalty: 0, netamount: 2469.12, consumedcoach: 2 } });

    // a supervisor completes a duty today (20 November): 10 coaches, a crew of one against the norm's
    const done = await duty(t, supervisor, { work: 'mcc', trainno: '12625' }, { status: 'completed' });
    expect(done.completedDay).toBe('2026-11-20');
    draft = await draftOf('mcc', month);
    const shortfall = done.reqq - 1;
    const valuePaise = 12 * 123_456;
    const penaltyPaise = shortfall * 9_999;
    expect(draft.duties.at(-1)).toMatchObject({ trainno: '12625', completedDay: '2026-11-20', totalcoach: 10, assigned: 1, shortfall });
    expect(draft.bill!.difference).toEqual({ billvalue: valuePaise / 100, penalty: penaltyPaise / 100, netamount: (valuePaise - penaltyPaise) / 100, consumedcoach: 12 });
    expect(draft.bill!.outOfDate).toBe(true);

    const again = await fromDuties('mcc', month);
    expect(again.statusCode).toBe(200);
    expect(again.json().bill).toMatchObject({ status: 'Accounts', consumedcoach: 66, billvalue: draft.billvalue, penalty: draft.penalty, netamount: draft.netamount });
    expect((await draftOf('mcc', month)).bill).toMatchObject({ outOfDate: false, difference: { billvalue: 0, penalty: 0, netamount: 0, consumedcoach: 0 } });
  });

  it('changes a computed figure by hand only with a reason, which the audit keeps', async () => {
    const current = (await draftOf('mcc', month));
    const figures = { status: 'Accounts', billvalue: current.billvalue, penalty: current.penalty, netamount: current.netamount, consumedcoach: 66 };
    for (const change of [{ netamount: 1 }, { penalty: 0 }, { billvalue: '1.00' }, { consumedcoach: 65 }, { consumedcoach: null }]) {
      const refused = await call('PUT', `/mcctrain/update-bill/${billId}`, manager, { ...figures, ...change });
      expect([refused.statusCode, refused.json().msg], JSON.stringify(change)).toEqual([422, MSG.billDraft.reasonRequired]);
      const blank = await call('PUT', `/mcctrain/update-bill/${billId}`, manager, { ...figures, ...change, reason: '  ' });
      expect(blank.statusCode, JSON.stringify(change)).toBe(422);
    }
    expect((await billRow('mcc', month))!.netAmount).toBe(current.netamount.toFixed(2));

    const changed = await call('PUT', `/mcctrain/update-bill/${billId}`, manager, { ...figures, netamount: 60000, reason: 'Railway rounded the net down' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().bill).toMatchObject({ netamount: 60000, fromDuties: true });
    const [entry] = (await t.deps.db.select().from(auditLog).where(and(eq(auditLog.action, 'bill.update'), eq(auditLog.entityId, billId))).orderBy(auditLog.id)).slice(-1);
    expect(entry!.after).toMatchObject({ netamount: 60000, reason: 'Railway rounded the net down' });
    expect(entry!.before).toMatchObject({ netamount: current.netamount });

    // the draft compares with what the bill was made from, not with the hand change
    expect((await draftOf('mcc', month)).bill).toMatchObject({ outOfDate: false, difference: { netamount: 0 } });
  });

  it('refuses every change once the bill is Bill Passed (409): from the duties, penalties, the terms that govern the month', async () => {
    const current = (await call('GET', '/mcctrain/getbills?work=mcc')).json<{ bills: Bill[] }>().bills.find((b) => b._id === billId)!;
    const passed = await call('PUT', `/mcctrain/update-bill/${billId}`, manager, { ...current, status: 'Bill Passed' });
    expect(passed.statusCode, passed.body).toBe(200);

    const message = MSG.billDraft.billPassed('November 2026', 'MCC');
    const again = await fromDuties('mcc', month);
    expect([again.statusCode, again.json().msg]).toEqual([409, message]);
    const penalty = await call('POST', '/bills/penalties', manager, { work: 'mcc', month, amount: 10, reason: 'Late' });
    expect([penalty.statusCode, penalty.json().msg]).toEqual([409, message]);
    const removal = await call('DELETE', `/bills/penalties/${penaltyId}`);
    expect([removal.statusCode, removal.json().msg]).toEqual([409, message]);
    const governing = await saveTerms({ work: 'mcc', effectiveFrom: '2026-04', unit: 'coach', rate: 1, penaltyPerMissingWorker: 0 });
    expect([governing.statusCode, governing.json().msg]).toEqual([409, MSG.billDraft.termsPassed('November 2026', 'MCC')]);
    expect((await saveTerms({ work: 'mcc', effectiveFrom: '2026-12', unit: 'coach', rate: 1, penaltyPerMissingWorker: 0 })).statusCode).toBe(200);
    expect((await call('GET', `/bills/penalties?${q('mcc', month)}`)).json().penalties.map((p: { _id: string }) => p._id)).toEqual([penaltyId]);
    expect((await draftOf('mcc', month)).bill).toMatchObject({ status: 'Bill Passed', fromDuties: true });
  });

  it('writes the annexure: a row per duty (the train number a text cell, numbers as numbers), the totals, the penalties and the figures', async () => {
    const response = await call('GET', `/bills/annexure?${q('mcc', month)}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_TYPE);
    expect(response.headers['content-disposition']).toContain('Annexure_MCC_11_2026.xlsx');
    const book = XLSX.read(response.rawPayload, { type: 'buffer' });
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, defval: null, raw: true });
    expect(String(rows[0]![0])).toBe('Dutyroll - Duty-wise annexure - MCC - November 2026');
    expect(rows[1]).toEqual(['Date', 'Train No', 'Type', 'Coaches', 'Required crew', 'Crew assigned', 'Shortfall', 'Penalty (₹)']);
    const draft = await draftOf('mcc', month);
    const dutyRows = rows.slice(2, 2 + draft.duties.length);
    expect(dutyRows.map((row) => row.slice(1))).toEqual(draft.duties.map((d) => [d.trainno, d.type, d.totalcoach, d.required, d.assigned, d.shortfall, d.penalty]));
    // the train number is text (02516 keeps its zero), the day a date cell shown dd-mm-yyyy
    expect(sheet['B3']).toMatchObject({ t: 's', v: '02516' });
    expect(sheet['A3']).toMatchObject({ t: 'n', w: '01-11-2026' });
    expect(sheet['D3']).toMatchObject({ t: 'n', v: 12 });
    expect(sheet['H4']).toMatchObject({ t: 'n', v: 199.98 });
    const totals = rows[2 + draft.duties.length]!;
    expect(totals).toEqual(['Total', null, null, 66, draft.duties.reduce((s, d) => s + d.required, 0), draft.duties.reduce((s, d) => s + d.assigned, 0), draft.duties.reduce((s, d) => s + d.shortfall, 0), draft.dutyPenalty]);

    const rest = rows.slice(3 + draft.duties.length).filter((row) => row.some((cell) => cell !== null));
    expect(rest).toEqual([
      ['Penalties added by hand', null, null, null, null, null, null, null],
      ['Reason', 'Amount (₹)', null, null, null, null, null, null],
      // a reason a spreadsheet would take for a formula is neutralised
      ["'=Inspection 12 Nov: toilets not cleaned", 250.5, null, null, null, null, null, null],
      ['Total', 250.5, null, null, null, null, null, null],
      ['Bill', null, null, null, null, null, null, null],
      ['Units', 66, null, null, null, null, null, null],
      ['Rate (₹)', 1234.56, null, null, null, null, null, null],
      ['Bill value (₹)', draft.billvalue, null, null, null, null, null, null],
      ['Penalty (₹)', draft.penalty, null, null, null, null, null, null],
      ['Net amount (₹)', draft.netamount, null, null, null, null, null, null],
    ]);
    expect(Object.values(sheet).some((cell) => typeof cell === 'object' && cell !== null && 'f' in cell)).toBe(false);
  });

  it('makes the annexure of a month with problems too, naming them, and calls the bio column Tanks', async () => {
    const response = await call('GET', `/bills/annexure?${q('bio', '2026-08')}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('Annexure_BIO_08_2026.xlsx');
    const book = XLSX.read(response.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, defval: null });
    expect(rows[1]![3]).toBe('Tanks');
    expect(rows.at(-1)![0]).toBe(MSG.billDraft.noDuties('BIO', 'August 2026'));
  });
});

describe('a typed bill, and two makers at once', () => {
  it('a typed bill keeps SPEC\'s rules: figures change without a reason (kept in the audit when given); the draft compares with its figures', async () => {
    await terms('acca', '2026-01', 'coach', 100, 10);
    await completedDuty('acca', '2026-05-04', { trainNo: '12345', totalCoach: 10, required: 5, crew: 5 });
    const typed = await bill(t, manager, { work: 'acca', month: '2026-05', billvalue: '900', penalty: 0, netamount: '900', consumedcoach: 9 });
    expect(typed.fromDuties).toBe(false);
    const draft = await draftOf('acca', '2026-05');
    expect(draft.bill).toEqual({ _id: typed._id, status: 'Processing', fromDuties: false, outOfDate: false, difference: { billvalue: 100, penalty: 0, netamount: 100, consumedcoach: 1 } });

    const changed = await call('PUT', `/mcctrain/update-bill/${typed._id}`, manager, { status: 'Processing', billvalue: 950, penalty: 0, netamount: 950 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().bill).toMatchObject({ billvalue: 950, consumedcoach: null, fromDuties: false });
    const withReason = await call('PUT', `/mcctrain/update-bill/${typed._id}`, manager, { status: 'Processing', billvalue: 960, penalty: 0, netamount: 960, reason: 'Typo' });
    expect(withReason.statusCode).toBe(200);
    const entries = (await t.deps.db.select().from(auditLog).where(and(eq(auditLog.action, 'bill.update'), eq(auditLog.entityId, typed._id))).orderBy(auditLog.id)).map((row) => row.after as Record<string, unknown>);
    expect(entries.map((after) => after.reason)).toEqual([undefined, 'Typo']);

    // made from the duties, it keeps its status and becomes a computed bill
    const made = await fromDuties('acca', '2026-05');
    expect(made.statusCode).toBe(200);
    expect(made.json().bill).toMatchObject({ _id: typed._id, status: 'Processing', billvalue: 1000, consumedcoach: 10, fromDuties: true });
  });

  it('two "Create bill from duties" at once make one bill: one 201, one 200', async () => {
    await completedDuty('acca', '2026-06-04', { trainNo: '12345', totalCoach: 10, required: 5, crew: 5 });
    const answers = await Promise.all([fromDuties('acca', '2026-06'), fromDuties('acca', '2026-06'), fromDuties('acca', '2026-06')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => a.json().bill._id)).size).toBe(1);
    expect(await t.deps.db.select().from(bills).where(and(eq(bills.work, 'acca'), eq(bills.month, '2026-06')))).toHaveLength(1);
  });

  it('honours an Idempotency-Key: a repeat answers the first answer and changes nothing', async () => {
    await completedDuty('acca', '2026-07-04', { trainNo: '12345', totalCoach: 10, required: 5, crew: 5 });
    const key = { 'idempotency-key': 'from-duties-acca-2026-07' };
    const first = await fromDuties('acca', '2026-07', key);
    const repeat = await fromDuties('acca', '2026-07', key);
    expect([first.statusCode, repeat.statusCode]).toEqual([201, 201]);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.json()).toEqual(first.json());
    expect((await auditOf('bill.from-duties')).filter((row) => row.entityId === first.json().bill._id)).toHaveLength(1);
    // the same key for another request
    const reused = await fromDuties('acca', '2026-08', key);
    expect([reused.statusCode, reused.json().msg]).toEqual([422, MSG.idempotencyKeyReused]);

    const penalty = { work: 'acca', month: '2026-07', amount: 75, reason: 'Inspection' };
    const headers = { 'idempotency-key': 'penalty-acca-2026-07' };
    const added = await call('POST', '/bills/penalties', manager, penalty, headers);
    const again = await call('POST', '/bills/penalties', manager, penalty, headers);
    expect([added.statusCode, again.statusCode, again.headers['idempotent-replayed']]).toEqual([201, 201, 'true']);
    expect(again.json()).toEqual(added.json());
    expect(await t.deps.db.select().from(billPenalties).where(and(eq(billPenalties.work, 'acca'), eq(billPenalties.month, '2026-07')))).toHaveLength(1);
  });
});

describe('contract periods', () => {
  it('a bill without its own period shows the terms\' in force for its month, else the legacy one; GET /contract-periods answers this month\'s', async () => {
    await t.deps.db.insert(contractPeriods).values([
      { work: 'pit & yard', period: 'Legacy P&Y' },
      { work: 'pftr', period: 'Legacy PFTR' },
    ]);
    const early = await bill(t, manager, { work: 'pftr', month: '2025-11' });
    const governed = await bill(t, manager, { work: 'pftr', month: '2026-02' });
    const own = await bill(t, manager, { work: 'pftr', month: '2026-03', contractperiod: 'Own period' });
    const uncovered = await bill(t, manager, { work: 'pftr', month: '2026-07' });
    const periods = new Map((await call('GET', '/mcctrain/getbills?work=pftr')).json<{ bills: Bill[] }>().bills.map((b) => [b._id, b.contractperiod]));
    expect(periods.get(early._id)).toBe('Legacy PFTR');
    expect(periods.get(governed._id)).toBe('2025-2028');
    expect(periods.get(own._id)).toBe('Own period');
    // June's terms have no period of their own: the legacy one
    expect(periods.get(uncovered._id)).toBe('Legacy PFTR');

    const now = (await call('GET', '/contract-periods')).json<{ periods: Array<{ work: string; period: string | null }> }>().periods;
    expect(Object.fromEntries(now.map((p) => [p.work, p.period]))).toEqual({
      mcc: 'CON/2026/17',
      acca: null,
      bio: null,
      laundry: 'LAUNDRY/2026',
      pftr: 'Legacy PFTR',
      'pit & yard': 'Legacy P&Y',
    });
  });
});

describe('the wage compliance statement', () => {
  it('is refused (409) until the month\'s payroll is final, then gives its totals and the wage payment date', async () => {
    const work = 'pit & yard';
    const a = await buildStaff(t.deps.db, { work, wage: '800.00', name: 'Anil' });
    const b = await buildStaff(t.deps.db, { work, wage: '850.50', name: 'Bindu' });
    await t.deps.db.update(staff).set({ uanNo: '100200300400', esiNo: '3100123456', dob: '1990-05-01' }).where(inArray(staff.id, [a.id, b.id]));
    for (let day = 1; day <= 20; day += 1) {
      const dutyId = await completedDuty(work, `2026-10-${String(day).padStart(2, '0')}`, { trainNo: null, totalCoach: null, type: null, crew: 0 });
      await t.deps.db.insert(dutyWorkers).values([a.id, ...(day <= 12 ? [b.id] : [])].map((staffId) => ({ dutyId, staffId, completedDay: `2026-10-${String(day).padStart(2, '0')}` })));
    }
    const early = await call('GET', `/bills/compliance?${q(work, '2026-10')}`);
    expect([early.statusCode, early.json().msg]).toEqual([409, MSG.billDraft.payrollNotFinal('October 2026', 'PIT & YARD')]);

    const finalised = await call('POST', '/payroll/finalise', manager, { work, month: '2026-10' });
    expect(finalised.statusCode, finalised.body).toBe(200);
    const payroll = finalised.json<Payroll>();
    const statement = await call('GET', `/bills/compliance?${q(work, '2026-10')}`);
    expect(statement.statusCode).toBe(200);
    const paise = (rupees: number) => Math.round(rupees * 100);
    expect(statement.json()).toEqual({
      month: '2026-10',
      work,
      status: 'final',
      workers: 2,
      gross: payroll.totals.gross,
      pfEmployee: payroll.totals.pfEmployee,
      pfEmployer: (paise(payroll.totals.eps) + paise(payroll.totals.pfEmployerDiff)) / 100,
      esiEmployee: payroll.totals.esiEmployee,
      esiEmployer: payroll.totals.esiEmployer,
      paymentDate: '2026-11-07',
      finalisedAt: payroll.finalisedAt,
    });
    expect(statement.json().gross).toBe((20 * 80_000 + 12 * 85_050) / 100);
    expect(statement.json().pfEmployee).toBeGreaterThan(0);
    expect(statement.json().pfEmployer).toBeGreaterThan(0);
    // another month of the same work type is not final
    expect((await call('GET', `/bills/compliance?${q(work, '2026-09')}`)).statusCode).toBe(409);
  });
});
