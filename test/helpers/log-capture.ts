import { Writable } from 'node:stream';
import type { FastifyServerOptions } from 'fastify';
import { loggerOptions } from '../../src/server/app.js';

/**
 * The app's own logger settings (level, serializers, redaction) writing into `lines`, so a
 * test can read every line a request wrote.
 */
export function captureLog(level = 'info'): { lines: string[]; logger: FastifyServerOptions['logger'] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: { ...(loggerOptions(level) as object), stream } };
}
