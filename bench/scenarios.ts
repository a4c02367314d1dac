import type autocannon from 'autocannon';
import type { Account } from './server.js';
import { judgeGrowth, type Target } from './targets.js';
import { completionBody, crewOf, fillPool, newDutyBody, recordCreated, writeHeaders, type DutyPool, type LiveDuty, type Writer } from './writes.js';

export { login } from './session.js';

export interface ScenarioContext {
  baseUrl: string;
  manager: Account;
  managerToken: string;
  /** an admin's session, for what only admins may read (GET /admin/response-cache) */
  adminToken: string;
  /** the server process's resident memory now, in MiB */
  serverRss(): number;
  /** asks the server for a full garbage collection (bench/collect-on-signal.js) */
  collectGarbage(): void;
  /** a month (YYYY-MM) of seeded completed duties */
  busyMonth: string;
  /** seconds per scenario */
  duration: number;
  /** tokens of many supervisors, so posting stays under each person's chat limit (signed in on first use) */
  chatTokens(): Promise<string[]>;
  /** the seeded supervisors, signed in on first use, with their work types' staff */
  writers(): Promise<Writer[]>;
  /** live duties the write scenarios added, for the mark-completed scenarios */
  pool: DutyPool;
}

export interface Scenario {
  name: string;
  connections?: number;
  /** a fixed request rate (all connections together) instead of as fast as possible */
  rate?: number;
  /** the run's reference, GET /readyz: every ratio is of its req/s */
  baseline?: true;
  /** run even when BENCH_ONLY names other scenarios (the references) */
  always?: true;
  /** what issue 16 asks of this scenario */
  target?: Target;
  /** what issue 28 (the office lists' search and sort) asks of this scenario, judged as `target` is */
  listTarget?: Target;
  /** what issue 29 (ten times the day) asks of this scenario, judged as `target` is */
  scaleTarget?: Target;
  options(context: ScenarioContext): Promise<Partial<autocannon.Options>>;
  /**
   * Measures around the run what req/s does not show (the server's memory): called after
   * `options`, just before the run; what it answers is called after the run with the number
   * of failed requests, and answers target lines and notes for the report.
   */
  around?(context: ScenarioContext): Promise<(failed: number) => Promise<{ targets: string[]; notes: string[] }>>;
  /** other requests sent for the scenario's whole duration, not measured (e.g. chat messages beside a board) */
  alongside?: { connections: number; rate: number; options(context: ScenarioContext): Promise<Partial<autocannon.Options>> };
}

function monthBounds(month: string): { from: string; to: string } {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

const get = (path: string, token: string): Partial<autocannon.Options> => ({ requests: [{ method: 'GET', path, headers: { authorization: token } }] });

/** Chat messages from the sixty chat accounts in turn, so each stays under its per-minute limit. */
async function chatMessages(context: ScenarioContext): Promise<Partial<autocannon.Options>> {
  const chatTokens = await context.chatTokens();
  let next = 0;
  return {
    requests: [
      {
        method: 'POST',
        path: '/api/v1/chat/createchat',
        setupRequest: (request: Record<string, unknown>) => {
          next += 1;
          return {
            ...request,
            headers: { 'content-type': 'application/json', authorization: chatTokens[next % chatTokens.length]! },
            body: JSON.stringify({ text: `bench message ${next}` }),
          };
        },
      },
    ],
  } as unknown as Partial<autocannon.Options>;
}

/**
 * Issue 24, item 7: 100 people sending back to back, for BENCH_BURST_SECONDS (default 15),
 * measured by bench/burst.ts (not autocannon: it keeps the slowest, last answers); judged
 * against DB_WAIT_TIMEOUT_SECONDS + 1 s and /healthz's p99 < 100 ms. Runs after the others.
 */
export const burstScenario = {
  name: 'burst: 100 conns back to back (90 reading the lists, 10 adding duties), /healthz probed',
  connections: 100,
  writerConnections: 10,
  seconds: Number(process.env.BENCH_BURST_SECONDS || 15),
};

/** Issue 24: distinct searches sent by one supervisor, and how much the server may grow by them. */
export const DISTINCT_SEARCHES = 20_000;
const SEARCH_GROWTH_MAX_MIB = 20;

interface CacheSize {
  entries: number;
  bytes: number;
  searchesSeenOnce: number;
  maxEntries: number;
  maxBytes: number;
}

/**
 * The server's RSS without the garbage of earlier requests: after a full collection (V8
 * gives the freed pages back as its sweeper finishes), sampled every half second until
 * six samples in a row lie within 1 MiB, or for at most 20 s.
 */
async function settledRss(context: ScenarioContext): Promise<number> {
  context.collectGarbage();
  const samples: number[] = [];
  const deadline = Date.now() + 20_000;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    samples.push(context.serverRss());
    const last = samples.slice(-6);
    if ((last.length === 6 && Math.max(...last) - Math.min(...last) < 1) || Date.now() > deadline) return last.at(-1)!;
  }
}

