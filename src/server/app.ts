import path from 'node:path';
import { existsSync } from 'node:fs';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import { securityHeaders } from './security-headers.js';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { MSG } from '../shared/messages.js';
import { ROLE } from '../shared/roles.js';
import { dayInZone } from '../shared/time.js';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/connect.js';
import type { AppDeps } from './deps.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { authRoutes } from './modules/auth/routes.js';
import { pruneExpiredSessions } from './modules/auth/sessions.service.js';
import { payrollRoutes } from './modules/payroll/payroll.routes.js';
import { adminRoutes } from './modules/admin/routes.js';
import { billDraftRoutes } from './modules/bills/bill-draft.routes.js';
import { billRoutes } from './modules/bills/routes.js';
import { chatRoutes } from './modules/chat/routes.js';
import { dutyRoutes } from './modules/duties/routes.js';
import { reportRoutes } from './modules/reports/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { payrollSettingsRoutes } from './modules/payroll/settings.routes.js';
import { staffRoutes } from './modules/staff/routes.js';
import { staffBulkRoutes } from './modules/staff/bulk-change.routes.js';
import { applyDueWageRevisions } from './modules/staff/wage-revisions.js';
import { createGuards } from './plugins/auth.js';
import { registerErrorHandling, withMessageCode } from './plugins/errors.js';
import { runWithRequestBudget } from './db/request-budget.js';
import { formatLogObject, scrubLogLine, serializeError, serializeRequest } from './log-redaction.js';
import { pruneRateLimits } from './rate-limit.js';
import { pruneRequestKeys } from './request-keys.js';
import { trackRequestsInFlight, type RequestsInFlight } from './requests-in-flight.js';
import { changeAnnouncer, openResponseCache } from './response-cache.js';
import { EVERYTHING, type DataChange } from './data-change.js';

const API_PREFIX = '/api/v1';
/** How often pending wage revisions are looked at (issue 28). */
const WAGE_REVISION_CHECK_MS = 5 * 60 * 1000;

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Replaces the mailer made from the config (tests). */
  mailer?: Mailer;
  /** The clock (tests). */
  now?: () => Date;
  /** Fastify logger options; false silences it (tests). */
  logger?: FastifyServerOptions['logger'];
}

/**
 * Log options: never a password or its hash, a token, a code, an Aadhaar or an account
 * number (decision 0013). Bodies and headers are not logged; errors, request URLs and
 * finally every line pass through log-redaction.ts.
 */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    // No `redact` paths: the req and res serializers emit no headers at all, so the
    // Authorization, Cookie and Set-Cookie values never reach a line to be redacted.
    serializers: { err: serializeError, req: serializeRequest },
    formatters: { log: formatLogObject },
    hooks: { streamWrite: scrubLogLine },
  };
}

