import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/connect.js';
import { RETRY_AFTER_SECONDS } from '../../http-error.js';

const status = z.object({ status: z.string() });
/** /readyz answers within about this long, whatever the database does. */
const READY_TIMEOUT_MS = 1000;

/** /readyz's 200 while the LISTEN connection is lost and being reopened (decision 0027). */
export const READY_NOT_LISTENING = 'ready, not listening for changes';

/**
 * GET /healthz: the process is up (never touches the database). GET /readyz: the database
 * answers, within a second; it never waits behind the requests' queue or pool, so a load
 * balancer learns of an outage at once. While the LISTEN connection is lost (noticed by its
 * heartbeat) it still answers 200, saying so in its body: the instance answers correctly
 * meanwhile (it keeps no answers and computes each list afresh; its chat streams get the
 * messages they missed when it is back), and a lost LISTEN connection can hit every
 * instance at once (a restart, a full max_connections), which must not take them all out
 * of rotation while the database serves them.
 */
export function healthRoutes(database: DatabaseHandle) {
  return async function healthPlugin(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/healthz', { schema: { tags: ['health'], response: { 200: status } } }, async () => ({ status: 'ok' }));
    r.get('/readyz', { schema: { tags: ['health'], response: { 200: status, 503: status } } }, async (_request, reply) => {
      const ready = await database.ping(READY_TIMEOUT_MS).catch(() => false);
      if (!ready) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      if (!ready) return reply.status(503).send({ status: 'database unavailable' });
      return reply.status(200).send({ status: database.listening() === false ? READY_NOT_LISTENING : 'ready' });
    });
  };
}
