/**
 * A month of duties for the bill's component tests (issue 27), written straight into the
 * test database as the payroll's seed does (test/web/payroll-seed.ts): completed duties with
 * their coaches, the crew the norm asked for and the crew assigned. The terms are saved and
 * the bill made through the real API, so the draft is the server's own answer (decision 0025).
 */
import { ROLE } from '../../src/shared/roles.js';
import type { BillDraft } from '../../src/shared/schemas/bill-draft.js';
import { duties, dutyWorkers } from '../../src/server/db/schema.js';
import { buildStaff, buildUser } from '../helpers/factories.js';
import type { TestApp } from '../helpers/test-app.js';
import { callApi } from './payroll-seed.js';

interface SeedDuty {
  /** 'YYYY-MM-DD', the completed day */
  day: string;
  trainNo: string;
  /** coaches (tanks for bio); null for a duty entered without them */
  totalCoach: number | null;
  /** the crew the staffing norm asked for */
  required: number;
  /** the crew assigned */
  assigned: number;
  type?: string;
}

/** Completed duties of `work`, each with `assigned` workers of that work type on it. */
export async function billDuties(api: TestApp, work: string, rows: readonly SeedDuty[]): Promise<void> {
  const supervisor = await buildUser(api.deps.db, { role: ROLE.supervisor, work });
  const most = Math.max(0, ...rows.map((row) => row.assigned));
  const crew = await Promise.all(Array.from({ length: most }, () => buildStaff(api.deps.db, { work })));
  for (const row of rows) {
    const [duty] = await api.deps.db
      .insert(duties)
      .values({
        work,
        trainNo: row.trainNo,
        totalCoach: row.totalCoach,
        type: row.type ?? 'Primary',
        reqq: row.required,
        used: row.assigned,
        status: 'completed',
        supervisorId: supervisor.id,
        completedAt: new Date(`${row.day}T06:00:00Z`),
        completedDay: row.day,
      })
      .returning({ id: duties.id });
    if (row.assigned > 0) await api.deps.db.insert(dutyWorkers).values(crew.slice(0, row.assigned).map((worker) => ({ dutyId: duty!.id, staffId: worker.id, completedDay: row.day })));
  }
  await api.app.dataChanged();
}

/** PUT /admin/contract-terms as an admin (`adminToken`). */
export async function saveTerms(
  api: TestApp,
  adminToken: string,
  terms: { work: string; effectiveFrom: string; unit: 'coach' | 'tank' | 'month'; rate: number; penaltyPerMissingWorker: number; contractPeriod?: string | null },
): Promise<void> {
  const answer = await api.app.inject({ method: 'PUT', url: '/api/v1/admin/contract-terms', headers: { authorization: adminToken }, payload: terms });
  if (answer.statusCode !== 200) throw new Error(`PUT /admin/contract-terms: ${answer.statusCode} ${answer.body}`);
}

/** GET /bills/draft: the month as the server computes it. */
export function readDraft(api: TestApp, token: string, work: string, month: string): Promise<BillDraft> {
  return callApi(api, token, 'GET', `/bills/draft?work=${encodeURIComponent(work)}&month=${month}`) as Promise<BillDraft>;
}

/** POST /bills/from-duties: makes (201) or updates (200) the month's bill. */
export async function billFromDuties(api: TestApp, token: string, work: string, month: string, status = 201): Promise<{ bill: { _id: string } }> {
  return (await callApi(api, token, 'POST', '/bills/from-duties', { work, month }, status)) as { bill: { _id: string } };
}
