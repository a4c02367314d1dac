/**
 * Checks of an answer's shape written out by hand, for the few calls a first screen after
 * sign-in makes (api/first-calls.ts): the contracts check answers with their zod schemas,
 * and zod's full API alone is ≈ 27 KB of gzipped JavaScript that the manager's dashboard
 * must not wait for (issue 15, decision 0023). Each shape here is held equal to its
 * contract's schema by first-calls.test.ts: the same answers pass, the same fail, and what
 * passes comes out the same (unknown keys dropped, as zod's objects do).
 */

/** What apiRequest takes to check an answer: a zod schema, or a shape of this file. */
export interface AnswerCheck<T> {
  parse(value: unknown): T;
}

/** The answer is not what the contract says (a server of another version, a proxy's page). */
export class UnexpectedAnswerError extends Error {
  constructor(readonly at: string, expected: string) {
    super(`Unexpected answer: ${at} is not ${expected}`);
    this.name = 'UnexpectedAnswerError';
  }
}

/** Reads a value at a place of the answer (`answer.items[2].count`), or throws UnexpectedAnswerError. */
export type Shape<T> = (value: unknown, at: string) => T;

const check =
  <T>(expected: string, ok: (value: unknown) => boolean): Shape<T> =>
  (value, at) => {
    if (!ok(value)) throw new UnexpectedAnswerError(at, expected);
    return value as T;
  };

/** z.number(): a finite number. */
export const number: Shape<number> = check('a number', (value) => typeof value === 'number' && Number.isFinite(value));
/** z.number().int().min(0). */
export const count: Shape<number> = check('a whole number ≥ 0', (value) => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0);
/** z.string(). */
export const string: Shape<string> = check('a string', (value) => typeof value === 'string');
/** z.literal(value). */
export const literal = <const T extends string | number | boolean>(expected: T): Shape<T> => check(JSON.stringify(expected), (value) => value === expected);
/** z.enum(values). */
export const oneOf = <const T extends string>(values: readonly T[]): Shape<T> => check(`one of ${values.join(', ')}`, (value) => (values as readonly unknown[]).includes(value));

/** .optional(): the key may be missing (or undefined). */
export interface Optional<T> {
  optional: Shape<T>;
}
export const optional = <T>(shape: Shape<T>): Optional<T> => ({ optional: shape });

/** z.array(item). */
export const arrayOf =
  <T>(item: Shape<T>): Shape<T[]> =>
  (value, at) => {
    if (!Array.isArray(value)) throw new UnexpectedAnswerError(at, 'a list');
    return value.map((entry, index) => item(entry, `${at}[${index}]`));
  };

type Fields = Record<string, Shape<unknown> | Optional<unknown>>;
type Required<F extends Fields> = { [K in keyof F as F[K] extends Optional<unknown> ? never : K]: F[K] extends Shape<infer T> ? T : never };
type Optionals<F extends Fields> = { [K in keyof F as F[K] extends Optional<unknown> ? K : never]?: F[K] extends Optional<infer T> ? T : never };
export type ObjectOf<F extends Fields> = Required<F> & Optionals<F>;

/** z.object(fields): an object (not a list, not null); what comes out has these fields only. */
export const objectOf =
  <F extends Fields>(fields: F): Shape<ObjectOf<F>> =>
  (value, at) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new UnexpectedAnswerError(at, 'an object');
    const source = value as Record<string, unknown>;
    const read: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(fields)) {
      const place = `${at}.${key}`;
      if (typeof field === 'function') read[key] = field(source[key], place);
      else if (source[key] !== undefined) read[key] = field.optional(source[key], place);
    }
    return read as ObjectOf<F>;
  };

/** The check of a whole answer. */
export const answer = <T>(shape: Shape<T>): AnswerCheck<T> => ({ parse: (value) => shape(value, 'answer') });
