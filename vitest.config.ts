import { configDefaults, defineConfig } from 'vitest/config';
import { catalogueParts } from './vite.catalogues.js';

/**
 * The server suite's tests that use the suite's database (test/helpers/test-app.ts, the
 * template test/global-setup.ts migrates, or DATABASE_URL itself): they run on in-memory
 * PGlite, and CI runs them again on PostgreSQL. Every other *.test.ts is in `unit`, which
 * runs once and fails loudly when one of its files reaches for that database
 * (test/unit-setup.ts, decision 0034): a new database test belongs in this list.
 */
export const DATABASE_TESTS = [
  'src/server/api-privacy.test.ts',
  'src/server/app.test.ts',
  'src/server/db/burst.test.ts',
  'src/server/db/connect.test.ts',
  'src/server/db/outage.test.ts',
  'src/server/db/pg-listener.test.ts',
  'src/server/log-redaction.test.ts',
  'src/server/message-codes.test.ts',
  'src/server/modules/admin/admin.test.ts',
  'src/server/modules/auth/auth.test.ts',
  'src/server/modules/auth/password-reset.test.ts',
  'src/server/modules/bills/bill-draft.test.ts',
  'src/server/modules/bills/bills.test.ts',
  'src/server/modules/chat/chat.test.ts',
  'src/server/modules/duties/duties.test.ts',
  'src/server/modules/duties/duty-rules.test.ts',
  'src/server/modules/duties/idempotent-writes.test.ts',
  'src/server/modules/duties/spec-client.test.ts',
  'src/server/modules/payroll/payroll.test.ts',
  'src/server/modules/payroll/settings.test.ts',
  'src/server/modules/reports/reports.test.ts',
  'src/server/modules/staff/bulk-change.test.ts',
  'src/server/modules/staff/bulk-import.test.ts',
  'src/server/modules/staff/emp-ids.test.ts',
  'src/server/modules/staff/ifsc-import.test.ts',
  'src/server/modules/staff/staff-list.test.ts',
  'src/server/modules/staff/staff-permissions.test.ts',
  'src/server/modules/staff/staff.test.ts',
  'src/server/plugins/errors.test.ts',
  'src/server/response-cache.test.ts',
  'src/server/write-transaction.test.ts',
  'test/contract.test.ts',
  'test/fuzz.test.ts',
  'test/input-rules.test.ts',
];

/**
 * The component tests that change what a module holds for the rest of its process: the
 * catalogues loaded (only the public part of English), a module made to fail to load, the
 * company profile a module keeps. They run in `web-isolated`, each file in
 * a fresh module graph; every other component test shares its worker's (decision 0043).
 */
const WEB_ISOLATED = [
  'src/web/company-profile.test.tsx',
  'src/web/components/lazy-floating.test.tsx',
  'src/web/i18n/site-texts.test.tsx',
  // after some files in the same process its upload's page showed the public site instead of the
  // refusal; the module that carries this over is not found yet (decision 0043)
  'src/web/features/staff/bulk-upload-page.test.tsx',
];

/** The tests that read a real production build of the web app, made once per run (test/build-setup.ts). */
const BUILD_TESTS = ['test/chunks-build.test.ts', 'test/pwa-build.test.ts'];

/**
 * Five projects (decisions 0034, 0043):
 * - `unit`: every *.test.ts that needs no database of the suite's (pure logic, src/shared,
 *   the web app's plain-logic tests, the builds, and the embedded database's own checks,
 *   which open PGlite whatever DATABASE_URL says); run once.
 * - `db`: DATABASE_TESTS, on a fresh in-memory PGlite per file, or with DATABASE_URL on a
 *   copy of a migrated template database on that server (test/global-setup.ts).
 * - `web`: component tests, *.test.tsx, rendered in happy-dom with the app's real providers
 *   against the real API on in-memory PGlite (test/web/render-app.tsx, decision 0025).
 * - `build`: BUILD_TESTS, on one build of the web app its global setup makes (≈ 25 s).
 * - `web-isolated`: WEB_ISOLATED, component tests that each need modules of their own.
 * Two files run at once: Vitest's default on a 2-core machine is one (cores − 1), which left
 * a core idle while a file waited on its database or its build (decision 0034). `unit`, `db` and
 * `web` files share their worker's process (isolate: false; decisions 0041, 0043): the few
 * component tests that change what a module holds run apart, in `web-isolated`.
 * Coverage (--coverage) reports the web app's lines; `unit` and `web` are what reach them.
 */
export default defineConfig({
  // the English catalogue's two parts, as the build makes them (vite.catalogues.ts)
  plugins: [catalogueParts()],
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...DATABASE_TESTS, ...BUILD_TESTS],
          setupFiles: ['test/unit-setup.ts'],
          // one process per worker for all its files (no module graph loaded per file): decision 0041
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'db',
          include: DATABASE_TESTS,
          globalSetup: ['test/global-setup.ts'],
          // each file opens its own app and database in beforeAll; sharing the process (its
          // modules and the compiled PGlite) among a worker's files took 237 s to 150 s (decision 0041)
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'build',
          include: BUILD_TESTS,
          globalSetup: ['test/build-setup.ts'],
          // the build (global setup) and the build-time reading of the route table
          hookTimeout: 240_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['src/web/**/*.test.tsx'],
          exclude: [...configDefaults.exclude, ...WEB_ISOLATED],
          environment: 'happy-dom',
          setupFiles: ['test/web/setup.ts'],
          globalSetup: ['test/web/global-setup.ts'],
          // a whole screen against the real API on a shared 2-core machine, with coverage
          testTimeout: 90_000,
          // a worker's files share its process and modules (React, Mantine, the app's code are
          // loaded once, not once per file): 256 s of CPU to 96 (decision 0043)
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'web-isolated',
          include: WEB_ISOLATED,
          environment: 'happy-dom',
          setupFiles: ['test/web/setup.ts'],
          globalSetup: ['test/web/global-setup.ts'],
          testTimeout: 90_000,
        },
      },
    ],
    coverage: {
      provider: 'v8',
      include: ['src/web/**/*.{ts,tsx}'],
      exclude: ['src/web/**/*.test.{ts,tsx}', 'src/web/**/*.d.ts'],
      reporter: ['text-summary'],
      // the figure is printed even when a test failed
      reportOnFailure: true,
      // 69.6 % of src/web lines when this was set (decision 0025); the target
      thresholds: { lines: 60 },
    },
  },
});
