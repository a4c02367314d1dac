import { inject } from 'vitest';
import type { Build } from '../../bench/route-js.js';

/** The production build test/build-setup.ts made for this run (the `build` project only). */
export function theWebBuild(): Build {
  const { outDir, chunks } = inject('webBuild');
  return { outDir, chunks: new Map(chunks.map((chunk) => [chunk.fileName, chunk])) };
}
