import { fc, test } from '@fast-check/vitest';
import { describe, expect, it, vi } from 'vitest';
import { adminGuard, logout, managerGuard, userGuard } from '../../shared/api/auth.js';
import { todayChatCount } from '../../shared/api/chat.js';
import { isFileResponse, SUCCESS_STATUSES, type RouteContract } from '../../shared/api/contract.js';
import { dashboardSummary } from '../../shared/api/reports.js';
import { checkArea, FIRST_CALLS, logout as signOutOnServer } from './first-calls.js';

/**
 * The first screens' calls (first-calls.ts) are their contracts' calls without the zod
 * schemas: the same method and address, and an answer check that lets through exactly
 * what the contract's success schema lets through, giving the same value back.
 */

const CONTRACTS: Record<keyof typeof FIRST_CALLS, RouteContract> = { userGuard, managerGuard, adminGuard, logout, todayChatCount, dashboardSummary };

/** A real answer of each call, as the server sends it. */
const ANSWERS: Record<keyof typeof FIRST_CALLS, unknown[]> = {
  userGuard: [{ ok: true }, { ok: true, msg: 'Welcome' }],
  managerGuard: [{ ok: true }],
  adminGuard: [{ ok: true, msg: '' }],
  logout: [{ success: true, msg: 'Logged out' }],
  todayChatCount: [{ count: 0 }, { count: 12 }],
  dashboardSummary: [
    {
      passedBills: 2,
      pendingBills: 1,
      netAmount: 1250.5,
      totalBillAmount: 1500,
      totalPenalties: -249.5,
      totalLiveWork: 3,
      totalCompletedWork: 40,
      todayLiveWork: 1,
      todayCompletedWork: 0,
      today: '2026-11-25',
      completedPerDay: [
        { day: '2026-11-24', work: 'mcc', count: 3 },
        { day: '2026-11-25', work: 'pit', count: 1 },
      ],
      billsByStatus: [{ status: 'Processing', count: 1, amount: 250 }],
    },
    { passedBills: 0, pendingBills: 0, netAmount: 0, totalBillAmount: 0, totalPenalties: 0, totalLiveWork: 0, totalCompletedWork: 0, todayLiveWork: 0, todayCompletedWork: 0, today: '2026-01-01', completedPerDay: [], billsByStatus: [] },
  ],
};

function successSchema(contract: RouteContract) {
  const status = SUCCESS_STATUSES.find((code) => contract.responses[code] !== undefined)!;
  const schema = contract.responses[status]!;
  if (isFileResponse(schema)) throw new Error('a file answer');
  return schema;
}

/** What a check makes of a value: what comes out, or that it was refused. */
function outcome(check: { parse(value: unknown): unknown }, value: unknown): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: check.parse(value) };
  } catch {
    return { ok: false };
  }
}

/** Every place in a value: [] for itself, ['billsByStatus', 0, 'count'] for a nested one. */
function placesOf(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  const places = [at];
  if (Array.isArray(value)) value.forEach((item, index) => places.push(...placesOf(item, [...at, index])));
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) places.push(...placesOf(item, [...at, key]));
  return places;
}

/** The value with one place replaced (or its key removed: `undefined`), or a key added beside it. */
function changed(value: unknown, at: (string | number)[], by: unknown, addKey?: string): unknown {
  if (at.length === 0) return by;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let parent = copy;
  for (const step of at.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  const last = at.at(-1)!;
  if (addKey !== undefined && parent[last] && typeof parent[last] === 'object' && !Array.isArray(parent[last])) (parent[last] as Record<string, unknown>)[addKey] = by;
  else if (by === undefined && !Array.isArray(parent)) delete parent[last];
  else parent[last] = by;
  return copy;
}

/** Replacements that break the usual shapes: wrong kinds, edge numbers, a missing key. */
const odd = fc.oneof(
  fc.constantFrom(undefined, null, true, false, 0, -1, 1.5, 2 ** 53, '', 'x', '1', [], {}, 'Bill Passed', 'Paid', 'true'),
  fc.jsonValue({ maxDepth: 2 }),
);

describe('the first screens call what their contracts say', () => {
  it('with the same method and address', () => {
    for (const [name, call] of Object.entries(FIRST_CALLS)) {
      const contract = CONTRACTS[name as keyof typeof FIRST_CALLS];
      expect({ name, method: call.method, path: call.path }).toEqual({ name, method: contract.method, path: contract.path });
    }
  });

  for (const name of Object.keys(FIRST_CALLS) as (keyof typeof FIRST_CALLS)[]) {
    const schema = successSchema(CONTRACTS[name]);
    const { check } = FIRST_CALLS[name];

    it(`${name}: real answers come out as the contract reads them, unknown keys dropped`, () => {
      for (const sample of ANSWERS[name]) {
        expect(schema.parse(sample)).toEqual(sample);
        expect(check.parse({ ...(sample as object), extra: 'dropped' })).toEqual(schema.parse({ ...(sample as object), extra: 'dropped' }));
      }
    });

    test.prop([fc.constantFrom(...ANSWERS[name]), fc.nat(), odd, fc.option(fc.constantFrom('ok', 'msg', 'count', 'extra'), { nil: undefined })], { seed: 20_261_125, numRuns: 400 })(
      `${name}: an answer with one part changed passes or fails as with the contract`,
      (sample, pick, by, addKey) => {
        const places = placesOf(sample);
        const value = changed(sample, places[pick % places.length]!, by, addKey);
        expect(outcome(check, value)).toEqual(outcome(schema, value));
      },
    );

    test.prop([fc.jsonValue()], { seed: 20_261_125, numRuns: 200 })(`${name}: any JSON passes or fails as with the contract`, (value) => {
      expect(outcome(check, value)).toEqual(outcome(schema, value));
    });
  }
});

describe('the calls', () => {
  const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('read a 401 or 403 of an area check as "no", and refuse an answer of another shape', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(403, { ok: false, msg: 'Not allowed' })));
    await expect(checkArea('manager', 'session')).resolves.toBe(false);
    vi.stubGlobal('fetch', vi.fn(async () => answer(200, { ok: true })));
    await expect(checkArea('manager', 'session')).resolves.toBe(true);
    vi.stubGlobal('fetch', vi.fn(async () => answer(200, '<html>')));
    await expect(checkArea('manager', 'session')).rejects.toThrow(/Unexpected answer/);
    vi.unstubAllGlobals();
  });

  it('sign out on the server without ever throwing', async () => {
    const fetchMock = vi.fn(async (..._args: unknown[]) => answer(500, { msg: 'down' }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(signOutOnServer('session')).resolves.toBeUndefined();
    expect(fetchMock.mock.calls[0]).toEqual(['/api/v1/auth/logout', expect.objectContaining({ method: 'POST', headers: expect.objectContaining({ authorization: 'session' }) })]);
    await signOutOnServer(null);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });
});
