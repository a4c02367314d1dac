import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import { DEFAULT_PAYROLL_SETTINGS, type PayrollSettings } from '../../../shared/payroll.js';
import { ROLE } from '../../../shared/roles.js';
import { auditLog, holidays, payrollSettings, payrolls } from '../../db/schema.js';
import { buildUser, newSessionToken, sessionToken, type BuiltUser } from '../../../../test/helpers/factories.js';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.js';
import { holidaysBetween, payrollSettingsFor } from './settings.service.js';

// a fixed clock: "the current month" is October 2026 in APP_TZ (Asia/Kolkata)
const clock = { now: new Date('2026-10-15T06:00:00Z') };
let t: TestApp;
let admin: BuiltUser;
let adminToken: string;
let managerToken: string;
let supervisorToken: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await buildUser(t.deps.db, { role: ROLE.admin, name: 'Admin Anita' });
  adminToken = await sessionToken(t, admin);
  managerToken = await newSessionToken(t, { role: ROLE.manager });
  supervisorToken = await newSessionToken(t, { role: ROLE.supervisor, work: 'mcc' });
});
afterAll(async () => {
  await t.close();
});
// each test starts from a fresh install's tables
beforeEach(async () => {
  await t.deps.db.delete(payrolls);
  await t.deps.db.delete(payrollSettings);
  await t.deps.db.delete(holidays);
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | undefined, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, payload, headers: token ? { authorization: token } : {} });

/** A settings document: the defaults from `effectiveFrom`, with the changes given. */
function settings(effectiveFrom: string, change: { epf?: Partial<PayrollSettings['epf']>; esi?: Partial<PayrollSettings['esi']>; minimumWages?: Partial<PayrollSettings['minimumWages']> } = {}): PayrollSettings {
  const d = DEFAULT_PAYROLL_SETTINGS;
  return {
    effectiveFrom,
    epf: { ...d.epf, ...change.epf },
    esi: { ...d.esi, ...change.esi },
    minimumWages: { ...d.minimumWages, ...change.minimumWages },
  };
}

/** Marks a month's payroll of a work type final, as finalising does (a `payrolls` row). */
async function finalise(month: string, work = 'mcc') {
  await t.deps.db.insert(payrolls).values({ month, work, payroll: { month, work }, finalisedBy: admin.id });
}

const put = (body: object, token = adminToken) => api('PUT', '/admin/payroll-settings', token, body);

