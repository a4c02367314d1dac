import * as XLSX from '@e965/xlsx';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import { DEFAULT_PAYROLL_SETTINGS, payrollFigures } from '../../../shared/payroll.js';
import { ROLE } from '../../../shared/roles.js';
import type { Payroll, PayrollRow } from '../../../shared/schemas/payroll.js';
import { auditLog, duties, dutyWorkers, holidays, staff } from '../../db/schema.js';
import { buildStaff, buildUser, newSessionToken } from '../../../../test/helpers/factories.js';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.js';

// "now" is 20 November 2026 in Kolkata: October 2026 has ended and can be finalised
const NOW = new Date('2026-11-20T10:00:00Z');
let t: TestApp;
let manager: string;
let admin: string;
let supervisor: string;
let supervisorId: string;

beforeAll(async () => {
  t = await createTestApp({ clock: { now: NOW } });
  manager = await newSessionToken(t, { role: ROLE.manager });
  admin = await newSessionToken(t, { role: ROLE.admin });
  const sup = await buildUser(t.deps.db, { role: ROLE.supervisor, work: 'acca' });
  supervisorId = sup.id;
  supervisor = await newSessionToken(t, { role: ROLE.supervisor, work: 'acca' });
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token = manager, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { authorization: token }, ...(payload ? { payload } : {}) });

/** A completed duty of `work` on `day` with this crew, straight in the database. */
async function completedDuty(work: string, day: string, crew: string[]): Promise<string> {
  const [row] = await t.deps.db
    .insert(duties)
    .values({ work, trainNo: '16301', totalCoach: 10, status: 'completed', supervisorId, completedAt: new Date(`${day}T06:00:00Z`), completedDay: day, used: crew.length })
    .returning({ id: duties.id });
  await t.deps.db.insert(dutyWorkers).values(crew.map((staffId) => ({ dutyId: row!.id, staffId, completedDay: day })));
  return row!.id;
}

const day = (n: number) => `2026-10-${String(n).padStart(2, '0')}`;
const rowOf = (payroll: Payroll, name: string) => payroll.rows.find((row) => row.name === name)!;

/** The figures the shared arithmetic gives a row, as the API writes them (rupees). */
function expectedRow(input: Parameters<typeof payrollFigures>[0]) {
  const f = payrollFigures(input, '2026-10', DEFAULT_PAYROLL_SETTINGS);
  return {
    days: f.days,
    gross: f.grossPaise / 100,
    pfEmployee: f.pfEmployeePaise / 100,
    eps: f.epsPaise / 100,
    pfEmployerDiff: f.pfEmployerDiffPaise / 100,
    esiEmployee: f.esiEmployeePaise / 100,
    esiEmployer: f.esiEmployerPaise / 100,
    net: f.netPaise / 100,
  };
}

