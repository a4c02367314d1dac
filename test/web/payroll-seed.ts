/**
 * A payroll month for the component tests, written straight into the test database as the
 * payroll's own DB test does (src/server/modules/payroll/payroll.test.ts): staff rows with
 * their payroll fields and completed duties whose crew rows carry the completed day. The
 * payroll itself is then the real API's answer (decision 0025).
 */
import { eq } from 'drizzle-orm';
import { ROLE } from '../../src/shared/roles.js';
import type { Payroll } from '../../src/shared/schemas/payroll.js';
import { duties, dutyWorkers, staff } from '../../src/server/db/schema.js';
import { buildStaff, buildUser } from '../helpers/factories.js';
import type { TestApp } from '../helpers/test-app.js';

/** A worker's payroll fields as the staff record holds them. */
export interface PayrollDetails {
  uanNo?: string | null;
  esiNo?: string | null;
  acNumber?: string | null;
  ifscCode?: string | null;
  bank?: string | null;
  dob?: string | null;
  skill?: string | null;
}

/** Every payroll field filled in: a worker no flag but the wage's can point at. */
export const FULL_DETAILS: PayrollDetails = {
  uanNo: '100200300400',
  esiNo: '3100123456',
  acNumber: '001234567890',
  ifscCode: 'SBIN0001234',
  bank: 'SBI',
  dob: '1990-05-01',
  skill: 'unskilled',
};

/** An active worker of `work` with this Emp ID, daily wage (rupees, as the column keeps it) and payroll fields. */
export async function payrollWorker(
  api: TestApp,
  worker: { name: string; empId: string; work: string; wage: string; details?: PayrollDetails },
): Promise<{ id: string; name: string }> {
  const row = await buildStaff(api.deps.db, { name: worker.name, work: worker.work, wage: worker.wage });
  await api.deps.db
    .update(staff)
    // joined long ago: the admin's holidays of the months seeded are theirs
    .set({ empId: worker.empId, joined: '2024-06-01', ...(worker.details ?? FULL_DETAILS) })
    .where(eq(staff.id, row.id));
  return { id: row.id, name: row.name };
}

/** `YYYY-MM-DD` of day `n` of `month` ('YYYY-MM'). */
export const dayOf = (month: string, n: number) => `${month}-${String(n).padStart(2, '0')}`;

/**
 * One completed duty of `work` on each of `days` with this crew, under a supervisor of that
 * work type made for them.
 */
export async function completedDuties(api: TestApp, work: string, days: readonly string[], crew: readonly string[]): Promise<void> {
  if (days.length === 0) return;
  const supervisor = await buildUser(api.deps.db, { role: ROLE.supervisor, work });
  const rows = await api.deps.db
    .insert(duties)
    .values(days.map((day) => ({ work, trainNo: '16301', totalCoach: 10, status: 'completed', supervisorId: supervisor.id, completedAt: new Date(`${day}T06:00:00Z`), completedDay: day, used: crew.length })))
    .returning({ id: duties.id, day: duties.completedDay });
  await api.deps.db.insert(dutyWorkers).values(rows.flatMap((row) => crew.map((staffId) => ({ dutyId: row.id, staffId, completedDay: row.day! }))));
}

/** Calls the API as the holder of `token` (a manager's or admin's session) and insists on `status`. */
export async function callApi(api: TestApp, token: string, method: 'GET' | 'POST', url: string, payload?: object, status = 200): Promise<unknown> {
  const answer = await api.app.inject({ method, url: `/api/v1${url}`, headers: { authorization: token }, ...(payload ? { payload } : {}) });
  if (answer.statusCode !== status) throw new Error(`${method} ${url}: ${answer.statusCode} ${answer.body}`);
  return answer.json();
}

/** GET /payroll: the month's payroll as the server computes it. */
export function readPayroll(api: TestApp, token: string, work: string, month: string): Promise<Payroll> {
  return callApi(api, token, 'GET', `/payroll?work=${work}&month=${month}`) as Promise<Payroll>;
}

/** POST /payroll/finalise through the API: the month becomes final. */
export async function finaliseMonth(api: TestApp, token: string, work: string, month: string): Promise<void> {
  await callApi(api, token, 'POST', '/payroll/finalise', { work, month });
}
