import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  attendance,
  attendanceExport,
  attendanceViewExport,
  dashboardSummary as dashboardSummaryRoute,
  wages,
  wagesExport,
  wagesViewExport,
  XLSX_TYPE,
} from '../../../shared/api/reports.js';
import { ROLE } from '../../../shared/roles.js';
import { dayInZone, monthInZone, monthRange } from '../../../shared/time.js';
import type { DutyReads } from '../../data-change.js';
import type { WorkType } from '../../../shared/work-types.js';
import { serve, viewerScope } from '../../contract-route.js';
import type { AccountRow } from '../auth/accounts.service.js';
import type { AppDeps } from '../../deps.js';
import type { Guards } from '../../plugins/auth.js';
import { attendanceGrid, attendanceWorkbook } from './attendance.service.js';
import { dashboardSummary } from './dashboard.service.js';
import { wageRegister, wageWorkbook } from './wages.service.js';
import { sendDownload, sendListSheet } from '../../lists/list-sheet.js';
import { attendanceSheet, wagesSheet } from './view-sheets.js';

/** Attendance (SPEC §2, §4), the wage register, and the manager dashboard summary, from src/shared/api/reports.ts. */
export function reportRoutes(deps: AppDeps, guards: Guards) {
  const managers = guards.roles(ROLE.manager, ROLE.admin);

  /** The grid of the work type and month asked for (checked by reportQuery); no month: the current one in APP_TZ. */
  const grid = (query: { work: WorkType; month?: string | undefined }) =>
    attendanceGrid(deps.db, query.work, query.month ?? monthInZone(deps.now(), deps.config.appTz), deps.now(), deps.config.appTz);


  const sendXlsx = (reply: FastifyReply, file: { fileName: string; buffer: Buffer }) => sendDownload(reply, { fileName: file.fileName, contentType: XLSX_TYPE, body: file.buffer });

  return async function reportPlugin(app: FastifyInstance): Promise<void> {
    // the grid marks the days after today: the day is part of what the answer depends on
    const daily = (request: { user: AccountRow | null }) => `${viewerScope(request.user!)} ${dayInZone(deps.now(), deps.config.appTz)}`;

    // the duties completed in the month by the work type's staff (decision 0044); the dashboard names nothing: every change drops it
    const monthReads = (request: { query: { work: WorkType; month?: string | undefined } }): DutyReads => ({
      work: request.query.work,
      live: false,
      completed: monthRange(request.query.month ?? monthInZone(deps.now(), deps.config.appTz)),
    });

    serve(app, attendance, { onRequest: managers, cacheScope: daily, reads: monthReads }, async (request) => {
      const result = await grid(request.query);
      return { ...result, workers: result.workers.map(({ wage: _wage, ...worker }) => worker) };
    });

    serve(app, attendanceExport, { onRequest: managers }, async (request, reply) => sendXlsx(reply, attendanceWorkbook(await grid(request.query))));

    serve(app, wages, { onRequest: managers }, async (request) => wageRegister(await grid(request.query)));

    serve(app, wagesExport, { onRequest: managers }, async (request, reply) => sendXlsx(reply, wageWorkbook(wageRegister(await grid(request.query)))));

    // the page's view (search, filter, sort) of the same grid and register (issue 28)
    const today = () => dayInZone(deps.now(), deps.config.appTz);
    serve(app, attendanceViewExport, { onRequest: managers }, async (request, reply) =>
      sendListSheet(reply, 'Attendance', attendanceSheet(await grid(request.query), request.query), deps.config.appTz, today()),
    );

    serve(app, wagesViewExport, { onRequest: managers }, async (request, reply) =>
      sendListSheet(reply, 'Wage_register', wagesSheet(wageRegister(await grid(request.query)), request.query), deps.config.appTz, today()),
    );

    serve(app, dashboardSummaryRoute, { onRequest: managers, cacheScope: daily }, async () => dashboardSummary(deps.db, deps.now(), deps.config.appTz));
  };
}
