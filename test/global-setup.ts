import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openDatabase } from '../src/server/db/connect.js';
import { buildEmbeddedTemplate } from './helpers/embedded-template.js';
import { withDatabase } from './helpers/pg-admin.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** With DATABASE_URL: a migrated database each test file copies (CREATE DATABASE ... TEMPLATE). */
    templateDatabase: string | null;
  }
}

const PREFIX = `dutyroll_t${process.pid}_`;

/**
 * With DATABASE_URL set, migrates one template database on that server; each test file
 * then gets its own fresh copy (see test/helpers/test-app.ts). Without it, every test
 * database is an in-memory embedded one started from the dump of one migrated here
 * (test/helpers/embedded-template.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const template = await buildEmbeddedTemplate();
    project.provide('templateDatabase', null);
    project.provide('embeddedTemplate', template.file);
    return template.remove;
  }
  project.provide('embeddedTemplate', null);
  const admin = new pg.Client({ connectionString: url });
  admin.on('error', () => undefined);
  await admin.connect();
  const template = `${PREFIX}template`;
  await admin.query(`drop database if exists "${template}"`);
  await admin.query(`create database "${template}"`);
  const database = await openDatabase({ databaseUrl: withDatabase(url, template), maxConnections: 1 });
  await database.migrate();
  await database.close();
  project.provide('templateDatabase', template);

  return async () => {
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [PREFIX + '%']);
    for (const row of rows) {
      await admin.query(`drop database if exists "${row.datname}" with (force)`);
    }
    await admin.end();
  };
}