describe('the payroll of October 2026 (laundry)', () => {
  let asha: { id: string };
  let bala: { id: string };
  let chitra: { id: string };
  let devi: { id: string };
  let esha: { id: string };
  let firstDuty: string;

  beforeAll(async () => {
    const db = t.deps.db;
    asha = await buildStaff(db, { name: 'Asha', work: 'laundry', wage: '783.00' });
    bala = await buildStaff(db, { name: 'Bala', work: 'laundry', wage: '700.00' });
    chitra = await buildStaff(db, { name: 'Chitra', work: 'laundry', wage: '1000.00' });
    devi = await buildStaff(db, { name: 'Devi', work: 'laundry', wage: '900.00' });
    esha = await buildStaff(db, { name: 'Esha', work: 'laundry', wage: '800.00' });
    await buildStaff(db, { name: 'Idle', work: 'laundry', wage: '800.00', status: 'Resigned' });
    // on the register all month without a duty: the holiday shows, but is not paid
    const jaya = await buildStaff(db, { name: 'Jaya', work: 'laundry', wage: '800.00' });
    await db.update(staff).set({ joined: '2024-06-01' }).where(eq(staff.id, jaya.id));
    const full = { uanNo: '100200300400', esiNo: '3100123456', acNumber: '001234567890', ifscCode: 'SBIN0001234', bank: 'SBI', dob: '1990-05-01', skill: 'unskilled', language: 'hi', joined: '2024-06-01' };
    await db.update(staff).set(full).where(eq(staff.id, asha.id));
    await db.update(staff).set({ ...full, language: 'ml', skill: null }).where(eq(staff.id, bala.id));
    // Chitra: a PF member without UAN, date of birth and bank details
    await db.update(staff).set({ esiNo: '3100999999', skill: 'skilled', joined: '2024-06-01' }).where(eq(staff.id, chitra.id));
    // Devi: 58 on 1 October 2026
    await db.update(staff).set({ ...full, dob: '1968-10-01', skill: 'semi-skilled' }).where(eq(staff.id, devi.id));
    // Esha: neither PF nor ESI member
    await db.update(staff).set({ ...full, pfMember: false, esiMember: false }).where(eq(staff.id, esha.id));

    // 26 days for Asha (two duties on the 3rd: P2), 20 for Bala, 24 for Chitra and Devi, 10 for Esha
    firstDuty = await completedDuty('laundry', day(3), [asha.id, bala.id, chitra.id, devi.id, esha.id]);
    await completedDuty('laundry', day(3), [asha.id]);
    for (let n = 4; n <= 27; n += 1) {
      if (n === 20 || n === 21) continue;
      const crew = [asha.id, ...(n <= 22 ? [bala.id] : []), chitra.id, devi.id, ...(n <= 12 ? [esha.id] : [])];
      await completedDuty('laundry', day(n), crew);
    }
    // a duty of November is not October's
    await completedDuty('laundry', '2026-11-02', [asha.id]);
    await db.insert(holidays).values({ day: day(2), name: 'Gandhi Jayanti' });
  });

  it('answers 403 to a supervisor and needs a work type and month', async () => {
    expect((await call('GET', '/payroll?work=laundry&month=2026-10', supervisor)).statusCode).toBe(403);
    expect((await call('GET', '/payroll?work=laundry')).statusCode).toBe(400);
    expect((await call('GET', '/payroll?work=nothing&month=2026-10')).statusCode).toBe(400);
  });

  it('marks paid and unpaid leave and weekly offs on the grid; paid ones add to paid days, not to SPEC\'s total', async () => {
    const mark = (staffId: string, from: string, to: string, kind: string) => call('POST', '/attendance/marks', manager, { staffId, from, to, kind });
    expect((await mark(asha.id, day(20), day(20), 'leave-paid')).json()).toMatchObject({ success: true, days: 1 });
    expect((await mark(asha.id, day(21), day(21), 'leave-unpaid')).statusCode).toBe(200);
    expect((await mark(asha.id, day(28), day(31), 'weekly-off')).json().days).toBe(4);
    // marking the same again changes nothing
    expect((await mark(asha.id, day(28), day(31), 'weekly-off')).json().days).toBe(0);
    expect((await mark(asha.id, day(30), day(29), 'weekly-off')).statusCode).toBe(400);
    expect((await mark(asha.id, day(1), '2026-10-32', 'weekly-off')).statusCode).toBe(400);
    expect((await mark('0b1e6c1e-8d7d-4f57-9a0e-7d3b1b7e6c11', day(1), day(1), 'holiday')).statusCode).toBe(404);
    expect((await call('POST', '/attendance/marks', supervisor, { staffId: asha.id, from: day(1), to: day(1), kind: 'holiday' })).statusCode).toBe(403);

    const grid = (await call('GET', '/attendance?work=laundry&month=2026-10')).json();
    const row = grid.workers.find((w: { name: string }) => w.name === 'Asha');
    expect(row.codes[1]).toBe('H'); // the admin's holiday
    expect(row.codes[2]).toBe('P2');
    expect(row.codes.slice(19, 21)).toEqual(['L', 'L']);
    expect(row.codes.slice(27)).toEqual(['W', 'W', 'W', 'W']);
    expect(row.total).toBe(24); // 22 days with one duty + P2 — SPEC's total counts duties only
    expect(row.paidLeave).toBe(2); // the holiday and the paid leave
    expect(grid.holidays).toEqual([{ day: 2, name: 'Gandhi Jayanti' }]);
    expect(grid.workers.map((w: { name: string }) => w.name)).not.toContain('Idle');
    const jaya = grid.workers.find((w: { name: string }) => w.name === 'Jaya');
    expect([jaya.codes[1], jaya.paidLeave]).toEqual(['H', 0]);
  });

  it('computes each row from the grid, the wage and the settings, with totals and flags', async () => {
    const response = await call('GET', '/payroll?work=laundry&month=2026-10');
    expect(response.statusCode).toBe(200);
    const payroll = response.json<Payroll>();
    expect(payroll).toMatchObject({ month: '2026-10', work: 'laundry', status: 'draft', dueDate: '2026-11-07', finalisedAt: null });
    expect(payroll.rows.map((row) => row.name)).toEqual(['Asha', 'Bala', 'Chitra', 'Devi', 'Esha']);

    const a = rowOf(payroll, 'Asha');
    // 24 duty days + paid leave + holiday = 26 × ₹783 = ₹20,358; ESI covered (October opens its period)
    expect(a).toMatchObject({ days: 26, daysPresent: 23, rate: 783, gross: 20358, epfWages: 15000, epsWages: 15000, edliWages: 15000 });
    // EPF 12 % of 15,000; EPS 8.33 % = 1,249.50 → 1,250; ESI 0.75 % = 152.685 → 153 and 3.25 % = 661.635 → 662
    expect(a).toMatchObject({ pfEmployee: 1800, eps: 1250, pfEmployerDiff: 550, esiEmployee: 153, esiEmployer: 662, net: 18405, flags: [] });
    expect(a.language).toBe('hi');

    const b = rowOf(payroll, 'Bala');
    expect(b.flags).toEqual(['below minimum wage']);
    expect(b).toMatchObject(
      expectedRow({ dutyDays: 18, paidLeaveDays: 1, daysPresent: 18, ratePaise: 70000, skill: null, dob: '1990-05-01', pfMember: true, esiMember: true, esiCovered: true, hasUan: true, hasEsiNumber: true, hasBankDetails: true, otherDeductionsPaise: 0 }),
    );

    const c = rowOf(payroll, 'Chitra');
    expect(c.flags).toEqual(['no UAN', 'no bank details', 'no date of birth']);
    // 24 days × ₹1,000 = ₹24,000: over the ESI ceiling in the period's first month, so no ESI
    expect(c).toMatchObject({ gross: 24000, esiEmployee: 0, esiEmployer: 0, pfEmployee: 1800 });

    const d = rowOf(payroll, 'Devi');
    expect(d).toMatchObject({ epsWages: 0, eps: 0, pfEmployee: 1800, pfEmployerDiff: 1800 });

    const e = rowOf(payroll, 'Esha');
    expect(e).toMatchObject({ days: 11, gross: 8800, epfWages: 0, pfEmployee: 0, esiEmployee: 0, net: 8800 });

    const sum = (column: keyof PayrollRow) => payroll.rows.reduce((total, row) => total + Math.round((row[column] as number) * 100), 0) / 100;
    expect(payroll.totals).toMatchObject({ gross: sum('gross'), net: sum('net'), pfEmployee: sum('pfEmployee'), esiEmployer: sum('esiEmployer') });
  });

  it('keeps deductions within 50 % of the month\'s wages', async () => {
    const add = (amount: number | string, kind = 'advance', reason = 'Festival advance') => call('POST', '/payroll/deductions', manager, { staffId: esha.id, month: '2026-10', kind, amount, reason });
    const first = await add(2000);
    expect(first.statusCode).toBe(201);
    expect(first.json().deduction).toMatchObject({ kind: 'advance', amount: 2000, name: 'Esha' });
    // ₹8,800 of wages: ₹4,400 at most
    const over = await add(2400.01, 'damage');
    expect(over.statusCode).toBe(422);
    expect(over.json().msg).toBe(MSG.payroll.overDeductionLimit('₹4,400', '₹4,400.01'));
    expect((await add(2400, 'damage')).statusCode).toBe(201);
    expect((await add(0)).statusCode).toBe(400);
    expect((await add('12.345')).statusCode).toBe(400);
    expect((await add(10, 'bribe')).statusCode).toBe(400);
    expect((await call('POST', '/payroll/deductions', manager, { staffId: esha.id, month: '2026-10', kind: 'fine', amount: 5, reason: '  ' })).statusCode).toBe(400);

    const listed = (await call('GET', '/payroll/deductions?work=laundry&month=2026-10')).json().deductions;
    expect(listed.map((d: { amount: number }) => d.amount)).toEqual([2000, 2400]);
    const row = rowOf((await call('GET', '/payroll?work=laundry&month=2026-10')).json<Payroll>(), 'Esha');
    expect(row).toMatchObject({ otherDeductions: 4400, net: 4400 });

    const removed = await call('DELETE', `/payroll/deductions/${listed[1]._id}`);
    expect(removed.statusCode).toBe(200);
    expect((await call('DELETE', `/payroll/deductions/${listed[1]._id}`)).statusCode).toBe(404);
  });

  it('exports the payroll list as the page shows it (issue 28): search, filter, sort, money as ₹ and a Total row', async () => {
    const payroll = (await call('GET', '/payroll?work=laundry&month=2026-10')).json<Payroll>();
    const sheetOf = async (query: string) => {
      const response = await call('GET', `/payroll/export?work=laundry&month=2026-10${query}`);
      expect(response.statusCode, query).toBe(200);
      const book = XLSX.read(response.rawPayload, { type: 'buffer', cellNF: true });
      const sheet = book.Sheets[book.SheetNames[0]!]!;
      return { response, sheet, rows: XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, defval: null }) };
    };
    const names = (rows: unknown[][]) => rows.slice(2, -1).map((row) => row[0]);

    const all = await sheetOf('&sort=-net');
    expect(all.response.headers['content-disposition']).toContain('Payroll_2026-11-20.xlsx');
    expect(all.rows[0]![0]).toBe('Payroll — Work type: LAUNDRY · Month: October 2026 · Status: Draft');
    expect(all.rows[1]).toEqual(['Name', 'Emp ID', 'Days', 'Rate', 'Gross', 'EPF', 'ESI', 'Other deductions', 'Net', 'Flags']);
    expect(names(all.rows)).toEqual([...payroll.rows].sort((a, b) => b.net - a.net).map((row) => row.name));
    expect(all.sheet.I3).toMatchObject({ t: 'n', z: '"₹"#,##0.00' });
    // the Total row against a plain second sum, column by column, in paise
    const paise = (column: keyof PayrollRow) => payroll.rows.reduce((sum, row) => sum + Math.round((row[column] as number) * 100), 0);
    const total = all.rows.at(-1)!;
    expect(total[0]).toBe('Total');
    expect(total[2]).toBe(payroll.rows.reduce((sum, row) => sum + row.days, 0));
    const totalPaise = [4, 5, 6, 7, 8].map((index) => Math.round((total[index] as number) * 100));
    expect(totalPaise).toEqual([paise('gross'), paise('pfEmployee'), paise('esiEmployee'), paise('otherDeductions'), paise('net')]);

    // filters, each against the rows of the JSON answer
    const filtered = {
      noEpf: payroll.rows.filter((row) => row.pfEmployee === 0),
      esi: payroll.rows.filter((row) => row.esiEmployee > 0),
      deductions: payroll.rows.filter((row) => row.otherDeductions > 0),
      flagged: payroll.rows.filter((row) => row.flags.length > 0),
    };
    expect(filtered.noEpf.map((row) => row.name)).toEqual(['Esha']);
    expect(filtered.deductions.map((row) => row.name)).toEqual(['Esha']);
    for (const [show, rows] of Object.entries(filtered)) {
      const view = await sheetOf(`&show=${show}`);
      expect(names(view.rows), show).toEqual(rows.map((row) => row.name));
    }
    const flagged = await sheetOf('&show=flagged&q=CHI');
    expect(flagged.rows[0]![0]).toBe('Payroll — Work type: LAUNDRY · Month: October 2026 · Search: CHI · Show: Flagged · Status: Draft');
    expect(names(flagged.rows)).toEqual(['Chitra']);
    expect(flagged.rows[2]![9]).toBe('no UAN, no bank details, no date of birth');

    const badShow = await call('GET', '/payroll/export?work=laundry&month=2026-10&show=rich');
    expect([badShow.statusCode, badShow.json().msg]).toEqual([400, MSG.reportLists.showInvalid]);
    const badSort = await call('GET', '/payroll/export?work=laundry&month=2026-10&sort=-uan');
    expect([badSort.statusCode, badSort.json().msg]).toEqual([400, MSG.lists.sortInvalid]);
    expect((await call('GET', '/payroll/export?work=laundry&month=2026-10', supervisor)).statusCode).toBe(403);
  });

  it('makes the portals\' and the bank\'s files only from a final payroll; a draft\'s register says DRAFT', async () => {
    for (const name of ['ecr', 'esi', 'bank']) {
      const refused = await call('GET', `/payroll/${name}?work=laundry&month=2026-10`);
      expect([refused.statusCode, refused.json().msg]).toEqual([409, MSG.payroll.draftFile]);
    }
    const register = await call('GET', '/payroll/register?work=laundry&month=2026-10');
    expect(register.headers['content-disposition']).toContain('Register_laundry_10_2026_DRAFT.xlsx');
  });

  it('refuses to finalise a row without a daily wage or with deductions over half the wages', async () => {
    const [nowage] = await t.deps.db.insert(staff).values({ name: 'No Wage', phone: '9876543210', aadhar: '998877665544', work: 'bio', wage: null }).returning();
    await completedDuty('bio', day(5), [nowage!.id]);
    const refused = await call('POST', '/payroll/finalise', manager, { work: 'bio', month: '2026-10' });
    expect([refused.statusCode, refused.json().msg]).toEqual([422, MSG.payroll.noDailyWage(`No Wage (${(await t.deps.db.select().from(staff).where(eq(staff.id, nowage!.id)))[0]!.empId})`)]);
  });

  it('refuses to finalise below the minimum wage, naming the worker; finalises once fixed; a final month refuses every change', async () => {
    const finalise = () => call('POST', '/payroll/finalise', manager, { work: 'laundry', month: '2026-10' });
    const refused = await finalise();
    expect(refused.statusCode).toBe(422);
    expect(refused.json().msg).toContain('Bala');
    expect(refused.json().rows).toEqual([expect.objectContaining({ staffId: bala.id, flags: ['below minimum wage'] })]);
    expect((await call('POST', '/payroll/finalise', manager, { work: 'laundry', month: '2026-11' })).json().msg).toBe(MSG.payroll.futureMonth);

    await t.deps.db.update(staff).set({ wage: '783.00' }).where(eq(staff.id, bala.id));
    const done = await finalise();
    expect(done.statusCode).toBe(200);
    const final = done.json<Payroll>();
    expect(final).toMatchObject({ status: 'final', finalisedAt: NOW.toISOString() });
    expect((await finalise()).statusCode).toBe(409);

    // a final payroll keeps the rate it was finalised with
    await t.deps.db.update(staff).set({ wage: '900.00' }).where(eq(staff.id, asha.id));
    expect(rowOf((await call('GET', '/payroll?work=laundry&month=2026-10')).json<Payroll>(), 'Asha').rate).toBe(783);

    const locked = MSG.payroll.monthFinal('October 2026', 'LAUNDRY');
    const mark = await call('POST', '/attendance/marks', manager, { staffId: asha.id, from: day(30), to: '2026-11-02', kind: 'leave-paid' });
    expect([mark.statusCode, mark.json().msg]).toEqual([409, locked]);
    const deduction = await call('POST', '/payroll/deductions', manager, { staffId: esha.id, month: '2026-10', kind: 'fine', amount: 5, reason: 'Late' });
    expect([deduction.statusCode, deduction.json().msg]).toEqual([409, locked]);
    const listed = (await call('GET', '/payroll/deductions?work=laundry&month=2026-10')).json().deductions;
    expect((await call('DELETE', `/payroll/deductions/${listed[0]._id}`)).statusCode).toBe(409);
    const edit = await call('PUT', `/mcctrain/update-mcctrain/${firstDuty}`, manager, { status: 'processing' });
    expect([edit.statusCode, edit.json().message]).toEqual([409, locked]);
    expect((await call('DELETE', `/mcctrain/deletework/${firstDuty}`)).statusCode).toBe(409);
    expect((await call('GET', '/attendance?work=laundry&month=2026-10')).json().final).toBe(true);
    // November stays open
    expect((await call('POST', '/attendance/marks', manager, { staffId: asha.id, from: '2026-11-03', to: '2026-11-03', kind: 'weekly-off' })).statusCode).toBe(200);

    // a worker moved to another work type after the month was finalised: still locked, and not paid twice
    await t.deps.db.update(staff).set({ work: 'pftr' }).where(eq(staff.id, esha.id));
    const moved = await call('POST', '/payroll/deductions', manager, { staffId: esha.id, month: '2026-10', kind: 'fine', amount: 5, reason: 'Late' });
    expect(moved.statusCode).toBe(409);
    expect((await call('POST', '/attendance/marks', manager, { staffId: esha.id, from: day(29), to: day(29), kind: 'leave-paid' })).statusCode).toBe(409);
    expect((await call('GET', '/payroll?work=pftr&month=2026-10')).json<Payroll>().rows).toEqual([]);
    await t.deps.db.update(staff).set({ work: 'laundry' }).where(eq(staff.id, esha.id));
  });

  it('writes the ECR, ESI, bank and register files from the final payroll', async () => {
    const file = (name: string) => call('GET', `/payroll/${name}?work=laundry&month=2026-10`);
    const ecr = await file('ecr');
    expect(ecr.statusCode).toBe(200);
    expect(ecr.headers['content-disposition']).toContain('ECR_laundry_10_2026.txt');
    const lines = ecr.body.split('\n');
    // Asha, Bala and Devi: Chitra has no UAN, Esha is no PF member
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      const fields = line.split('#~#');
      expect(fields).toHaveLength(11);
      for (const amount of fields.slice(2)) expect(amount).toMatch(/^\d+$/);
    }
    expect(lines[0]!.split('#~#')).toEqual(['100200300400', 'Asha', '20358', '15000', '15000', '15000', '1800', '1250', '550', String(31 - 23), '0']);

    const bank = await file('bank');
    const records = bank.body.trim().split('\r\n');
    expect(records[0]).toBe('Beneficiary Name,Account Number,IFSC,Amount,Narration');
    expect(records).toContain('Asha,001234567890,SBIN0001234,18405.00,Wages Oct 2026');
    expect(records.some((line) => line.startsWith('Chitra'))).toBe(false);
    expect((await file('bank-missing')).body).toContain('Chitra');

    const register = XLSX.read((await file('register')).rawPayload, { type: 'buffer' });
    const sheet = XLSX.utils.sheet_to_json<unknown[]>(register.Sheets[register.SheetNames[0]!]!, { header: 1 });
    expect(String(sheet[0]![0])).not.toContain('DRAFT');
    expect(sheet.flat()).toContain('Signature');

    const esi = XLSX.read((await file('esi')).rawPayload, { type: 'buffer' });
    const esiRows = XLSX.utils.sheet_to_json<unknown[]>(esi.Sheets[esi.SheetNames[0]!]!, { header: 1 });
    expect(esiRows[0]).toHaveLength(6);
  });

  it('lets only an admin reopen, with a reason kept in the audit trail', async () => {
    const reopen = (token: string, reason?: string) => call('POST', '/payroll/reopen', token, { work: 'laundry', month: '2026-10', ...(reason === undefined ? {} : { reason }) });
    expect((await reopen(manager, 'Wrong wage')).statusCode).toBe(403);
    expect((await reopen(admin)).statusCode).toBe(422);
    expect((await reopen(admin, '   ')).statusCode).toBe(422);
    const opened = await reopen(admin, 'Bala\'s arrears were missed');
    expect(opened.statusCode).toBe(200);
    expect(opened.json<Payroll>().status).toBe('draft');
    // the draft follows the wage change now
    expect(rowOf(opened.json<Payroll>(), 'Asha').rate).toBe(900);
    const [audit] = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'payroll.reopen'));
    expect(audit!.after).toMatchObject({ reason: 'Bala\'s arrears were missed' });
    expect((await reopen(admin, 'again')).statusCode).toBe(409);
    expect((await call('PUT', `/mcctrain/update-mcctrain/${firstDuty}`, manager, { status: 'processing' })).statusCode).toBe(200);
  });
});

