import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * An answer's body the database wrote as JSON (json_build_object, json_agg): sent as it
 * is, instead of read into objects and serialized again (decision 0040). `T` is what the
 * text holds, so a handler that answers one still meets its contract's type; the text is
 * checked against the contract's schema in the route's tests rather than on every answer.
 */
export class JsonText<T> {
  /** what the text holds, for the type checker only */
  declare protected readonly holds: T;

  constructor(readonly text: string) {}
}

/** The JSON of a list the database built (coalesce(json_agg(…), '[]')::text), as a JsonText of its rows. */
export function jsonList<T>(text: string | null | undefined): JsonText<T[]> {
  return new JsonText<T[]>(text ?? '[]');
}

/** A timestamp as JSON writes a Date (toISOString: UTC, milliseconds, Z), in SQL. */
export function isoInstant(column: AnyColumn | SQL): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
