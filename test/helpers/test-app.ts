import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { loadConfig, type Config } from '../../src/server/config.js';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/connect.js';
import type { AppDeps } from '../../src/server/deps.js';
import type { Mailer, MailMessage } from '../../src/server/mail/mailer.js';
import { openEmbeddedTestDatabase } from './embedded-template.js';
import { adminQuery, withDatabase } from './pg-admin.js';

/** A mailer that keeps what it was asked to send. */
export class MemoryMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }
  close(): void {}
}

/**
 * A fresh database for one test file: in-memory PGlite by default, started from the dump of
 * a migrated one (test/global-setup.ts), or with DATABASE_URL a new database on that server
 * copied from the migrated template.
 */
export async function openTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  const template = inject('templateDatabase');
  // test/global-setup.ts provides it (null on PGlite) to the db project only (decision 0034)
  if (template === undefined) {
    throw new Error('openTestDatabase: only the db project has a test database; add this test file to DATABASE_TESTS in vitest.config.ts');
  }
  const url = process.env.DATABASE_URL;
  if (url && template) {
    const name = `${template.replace(/template$/, '')}${randomBytes(5).toString('hex')}`;
    await adminQuery(url, `create database "${name}" template "${template}"`);
    const databaseUrl = withDatabase(url, name);
    const handle = await openDatabase({ databaseUrl, maxConnections: 5 });
    return Object.assign(handle, { url: databaseUrl });
  }
  return openEmbeddedTestDatabase(inject('embeddedTemplate'));
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** The database and config the app runs on, for factories and direct checks. */
  deps: Pick<AppDeps, 'config' | 'db' | 'now'>;
  config: Config;
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: Partial<Config>;
  /** A mailer to use; 'from-config' builds the real one from the config (SMTP or outbox). */
  mailer?: Mailer | 'from-config';
  /** Share a database with another test app (two server instances on one database). */
  database?: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** A clock the test controls: set `clock.now` to move time. */
  clock?: { now: Date };
  /** Routes of the test's own, registered under /api/v1 beside the app's (tests of serve()). */
  routes?: (api: FastifyInstance) => void;
}

/** The whole application on its own fresh database, for inject() calls. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase());
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dutyroll-test-'));
  // IFSC_API_URL empty: tests never reach the internet (a test may pass a fake upstream)
  const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:3000', IFSC_API_URL: '' }, options.config);
  const given = options.mailer ?? new MemoryMailer();
  const app = await buildApp({
    config,
    database,
    mailer: given === 'from-config' ? undefined : given,
    now: options.clock ? () => options.clock!.now : undefined,
    logger: options.logger ?? false,
  });
  if (options.routes) await app.register(async (api) => options.routes!(api), { prefix: '/api/v1' });
  await app.ready();
  return {
    app,
    database,
    config,
    deps: { config, db: database.db, now: options.clock ? () => options.clock!.now : () => new Date() },
    async close() {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}