/**
 * A search as a supervisor types it, distinct from the `n - 1` before it: one of twenty
 * fragments of the seeded names ("bench staff 1" … "bench staff 20", matching from one to
 * 111 of the 400 mcc staff), in one of 1,024 letter cases (the search ignores case).
 */
export function distinctSearch(n: number): string {
  const fragment = `bench staff ${1 + (Math.floor(n / 1024) % 20)}`;
  let letter = 0;
  return [...fragment].map((char) => (/[a-z]/.test(char) && (n >> letter++) % 2 === 1 ? char.toUpperCase() : char)).join('');
}

/** Searches sent before the measured ones, by another supervisor, so both readings are taken after the same kind of work. */
const WARM_UP_SEARCHES = 1_000;

/**
 * The response cache's size (GET /admin/response-cache, admins only) and the server's
 * settled RSS, before and after a run. Before the first reading another supervisor (of
 * another work type, so none of their searches is one of the run's) sends WARM_UP_SEARCHES
 * searches: the first reading is then taken in the state the run leaves (code compiled,
 * the heap grown to its working size), and the difference is what the searches kept.
 */
async function cacheAndMemory(context: ScenarioContext): Promise<(failed: number) => Promise<{ targets: string[]; notes: string[] }>> {
  const other = (await context.writers())[1]!;
  let next = 0;
  const warmUp = async () => {
    for (let n = next++; n < WARM_UP_SEARCHES; n = next++) {
      const response = await fetch(`${context.baseUrl}/api/v1/worker/get-workers?q=${encodeURIComponent(distinctSearch(n))}`, { headers: { authorization: other.token } });
      if (!response.ok) throw new Error(`bench: a warm-up search answered ${response.status}`);
      await response.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 10 }, warmUp));
  const cacheSize = async (): Promise<CacheSize> => {
    const response = await fetch(`${context.baseUrl}/api/v1/admin/response-cache`, { headers: { authorization: context.adminToken } });
    if (!response.ok) throw new Error(`bench: GET /admin/response-cache answered ${response.status}`);
    return (await response.json()) as CacheSize;
  };
  const describe = (size: CacheSize) =>
    `${size.entries} answers kept and ${size.searchesSeenOnce} searches asked once, counted ${(size.bytes / 1024).toFixed(0)} KiB (bounds: ${size.maxEntries} answers, ${(size.maxBytes / 1048576).toFixed(0)} MiB)`;
  const before = { rss: await settledRss(context), cache: await cacheSize() };
  return async (failed) => {
    const after = { cache: await cacheSize(), rss: await settledRss(context) };
    return {
      targets: [judgeGrowth(`${DISTINCT_SEARCHES.toLocaleString('en')} distinct staff searches (get-workers?q=…) by a supervisor`, before.rss, after.rss, SEARCH_GROWTH_MAX_MIB, failed).line],
      notes: [
        `response cache before the ${DISTINCT_SEARCHES.toLocaleString('en')} distinct searches (after ${WARM_UP_SEARCHES.toLocaleString('en')} by another supervisor): ` +
          `${describe(before.cache)}; after: ${describe(after.cache)}`,
      ],
    };
  };
}

