import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify, { type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../shared/messages.js';
import type { DatabaseHandle } from '../db/connect.js';
import { RETRY_AFTER_SECONDS, ServiceUnavailableError } from '../http-error.js';
import { openTestDatabase } from '../../../test/helpers/test-app.js';
import { classifyDatabaseError, registerErrorHandling } from './errors.js';

/** Drizzle's wrapper as the services see it: the SQL and the caller's values in its message. */
const wrapped = (cause: unknown, params: unknown[] = ['x']) => new DrizzleQueryError('select * from staff where name = $1', params, cause as Error);

describe('classifyDatabaseError', () => {
  it('never reads the wrapper’s message, which quotes the caller’s values', () => {
    for (const value of ['timeout exceeded when trying to connect', 'is not queryable', 'Connection terminated']) {
      // a real fault (a bug) and a refused row, with the outage words typed by a user
      expect(classifyDatabaseError(wrapped(new TypeError('a bug'), [value]))).toBeNull();
      expect(classifyDatabaseError(wrapped(Object.assign(new Error('duplicate key value'), { code: '23505' }), [value]))).toBeNull();
    }
  });

  it('reads the codes of the whole cause chain first, and logs the driver’s reason, never the SQL', () => {
    const terminated = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    const failure = classifyDatabaseError(wrapped(new Error('pool error', { cause: terminated }), ['not queryable']));
    expect(failure).toEqual({ kind: 'unavailable', code: '57P01', reason: 'terminating connection due to administrator command' });
    // a code deeper in the chain decides even when a message on the way looks like an outage
    expect(classifyDatabaseError(new Error('Connection terminated', { cause: Object.assign(new Error('x'), { code: '42P01' }) }))).toBeNull();
    // the drivers' own messages for a dead connection still count, below the wrapper
    expect(classifyDatabaseError(wrapped(new Error('Connection terminated unexpectedly')))).toMatchObject({ kind: 'unavailable', reason: 'Connection terminated unexpectedly' });
    expect(classifyDatabaseError(wrapped(new Error('PGlite is closed')))?.kind).toBe('unavailable');
  });

  it('keeps our own 503 that Drizzle wrapped', () => {
    const busy = new ServiceUnavailableError(MSG.bulkBusy, 17);
    expect(classifyDatabaseError(wrapped(busy))?.own).toBe(busy);
  });
});

describe('the error handler', () => {
  let database: DatabaseHandle;
  let app: ReturnType<typeof Fastify>;
  const logged: string[] = [];
  beforeAll(async () => {
    database = await openTestDatabase();
    app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void logged.push(line) } } });
    registerErrorHandling(app);
    app.post('/run', async (request: FastifyRequest) => {
      const { kind, value } = request.body as { kind: string; value: string };
      if (kind === 'int') await database.db.execute(sql`select ${value}::int`);
      if (kind === 'missing-table') await database.db.execute(sql`select * from no_such_table where name = ${value}`);
      if (kind === 'wrapped-busy') throw wrapped(new ServiceUnavailableError(MSG.bulkBusy, 17), [value]);
      if (kind === 'extra') throw new ServiceUnavailableError(MSG.mailUnavailable, 60, { extra: { success: false, message: MSG.mailUnavailable } });
      if (kind === 'plain') throw new ServiceUnavailableError(MSG.serviceUnavailable);
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const run = (kind: string, value = 'x') => app.inject({ method: 'POST', url: '/run', payload: { kind, value } });

  it('answers what the database said, whatever outage words the user typed', async () => {
    const refused = await run('int', 'not queryable');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ msg: MSG.invalidRequest, code: 'invalidRequest' });
    const fault = await run('missing-table', 'timeout exceeded when trying to connect');
    expect(fault.statusCode).toBe(500);
    expect(fault.json()).toEqual({ msg: MSG.serverError, code: 'serverError' });
  });

  it('answers a wrapped 503 of ours with its own text and Retry-After, and logs no SQL', async () => {
    const response = await run('wrapped-busy', 'Lakshmi');
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('17');
    expect(response.json()).toEqual({ msg: MSG.bulkBusy, code: 'bulkBusy' });
    expect(logged.join('')).not.toContain('Lakshmi');
  });

  it('sends the extra fields of a 503, and the one default Retry-After', async () => {
    const extra = await run('extra');
    expect(extra.statusCode).toBe(503);
    expect(extra.headers['retry-after']).toBe('60');
    expect(extra.json()).toEqual({ success: false, message: MSG.mailUnavailable, msg: MSG.mailUnavailable, code: 'mailUnavailable' });
    const plain = await run('plain');
    expect(plain.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
  });
});
