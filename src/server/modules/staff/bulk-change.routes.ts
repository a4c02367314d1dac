import type { FastifyInstance } from 'fastify';
import { staffBulkPreview, staffBulkUpdate } from '../../../shared/api/staff-bulk.js';
import { MSG } from '../../../shared/messages.js';
import { STAFF_EDITORS } from '../../../shared/permissions.js';
import { dayInZone } from '../../../shared/time.js';
import { serve } from '../../contract-route.js';
import type { AppDeps } from '../../deps.js';
import type { Guards } from '../../plugins/auth.js';
import { answerOnce } from '../../request-keys.js';
import { applyBulkChange, previewBulkChange } from './bulk-change.service.js';

/**
 * Bulk changes to staff (issue 28), from the contracts of src/shared/api/staff-bulk.ts:
 * managers and admins, each record within the single edit's rules. The preview is a POST
 * (its body names up to 5,000 ids) that changes nothing: it runs on the database, not in a
 * write's transaction, and leaves the kept answers as they are.
 */
export function staffBulkRoutes(deps: AppDeps, guards: Guards) {
  const managers = guards.roles(...STAFF_EDITORS);
  /** The company's day (APP_TZ): a wage from it or earlier applies at once; On Leave and Resigned start on it. */
  const today = () => dayInZone(deps.now(), deps.config.appTz);

  return async function staffBulkPlugin(app: FastifyInstance): Promise<void> {
    serve(
      app,
      staffBulkPreview,
      { onRequest: managers, leavesKeptAnswers: true, ownTransactions: 'a preview only reads: it changes nothing' },
      async (request) => previewBulkChange(deps.db, request.user!, request.body, today()),
    );

    serve(app, staffBulkUpdate, { onRequest: managers }, async (request, reply, db) =>
      answerOnce(deps, db, request, reply, staffBulkUpdate, async () => {
        const result = await applyBulkChange(db, request.user!, request.body, today(), deps.now());
        return { status: 200, body: { success: true as const, msg: MSG.staffBulk.changed(result.changed), ...result } };
      }),
    );
  };
}
