import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildWeb, type BuiltChunk } from '../bench/route-js.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The web app built once for the `build` project's files (test/build-setup.ts). */
    webBuild: { outDir: string; chunks: BuiltChunk[] };
  }
}

/**
 * The `build` project's tests read one real production build of the web app, made here
 * once per run instead of once per file (issue 25: build once), in a temporary folder so
 * they hold without a prior `npm run build` and never touch dist/.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'dutyroll-web-build-'));
  const built = await buildWeb(path.join(folder, 'web'));
  project.provide('webBuild', { outDir: built.outDir, chunks: [...built.chunks.values()] });
  return () => rm(folder, { recursive: true, force: true });
}
