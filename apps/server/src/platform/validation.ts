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
 * Like the type provider's compiler, but keeps the raw zod issues (with their input) so that the
 * error handler can word them in the caller's language.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    return result.success ? { value: result.data } : { error: new RequestValidationError(result.error.issues) };
  };
