import type { FastifyReply, FastifyRequest } from 'fastify';

/** A request and a reply enough for driving the response cache directly, without HTTP. */
export const bareRequest = { headers: {} } as FastifyRequest;
export const bareReply = {
  headers() {
    return this;
  },
  header() {
    return this;
  },
  send() {
    return this;
  },
} as unknown as FastifyReply;
