/**
 * node --expose-gc --import tsx bench/cache-memory.ts — what a kept answer really costs.
 *
 * Fills a ResponseCache (src/server/response-cache.ts) directly with ENTRIES distinct keys
 * built as the routes build them (a staff list search, with x-total-count), each answer
 * small (the worst case: the overhead is most of it) or of BODY bytes, then compares the
 * bytes the cache counts per entry with what the process's memory grew by per entry,
 * measured after a full garbage collection: the V8 heap plus the buffers' own memory
 * (`arrayBuffers`), and RSS. The fixed costs in response-cache.ts (ENTRY_OVERHEAD,
 * BUFFER_OVERHEAD) come from this measurement (decision 0027, issue 24).
 *
 * Then the same number of distinct searches sent as the staff list sends them (`search`):
 * kept only when asked twice, they leave the cache as it was but for the bounded set of
 * searches asked once.
 *
 * CACHE_ENTRIES  distinct answers (default 200,000)
 * CACHE_BODY     bytes of each body (default: a small answer of about 30 bytes)
 */
import { ResponseCache } from '../src/server/response-cache.js';
import { bareReply, bareRequest } from '../test/helpers/bare-http.js';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) {
  console.error('run with node --expose-gc --import tsx bench/cache-memory.ts');
  process.exit(2);
}
const count = Number(process.env.CACHE_ENTRIES || 200_000);
const bodyBytes = process.env.CACHE_BODY ? Number(process.env.CACHE_BODY) : undefined;

const request = bareRequest;
const reply = bareReply;

function memory() {
  gc!();
  gc!();
  const usage = process.memoryUsage();
  return { heap: usage.heapUsed, buffers: usage.arrayBuffers, rss: usage.rss };
}

const cache = new ResponseCache(64 * 1024 * 1024 * 1024, () => Date.now(), count);
cache.listeningStarted();
const filler = bodyBytes === undefined ? '' : 'x'.repeat(Math.max(0, bodyBytes - 12));
const answer = (i: number) => async () => {
  const body = bodyBytes === undefined ? `[{"_id":"${i}"}]` : `[{"x":"${filler}"}]`;
  return { body: Buffer.from(body), headers: { 'x-total-count': String(i % 1000) } };
};
const before = memory();
for (let i = 0; i < count; i += 1) {
  const query = JSON.stringify([
    ['limit', 1000],
    ['offset', 0],
    ['q', `worker ${i}`],
  ]);
  // as contract-route.ts builds the key
  const key = `${'GET'} ${'/worker/get-workers'} ${'1'} ${query}`;
  await cache.send(request, reply, key, answer(i));
}
const after = memory();
const size = cache.size;
const per = (bytes: number) => (bytes / count).toFixed(0);
console.log(`${size.entries} entries, counted ${(size.bytes / 1048576).toFixed(1)} MiB: ${per(size.bytes)} bytes per entry`);
console.log(
  `measured growth: heap ${per(after.heap - before.heap)} + buffers ${per(after.buffers - before.buffers)} = ${per(after.heap - before.heap + after.buffers - before.buffers)} bytes per entry` +
    ` (${((after.heap - before.heap + after.buffers - before.buffers) / 1048576).toFixed(1)} MiB); RSS ${per(after.rss - before.rss)} bytes per entry (${((after.rss - before.rss) / 1048576).toFixed(1)} MiB)`,
);

const searches = new ResponseCache(64 * 1024 * 1024, () => Date.now());
searches.listeningStarted();
const beforeSearches = memory();
for (let i = 0; i < count; i += 1) {
  const key = `${'GET'} ${'/worker/get-workers'} ${'1'} ${JSON.stringify([['limit', 1000], ['offset', 0], ['q', `worker ${i}`]])}`;
  await searches.send(request, reply, key, answer(i), { search: true });
}
const afterSearches = memory();
const kept = searches.size;
console.log(
  `${count} distinct searches: ${kept.entries} kept, ${kept.searchesSeenOnce} remembered as asked once, counted ${(kept.bytes / 1024).toFixed(0)} KiB; ` +
    `measured growth heap + buffers ${((afterSearches.heap - beforeSearches.heap + afterSearches.buffers - beforeSearches.buffers) / 1024).toFixed(0)} KiB`,
);