describe('wage slips', () => {
  it('makes one PDF page per worker, or one worker\'s slip', async () => {
    const all = await call('GET', '/payroll/slips?work=laundry&month=2026-10');
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-type']).toBe('application/pdf');
    expect(all.headers['content-disposition']).toContain('Slips_laundry_10_2026_DRAFT.pdf');
    const pages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;
    expect(pages(all.rawPayload)).toBe(5);
    const payroll = (await call('GET', '/payroll?work=laundry&month=2026-10')).json<Payroll>();
    const one = await call('GET', `/payroll/slips?work=laundry&month=2026-10&staffId=${payroll.rows[0]!.staffId}`);
    expect(one.statusCode).toBe(200);
    expect(pages(one.rawPayload)).toBe(1);
    expect((await call('GET', '/payroll/slips?work=laundry&month=2026-10&staffId=0b1e6c1e-8d7d-4f57-9a0e-7d3b1b7e6c11')).statusCode).toBe(404);
    expect((await call('GET', '/payroll/slips?work=laundry&month=2026-10', supervisor)).statusCode).toBe(403);
  });
});

describe('ESI coverage by contribution period', () => {
  it('is decided by the first month of the period with wages and kept for the whole period', async () => {
    const db = t.deps.db;
    const gita = await buildStaff(db, { name: 'Gita', work: 'acca', wage: '1000.00' });
    const hema = await buildStaff(db, { name: 'Hema', work: 'acca', wage: '1200.00' });
    const ira = await buildStaff(db, { name: 'Ira', work: 'acca', wage: '1500.00' });
    // October opens the period: Gita ₹22,000 (not covered), Hema ₹15,600 (covered); Ira no wages
    for (let n = 1; n <= 22; n += 1) await completedDuty('acca', day(n), n <= 13 ? [gita.id, hema.id] : [gita.id]);
    // November: Gita ₹5,000, Hema 19 days ₹22,800, Ira 10 days ₹15,000
    for (let n = 1; n <= 19; n += 1) {
      await completedDuty('acca', `2026-11-${String(n).padStart(2, '0')}`, [hema.id, ...(n <= 5 ? [gita.id] : []), ...(n <= 10 ? [ira.id] : [])]);
    }
    const payroll = (await call('GET', '/payroll?work=acca&month=2026-11')).json<Payroll>();
    expect(rowOf(payroll, 'Gita')).toMatchObject({ gross: 5000, esiEmployee: 0, esiEmployer: 0 });
    // 0.75 % of 22,800 = 171; 3.25 % = 741
    expect(rowOf(payroll, 'Hema')).toMatchObject({ gross: 22800, esiEmployee: 171, esiEmployer: 741 });
    // 0.75 % of 15,000 = 112.50 → 113; 3.25 % = 487.50 → 488
    expect(rowOf(payroll, 'Ira')).toMatchObject({ gross: 15000, esiEmployee: 113, esiEmployer: 488 });
  });
});