describe('payroll settings', () => {
  it('answers the statutory defaults on a fresh install, for the current month when none is asked', async () => {
    const response = await api('GET', '/admin/payroll-settings', managerToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...DEFAULT_PAYROLL_SETTINGS, month: '2026-10', isDefault: true, history: [] });
    expect(await payrollSettingsFor(t.deps.db, '2026-10')).toEqual(DEFAULT_PAYROLL_SETTINGS);
  });

  it('saves a version and answers it for that month and later, the one before for earlier months', async () => {
    const april = settings('2026-04', { minimumWages: { unskilled: 800.5 }, epf: { onActualWages: true } });
    const saved = await put(april);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(april);
    const october = settings('2026-10', { esi: { employeeRate: 1, wageCeiling: 25000 } });
    expect((await put(october)).statusCode).toBe(200);

    const inMonth = async (month: string) => (await api('GET', `/admin/payroll-settings?month=${month}`, adminToken)).json();
    expect(await inMonth('2026-03')).toMatchObject({ ...DEFAULT_PAYROLL_SETTINGS, month: '2026-03', isDefault: true });
    expect(await inMonth('2026-04')).toMatchObject({ ...april, month: '2026-04', isDefault: false });
    expect(await inMonth('2026-09')).toMatchObject(april);
    expect(await inMonth('2026-10')).toMatchObject(october);
    expect(await inMonth('2030-01')).toMatchObject(october);
    const all = await inMonth('2026-10');
    expect(all.history.map((version: { effectiveFrom: string }) => version.effectiveFrom)).toEqual(['2026-10', '2026-04']);
    expect(all.history[1]).toMatchObject({ ...april, updatedAt: expect.any(String) });

    // the service reads the same, one version per month
    expect(await payrollSettingsFor(t.deps.db, '2026-05')).toEqual(april);
    expect(await payrollSettingsFor(t.deps.db, '2025-12')).toEqual(DEFAULT_PAYROLL_SETTINGS);

    // saving the same month again replaces that version
    const changed = settings('2026-04', { minimumWages: { unskilled: 810 } });
    expect((await put(changed)).json()).toEqual(changed);
    expect(await payrollSettingsFor(t.deps.db, '2026-06')).toEqual(changed);
  });

  it('records each change in the audit trail with what governed the month before', async () => {
    await put(settings('2026-04', { epf: { wageCeiling: 16000 } }));
    await put(settings('2026-04', { epf: { wageCeiling: 17000 } }));
    const rows = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'payroll-settings'), eq(auditLog.entityId, '2026-04')))
      .orderBy(auditLog.id);
    expect(rows.slice(-2).map((row) => [row.action, row.actorId, (row.before as PayrollSettings).epf.wageCeiling, (row.after as PayrollSettings).epf.wageCeiling])).toEqual([
      ['payroll-settings.update', admin.id, 15000, 16000],
      ['payroll-settings.update', admin.id, 16000, 17000],
    ]);
    expect((rows.at(-2)!.before as PayrollSettings).effectiveFrom).toBe(DEFAULT_PAYROLL_SETTINGS.effectiveFrom);
  });

  it('lets managers read and only admins write: 403 for managers and supervisors, 401 for strangers', async () => {
    for (const token of [managerToken, supervisorToken]) {
      const refused = await put(settings('2026-04'), token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().msg).toBe(MSG.forbidden);
    }
    expect((await put(settings('2026-04'), '')).statusCode).toBe(401);
    expect((await api('GET', '/admin/payroll-settings', supervisorToken)).statusCode).toBe(403);
    expect((await api('GET', '/admin/payroll-settings', undefined)).statusCode).toBe(401);
    expect(await t.deps.db.select().from(payrollSettings)).toEqual([]);
  });

  it('refuses bad rates, amounts and months with a message naming the field', async () => {
    const F = MSG.payrollFields;
    const cases: [object, string][] = [
      [settings('2026-04', { epf: { employeeRate: 101 } }), MSG.rateInvalid(F.epfEmployeeRate)],
      [settings('2026-04', { epf: { epsRate: -1 } }), MSG.rateInvalid(F.epsRate)],
      [settings('2026-04', { esi: { employerRate: 3.255 } }), MSG.rateInvalid(F.esiEmployerRate)],
      [{ ...settings('2026-04'), esi: { ...settings('2026-04').esi, employeeRate: '0.75' } }, MSG.rateInvalid(F.esiEmployeeRate)],
      [settings('2026-04', { epf: { wageCeiling: 1_000_000.01 } }), MSG.settingMoneyInvalid(F.epfWageCeiling, 1_000_000)],
      [settings('2026-04', { esi: { exemptDailyWage: 176.001 } }), MSG.settingMoneyInvalid(F.esiExemptDailyWage, 1_000_000)],
      [settings('2026-04', { minimumWages: { 'semi-skilled': -5 } }), MSG.settingMoneyInvalid(F.minimumWageSemiSkilled, 1_000_000)],
      [{ ...settings('2026-04'), epf: { ...settings('2026-04').epf, onActualWages: 'yes' } }, MSG.switchInvalid(F.onActualWages)],
      [settings('2026-04', { epf: { employeeRate: 8, epsRate: 8.33 } }), MSG.epsAboveEmployeeRate],
      [settings('2026-13'), MSG.monthInvalid],
      [settings('1999-12'), MSG.monthOutOfRange],
      [{ ...settings('2026-04'), effectiveFrom: undefined }, MSG.fieldRequired(F.effectiveFrom)],
    ];
    for (const [body, message] of cases) {
      const response = await put(body);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().msg).toBe(message);
    }
    // two decimals are fine, and so are the bounds
    expect((await put(settings('2026-04', { epf: { epsRate: 8.33, wageCeiling: 1_000_000 }, esi: { employeeRate: 0, employerRate: 100 } }))).statusCode).toBe(200);
  });

  it('refuses (409) a version that would govern a final month, and allows one that would not', async () => {
    await put(settings('2026-04'));
    await put(settings('2026-10'));
    await finalise('2026-06');

    // 2026-05 would govern May to September, June included
    const refused = await put(settings('2026-05', { minimumWages: { skilled: 1000 } }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ msg: MSG.settingsGovernFinalMonth('June 2026'), code: 'settingsGovernFinalMonth', params: { 0: 'June 2026' } });
    // the version of April governs June too
    expect((await put(settings('2026-04', { minimumWages: { skilled: 1000 } }))).statusCode).toBe(409);
    // a version with no later one governs every month after it
    await finalise('2027-02', 'acca');
    expect((await put(settings('2026-11'))).statusCode).toBe(409);
    // nothing was saved by a refusal
    expect((await t.deps.db.select().from(payrollSettings)).map((row) => row.effectiveFrom).sort()).toEqual(['2026-04', '2026-10']);

    // after the final month (and up to the next version): fine; a past month that is not final: fine
    expect((await put(settings('2026-07'))).statusCode).toBe(200);
    expect((await put(settings('2026-01'))).statusCode).toBe(200);
    expect((await put(settings('2027-03'))).statusCode).toBe(200);
    // the final month itself, and the next version's month (which governs from there on) when final
    expect((await put(settings('2026-06'))).statusCode).toBe(409);
    await finalise('2026-07');
    expect((await put(settings('2026-07'))).statusCode).toBe(409);
  });

  it('allows a version whose range ends where a final month begins (the next version governs that one)', async () => {
    await put(settings('2026-08'));
    await finalise('2026-08');
    expect((await put(settings('2026-05'))).statusCode).toBe(200);
    expect(await payrollSettingsFor(t.deps.db, '2026-08')).toEqual(settings('2026-08'));
  });
});

