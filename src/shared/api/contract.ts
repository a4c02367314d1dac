import type { z } from 'zod';
import type { Address } from './addresses.js';

/**
 * One contract per endpoint (docs/decisions/0016-one-contract-per-endpoint.md): its address
 * (method and path, from the address table in addresses.ts), the request's parts and the
 * answer for every status. The server registers its route from the contract
 * (src/server/contract-route.ts) and the API document at /api/docs is generated from it;
 * the web calls the address with the contract's types (src/web/api/call.ts), so the three
 * cannot drift apart.
 */


/** Statuses a route may answer successfully; the web reads the first one it declares. */
type SuccessStatus = 200 | 201 | 202 | 204;

/** The method and path come from the address table (addresses.ts), spread into the contract. */
export interface RouteContract extends Address {
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly headers?: z.ZodType;
  readonly body?: z.ZodType;
  /** multipart/form-data (the body is read by the route, not by a schema) */
  readonly multipart?: boolean;
  /**
   * The answer for each status. A schema for JSON; `file` for a download (its media
   * types), which the web saves rather than parses.
   */
  readonly responses: Readonly<Record<number, z.ZodType | FileResponse>>;
}

export interface FileResponse {
  readonly file: readonly string[];
  readonly description: string;
}

/** Declares a contract; `const` keeps the literal path and statuses for the types below. */
export function defineRoute<const C extends RouteContract>(contract: C): C {
  return contract;
}

export function isFileResponse(value: unknown): value is FileResponse {
  return typeof value === 'object' && value !== null && 'file' in value && Array.isArray((value as FileResponse).file);
}

// ---- types the server and the web derive from a contract ----

type SchemaOf<C, K extends keyof RouteContract> = C extends { [P in K]: infer S } ? (S extends z.ZodType ? S : never) : never;

/** What a caller writes (before the schema's transforms). */
export type InputOf<C, K extends 'params' | 'query' | 'body' | 'headers'> = [SchemaOf<C, K>] extends [never] ? undefined : z.input<SchemaOf<C, K>>;
/** What the route's handler receives (after the schema's transforms). */
export type ParsedOf<C, K extends 'params' | 'query' | 'body' | 'headers'> = [SchemaOf<C, K>] extends [never] ? undefined : z.output<SchemaOf<C, K>>;

type Responses<C> = C extends { responses: infer R } ? R : never;
/** The success statuses a contract declares. */
type SuccessStatusOf<C> = Extract<keyof Responses<C>, SuccessStatus>;
/** The JSON body of a contract's success answer, as the server sends it. */
export type SuccessBody<C> = Responses<C>[SuccessStatusOf<C>] extends infer S ? (S extends z.ZodType ? z.output<S> : never) : never;

/** The path of a call: the address's path with its parameters and query filled in (no /api/v1). */
export function pathOf(address: Address, input: { params?: unknown; query?: unknown }): string {
  return fillPath(address.path, input.params as Record<string, unknown> | undefined) + queryString(input.query as Record<string, unknown> | undefined);
}

/** '/worker/getoneworker/{id}' → '/worker/getoneworker/:id' (Fastify's notation). */
export function fastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** The path with its parameters filled in, each one URL-encoded. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** A query string of the given values; undefined, null and '' are left out. */
function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
