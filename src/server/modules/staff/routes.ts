import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '../../../shared/messages.js';
import { ROLE } from '../../../shared/roles.js';
import { errorResponse } from '../../../shared/schemas/auth.js';
import {
  ifscResponse,
  supervisorListResponse,
  workerCreateBody,
  workerResponse,
  workersQuery,
  workerUpdateBody,
} from '../../../shared/schemas/staff.js';
import type { AppDeps } from '../../deps.js';
import { HttpError } from '../../http-error.js';
import type { Guards } from '../../plugins/auth.js';
import { BULK_MAX_BYTES, importWorkers, templateWorkbook } from './bulk-import.service.js';
import { lookupIfsc } from './ifsc.service.js';
import { createWorker, getWorker, listSupervisors, listWorkers, presentWorker, updateWorker } from './staff.service.js';
import { UUID } from '../../../shared/schemas/input-rules.js';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const idParams = z.object({ id: z.string() });

/** The staff register (SPEC §7 /worker rows and /auth/getsupervisor). */
export function staffRoutes(deps: AppDeps, guards: Guards) {
  const managers = guards.roles(ROLE.manager, ROLE.admin);
  const staffReaders = guards.roles(ROLE.supervisor, ROLE.manager, ROLE.admin);

  return async function staffPlugin(app: FastifyInstance): Promise<void> {
    await app.register(multipart, { limits: { fileSize: BULK_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['staff'];
    const actorOf = (request: { user: { id: string; name: string } | null }) => ({ id: request.user!.id, name: request.user!.name });

    r.post(
      '/worker/create-worker',
      {
        onRequest: managers,
        schema: {
          tags,
          summary: 'Add a worker',
          body: workerCreateBody,
          response: {
            201: z.object({ success: z.literal(true), msg: z.string(), worker: workerResponse }),
            200: z.object({ success: z.literal(false), msg: z.string() }),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const result = await createWorker(deps.db, actorOf(request), request.body);
        if (!result.created) return reply.status(200).send({ success: false as const, msg: MSG.alreadyRegistered });
        return reply.status(201).send({ success: true as const, msg: MSG.workerAdded, worker: presentWorker(result.worker, 'full') });
      },
    );

    r.get(
      '/worker/get-workers',
      {
        onRequest: staffReaders,
        schema: {
          tags,
          summary: 'Staff, newest first (supervisors: their own work type, without private fields)',
          querystring: workersQuery,
          response: { 200: z.array(workerResponse), ...errors },
        },
      },
      async (request, reply) => {
        const { workers, total } = await listWorkers(deps.db, request.user!, request.query);
        return reply.header('x-total-count', String(total)).send(workers);
      },
    );

    r.get(
      '/worker/getoneworker/:id',
      {
        onRequest: managers,
        schema: { tags, summary: 'One staff record, in a list', params: idParams, response: { 200: z.array(workerResponse), ...errors } },
      },
      async (request) => {
        const worker = UUID.test(request.params.id) ? await getWorker(deps.db, request.user!, request.params.id) : undefined;
        if (!worker) throw new HttpError(404, MSG.workerNotFound);
        return [worker];
      },
    );

    r.put(
      '/worker/update-worker/:id',
      {
        onRequest: managers,
        schema: {
          tags,
          summary: 'Change a staff record',
          params: idParams,
          body: workerUpdateBody,
          response: { 200: z.object({ success: z.literal(true), msg: z.string(), worker: workerResponse }), ...errors },
        },
      },
      async (request) => {
        if (!UUID.test(request.params.id)) throw new HttpError(404, MSG.workerNotFound);
        const row = await updateWorker(deps.db, request.user!, request.params.id, request.body);
        return { success: true as const, msg: MSG.workerUpdated, worker: presentWorker(row, 'full') };
      },
    );

    r.post(
      '/worker/uploadbulkdata',
      {
        onRequest: managers,
        schema: {
          tags,
          summary: 'Import workers from the first sheet of an .xlsx or .xls file (multipart, one file)',
          consumes: ['multipart/form-data'],
          response: {
            200: z.object({
              success: z.literal(true),
              msg: z.string(),
              imported: z.number(),
              skipped: z.array(z.object({ row: z.number(), aadhar: z.string(), reason: z.string() })),
            }),
            400: errorResponse.extend({
              errors: z.array(z.object({ row: z.number(), column: z.string(), reason: z.string() })).optional(),
            }),
            401: errorResponse,
            403: errorResponse,
            413: errorResponse,
          },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) throw new HttpError(400, MSG.selectExcelFile);
        const file = await request.file();
        if (!file) throw new HttpError(400, MSG.selectExcelFile);
        let buffer: Buffer;
        try {
          buffer = await file.toBuffer();
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, MSG.bulkTooLarge);
          throw error;
        }
        if (buffer.length === 0) throw new HttpError(400, MSG.selectExcelFile);
        const result = await importWorkers(deps.db, actorOf(request), buffer);
        return reply.status(200).send({
          success: true as const,
          msg: MSG.bulkUploaded(result.imported, result.skipped.length),
          imported: result.imported,
          skipped: result.skipped,
        });
      },
    );

    r.get(
      '/worker/upload-template',
      { onRequest: managers, schema: { tags, summary: 'The bulk upload template (.xlsx)' } },
      async (_request, reply) =>
        reply
          .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', 'attachment; filename="Workers_upload_template.xlsx"')
          .send(templateWorkbook()),
    );

    r.get(
      '/worker/get-ifsc/:ifsccode',
      {
        onRequest: managers,
        schema: {
          tags,
          summary: 'Bank and branch of an IFSC code',
          params: z.object({ ifsccode: z.string() }),
          response: { 200: ifscResponse, ...errors },
        },
      },
      async (request) => {
        const details = await lookupIfsc(deps.db, request.params.ifsccode, {
          upstreamUrl: deps.config.ifscApiUrl,
          timeoutMs: deps.config.ifscTimeoutMs,
        });
        if (!details) throw new HttpError(404, MSG.ifscInvalid);
        return details;
      },
    );

    r.get(
      '/auth/getsupervisor',
      {
        onRequest: managers,
        schema: { tags, summary: 'Supervisors who can sign in', response: { 200: supervisorListResponse, ...errors } },
      },
      async () => ({ supervisor: await listSupervisors(deps.db) }),
    );
  };
}
