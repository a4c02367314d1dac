import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/connect.js';
import { RETRY_AFTER_SECONDS } from '../../http-error.js';

const status = z.object({ status: z.string() });
/** /readyz answers within about this long, whatever the database does. */
export const READY_TIMEOUT_MS = 1000;

/**
 * GET /healthz: the process is up (never touches the database). GET /readyz: the database
 * answers, within a second; it never waits behind the requests' queue or pool, so a load
 * balancer learns of an outage at once.
 */
export function healthRoutes(database: DatabaseHandle) {
  return async function healthPlugin(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/healthz', { schema: { tags: ['health'], response: { 200: status } } }, async () => ({ status: 'ok' }));
    r.get('/readyz', { schema: { tags: ['health'], response: { 200: status, 503: status } } }, async (_request, reply) => {
      const ready = await database.ping(READY_TIMEOUT_MS).catch(() => false);
      if (!ready) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'database unavailable' });
    });
  };
}
