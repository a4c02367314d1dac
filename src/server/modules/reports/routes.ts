import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '../../../shared/messages.js';
import { ROLE } from '../../../shared/roles.js';
import { errorResponse } from '../../../shared/schemas/auth.js';
import { monthProblem } from '../../../shared/schemas/input-rules.js';
import { attendanceResponse, summaryResponse, wagesResponse } from '../../../shared/schemas/reports.js';
import { monthInZone } from '../../../shared/time.js';
import { toWorkType, type WorkType } from '../../../shared/work-types.js';
import type { AppDeps } from '../../deps.js';
import { HttpError } from '../../http-error.js';
import type { Guards } from '../../plugins/auth.js';
import { attendanceGrid, attendanceWorkbook } from './attendance.service.js';
import { dashboardSummary } from './dashboard.service.js';
import { wageRegister, wageWorkbook } from './wages.service.js';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse };
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const monthQuery = z.object({
  work: z.string({ error: MSG.workInvalid }),
  // '' or absent: the current month (readQuery)
  month: z
    .string({ error: MSG.monthInvalid })
    .optional()
    .superRefine((month, ctx) => {
      const problem = month ? monthProblem(month) : null;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});

/** Attendance (SPEC §2, §4), the wage register, and the manager dashboard summary. */
export function reportRoutes(deps: AppDeps, guards: Guards) {
  const managers = guards.roles(ROLE.manager, ROLE.admin);

  /** The work type and month asked for; the month defaults to the current one in APP_TZ. */
  function readQuery(query: { work: string; month?: string | undefined }): { work: WorkType; month: string } {
    const work = toWorkType(query.work);
    if (!work) throw new HttpError(400, MSG.workInvalid);
    const month = query.month || monthInZone(deps.now(), deps.config.appTz);
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw new HttpError(400, MSG.monthInvalid);
    return { work, month };
  }

  const grid = (query: { work: WorkType; month: string }) => attendanceGrid(deps.db, query.work, query.month, deps.now(), deps.config.appTz);

  function sendFile(reply: FastifyReply, file: { fileName: string; buffer: Buffer }) {
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', `attachment; filename="${file.fileName.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
      .header('cache-control', 'no-store')
      .send(file.buffer);
  }

  return async function reportPlugin(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/attendance',
      { onRequest: managers, schema: { tags: ['attendance'], summary: 'Attendance grid of a work type and month (YYYY-MM)', querystring: monthQuery, response: { 200: attendanceResponse, ...errors } } },
      async (request) => {
        const result = await grid(readQuery(request.query));
        return { ...result, workers: result.workers.map(({ wage: _wage, ...worker }) => worker) };
      },
    );

    r.get(
      '/attendance/export',
      { onRequest: managers, schema: { tags: ['attendance'], summary: 'The attendance grid as SPEC’s .xlsx file', querystring: monthQuery } },
      async (request, reply) => sendFile(reply, attendanceWorkbook(await grid(readQuery(request.query)))),
    );

    r.get(
      '/wages',
      { onRequest: managers, schema: { tags: ['attendance'], summary: 'Wage register of a work type and month', querystring: monthQuery, response: { 200: wagesResponse, ...errors } } },
      async (request) => wageRegister(await grid(readQuery(request.query))),
    );

    r.get(
      '/wages/export',
      { onRequest: managers, schema: { tags: ['attendance'], summary: 'The wage register as .xlsx', querystring: monthQuery } },
      async (request, reply) => sendFile(reply, wageWorkbook(wageRegister(await grid(readQuery(request.query))))),
    );

    r.get(
      '/dashboard/summary',
      { onRequest: managers, schema: { tags: ['dashboard'], summary: 'The manager dashboard figures and charts', response: { 200: summaryResponse, ...errors } } },
      async () => dashboardSummary(deps.db, deps.now(), deps.config.appTz),
    );
  };
}
