import type autocannon from 'autocannon';
import type { Account } from './server.js';

export interface ScenarioContext {
  baseUrl: string;
  manager: Account;
  managerToken: string;
  /** a month (YYYY-MM) of seeded completed duties */
  busyMonth: string;
  /** tokens of many supervisors, so posting stays under each person's chat limit */
  chatTokens: string[];
}

export interface Scenario {
  name: string;
  connections?: number;
  /** a fixed request rate (all connections together) instead of as fast as possible */
  rate?: number;
  options(context: ScenarioContext): Promise<Partial<autocannon.Options>>;
}

export async function login(baseUrl: string, account: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (!response.ok) throw new Error(`bench login failed: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

function monthBounds(month: string): { from: string; to: string } {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

const get = (path: string, token: string): Partial<autocannon.Options> => ({ requests: [{ method: 'GET', path, headers: { authorization: token } }] });

/** The scenarios `npm run bench` measures, in order. */
export const scenarios: Scenario[] = [
  { name: 'GET /readyz (select 1)', options: async () => ({ requests: [{ method: 'GET', path: '/readyz' }] }) },
  { name: 'GET /auth/managerauth (session check)', options: async ({ managerToken }) => get('/api/v1/auth/managerauth', managerToken) },
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
      options: async ({ managerToken }) => get('/api/v1/worker/get-workers?work=mcc', managerToken),
    }),
  ),
  ...[1, 20].map(
    (connections): Scenario => ({
      name: 'GET /mcctrain/get-livemcctrain?work=mcc (live board)',
      connections,
      options: async ({ managerToken }) => get('/api/v1/mcctrain/get-livemcctrain?work=mcc', managerToken),
    }),
  ),
  ...[1, 20].map(
    (connections): Scenario => ({
      name: 'GET /mcctrain/get-completedmcctrain, mcc, one month, first 200 (as the screen pages)',
      connections,
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
      options: async ({ managerToken, busyMonth }) => {
        const { from, to } = monthBounds(busyMonth);
        return get(`/api/v1/mcctrain/get-completedmcctrain?work=mcc&from=${from}&to=${to}&limit=2000`, managerToken);
      },
    }),
  ),
  ...[1, 8].map(
    (connections): Scenario => ({
      name: 'GET /attendance?work=mcc (400 workers, one month)',
      connections,
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
      options: async ({ managerToken }) => get('/api/v1/dashboard/summary', managerToken),
    }),
  ),
  { name: 'GET /chat/getchats (polling)', options: async ({ managerToken }) => get('/api/v1/chat/getchats', managerToken) },
  {
    name: 'POST /chat/createchat (40 messages/s from 60 people)',
    connections: 10,
    rate: 40,
    async options({ chatTokens }) {
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
    },
  },
];
