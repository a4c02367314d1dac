import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/connect.js';

const status = z.object({ status: z.string() });

/** GET /healthz: the process is up. GET /readyz: the database answers `select 1`. */
export function healthRoutes(database: DatabaseHandle) {
  return async function healthPlugin(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/healthz', { schema: { tags: ['health'], response: { 200: status } } }, async () => ({ status: 'ok' }));
    r.get('/readyz', { schema: { tags: ['health'], response: { 200: status, 503: status } } }, async (_request, reply) => {
      const ready = await database.ping();
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'database unavailable' });
    });
  };
}