function isApiUrl(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * A request for a file of the web app rather than a page: anything under /assets/, or a
 * last path segment with a file extension (.js, .css, .png, .webmanifest…). A missing
 * one is a 404, never the app's page: a tab older than a release asking for a chunk that
 * is gone must fail to load it (and reload), not run HTML as a script (decision 0018).
 */
function isFileUrl(url: string): boolean {
  const pathname = url.split(/[?#]/, 1)[0] ?? url;
  return pathname.startsWith('/assets/') || /\/[^/]*\.[A-Za-z0-9]+$/.test(pathname);
}

/**
 * Built files that must be checked with the server on every use (Cache-Control: no-cache):
 * the page, the service worker and its Workbox runtime, the manifest. Everything under
 * assets/ has a content hash in its name and is cached for a year.
 */
const REVALIDATED_FILES = /^(?:index\.html|sw\.js|workbox-[\w.-]+\.js|registerSW\.js|manifest\.webmanifest)$/;

/**
 * Swagger UI's request interceptor, run in the browser: adds the web app's session token
 * (localStorage "auth", SPEC §3) to requests to this origin that carry no Authorization
 * of their own. Plain ES5 text, so no build step can change what the browser gets.
 */
const DOCS_REQUEST_INTERCEPTOR = `function (request) {
  try {
    var session = JSON.parse(window.localStorage.getItem('auth') || 'null');
    var sameOrigin = new URL(request.url, window.location.href).origin === window.location.origin;
    if (sameOrigin && session && typeof session.token === 'string' && !request.headers.Authorization && !request.headers.authorization) {
      request.headers.Authorization = session.token;
    }
  } catch (error) {
    // no storage or no session: the request goes without, and the server answers 401
  }
  return request;
}`;

// @fastify/swagger-ui writes functions of uiConfig into its script with toString().
function browserFunction(source: string): <T>(request: T) => T {
  return Object.assign(<T>(request: T) => request, { toString: () => source });
}

/**
 * Requests Fastify refuses before any route or hook runs: a path with a broken %-escape
 * (FST_ERR_BAD_URL) and a path parameter longer than any id (FST_ERR_MAX_PARAM_LENGTH).
 * Both get the app's own {msg} instead of Fastify's body: the first is a 400 (the address
 * cannot be read), the second names no record (404, as an id that is not one does).
 */
function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  reply.header('cache-control', 'no-store');
  // no route's hooks run for these, so the message's code is added here (decision 0030)
  if (error.code === 'FST_ERR_BAD_URL') reply.status(400).send(withMessageCode({ msg: MSG.badUrl }));
  else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') reply.status(404).send(withMessageCode({ msg: MSG.notFound }));
  else reply.status(error.statusCode ?? 400).send(withMessageCode({ msg: MSG.invalidRequest }));
}

/** The whole application, ready to listen or to be called with inject() in tests. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerFrameworkError,
    // requests arriving while it closes get our 503 (requests-in-flight.ts), not Fastify's
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null);
  // A body that names JSON and is empty is a form with nothing filled in, as no body is
  // (contract-route.ts): the route answers its own "required" message rather than Fastify's
  // "Body cannot be empty…". Anything else is parsed by Fastify's own JSON parser, with its
  // protection against prototype poisoning.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
  registerErrorHandling(app);
  // A stop answers every request already taken before the port closes (decision 0011)
  app.decorate('requestsInFlight', trackRequestsInFlight(app));
  // The embedded database bounds each request's total wait for its turns, not each query's
  app.addHook('onRequest', (_request, _reply, done) => runWithRequestBudget(done));
  // The busiest lists' answers are kept until their data changes (decision 0027). A write
  // empties this instance's cache, and tells the others, once its transaction has committed
  // and before its answer leaves (serve(), decision 0031): its author's next read on this
  // instance is fresh. Another instance empties its cache when the announcement reaches
  // it, usually milliseconds later but not always before the author's next read: behind a
  // load balancer, sticky sessions give read-your-write (README). A write that failed with
  // a fault may have committed before failing: it empties and tells the others too. A
  // refused write (4xx) committed nothing — its one transaction rolled back — and neither
  // did one that says it leaves the kept answers alone (a chat message, a sign-in): neither
  // empties anything, so a busy chat or a stream of failed sign-ins cannot keep the boards
  // from being kept.
  const responseCache = await openResponseCache(database, config.responseCacheMb * 1024 * 1024, app.log);
  app.decorate('responseCache', responseCache.cache);
  app.addHook('onClose', async () => responseCache.stop());
  const announcer = changeAnnouncer(database, app.log, responseCache.cache.id);
  app.addHook('onClose', async () => announcer.stop());
  app.decorate('db', database.db);
  app.decorate('dataChanged', async (change: DataChange = EVERYTHING) => {
    responseCache.cache.changed(change);
    await announcer.announce(change);
  });
  // Any API answer may carry Aadhaar, bank or wage data: no browser or proxy cache keeps a
  // copy unless the route chose its own policy (decision 0013).
  app.addHook('onSend', async (request, reply) => {
    if (!isApiUrl(request.url)) return;
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  const mailer = options.mailer ?? createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log: app.log,
    timeoutMs: config.smtpTimeoutMs,
  });
  const deps: AppDeps = { config, db: database.db, mailer, now: options.now ?? (() => new Date()) };
  const guards = createGuards(database.db);

  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets CSS variables in a <style> element and style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // the service worker (/sw.js) and the web app manifest (decision 0018)
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Same-origin app; keep cross-origin isolation headers off so plain links keep working.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { 1: 5 } } });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Dutyroll API', version: '1.0.0', description: 'Work tracking for railway and hotel cleaning crews.' },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'header', name: 'Authorization' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  const docsReaders = guards.roles(ROLE.manager, ROLE.admin);
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // The page is a static shell; the document itself is for signed-in managers and admins.
    uiHooks: {
      onRequest: async function (request, reply) {
        const route = request.routeOptions.url ?? '';
        if (route.endsWith('/json') || route.endsWith('/yaml')) await docsReaders.call(this, request, reply);
      },
    },
    // A browser opening the page sends no Authorization header: the page sends the
    // session the web app keeps in localStorage with its requests to this server.
    uiConfig: { requestInterceptor: browserFunction(DOCS_REQUEST_INTERCEPTOR) },
    // Swagger UI replaces helmet's header on its own pages; keep it as strict for scripts.
    staticCSP:
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
      "font-src 'self' data:; object-src 'none'; base-uri 'self'; frame-ancestors 'none'",
  });

  await app.register(healthRoutes(database));
  await app.register(
    async (api) => {
      await api.register(authRoutes(deps));
      await api.register(staffRoutes(deps, guards));
      await api.register(staffBulkRoutes(deps, guards));
      await api.register(dutyRoutes(deps, guards));
      await api.register(billRoutes(deps, guards));
      await api.register(reportRoutes(deps, guards));
      await api.register(chatRoutes(deps, guards, database));
      await api.register(adminRoutes(deps, guards));
      await api.register(payrollRoutes(deps, guards));
      await api.register(payrollSettingsRoutes(deps, guards));
      await api.register(billDraftRoutes(deps, guards));
    },
    { prefix: API_PREFIX },
  );

  const webRoot = config.webRoot;
  const hasWeb = webRoot !== undefined && existsSync(path.join(webRoot, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // the build's own .br/.gz copies (vite.precompress.ts), compressed once at their best;
      // a file without them is compressed per request by @fastify/compress
      preCompressed: true,
      setHeaders(res, filePath) {
        // the file sent may be the build's copy (sw.js.br): its headers are the file's own
        const relative = path.relative(webRoot, filePath).replace(/\.(?:br|gz)$/, '');
        if (relative.startsWith('assets' + path.sep)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (REVALIDATED_FILES.test(relative)) {
          res.header('cache-control', 'no-cache');
        } else {
          res.header('cache-control', 'public, max-age=86400');
        }
      },
    });
  }

  // Unknown API paths and missing files answer 404 JSON; every other GET is a page route
  // of the web app.
  app.setNotFoundHandler(async (request, reply) => {
    if (isFileUrl(request.url)) reply.header('cache-control', 'no-store');
    else if (!isApiUrl(request.url) && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ msg: MSG.notFound });
  });

  // Housekeeping of expired sessions and old rate-limit counters.
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      Promise.all([pruneExpiredSessions(database.db), pruneRateLimits(database.db), pruneRequestKeys(database.db, deps.now())]).catch((error: unknown) =>
        app.log.warn({ err: error }, 'housekeeping failed'),
      );
    }, 60 * 60 * 1000);
    timer.unref();
  });
  // Wages revised from a day that has come (issue 28): at start, then every few minutes, so
  // a wage from tomorrow is the worker's wage soon after the company's midnight.
  let wageTimer: NodeJS.Timeout | undefined;
  const applyDueWages = async () => {
    const changed = await applyDueWageRevisions(database.db, dayInZone(deps.now(), config.appTz), deps.now());
    if (changed > 0) await app.dataChanged();
  };
  app.addHook('onReady', async () => {
    await applyDueWages().catch((error: unknown) => app.log.warn({ err: error }, 'applying due wage revisions failed'));
    wageTimer = setInterval(() => {
      applyDueWages().catch((error: unknown) => app.log.warn({ err: error }, 'applying due wage revisions failed'));
    }, WAGE_REVISION_CHECK_MS);
    wageTimer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    if (wageTimer) clearInterval(wageTimer);
    mailer.close();
  });

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    requestsInFlight: RequestsInFlight;
  }
}
