import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '../shared/messages.js';
import { ROLE } from '../shared/roles.js';
import { toWorkType } from '../shared/work-types.js';
import type { Database } from './db/connect.js';
import { HttpError } from './http-error.js';
import { JsonText } from './json-text.js';
import { computeAnswer } from './response-cache.js';
import { EVERYTHING, mergeChanges, type DataChange, type DutyReads } from './data-change.js';
import { fastifyPath, isFileResponse, type ParsedOf, type RouteContract, type SuccessBody } from '../shared/api/contract.js';
import { withMessageCode } from '../shared/api/envelopes.js';

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

/**
 * A handler answers the contract's success body, or (a read) that body as JSON the database
 * wrote (JsonText), or sends its own answer through reply. `db` is what it reads and writes
 * with: for a write, the request's one transaction (see serve()), else the database. `prepared` is what the route's `prepare`
 * answered, before the transaction opened.
 */
export type ContractHandler<C extends RouteContract, P = undefined> = (
  request: ContractRequest<C>,
  reply: FastifyReply,
  db: Database,
  prepared: P,
) => Promise<SuccessBody<C> | JsonText<SuccessBody<C>> | FastifyReply | void>;

export type ServerOptions = Pick<RouteShorthandOptions, 'onRequest' | 'preHandler' | 'preValidation' | 'bodyLimit' | 'config'>;

/**
 * A GET route whose answer is kept until its data changes (response-cache.ts, decision
 * 0027) names what, besides its parsed query, the answer depends on: the viewer's role
 * and work type, the day. Two requests with the same scope and query get the same bytes.
 */
export interface CachedRoute<C extends RouteContract> {
  cacheScope: (request: ContractRequest<C>) => string;
  /**
   * Whether this request is a free-text search: most are asked once, so its answer is kept
   * only when the same search is asked again soon (response-cache.ts `SendOptions.search`).
   */
  isSearch?: (request: ContractRequest<C>) => boolean;
  /**
   * What this request's answer reads of the duties (data-change.ts): a write that changed
   * only other duties leaves it kept. Without it, every write drops it.
   */
  reads?: (request: ContractRequest<C>) => DutyReads;
}

/**
 * A write that changes nothing a kept answer shows (a chat message, a sign-in, a sign-out)
 * says so with `leavesKeptAnswers`: it does not empty the kept lists, here or on the other
 * instances (decision 0027). Any other write does.
 */
export interface WriteRoute {
  leavesKeptAnswers: true;
}

/**
 * A write runs in one transaction that serve() opens (decision 0031). The few writes whose
 * work must outlive a refusal — a sign-in's or a reset code's attempt counters, which must
 * count the very attempts that are answered 401 or 400, and the mail a reset code sends —
 * say why in `ownTransactions`, and open their own.
 */
export interface OwnTransactions {
  ownTransactions: string;
}

/**
 * Work a write does before its transaction opens, so that the transaction holds its
 * connection (on the embedded database: the only one) for its statements alone: reading an
 * upload, parsing a spreadsheet, hashing a password. Its answer is the handler's
 * `prepared`; it may refuse (throw an HttpError) like the handler.
 */
export interface PreparedRoute<C extends RouteContract, P> {
  prepare: (request: ContractRequest<C>) => Promise<P>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The database the routes read from and open their write transactions on. */
    db: Database;
    /**
     * Data changed (a write committed, or may have): drops this instance's kept answers that
     * the change affects (all of them by default) and tells the other instances
     * (response-cache.ts); settles when they were told.
     */
    dataChanged(change?: DataChange): Promise<void>;
  }
}

/** What each write's handler said it changed (noteChange), until its answer leaves. */
const notedChanges = new WeakMap<FastifyRequest, DataChange>();

/**
 * A write's handler says what it changed, when that is less than everything (data-change.ts):
 * its kept answers that read other data stay. A write that says nothing changed everything.
 * Said more than once (a transaction run again after a conflict), the changes add up.
 */
export function noteChange(request: FastifyRequest, change: DataChange): void {
  const before = notedChanges.get(request);
  notedChanges.set(request, before === undefined ? change : mergeChanges(before, change));
}

/** What the write changed: what its handler noted, else everything. */
function changeOf(request: FastifyRequest): DataChange {
  const change = notedChanges.get(request) ?? EVERYTHING;
  notedChanges.delete(request);
  return change;
}

/** What a write's handler meets if it sends its answer itself inside the transaction. */
function sendInsideTransaction(): never {
  throw new Error('a write answers by returning its body (after reply.status()), never by sending it inside its transaction');
}

/**
 * Runs a write's handler inside one transaction: every statement it makes on `db` commits
 * together, or none does. Its answer is sent only after the commit, and only then are the
 * kept answers emptied and the other instances told (a write that failed with a fault may
 * have committed before failing, and empties them too; a refusal committed nothing and
 * empties nothing). A transaction that lost a race (40001, 40P01) is run again once, the
 * handler from its start (retryConflictsOnce, decision 0017).
 */
