import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fastifyPath, isFileResponse, type ParsedOf, type RouteContract, type SuccessBody } from '../shared/api/contract.js';

/**
 * Registers a route from its contract (src/shared/api): the method, path, request schemas
 * and every status's answer come from the contract, so the server, the web and the API
 * document agree. The route adds only what is the server's own: its guard, limits and
 * the handler.
 */

/** The request as the handler receives it: the contract's parts after their schemas. */
export type ContractRequest<C extends RouteContract> = FastifyRequest<{
  Params: ParsedOf<C, 'params'>;
  Querystring: ParsedOf<C, 'query'>;
  Body: ParsedOf<C, 'body'>;
  Headers: ParsedOf<C, 'headers'>;
}>;

/** A handler answers the contract's success body, or sends its own answer through reply. */
export type ContractHandler<C extends RouteContract> = (
  request: ContractRequest<C>,
  reply: FastifyReply,
) => Promise<SuccessBody<C> | FastifyReply | void>;

export type ServerOptions = Pick<RouteShorthandOptions, 'onRequest' | 'preHandler' | 'preValidation' | 'bodyLimit' | 'config'>;

/** The Fastify schema of a contract (responses of `file` kind are described by media type). */
export function fastifySchema(contract: RouteContract) {
  const response: Record<number, unknown> = {};
  for (const [status, answer] of Object.entries(contract.responses)) {
    response[Number(status)] = isFileResponse(answer)
      ? { description: answer.description, content: Object.fromEntries(answer.file.map((type) => [type, { schema: z.string().meta({ format: 'binary' }) }])) }
      : answer.description
        ? answer
        : // a success answer without its own words is described by what the route does
          answer.describe(contract.summary);
  }
  return {
    tags: [...contract.tags],
    summary: contract.summary,
    ...(contract.description ? { description: contract.description } : {}),
    ...(contract.params ? { params: contract.params } : {}),
    ...(contract.query ? { querystring: contract.query } : {}),
    ...(contract.headers ? { headers: contract.headers } : {}),
    ...(contract.body ? { body: contract.body } : {}),
    ...(contract.multipart ? { consumes: ['multipart/form-data'] } : {}),
    response,
  };
}

export function serve<C extends RouteContract>(app: FastifyInstance, contract: C, options: ServerOptions, handler: ContractHandler<C>): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...options,
    method: contract.method,
    url: fastifyPath(contract.path),
    schema: fastifySchema(contract) as never,
    handler: handler as never,
  });
}
