import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';

/** A request that does not match its route's zod schema; the error handler turns it into a 400. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  constructor(readonly issues: z.core.$ZodIssue[]) {
    super('request validation failed');
  }
}

/**
 * The path of the first text in `value` that holds a NUL character (PostgreSQL text cannot store it,
 * and no person types it), or null.
 */
export function findNul(value: unknown, path: PropertyKey[] = []): PropertyKey[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findNul(value[i], [...path, i]);
      if (hit) return hit;
    }
    return null;
  }
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [key, v] of Object.entries(value)) {
      const hit = findNul(v, [...path, key]);
      if (hit) return hit;
    }
  }
  return null;
}

/**
 * Like the type provider's compiler, but keeps the raw zod issues (with their input) so that the
 * error handler can word them in the caller's language. Every route's params, query and body also
 * refuse a NUL character in any text that reaches the service, naming the field (a 400, where the
 * database would otherwise fail with a 500).
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    if (!result.success) return { error: new RequestValidationError(result.error.issues) };
    const nul = findNul(result.data);
    if (nul) {
      const issue = { code: 'custom', path: nul, message: 'TEXT_HAS_NUL', input: undefined } as z.core.$ZodIssue;
      return { error: new RequestValidationError([issue]) };
    }
    return { value: result.data };
  };

/**
 * A route's validator compiler for the calls every robot makes all the time (their inputs are tiny and
 * nearly always well-formed): `accepts` checks the common shape by hand, and what it accepts is taken
 * as it is (so `accepts` must only accept what the schema would return unchanged: no key the schema
 * drops, no text it trims, no NUL); anything else goes through the schema as on every route, with the
 * same errors.
 */
export function quickValidatorCompiler<S>(accepts: (data: unknown) => boolean): FastifySchemaCompiler<S> {
  return (route) => {
    const full = validatorCompiler(route as unknown as Parameters<typeof validatorCompiler>[0]);
    return (data) => (accepts(data) ? { value: data } : full(data));
  };
}