/** The scenarios `npm run bench` measures, in order. */
export const scenarios: Scenario[] = [
  { name: 'GET /readyz (select 1)', baseline: true, always: true, options: async () => ({ requests: [{ method: 'GET', path: '/readyz' }] }) },
  // the server's own cost of a request, without the database: shows what /readyz's SELECT 1 adds
  { name: 'GET /healthz (no database)', always: true, options: async () => ({ requests: [{ method: 'GET', path: '/healthz' }] }) },
  {
    name: 'GET /auth/managerauth (session check)',
    target: { label: 'session check (GET /auth/managerauth)', minPercentOfReadyz: 60 },
    options: async ({ managerToken }) => get('/api/v1/auth/managerauth', managerToken),
  },
  {
    // argon2id verification dominates: this measures sign-in capacity
    name: 'POST /auth/login then GET /auth/userauth',
    connections: 4,
    async options({ manager }) {
      return {
        requests: [
          {
            method: 'POST',
            path: '/api/v1/auth/login',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: manager.email, password: manager.password }),
            onResponse: (_status: number, body: string, context: Record<string, unknown>) => {
              context.token = (JSON.parse(body) as { token: string }).token;
            },
          },
          {
            method: 'GET',
            path: '/api/v1/auth/userauth',
            setupRequest: (request: Record<string, unknown>, context: Record<string, unknown>) => ({
              ...request,
              headers: { ...(request.headers as object), authorization: String(context.token) },
            }),
          },
        ],
      } as Partial<autocannon.Options>;
    },
  },
  ...[1, 20].map(
    (connections): Scenario => ({
      name: 'GET /worker/get-workers?work=mcc (400 of 2,000 staff)',
      connections,
      ...(connections === 20 ? { target: { label: 'get-workers?work=mcc (400 staff)', minPercentOfReadyz: 15, maxP95Ms: 100 } } : {}),
      options: async ({ managerToken }) => get('/api/v1/worker/get-workers?work=mcc', managerToken),
    }),
  ),
  {
    // issue 28 (staff list): a manager's search across every work type, sorted, first page of
    // 50, over the 2,000 staff; each request a search not asked before (never a kept answer),
    // so the figure is the SQL's: the match on name, Emp ID and phone, the count and the sort
    name: 'GET /worker/get-workers?q=…&sort=…&limit=50 (staff list search, every work type)',
    connections: 20,
    listTarget: { label: 'staff list search over 2,000 staff, sorted (get-workers?q=…&sort=…)', minPercentOfReadyz: 5, maxP95Ms: 100 },
    async options({ managerToken }) {
      const sorts = ['name', '-wage', 'empid', '-joined', 'status'];
      let sent = 0;
      return {
        requests: [
          {
            method: 'GET',
            path: '/api/v1/worker/get-workers',
            setupRequest: (request: Record<string, unknown>) => {
              const q = distinctSearch(sent);
              const sort = sorts[sent % sorts.length]!;
              sent += 1;
              return { ...request, path: `/api/v1/worker/get-workers?q=${encodeURIComponent(q)}&sort=${sort}&limit=50`, headers: { authorization: managerToken } };
            },
          },
        ],
      } as unknown as Partial<autocannon.Options>;
    },
  },
  {
    // issue 24: one supervisor sends 20,000 different searches of their crew's names; the
    // server's memory must not grow with them (a search is kept only when asked again)
    name: `GET /worker/get-workers?q=… (${DISTINCT_SEARCHES.toLocaleString('en')} distinct searches by a supervisor)`,
    connections: 10,
    around: cacheAndMemory,
    async options({ writers }) {
      const [writer] = await writers();
      let sent = 0;
      return {
        amount: DISTINCT_SEARCHES,
        requests: [
          {
            method: 'GET',
            path: '/api/v1/worker/get-workers',
            setupRequest: (request: Record<string, unknown>) => {
              const q = distinctSearch(sent);
              sent += 1;
              return { ...request, path: `/api/v1/worker/get-workers?q=${encodeURIComponent(q)}`, headers: { authorization: writer!.token } };
            },
          },
        ],
      } as unknown as Partial<autocannon.Options>;
    },
  },
  ...[1, 20].map(
    (connections): Scenario => ({
      name: 'GET /mcctrain/get-livemcctrain?work=mcc (live board)',
      connections,
      ...(connections === 20 ? { target: { label: 'live board (mcc)', minPercentOfReadyz: 15, maxP95Ms: 100 } } : {}),
      options: async ({ managerToken }) => get('/api/v1/mcctrain/get-livemcctrain?work=mcc', managerToken),
    }),
  ),
  ...[1, 20].map(
    (connections): Scenario => ({
      name: 'GET /mcctrain/get-completedmcctrain, mcc, one month, first 200 (as the screen pages)',
      connections,
      ...(connections === 20 ? { target: { label: 'completed, one month, first page of 200', minPercentOfReadyz: 15, maxP95Ms: 100 } } : {}),
      options: async ({ managerToken, busyMonth }) => {
        const { from, to } = monthBounds(busyMonth);
        return get(`/api/v1/mcctrain/get-completedmcctrain?work=mcc&from=${from}&to=${to}&limit=200`, managerToken);
      },
    }),
  ),
  ...[1, 20].map(
    (connections): Scenario => ({
      name: 'GET /mcctrain/get-completedmcctrain, mcc, one whole month (~1,700 duties)',
      connections,
      ...(connections === 20 ? { target: { label: 'completed, one whole month (~1,700 duties)', minPercentOfReadyz: 2 } } : {}),
      options: async ({ managerToken, busyMonth }) => {
        const { from, to } = monthBounds(busyMonth);
        return get(`/api/v1/mcctrain/get-completedmcctrain?work=mcc&from=${from}&to=${to}&limit=2000`, managerToken);
      },
    }),
  ),
  ...[1, 20].map(
    (connections): Scenario => ({
      name: 'GET /mcctrain/get-completedmcctrain, mcc, one month, searched "12", sorted by shortfall, first 200',
      connections,
      ...(connections === 20 ? { listTarget: { label: 'completed, one month, searched and sorted (issue 28)', minPercentOfReadyz: 5, maxP95Ms: 100 } } : {}),
      options: async ({ managerToken, busyMonth }) => {
        const { from, to } = monthBounds(busyMonth);
        return get(`/api/v1/mcctrain/get-completedmcctrain?work=mcc&from=${from}&to=${to}&q=12&sort=-shortfall&limit=200`, managerToken);
      },
    }),
  ),
  ...[1, 8].map(
    (connections): Scenario => ({
      name: 'GET /attendance?work=mcc (400 workers, one month)',
      connections,
      ...(connections === 8 ? { target: { label: 'attendance (400 workers × one month)', minPercentOfReadyz: 5 } } : {}),
      options: async ({ managerToken, busyMonth }) => get(`/api/v1/attendance?work=mcc&month=${busyMonth}`, managerToken),
    }),
  ),
  {
    name: 'GET /attendance/export?work=mcc (.xlsx)',
    connections: 1,
    options: async ({ managerToken, busyMonth }) => get(`/api/v1/attendance/export?work=mcc&month=${busyMonth}`, managerToken),
  },
  ...[1, 20].map(
    (connections): Scenario => ({
      name: 'GET /dashboard/summary',
      connections,
      ...(connections === 20 ? { target: { label: 'dashboard summary', minPercentOfReadyz: 30 } } : {}),
      options: async ({ managerToken }) => get('/api/v1/dashboard/summary', managerToken),
    }),
  ),
  { name: 'GET /chat/getchats (polling)', options: async ({ managerToken }) => get('/api/v1/chat/getchats', managerToken) },
  { name: 'POST /chat/createchat (40 messages/s from 60 people)', connections: 10, rate: 40, options: chatMessages },
  {
    // the office at nine: the team chat goes on while the boards load; a message changes no
    // kept list, so the staff list's answer stays kept (decision 0027)
    name: 'GET /worker/get-workers?work=mcc (400 staff) while 10 chat messages/s are posted',
    options: async ({ managerToken }) => get('/api/v1/worker/get-workers?work=mcc', managerToken),
    alongside: { connections: 5, rate: 10, options: chatMessages },
  },
  ...[1, 20].map(
    (connections): Scenario => ({
      // the twelve seeded supervisors in turn, each adding a duty of their work type with six of its workers
      name: "POST /mcctrain/create-mcctrain (supervisors' phones, 6 workers)",
      connections,
      ...(connections === 20 ? { scaleTarget: { label: 'add a duty with 6 workers (issue 29)', minReqPerSec: 400, maxP95Ms: 100 } } : {}),
      async options({ writers, pool }) {
        const list = await writers();
        return {
          requests: [
            {
              method: 'POST',
              path: '/api/v1/mcctrain/create-mcctrain',
              setupRequest: (request: Record<string, unknown>, context: Record<string, unknown>) => {
                const n = pool.next();
                const writer = list[n % list.length]!;
                context.writer = writer;
                return { ...request, headers: writeHeaders(writer.token), body: JSON.stringify(newDutyBody(writer, crewOf(writer, Math.floor(n / list.length)), String(10000 + (n % 90000)))) };
              },
              onResponse: (status: number, body: string, context: Record<string, unknown>) => recordCreated(pool, context.writer as Writer, status, body),
            },
          ],
        } as unknown as Partial<autocannon.Options>;
      },
    }),
  ),
  ...[1, 20].map(
    (connections): Scenario => ({
      // each request completes another live duty the bench added (as its supervisor); the
      // run stops early, and says so, if the duties prepared for it run out
      name: 'PUT /mcctrain/update-mcctrain/{id} (mark completed)',
      connections,
      ...(connections === 20 ? { scaleTarget: { label: 'mark completed (issue 29)', minReqPerSec: 400, maxP95Ms: 100 } } : {}),
      async options({ baseUrl, writers, pool, duration }) {
        const list = await writers();
        // enough duties for the scenario: twice what adding them manages in its duration
        const perSecond = await fillPool(baseUrl, list, pool, pool.live.length + 100);
        await fillPool(baseUrl, list, pool, Math.max(connections * 2, Math.ceil(perSecond * duration * 2)));
        return {
          // every connection stops after its share of the prepared duties, so none is completed twice
          maxOverallRequests: pool.live.length,
          requests: [
            {
              method: 'PUT',
              path: '/api/v1/mcctrain/update-mcctrain/{id}',
              setupRequest: (request: Record<string, unknown>) => {
                const duty: LiveDuty = pool.take()!;
                return { ...request, path: `/api/v1/mcctrain/update-mcctrain/${duty.id}`, headers: writeHeaders(duty.token), body: JSON.stringify(completionBody(duty)) };
              },
              onResponse: (status: number, body: string) => {
                if (status !== 200) pool.refused('complete', status, body);
              },
            },
          ],
        } as unknown as Partial<autocannon.Options>;
      },
    }),
  ),
];
