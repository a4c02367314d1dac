/**
 * An endpoint whose server is not on this branch yet (the payroll's, issue 26, built in
 * parallel on main), answered in a component test by the test itself — but held to its
 * contract (src/shared/api): the request must pass the contract's query and body schemas,
 * and the answer the response schema of its status, or the call fails loudly. Every other
 * request still goes to the real API that startApi() serves (decision 0025). Call after
 * startApi(); api.close() removes the stubs with the rest. When the server lands, a test
 * drops its stub and reads the real answer.
 */
import { vi } from 'vitest';
import { isFileResponse, type RouteContract } from '../../src/shared/api/contract.js';

/** A request the stub answered: its address, query and body as the page sent them. */
export interface StubbedCall {
  path: string;
  query: Record<string, string>;
  body: unknown;
}

/** The stub's answer: a status and a JSON body, or a file (for the download endpoints). */
export type StubAnswer = { status: number; body: unknown } | { status: 200; file: string; fileName: string; type: string };

const API_BASE = '/api/v1';

/** Answers `contract`'s requests with `answer`; resolves each call into the returned list. */
export function stubEndpoint(contract: RouteContract, answer: (call: StubbedCall) => StubAnswer | Promise<StubAnswer>): StubbedCall[] {
  const calls: StubbedCall[] = [];
  const served = globalThis.fetch;
  const pattern = new RegExp(`^${API_BASE}${contract.path.replace(/\{\w+\}/g, '[^/]+')}$`);
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(new URL(input instanceof Request ? input.url : String(input), 'http://localhost:3000'), init);
    const url = new URL(request.url);
    if (request.method !== contract.method || !pattern.test(url.pathname)) return served(input, init);
    const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.text();
    const call: StubbedCall = { path: url.pathname.slice(API_BASE.length), query: Object.fromEntries(url.searchParams), body: text ? (JSON.parse(text) as unknown) : undefined };
    if (contract.query) contract.query.parse(call.query);
    if (contract.body) contract.body.parse(call.body);
    calls.push(call);
    const reply = await answer(call);
    const declared = contract.responses[reply.status];
    if (!declared) throw new Error(`${contract.method} ${contract.path} declares no ${reply.status} answer`);
    if ('file' in reply) {
      if (!isFileResponse(declared) || !declared.file.includes(reply.type)) throw new Error(`${contract.method} ${contract.path} answers no ${reply.type} file`);
      return new Response(reply.file, { status: 200, headers: { 'content-type': reply.type, 'content-disposition': `attachment; filename="${reply.fileName}"` } });
    }
    if (isFileResponse(declared)) throw new Error(`${contract.method} ${contract.path} answers ${reply.status} with a file`);
    // the answer as the server would send it: what its schema keeps
    const body = declared.parse(reply.body);
    return new Response(JSON.stringify(body), { status: reply.status, headers: { 'content-type': 'application/json; charset=utf-8' } });
  });
  return calls;
}
