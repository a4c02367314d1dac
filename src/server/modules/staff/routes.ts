import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  createWorker as createWorkerRoute,
  ifscLookup,
  listWorkers as listWorkersRoute,
  oneWorker,
  supervisorList,
  updateWorker as updateWorkerRoute,
  uploadTemplate,
  uploadWorkers,
  workersExport,
  workerStatusCounts as workerStatusCountsRoute,
} from '../../../shared/api/staff.js';
import { BULK_MAX_BYTES } from '../../../shared/limits.js';
import { dayInZone } from '../../../shared/time.js';
import { MSG } from '../../../shared/messages.js';
import { STAFF_EDITORS } from '../../../shared/permissions.js';
import { ROLE } from '../../../shared/roles.js';
import { serve, viewedWork, viewerScope } from '../../contract-route.js';
import { NO_DUTIES } from '../../data-change.js';
import type { AppDeps } from '../../deps.js';
import { HttpError } from '../../http-error.js';
import type { Guards } from '../../plugins/auth.js';
import { importWorkers, readWorkbook, templateWorkbook } from './bulk-import.service.js';
import { lookupIfsc } from './ifsc.service.js';
import { sendListSheet } from '../../lists/list-sheet.js';
import { createWorker, getWorker, listSupervisors, listWorkers, presentWorker, updateWorker, workersSheet, workerStatusCounts } from './staff.service.js';

/** What @fastify/multipart's refusals mean for the person uploading (its own texts are "reach fields limit" and the like). */
const MULTIPART_REFUSALS: Record<string, [number, string]> = {
  FST_REQ_FILE_TOO_LARGE: [413, MSG.bulkTooLarge],
  FST_FILES_LIMIT: [400, MSG.bulkOneFile],
  FST_FIELDS_LIMIT: [400, MSG.bulkTooManyFields],
  FST_PARTS_LIMIT: [400, MSG.bulkTooManyFields],
};

/**
 * The one file of a bulk upload (SPEC §7: multipart, one file field), read whole; other
 * form fields are let through unread. A second file is refused rather than ignored, so
 * nobody believes two sheets were imported. Null when the upload holds no file.
 */
async function readOneFile(request: FastifyRequest): Promise<Buffer | null> {
  let file: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (file !== null) throw new HttpError(400, MSG.bulkOneFile);
      file = await part.toBuffer();
    }
  } catch (error) {
    const refusal = MULTIPART_REFUSALS[(error as { code?: string }).code ?? ''];
    if (refusal) throw new HttpError(refusal[0], refusal[1]);
    throw error;
  }
  return file;
}

/** The staff register (SPEC §7 /worker rows and /auth/getsupervisor), from the contracts of src/shared/api/staff.ts. */
export function staffRoutes(deps: AppDeps, guards: Guards) {
  const managers = guards.roles(...STAFF_EDITORS);
  const staffReaders = guards.roles(ROLE.supervisor, ROLE.manager, ROLE.admin);

  return async function staffPlugin(app: FastifyInstance): Promise<void> {
    await app.register(multipart, { limits: { fileSize: BULK_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 } });
    const actorOf = (request: { user: { id: string; name: string } | null }) => ({ id: request.user!.id, name: request.user!.name });
    /** The company's day (APP_TZ): an On Leave or Resigned status starts on it. */
    const today = () => dayInZone(deps.now(), deps.config.appTz);

    serve(app, createWorkerRoute, { onRequest: managers }, async (request, reply, db) => {
      const result = await createWorker(db, actorOf(request), request.body, today());
      if (!result.created) return { success: false as const, msg: MSG.alreadyRegistered };
      reply.status(201);
      return { success: true as const, msg: MSG.workerAdded, worker: presentWorker(result.worker) };
    });

    // a supervisor's answer is their own work type's crew; a manager's and an admin's the same
    // for both; a search by name (q) is kept only when asked again (decision 0027)
    serve(
      app,
      listWorkersRoute,
      {
        onRequest: staffReaders,
        cacheScope: (request) => viewerScope(request.user!),
        isSearch: (request) => request.query.q !== undefined,
        // each worker's live duty (decision 0044): the live duties of the list's work type's staff
        reads: (request) => ({
          work: viewedWork(request.user!, request.query.work),
          live: true,
          completed: null,
        }),
      },
      async (request, reply) => {
        const { workers, total } = await listWorkers(deps.db, request.user!, request.query);
        reply.header('x-total-count', String(total));
        return workers;
      },
    );

    // the list's counts by status and its export (issue 28, staff list): the list's readers,
    // the list's view and masks
    serve(
      app,
      workerStatusCountsRoute,
      {
        onRequest: staffReaders,
        cacheScope: (request) => viewerScope(request.user!),
        isSearch: (request) => request.query.q !== undefined,
        // statuses only: no duty changes them
        reads: () => NO_DUTIES,
      },
      async (request) => workerStatusCounts(deps.db, request.user!, request.query),
    );

    serve(app, workersExport, { onRequest: staffReaders }, async (request, reply) =>
      sendListSheet(reply, MSG.staffList.sheetTitle, await workersSheet(deps.db, request.user!, request.query), deps.config.appTz, today()),
    );

    serve(app, oneWorker, { onRequest: managers }, async (request) => {
      const worker = await getWorker(deps.db, request.user!, request.params.id);
      if (!worker) throw new HttpError(404, MSG.workerNotFound);
      return [worker];
    });

    serve(app, updateWorkerRoute, { onRequest: managers }, async (request, _reply, db) => {
      const row = await updateWorker(db, request.user!, request.params.id, request.body, today());
      return { success: true as const, msg: MSG.workerUpdated, worker: presentWorker(row) };
    });

    // the upload is read and its sheet parsed before the transaction opens: only the
    // import's statements hold it
    const readUpload = async (request: FastifyRequest) => {
      if (!request.isMultipart()) throw new HttpError(400, MSG.selectExcelFile);
      const buffer = await readOneFile(request);
      if (!buffer || buffer.length === 0) throw new HttpError(400, MSG.selectExcelFile);
      return readWorkbook(buffer);
    };
    serve(app, uploadWorkers, { onRequest: managers, prepare: readUpload }, async (request, _reply, db, rows) => {
      const result = await importWorkers(db, actorOf(request), rows, today());
      return {
        success: true as const,
        msg: MSG.bulkUploaded(result.imported, result.skipped.length),
        imported: result.imported,
        skipped: result.skipped,
      };
    });

    serve(app, uploadTemplate, { onRequest: managers }, async (_request, reply) =>
      reply
        .header('content-type', uploadTemplate.responses[200].file[0])
        .header('content-disposition', 'attachment; filename="Workers_upload_template.xlsx"')
        .send(templateWorkbook()),
    );

    serve(app, ifscLookup, { onRequest: managers }, async (request) => {
      const details = await lookupIfsc(deps.db, request.params.ifsccode, {
        upstreamUrl: deps.config.ifscApiUrl,
        timeoutMs: deps.config.ifscTimeoutMs,
      });
      if (!details) throw new HttpError(404, MSG.ifscInvalid);
      return details;
    });

    // any signed-in account: supervisors read their own work type's supervisors
    serve(app, supervisorList, { onRequest: guards.signedIn }, async (request) => ({ supervisor: await listSupervisors(deps.db, request.user!) }));
  };
}