async function inOneTransaction<C extends RouteContract, P>(
  request: ContractRequest<C>,
  reply: FastifyReply,
  handler: ContractHandler<C, P>,
  prepared: P,
  changesKeptAnswers: boolean,
): Promise<SuccessBody<C> | JsonText<SuccessBody<C>> | void> {
  const server = request.server;
  let answer: SuccessBody<C> | JsonText<SuccessBody<C>> | FastifyReply | void;
  try {
    answer = await server.db.transaction(async (tx) => {
      (reply as { send: unknown }).send = sendInsideTransaction;
      try {
        return await handler(request, reply, tx as Database, prepared);
      } finally {
        delete (reply as { send?: unknown }).send;
      }
    });
  } catch (error) {
    // a fault may have come after the commit, of whatever was written
    notedChanges.delete(request);
    if (changesKeptAnswers && !(error instanceof HttpError)) void server.dataChanged();
    throw error;
  }
  if (changesKeptAnswers) await server.dataChanged(changeOf(request));
  return answer as SuccessBody<C> | JsonText<SuccessBody<C>> | void;
}

/**
 * The part of a list's answer that depends on who asks: the role, and for a supervisor
 * their own work type (the only one they may read). Managers and admins see the same.
 */
export function viewerScope(user: { role: number; work: string | null }): string {
  return user.role === ROLE.supervisor ? `${user.role}:${user.work ?? ''}` : String(user.role);
}

/**
 * The work type a list is of for this viewer: a supervisor's own (the only one they may
 * read, whatever they ask), else the one asked, else null for all of them.
 */
export function viewedWork(user: { role: number; work: string | null }, asked: string | undefined): string | null {
  return (user.role === ROLE.supervisor ? toWorkType(user.work) : null) ?? asked ?? null;
}

/** A handler's answer as Fastify sends it: JSON the database wrote goes out as it is (reply.send leaves a JSON text alone). */
function sendable(reply: FastifyReply, answer: unknown): unknown {
  if (!(answer instanceof JsonText)) return answer;
  reply.header('content-type', 'application/json; charset=utf-8');
  return answer.text;
}

/** The query as a key: its parsed values, in a fixed order. */
function queryKey(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  return JSON.stringify(Object.entries(query).filter(([, value]) => value !== undefined).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** The Fastify schema of a contract (responses of `file` kind are described by media type). */
function fastifySchema(contract: RouteContract) {
  const response: Record<number, unknown> = {};
  for (const [status, answer] of Object.entries(contract.responses)) {
    response[Number(status)] = isFileResponse(answer)
      ? { description: answer.description, content: Object.fromEntries(answer.file.map((type) => [type, { schema: z.string().meta({ format: 'binary' }) }])) }
      : // an answer with a message declares its code and params (decision 0030)
        withMessageCode(
          answer.description
            ? answer
            : // a success answer without its own words is described by what the route does
              answer.describe(contract.summary),
        );
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

/**
 * A JSON body is a form (decision 0014): sent empty, as `null` or not at all, it is a form
 * with nothing filled in, and the route's schema answers its own "required" message (SPEC
 * §5's, for SPEC's forms), never a refinement's fault on a missing object. Any other value
 * that is not an object (a list, a text, a number) is not a form at all.
 */
async function bodyAsForm(request: FastifyRequest): Promise<void> {
  const body: unknown = request.body;
  if (body === undefined || body === null) {
    request.body = {};
    return;
  }
  if (typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, MSG.bodyNotObject);
}

/** The route's own preValidation hooks, after bodyAsForm when the contract has a JSON body. */
function preValidationOf(contract: RouteContract, own: ServerOptions['preValidation']) {
  if (!contract.body) return own;
  return [bodyAsForm, ...(own === undefined ? [] : Array.isArray(own) ? own : [own])];
}

/**
 * Registers the route. A write (any method but GET) runs its handler in one transaction
 * the helper opens and passes as `db` (inOneTransaction), unless it says why it opens its
 * own (`ownTransactions`); then, as for a read, `db` is the database itself.
 */
export function serve<C extends RouteContract, P = undefined>(
  app: FastifyInstance,
  contract: C,
  options: ServerOptions & Partial<CachedRoute<C>> & Partial<WriteRoute> & Partial<OwnTransactions> & Partial<PreparedRoute<C, P>>,
  handler: ContractHandler<C, P>,
): void {
  const { cacheScope, isSearch, reads, leavesKeptAnswers, ownTransactions, prepare, ...routeOptions } = options;
  const write = contract.method !== 'GET';
  const changesKeptAnswers = write && !leavesKeptAnswers;
  const run = async (request: ContractRequest<C>, reply: FastifyReply) => {
    const prepared = (prepare ? await prepare(request) : undefined) as P;
    if (write && ownTransactions === undefined) return inOneTransaction(request, reply, handler, prepared, changesKeptAnswers);
    if (!changesKeptAnswers) return handler(request, reply, request.server.db, prepared);
    try {
      const answer = await handler(request, reply, request.server.db, prepared);
      await request.server.dataChanged();
      return answer;
    } catch (error) {
      if (!(error instanceof HttpError)) void request.server.dataChanged();
      throw error;
    }
  };
  const cached = cacheScope
    ? async (request: ContractRequest<C>, reply: FastifyReply) => {
        const key = `${contract.method} ${contract.path} ${cacheScope(request)} ${queryKey(request.query)}`;
        return request.server.responseCache.send(request, reply, key, () => computeAnswer(reply, () => run(request, reply)), {
          search: isSearch?.(request) ?? false,
          reads: reads?.(request),
        });
      }
    : undefined;
  app.withTypeProvider<ZodTypeProvider>().route({
    ...routeOptions,
    preValidation: preValidationOf(contract, routeOptions.preValidation) as never,
    method: contract.method,
    url: fastifyPath(contract.path),
    schema: fastifySchema(contract) as never,
    handler: (cached ?? (async (request: ContractRequest<C>, reply: FastifyReply) => sendable(reply, await run(request, reply)))) as never,
  });
}
