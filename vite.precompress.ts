import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; images and icons are compressed already. */
const COMPRESSIBLE = /\.(?:js|css|html|svg|json|webmanifest|txt)$/;
/** The server compresses nothing smaller either (@fastify/compress's threshold in src/server/app.ts). */
const SMALLEST = 1024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes `name.br` (Brotli, best) and `name.gz` (gzip, best) beside every text file of the
 * build, once, so the server sends a phone the smallest file without compressing it again
 * on every request (@fastify/static `preCompressed`; browsers ask for Brotli over HTTPS
 * only, for gzip over plain HTTP). Last of the build, after the service worker is written.
 */
export function precompressed(): Plugin {
  let outDir = '';
  return {
    name: 'dutyroll:precompressed',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
        await Promise.all(
          files.map(async (file) => {
            if ((await stat(file)).size < SMALLEST) return;
            const data = await readFile(file);
            const [br, gz] = await Promise.all([
              brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
              gzipped(data, { level: constants.Z_BEST_COMPRESSION }),
            ]);
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
          }),
        );
      },
    },
  };
}