describe('holidays', () => {
  it('adds, lists by year, renames and removes holidays, each in the audit trail', async () => {
    const added = await api('POST', '/admin/holidays', adminToken, { day: '2026-10-02', name: 'Gandhi Jayanti' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({ day: '2026-10-02', name: 'Gandhi Jayanti' });
    await api('POST', '/admin/holidays', adminToken, { day: '2026-01-26', name: 'Republic Day' });
    await api('POST', '/admin/holidays', adminToken, { day: '2027-01-26', name: 'Republic Day' });

    // no year: the current one (2026 by the clock); managers read too
    const list = await api('GET', '/admin/holidays', managerToken);
    expect(list.json()).toEqual({
      year: 2026,
      holidays: [
        { day: '2026-01-26', name: 'Republic Day' },
        { day: '2026-10-02', name: 'Gandhi Jayanti' },
      ],
    });
    expect((await api('GET', '/admin/holidays?year=2027', adminToken)).json().holidays).toEqual([{ day: '2027-01-26', name: 'Republic Day' }]);

    const renamed = await api('PUT', '/admin/holidays/2026-10-02', adminToken, { name: '  Gandhi Jayanti (national)  ' });
    expect(renamed.json()).toEqual({ day: '2026-10-02', name: 'Gandhi Jayanti (national)' });
    const removed = await api('DELETE', '/admin/holidays/2026-01-26', adminToken);
    expect(removed.json()).toMatchObject({ success: true, msg: MSG.holidayRemoved, code: 'holidayRemoved' });
    expect(await holidaysBetween(t.deps.db, '2026-01-01', '2026-12-31')).toEqual([{ day: '2026-10-02', name: 'Gandhi Jayanti (national)' }]);

    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.entity, 'holiday')).orderBy(auditLog.id);
    expect(audit.slice(-2).map((row) => [row.action, row.entityId, row.before, row.after])).toEqual([
      ['holiday.update', '2026-10-02', { name: 'Gandhi Jayanti' }, { name: 'Gandhi Jayanti (national)' }],
      ['holiday.delete', '2026-01-26', { name: 'Republic Day' }, null],
    ]);
    expect(audit.some((row) => row.action === 'holiday.create' && row.entityId === '2026-10-02' && row.actorId === admin.id)).toBe(true);
  });

  it('refuses a day already on the list (409), unknown days (404) and bad input (400)', async () => {
    await api('POST', '/admin/holidays', adminToken, { day: '2026-08-15', name: 'Independence Day' });
    const twice = await api('POST', '/admin/holidays', adminToken, { day: '2026-08-15', name: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().msg).toBe(MSG.holidayExists);
    expect(await holidaysBetween(t.deps.db, '2026-08-15', '2026-08-15')).toEqual([{ day: '2026-08-15', name: 'Independence Day' }]);

    for (const [method, url] of [
      ['PUT', '/admin/holidays/2026-08-16'],
      ['DELETE', '/admin/holidays/2026-08-16'],
      ['DELETE', '/admin/holidays/2026-02-30'],
    ] as const) {
      const response = await api(method, url, adminToken, method === 'PUT' ? { name: 'X' } : undefined);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().msg).toBe(MSG.holidayNotFound);
    }

    const F = MSG.payrollFields;
    const bad: [object, string][] = [
      [{ day: '2026-02-30', name: 'X' }, MSG.dayInvalid(F.holidayDate)],
      [{ name: 'X' }, MSG.fieldRequired(F.holidayDate)],
      [{ day: '1999-01-26', name: 'X' }, MSG.yearInvalid(F.holidayDate, 2000, 2100)],
      [{ day: '2026-03-04', name: '  ' }, MSG.fieldRequired(F.holidayName)],
      [{ day: '2026-03-04', name: 'x'.repeat(101) }, MSG.tooLong(F.holidayName, 100)],
    ];
    for (const [body, message] of bad) {
      const response = await api('POST', '/admin/holidays', adminToken, body);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().msg).toBe(message);
    }
    const badYear = await api('GET', '/admin/holidays?year=26', adminToken);
    expect(badYear.statusCode).toBe(400);
    expect(badYear.json().msg).toBe(MSG.yearInvalid(F.year, 2000, 2100));
  });

  it('lets managers and admins read, only admins change: 403 for managers and supervisors', async () => {
    await api('POST', '/admin/holidays', adminToken, { day: '2026-11-01', name: 'Kerala Piravi' });
    const writes: ['POST' | 'PUT' | 'DELETE', string, object?][] = [
      ['POST', '/admin/holidays', { day: '2026-11-02', name: 'X' }],
      ['PUT', '/admin/holidays/2026-11-01', { name: 'X' }],
      ['DELETE', '/admin/holidays/2026-11-01'],
    ];
    for (const [method, url, body] of writes) {
      expect((await api(method, url, managerToken, body)).statusCode).toBe(403);
      expect((await api(method, url, supervisorToken, body)).statusCode).toBe(403);
      expect((await api(method, url, undefined, body)).statusCode).toBe(401);
    }
    expect((await api('GET', '/admin/holidays', supervisorToken)).statusCode).toBe(403);
    expect(await holidaysBetween(t.deps.db, '2026-11-01', '2026-11-30')).toEqual([{ day: '2026-11-01', name: 'Kerala Piravi' }]);
  });

  it('refuses (409) adding or removing a holiday in a month with a final payroll; renaming is fine', async () => {
    await api('POST', '/admin/holidays', adminToken, { day: '2026-09-05', name: 'Onam' });
    await finalise('2026-09', 'pftr');
    const added = await api('POST', '/admin/holidays', adminToken, { day: '2026-09-17', name: 'Vishwakarma Puja' });
    expect(added.statusCode).toBe(409);
    expect(added.json()).toMatchObject({ msg: MSG.holidayInFinalMonth('September 2026'), code: 'holidayInFinalMonth' });
    expect((await api('DELETE', '/admin/holidays/2026-09-05', adminToken)).statusCode).toBe(409);
    expect((await api('PUT', '/admin/holidays/2026-09-05', adminToken, { name: 'Thiruvonam' })).statusCode).toBe(200);
    // the months around it are open
    expect((await api('POST', '/admin/holidays', adminToken, { day: '2026-10-02', name: 'Gandhi Jayanti' })).statusCode).toBe(201);
    expect((await api('POST', '/admin/holidays', adminToken, { day: '2026-08-31', name: 'X' })).statusCode).toBe(201);
  });
});
