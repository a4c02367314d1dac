/**
 * A hostile upload: three managers at once upload a small .xlsx (about 3 MB) that unpacks
 * to 200,000 rows, while a client asks GET /healthz every 20 ms. Prints /healthz latency
 * (p50, p99, max) before and during the uploads, and what each upload answered. Runs the
 * built server (npm run build:server first) on DATABASE_URL's server or embedded PGlite.
 *
 *   npm run build:server && node --import tsx bench/hostile-upload.ts
 *
 * BENCH_HOSTILE_ROWS     rows of the hostile sheet (default 200,000)
 * BENCH_HOSTILE_UPLOADS  uploads at once (default 3)
 */
import zlib from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { login } from './scenarios.js';
import { startBenchServer, type Account } from './server.js';

const rowCount = Number(process.env.BENCH_HOSTILE_ROWS || 200_000);
const uploads = Number(process.env.BENCH_HOSTILE_UPLOADS || 3);
const manager: Account = { name: 'Bench Manager', email: 'bench-manager@example.com', password: 'bench-password-1', role: 'manager' };

/** A sheet of valid-looking rows, deflated with Node's zlib so it stays under the 5 MB upload limit. */
function hostileWorkbook(rows: number): Buffer {
  (XLSX.CFB as { utils: { use_zlib(z: typeof zlib): void } }).utils.use_zlib(zlib);
  const grid: unknown[][] = [['name', 'work', 'phone', 'aadhar']];
  for (let i = 0; i < rows; i += 1) grid.push(['Hostile Row', 'mcc', 9876543210, 100000000000 + i]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(grid), 'Workers');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, index)]! * 10) / 10;
}

/** Asks /healthz every 20 ms until stop() and answers each request's latency. */
function probeHealth(baseUrl: string): { stop(): Promise<number[]> } {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await (await fetch(`${baseUrl}/healthz`)).arrayBuffer();
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return latencies.sort((a, b) => a - b);
    },
  };
}

const summary = (label: string, sorted: number[]) =>
  `${label}: ${sorted.length} requests, p50 ${percentile(sorted, 50)} ms, p99 ${percentile(sorted, 99)} ms, max ${Math.round(sorted.at(-1) ?? NaN)} ms`;

const file = hostileWorkbook(rowCount);
const server = await startBenchServer([manager]);
try {
  const token = await login(server.baseUrl, manager);
  console.log(`server: built, on ${server.kind}; hostile file: ${rowCount.toLocaleString('en')} rows in ${(file.length / 1e6).toFixed(1)} MB, ${uploads} uploads at once`);

  const idle = probeHealth(server.baseUrl);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  console.log(summary('/healthz idle', await idle.stop()));

  const during = probeHealth(server.baseUrl);
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: uploads }, async () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(file)]), 'hostile.xlsx');
      const response = await fetch(`${server.baseUrl}/api/v1/worker/uploadbulkdata`, { method: 'POST', body: form, headers: { authorization: token } });
      const body = (await response.json()) as { msg?: string };
      return { status: response.status, msg: body.msg ?? '', ms: Math.round(performance.now() - started) };
    }),
  );
  console.log(summary('/healthz during the uploads', await during.stop()));
  for (const answer of answers) console.log(`upload: ${answer.status} after ${answer.ms} ms — ${answer.msg}`);
} finally {
  await server.stop();
}
