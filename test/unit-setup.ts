/**
 * The `unit` project runs once, never on PostgreSQL (decision 0034). A test file there that
 * uses the suite's database would quietly miss its PostgreSQL run (or skip its PostgreSQL
 * tests), so it fails here instead, before it loads: its own source may not import the test
 * database's helpers nor read DATABASE_URL; and openTestDatabase (test/helpers/test-app.ts)
 * throws in this project for whatever helper reaches it. Such a file belongs in
 * DATABASE_TESTS (vitest.config.ts).
 */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';

/** What in a test file's source marks it as a test of the suite's database. */
const USES_TEST_DATABASE = /test\/helpers\/(?:test-app|pg-admin)|\/web\/render-app|templateDatabase|process\.env\.DATABASE_URL/;

const file = expect.getState().testPath;
if (!file) throw new Error('test/unit-setup.ts: no test file to check');
const found = USES_TEST_DATABASE.exec(readFileSync(file, 'utf8'));
if (found) {
  throw new Error(`${file} uses the test database (${found[0]}): add it to DATABASE_TESTS in vitest.config.ts, so that it runs in the db project, on PGlite and on PostgreSQL`);
}
