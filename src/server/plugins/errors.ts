import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG } from '../../shared/messages.js';
import { HttpError, ServiceUnavailableError } from '../http-error.js';

/**
 * One error shape for the whole API: {msg} with an honest status. Input mistakes answer
 * 4xx with the reason; real faults are logged and answer 500 without internals.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ServiceUnavailableError) {
      request.log.warn({ reason: error.message }, 'dependency unavailable');
      return reply.status(503).header('retry-after', String(error.retryAfterSeconds)).send({ msg: error.message });
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ ...error.extra, msg: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const msg = first?.message || MSG.invalidRequest;
      return reply.status(400).send({ msg });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ msg: MSG.tooManyRequests });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type)
      const msg = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? 'The request body is not valid JSON'
        : error.message || MSG.invalidRequest;
      return reply.status(status).send({ msg });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ msg: MSG.serverError });
  });
}
